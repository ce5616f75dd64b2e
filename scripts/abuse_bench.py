"""Abuse benchmark: what each attack of issue 46 does to everybody else, next to quiet phases.

Starts a Hellas server on loopback (its own temporary SQLite database, every limit at its
default, ``ulimit -n 1024`` as under systemd; ``--proxy``: a real nginx in front of it with the
repository's configuration, over TLS) and puts honest clients on it, each table from a source
address of its own: ``--honest`` two-seat Legends tables of people (127.0.1.1 ...) choosing
every 1-3 s, and ``--searchers`` tables where a person plays ``ismcts:200`` (the addresses
after them), whose bot replies are timed.  A newcomer from a fresh address (127.1.x.y) asks
for the games and watches a table every half second.  Then it runs a quiet phase, one phase
per attack (``abuse_attacks.py``; ``--phases`` picks some) and a quiet phase again,
``--seconds`` each.  An attack that can be spread runs from 1, 3 and 20 addresses (a range of
its own per phase: 127.0.100.x, 127.0.101.x...; ``--addresses``; ``natural``: as many as issue
46's table says), each in a process of its own.

Per phase it prints, for the honest clients: the choice round trip p50/p99 and the search bot's
reply p50/p99, each p99's ratio to the quiet phases' (pooled), requests and connections refused
(honest clients; newcomers), choices lost (never acknowledged within 30 s), the server's CPU
(seconds, % of one core; the server and its bot workers), their RSS, the bot fallbacks and
tracebacks it logged, the attacker's own CPU (it shares the machine) and what the attacker saw;
then the checks (``abuse_checks.py``).  A phase holds when both p99s are at most twice the
quiet ones, nothing honest was refused and nothing was lost.

    .venv/bin/python scripts/abuse_bench.py                        # every phase, 10 s each
    .venv/bin/python scripts/abuse_bench.py --quick                # issue 46's, 5 s, ~5 min
    .venv/bin/python scripts/abuse_bench.py --phases earlier       # the earlier rounds' attacks
    .venv/bin/python scripts/abuse_bench.py --proxy --markdown     # through nginx, a docs table
    .venv/bin/python scripts/abuse_bench.py --phases quiet,listing --seconds 3 --no-checks
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import random
import resource
import statistics
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from abuse_attacks import ATTACKS, ISSUE_46, Target, api, http, run_attack
from abuse_checks import run_checks, tree
from tests.server.conftest import Server, start_server, stop_server
from tests.server.probes import long_finished_game
from websockets.asyncio.client import connect as ws_connect

LOST_AFTER = 30.0  # seconds without an acknowledgement before a choice counts as lost
SETTLE = 2.0  # seconds between phases (the last attack's sockets closed, its tables stopped)


# -- what the honest clients saw -------------------------------------------------------------


@dataclass
class Book:
    """Everything the honest clients noted, each figure with the time it began."""

    acks: list[tuple[float, float]] = field(default_factory=list)  # (sent, seconds)
    replies: list[tuple[float, float]] = field(default_factory=list)  # (sent, seconds)
    refused: list[tuple[float, str]] = field(default_factory=list)  # (when, what)
    newcomers: list[tuple[float, str]] = field(default_factory=list)  # (when, "" or what failed)
    lost: list[float] = field(default_factory=list)  # when each lost choice was sent
    tables: list[str] = field(default_factory=list)  # honest tables, for newcomers to watch


def now() -> float:
    """Return the event loop's clock."""
    return asyncio.get_running_loop().time()


async def new_table(
    t: Target, addr: str, seats: list[str], book: Book
) -> tuple[str, dict[int, str]]:
    """Create a two-seat Legends table from ``addr``; return its id and its people's tokens."""
    body = {"game": "legends", "options": {"players": 2}, "seats": seats, "hints": False}
    while True:
        try:
            status, made = await api(t, addr, "POST", "/api/tables", body)
            if status == 200:
                tokens = {made["you"]["seat"]: made["you"]["token"]}
                for join in made["join"]:
                    path = f"/api/tables/{made['id']}/claim"
                    status, claimed = await api(t, addr, "POST", path, {"seat": join["seat"]})
                    if status != 200:
                        raise ConnectionError(f"claim {status}")
                    tokens[join["seat"]] = claimed["token"]
                book.tables.append(made["id"])
                return made["id"], tokens
            book.refused.append((now(), f"create {status}"))
        except (OSError, TimeoutError, ValueError, KeyError) as exc:
            book.refused.append((now(), f"create {type(exc).__name__}"))
        await asyncio.sleep(2.0)


async def seat_client(
    t: Target, addr: str, table: str, seat: int, token: str, bot: bool, until: float, book: Book
) -> bool:
    """Play one seat until the game ends (True) or ``until`` (False), noting every figure."""
    rng = random.Random(hash((table, seat)))
    url = f"{t.ws_base}/ws/{table}?seat={seat}"
    while now() < until:
        pending: tuple[int, float] | None = None  # (seq, sent) of the choice not yet seen
        waiting: float | None = None  # when the choice the bot answers was sent
        try:
            async with ws_connect(
                url, local_addr=(addr, 0), ssl=t.context(), open_timeout=30, max_size=2**22
            ) as ws:
                await ws.send(json.dumps({"type": "auth", "token": token}))
                while now() < until:
                    try:
                        raw = await asyncio.wait_for(ws.recv(), min(LOST_AFTER, until - now()))
                    except TimeoutError:
                        if pending and now() - pending[1] >= LOST_AFTER - 0.1:
                            book.lost.append(pending[1])
                            pending = None
                        continue
                    msg = json.loads(raw)
                    if msg.get("type") == "error":
                        book.refused.append((now(), f"ws error {msg.get('code')}"))
                        pending = None
                        continue
                    if msg.get("type") != "state":
                        continue
                    if pending and msg["seq"] > pending[0]:
                        book.acks.append((pending[1], now() - pending[1]))
                        if bot and msg["to_act"] not in (None, seat):
                            waiting = pending[1]
                        elif bot and msg["seq"] > pending[0] + 1:  # the bot's moves came along
                            book.replies.append((pending[1], now() - pending[1]))
                        pending = None
                    if waiting is not None and msg["to_act"] in (None, seat):
                        book.replies.append((waiting, now() - waiting))
                        waiting = None
                    if msg["outcome"]:
                        return True
                    if msg["choices"] and pending is None:
                        # a person thinks (against a bot, briskly: more bot replies to time)
                        await asyncio.sleep(rng.uniform(0.5, 1.5) if bot else rng.uniform(1, 3))
                        if now() >= until:
                            break
                        choice = {"type": "choose", "key": rng.choice(msg["choices"])["key"]}
                        pending = (msg["seq"], now())
                        await ws.send(json.dumps({**choice, "seq": msg["seq"]}))
        except Exception as exc:  # a refused or broken connection: noted, then connect again
            book.refused.append((now(), f"ws {type(exc).__name__}"))
            if pending:
                book.lost.append(pending[1])
            await asyncio.sleep(1.0)
    return False


async def honest_table(t: Target, addr: str, bot: bool, until: float, book: Book) -> None:
    """One address's table, a new one each time a game ends, until ``until``."""
    seats = ["human", "ismcts:200"] if bot else ["human", "human"]
    while now() < until:
        table, made = await new_table(t, addr, seats, book)
        ended = await asyncio.gather(
            *(seat_client(t, addr, table, s, tok, bot, until, book) for s, tok in made.items())
        )
        if not any(ended):
            return


async def newcomers(t: Target, until: float, book: Book) -> None:
    """A new client from a fresh address every half second: the games, then watch a table."""
    k = 0
    while now() < until:
        k += 1
        addr = f"127.1.{k // 250 % 250}.{k % 250 + 1}"  # none an attack or a check uses
        began = now()
        what = ""
        try:
            status, _h, _b = await http(t, addr, "GET", "/api/games", timeout=15)
            if status != 200:
                what = f"newcomer http {status}"
            elif book.tables:
                url = f"{t.ws_base}/ws/{random.choice(book.tables)}"
                async with ws_connect(
                    url, local_addr=(addr, 0), ssl=t.context(), open_timeout=15, max_size=2**22
                ) as ws:
                    first = json.loads(await asyncio.wait_for(ws.recv(), 15))
                    if first.get("type") != "state":
                        what = f"newcomer ws {first.get('code')}"
        except Exception as exc:  # every way a newcomer can be turned away is counted
            what = f"newcomer {type(exc).__name__}"
        book.newcomers.append((began, what))
        await asyncio.sleep(max(0.0, began + 0.5 - now()))


# -- the server's own figures ----------------------------------------------------------------


def usage(pid: int) -> tuple[dict[int, float], int]:
    """Return the CPU seconds of ``pid`` and each process below it, and their RSS (bytes)."""
    tick = os.sysconf("SC_CLK_TCK")
    cpu, rss = {}, 0
    for p in tree(pid):
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            # utime + stime: not the reaped children's (a replaced worker's whole life)
            cpu[p] = (int(fields[11]) + int(fields[12])) / tick
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    rss += int(line.split()[1]) * 1024
    return cpu, rss


def figures(samples: list[float]) -> dict[str, float]:
    """Return p50, p99 (ms) and how many."""
    if not samples:
        return {"p50": math.nan, "p99": math.nan, "n": 0}
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return {"p50": 1000 * statistics.median(ordered), "p99": 1000 * p99, "n": len(ordered)}


# -- phases ----------------------------------------------------------------------------------


def phases(names: list[str], spreads: list[int]) -> list[tuple[str, str, int]]:
    """Return (label, attack, addresses) for every phase: quiet first, and again last."""
    out = [("quiet", "", 0)]
    for name in names:
        _what, _fn, natural, spreadable = ATTACKS[name]
        counts = spreads if spreadable and spreads else [natural]
        for count in counts:
            out.append((f"{name} x{count}", name, count))
    if len(out) > 1:  # the machine's own noise drifts: the baseline is both quiet phases
        out.append(("quiet (end)", "", 0))
    return out


async def run_phase(
    label: str, attack: str, count: int, args: argparse.Namespace, ctx: dict[str, Any]
) -> dict[str, Any]:
    """Run one attack (in a process of its own) for ``--seconds``; return the phase's figures."""
    server: Server = ctx["server"]
    book: Book = ctx["book"]
    log_before = server.logged()
    cpu_before, _ = usage(server.proc.pid)
    proxy_before, _ = usage(ctx["proxy_pid"]) if ctx["proxy_pid"] else ({}, 0)
    start = now()
    out_file = Path(ctx["tmp"]) / f"attack-{len(ctx['rows'])}.json"
    proc = None
    reaped = resource.getrusage(resource.RUSAGE_CHILDREN)
    if attack:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, __file__, "--attack", attack, "--target", ctx["target"],
            "--count", str(count), "--seconds", str(args.seconds), "--out", str(out_file),
            "--phase", str(len(ctx["rows"])),
        )  # fmt: skip
    await asyncio.sleep(args.seconds)
    end = now()
    cpu_after, rss = usage(server.proc.pid)
    cpu = sum(v - cpu_before.get(p, 0.0) for p, v in cpu_after.items())
    proxy_after, _ = usage(ctx["proxy_pid"]) if ctx["proxy_pid"] else ({}, 0)
    proxy_cpu = sum(v - proxy_before.get(p, 0.0) for p, v in proxy_after.items())
    log = server.logged()[len(log_before) :]
    seen: dict[str, Any] = {}
    if proc is not None:
        try:
            await asyncio.wait_for(proc.wait(), 120)
        except TimeoutError:
            proc.kill()
            await proc.wait()
        with contextlib.suppress(OSError, ValueError):
            seen = json.loads(out_file.read_text())
        if proc.returncode:
            seen["attacker exit code"] = proc.returncode
    after = resource.getrusage(resource.RUSAGE_CHILDREN)  # the attacker: the one child reaped
    attacker_cpu = after.ru_utime + after.ru_stime - reaped.ru_utime - reaped.ru_stime
    await asyncio.sleep(SETTLE)

    def inside(rows: list[tuple[float, Any]]) -> list[Any]:
        return [v for at, v in rows if start + 1 <= at < end]

    refused = Counter(inside(book.refused))
    came = inside(book.newcomers)
    turned = Counter(w for w in came if w)
    row = {
        "phase": label,
        "attack": ATTACKS[attack][0] if attack else "none",
        "addresses": count,
        "seconds": round(end - start, 1),
        "attacker_name": attack,
        "choice": figures(inside(book.acks)),
        "bot_reply": figures(inside(book.replies)),
        "samples": {"choice": inside(book.acks), "bot_reply": inside(book.replies)},
        "refused": sum(refused.values()),
        "refused_why": dict(refused),
        "newcomers": len(came),
        "newcomers_refused": sum(turned.values()),
        "newcomers_why": dict(turned),
        "lost": sum(1 for at in book.lost if start + 1 <= at < end),
        "server_cpu_s": round(cpu, 2),
        "server_cpu_pct": round(100 * cpu / (end - start)),
        "rss_mib": round(rss / 2**20),
        "proxy_cpu_pct": round(100 * proxy_cpu / (end - start)),
        "attacker_cpu_pct": round(100 * attacker_cpu / (end - start)),
        "fallbacks": log.count("bot fallback"),
        "tracebacks": log.count("Traceback"),
        "attacker": seen,
    }
    print(f"  measured: {label}", file=sys.stderr)
    return row


def ratio(row: dict[str, Any], quiet: dict[str, Any], key: str) -> float:
    """Return the p99 of ``key`` over the quiet one (nan when the quiet phase measured none)."""
    if not quiet[key]["n"]:
        return math.nan
    if not row[key]["n"]:
        return math.inf  # measured when quiet, never under the attack: nobody was answered
    return float(row[key]["p99"] / quiet[key]["p99"])


def judge(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Add each phase's ratios to the quiet phases (pooled) and whether it passed; return quiet."""
    quiet = rows[0]
    pooled = [r["samples"] for r in rows if not r.get("attacker_name") and "samples" in r]
    if pooled:
        quiet = {key: figures([v for p in pooled for v in p[key]]) for key in pooled[0]}
    for row in rows:
        row.pop("samples", None)
        c, b = ratio(row, quiet, "choice"), ratio(row, quiet, "bot_reply")
        row["choice_x"], row["bot_x"] = round(c, 2), round(b, 2)
        clean = row["refused"] == 0 and row["newcomers_refused"] == 0 and row["lost"] == 0
        row["ok"] = bool(not c > 2 and not b > 2 and clean)
    return {"choice": quiet["choice"], "bot_reply": quiet["bot_reply"]}


async def measure(
    args: argparse.Namespace, server: Server, target: Target, tmp: str, proxy_pid: int
) -> dict[str, Any]:
    """Seat the honest clients, run every phase, stop; return the rows."""
    book = Book()
    plan = phases(args.phase_names, args.spreads)
    if "replays" in args.phase_names:  # a long finished game to replay, as if once played
        table, steps = long_finished_game(server.db)
        os.environ["HELLAS_BENCH_REPLAY"] = f"{table}:{steps}"  # (the attacker reads it)
        await asyncio.to_thread(server.get, f"/api/tables/{table}/replay/0")
    total = (args.seconds + SETTLE + 3) * len(plan) + args.warm + 120
    until = now() + total
    clients = [
        asyncio.create_task(honest_table(target, f"127.0.1.{k + 1}", k >= args.honest, until, book))
        for k in range(args.honest + args.searchers)
    ]
    comers = asyncio.create_task(newcomers(target, until, book))
    await asyncio.sleep(args.warm)  # everybody seated and playing, the bot workers warm
    ctx = {"server": server, "book": book, "tmp": tmp, "rows": [], "target": args.target_url}
    ctx["proxy_pid"] = proxy_pid
    for label, attack, count in plan:
        ctx["rows"].append(await run_phase(label, attack, count, args, ctx))
    for task in [*clients, comers]:
        task.cancel()
    await asyncio.gather(*clients, comers, return_exceptions=True)
    return {"rows": ctx["rows"], "honest_tables": len(book.tables)}


# -- output ----------------------------------------------------------------------------------


def ms(f: dict[str, float]) -> str:
    """Return ``p50 / p99`` in ms (``-`` when nothing was measured)."""
    return "-" if not f["n"] else f"{f['p50']:.0f} / {f['p99']:.0f}"


def attacker_lines(result: dict[str, Any]) -> list[str]:
    """Return one line per phase: what its attacker saw, and why honest clients were refused."""
    lines = []
    for r in result["rows"]:
        if r["attacker"] or r["refused_why"] or r["newcomers_why"]:
            seen = ", ".join(f"{k}: {v}" for k, v in sorted(r["attacker"].items()))
            why = {**r["refused_why"], **r["newcomers_why"]}
            lines.append(f"{r['phase']}: {seen}" + (f"  | refused: {why}" if why else ""))
    return lines


def print_table(result: dict[str, Any]) -> None:
    """Print the phases and the checks as plain text."""
    print(result["setup"])
    proxied = result["proxy"]
    head = (
        f"{'phase':22} {'choice p50/p99 ms (n)':>24} {'x':>5} {'bot p50/p99 ms (n)':>22} {'x':>5} "
        f"{'refused':>7} {'newc.':>7} {'lost':>4} {'CPU s':>6} {'%core':>5} {'RSS MiB':>7} "
        f"{'fallb.':>6} {'tb':>3} {'att.%':>5}{' nginx%' if proxied else ''} ok"
    )
    print(head)
    for r in result["rows"]:
        nginx = f" {r['proxy_cpu_pct']:6d}" if proxied else ""
        print(
            f"{r['phase'][:22]:22} {ms(r['choice']):>16} ({r['choice']['n']:4d}) "
            f"{r['choice_x']:5.2f} {ms(r['bot_reply']):>15} ({r['bot_reply']['n']:3d}) "
            f"{r['bot_x']:5.2f} {r['refused']:7d} "
            f"{r['newcomers_refused']:3d}/{r['newcomers']:<3d} {r['lost']:4d} "
            f"{r['server_cpu_s']:6.1f} {r['server_cpu_pct']:5d} {r['rss_mib']:7d} "
            f"{r['fallbacks']:6d} {r['tracebacks']:3d} {r['attacker_cpu_pct']:5d}{nginx} "
            f"{'yes' if r['ok'] else 'NO'}"
        )
    print("\nwhat the attackers saw, and why honest clients were refused:")
    for line in attacker_lines(result):
        print(f"  {line}")
    if result["checks"]:
        print("\nchecks:")
        for c in result["checks"]:
            print(f"  {c['check'][:34]:34} {'yes' if c['ok'] else 'NO ':3}  {c['figure']}")


def print_markdown(result: dict[str, Any]) -> None:
    """Print the phases and the checks as the tables of docs/benchmarks.md."""
    print(f"{result['setup']}\n")
    nginx = " nginx % core |" if result["proxy"] else ""
    print(
        "| phase | attack | choice p50 / p99 ms | × quiet | search-bot reply p50 / p99 ms | "
        "× quiet | honest refused | newcomers refused | lost | server CPU s (% core) | "
        f"RSS MiB | bot fallbacks | attacker % core |{nginx} held |"
    )
    print("|---" * (14 + bool(nginx)) + "|")
    for r in result["rows"]:
        extra = f" {r['proxy_cpu_pct']} |" if nginx else ""
        print(
            f"| {r['phase']} | {r['attack']} | {ms(r['choice'])} | {r['choice_x']:.2f} | "
            f"{ms(r['bot_reply'])} | {r['bot_x']:.2f} | {r['refused']} | "
            f"{r['newcomers_refused']} of {r['newcomers']} | {r['lost']} | "
            f"{r['server_cpu_s']:.1f} ({r['server_cpu_pct']}%) | {r['rss_mib']} | "
            f"{r['fallbacks']} | {r['attacker_cpu_pct']} |{extra} "
            f"{'yes' if r['ok'] else '**no**'} |"
        )
    print("\nWhat each attacker saw:\n")
    for line in attacker_lines(result):
        print(f"- {line}")
    if result["checks"]:
        print("\n| check | held | figure |\n|---|---|---|")
        for c in result["checks"]:
            print(f"| {c['check']} | {'yes' if c['ok'] else '**no**'} | {c['figure']} |")


# -- main ------------------------------------------------------------------------------------


def parse() -> argparse.Namespace:
    """Read the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--honest", type=int, default=30, help="tables of people, one address each")
    parser.add_argument(
        "--searchers", type=int, default=10, help="tables of a person and ismcts:200"
    )
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds a phase")
    parser.add_argument("--warm", type=float, default=12.0, help="seconds before the first phase")
    parser.add_argument(
        "--phases", default="", help="attacks, comma-separated, or all, issue46, earlier"
    )
    parser.add_argument(
        "--addresses", default="1,3,20", help="attack addresses to spread over, or 'natural'"
    )
    parser.add_argument(
        "--quick", action="store_true", help="5 s phases, natural addresses (~5 min)"
    )
    parser.add_argument("--no-checks", dest="checks", action="store_false")
    parser.add_argument(
        "--proxy", action="store_true", help="through nginx (docs/nginx/hellas.conf)"
    )
    parser.add_argument("--nofile", type=int, default=1024, help="the server's ulimit -n")
    parser.add_argument(
        "--spare-workers", type=int, default=None, help="the server's --spare-bot-workers"
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--markdown", action="store_true")
    # (internal) run one attack against a running server, then write what it saw
    for flag in ("--attack", "--target", "--out"):
        parser.add_argument(flag, default="", help=argparse.SUPPRESS)
    parser.add_argument("--count", type=int, default=1, help=argparse.SUPPRESS)
    parser.add_argument("--phase", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.quick:
        args.seconds, args.warm, args.addresses = min(args.seconds, 5.0), 8.0, "natural"
    if args.phases == "":
        args.phases = "issue46" if args.quick else "all"
    names = [n for n in args.phases.split(",") if n and n != "quiet"]
    groups = {"all": list(ATTACKS), "issue46": ISSUE_46}
    groups["earlier"] = [n for n in ATTACKS if n not in ISSUE_46]
    args.phase_names = [m for n in names for m in groups.get(n, [n])]
    unknown = [n for n in args.phase_names if n not in ATTACKS]
    if unknown:
        parser.error(f"no such phase {unknown[0][:40]!r}; phases: quiet, {', '.join(ATTACKS)}")
    try:  # "natural": each attack from as many addresses as issue 46's table says
        args.spreads = [int(n) for n in args.addresses.split(",") if n not in ("", "natural")]
    except ValueError:
        parser.error("--addresses is a list of counts (e.g. 1,3,20) or 'natural'")
    return args


def attack_alone(args: argparse.Namespace) -> int:
    """Run one attack (``--attack``) from its own process and write what it saw to ``--out``."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 16384)), hard))
    target = Target.parse(args.target)
    seen = asyncio.run(run_attack(args.attack, target, args.count, args.seconds, args.phase))
    Path(args.out).write_text(json.dumps(dict(seen)))
    return 0


def start(tmp: str, args: argparse.Namespace) -> Server:
    """Start the server with ``ulimit -n`` at ``--nofile`` (the soft limit; the hard one stays)."""
    flags = ["--forwarded-allow-ips", "127.0.0.1"] if args.proxy else []
    if args.spare_workers is not None:
        flags += ["--spare-bot-workers", str(args.spare_workers)]
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(args.nofile, hard), hard))
    try:
        return start_server(f"sqlite:///{Path(tmp) / 'abuse.db'}", bot_delay=0.0, args=flags)
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def start_nginx(server: Server, folder: Path) -> Any:
    """Start nginx in front of ``server`` (tests/server/nginx.py); return it, or why not."""
    try:
        from tests.server.nginx import CONFIG, nginx_binary, start_proxy  # noqa: PLC0415
    except ImportError:
        return "no proxy: tests/server/nginx.py (which renders the config) is missing"
    nginx = nginx_binary()
    if nginx is None:
        return "no proxy: nginx is not installed (source scripts/nginx.sh, or set HELLAS_NGINX)"
    if not CONFIG.exists():
        return "no proxy config: docs/nginx/hellas.conf is missing"
    try:
        return start_proxy(nginx, server.port, folder, connections=4096)
    except (RuntimeError, ValueError, OSError) as exc:
        return f"no proxy: {str(exc)[-300:]}"


def main() -> int:
    """Run the phases and the checks; print them."""
    args = parse()
    if args.attack:
        return attack_alone(args)
    proxy: Any = None
    with tempfile.TemporaryDirectory() as tmp:
        server = start(tmp, args)
        try:
            target = Target("127.0.0.1", server.port)
            if args.proxy:
                proxy = start_nginx(server, Path(tmp) / "nginx")
                if isinstance(proxy, str):
                    print(f"--proxy: {proxy}", file=sys.stderr)
                    return 2
                target = Target("127.0.0.1", proxy.port, tls=True)
            args.target_url = target.origin
            proxy_pid = proxy.proc.pid if proxy is not None else 0
            result = asyncio.run(measure(args, server, target, tmp, proxy_pid))
            result["quiet"] = judge(result["rows"])
            result["checks"] = run_checks(target, server) if args.checks else []
        finally:
            if proxy is not None and not isinstance(proxy, str):
                proxy.stop()
            stop_server(server)
    result["proxy"] = args.proxy
    result["setup"] = (
        f"{args.honest} people's tables + {args.searchers} person-vs-ismcts:200 tables, each on "
        f"its own address; {args.seconds:g} s a phase; "
        f"{'through nginx (TLS)' if args.proxy else 'straight to the server'}; "
        f"server ulimit -n {args.nofile}; {os.cpu_count()} cores; the quiet phases together: "
        f"choice p50/p99 {ms(result['quiet']['choice'])} ms, "
        f"search-bot reply p50/p99 {ms(result['quiet']['bot_reply'])} ms (the x columns' base)"
    )
    if args.json:
        print(json.dumps(result, indent=2, default=str))
    elif args.markdown:
        print_markdown(result)
    else:
        print_table(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
