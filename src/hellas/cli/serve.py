"""``hellas serve``: the web table's flags, checked before anything starts, then uvicorn.

Every number a host can set has a floor and a ceiling (``RANGES``) and is refused with one clear
line when it is not a finite number in that range (``nan``, ``inf``, negatives and numbers too
large for a float included), and so is a port another program holds.  The connection caps must
fit the file-descriptor limit: the soft limit is raised toward the hard one when they need it,
else the server refuses to start.  uvicorn then runs with the protocols of
``hellas.server.connections`` (caps and timeouts at the socket level).
"""

from __future__ import annotations

import errno
import math
import os
import socket
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console

from hellas.cli.paths import default_db
from hellas.core.errors import OptionError, clip

console = Console()


def _fail(message: str) -> NoReturn:
    console.print(f"[red]Error:[/] {clip(message)}", soft_wrap=True)  # never a whole input
    raise typer.Exit(2)


def check_numbers(**numbers: tuple[float, float, float]) -> None:
    """Refuse any ``flag=(value, least, most)`` whose value is not finite or out of its range."""
    for flag, (value, least, most) in numbers.items():
        name = "--" + flag.replace("_", "-")
        try:
            number = float(value)  # an int too large for a float is out of every range
        except OverflowError:
            number = math.inf
        if not math.isfinite(number) or not least <= number <= most:
            shown = repr(value)
            shown = shown if len(shown) <= 24 else shown[:20] + "..."
            _fail(f"{name} must be a finite number from {least:g} to {most:g} (got {shown})")


HEADROOM = 64  # descriptors kept beside the connections: database, workers' pipes, log files


def fit_descriptors(max_connections: int) -> None:
    """Raise the soft file-descriptor limit for ``max_connections``, or refuse in one line."""
    try:
        import resource  # noqa: PLC0415 (POSIX only)
    except ImportError:
        return
    need = max_connections + HEADROOM
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft >= need:
        return
    if hard != resource.RLIM_INFINITY and hard < need:
        _fail(
            f"--max-connections {max_connections} needs {need} file descriptors ({HEADROOM} "
            f"for the database, workers and logs) but this process may open at most {hard} "
            f"(ulimit -Hn); lower it to {max(1, hard - HEADROOM)} or raise the limit"
        )
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (need, hard))
    except (ValueError, OSError) as exc:
        _fail(f"--max-connections {max_connections}: cannot raise the file limit to {need}: {exc}")


def port_free(host: str, port: int) -> str:
    """Return "" if ``host:port`` can be listened on, else why not, in one line."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                return (
                    f"port {port} is already in use (another Hellas server?); stop it or "
                    f"pick another port: hellas serve --port {port + 1}"
                )
            return f"cannot listen on {host}:{port}: {exc.strerror or exc}"
    return ""


def _opt(flag: str, text: str) -> Any:
    """Return a typer option named ``flag`` with ``text`` as its help."""
    return typer.Option(flag, help=text)


DB_HELP = (
    "database URL (default: $HELLAS_DB, else the SQLite file $XDG_DATA_HOME/hellas/hellas.db, "
    "i.e. ~/.local/share/hellas/hellas.db; e.g. postgresql+psycopg://user@host/db)"
)
PUBLIC_HELP = (
    "the address friends reach this server at (e.g. http://my.address:8000); links the "
    "server prints and hands out use it"
)
PACKS_HELP = (
    "a folder of content packs (one folder each) the lobby offers; check them with "
    "'hellas content list DIR'"
)
LOG_HELP = (
    "log one JSON object a line (time, level, message, request and table ids; never a seat "
    "token), and one line per HTTP request"
)
LEASE_HELP = (
    "with PostgreSQL and several processes: seconds before another process takes over the "
    "bots of a process that stopped answering"
)
CONNECTIONS_HELP = "TCP connections (HTTP and WebSocket) held at once; must fit ulimit -n"
ADDRESS_HELP = (
    "TCP connections one client address may hold (0: no limit; a trusted proxy is exempt)"
)
# the least and the most of every numeric flag (all must be finite too), checked before anything
# starts; the durations (--open-table-ttl, --idle-unload) are checked once parsed
RANGES: dict[str, tuple[float, float]] = {
    "port": (1, 65535), "bot_delay": (0, 60), "create_rate": (0, 100_000),
    "max_spectators": (0, 100_000), "max_bot_iterations": (1, 10_000_000),
    "max_bot_samples": (1, 100_000), "bot_budget": (0.01, 60), "bot_memory": (0, 1 << 20),
    "hint_seconds": (0.01, 60), "bot_workers": (0, 256), "spare_bot_workers": (0, 64),
    "ws_rate": (0, 100_000),
    "max_seat_connections": (0, 100_000), "max_address_connections": (0, 1_000_000),
    "replay_rate": (0, 1_000_000), "hint_rate": (0, 100_000), "http_rate": (0, 100_000),
    "ws_connect_rate": (0, 100_000), "ws_connect_burst": (0, 100_000), "listing_cache": (0, 60),
    "hold_refused": (0, 60), "max_live_tables": (0, 10_000_000), "lease_seconds": (1, 3600),
    "max_connections": (1, 1_000_000), "max_address_http_connections": (0, 1_000_000),
    "header_timeout": (0.1, 3600), "body_timeout": (0.1, 3600), "idle_timeout": (0.1, 3600),
}  # fmt: skip
DURATIONS = {  # the most, seconds
    "open_table_ttl": 366 * 86400.0,
    "idle_unload": 366 * 86400.0,
    "abandon_after": 366 * 86400.0,
    "abandon_live_after": 366 * 86400.0,
}
WS_MAX_SIZE = 8 * 1024  # bytes: a larger WebSocket frame closes the connection unread


OPTIONS: dict[str, Any] = {  # every flag of hellas serve: its name and help
    "host": _opt("--host", "interface to listen on"),
    "port": _opt("--port", "TCP port"),
    "db": _opt("--db", DB_HELP),
    "bot_delay": _opt("--bot-delay", "seconds between bot moves"),
    "public_url": _opt("--public-url", PUBLIC_HELP),
    "create_rate": _opt("--create-rate", "new tables a minute per client address (0: no limit)"),
    "max_spectators": _opt("--max-spectators", "spectators per table"),
    "open_table_ttl": _opt(
        "--open-table-ttl", "open tables nobody joined close after this (0: never)"
    ),
    "abandon_after": _opt(
        "--abandon-after", "tables played over days close after no move this long (0: never)"
    ),
    "abandon_live_after": _opt(
        "--abandon-live-after", "live tables (under 1 h a decision) close after no move this long"
    ),
    "max_bot_iterations": _opt(
        "--max-bot-iterations", "the most search iterations a table's bot may ask for"
    ),
    "max_bot_samples": _opt(
        "--max-bot-samples", "the most sampled deals a table's bot may ask for"
    ),
    "bot_budget": _opt("--bot-budget", "seconds any bot may think a move (then a cheap move)"),
    "bot_memory": _opt("--bot-memory", "MiB of memory one bot worker may use (0: no ceiling)"),
    "hint_seconds": _opt(
        "--hint-seconds", "seconds a hint for a person thinks (at most --bot-budget)"
    ),
    "bot_workers": _opt(
        "--bot-workers", "processes that think for search bots (0: one per core but one)"
    ),
    "spare_bot_workers": _opt(
        "--spare-bot-workers", "extra processes that take only quick bot moves (0: none)"
    ),
    "ws_rate": _opt("--ws-rate", "messages a second one WebSocket may send (0: no limit)"),
    "ws_connect_rate": _opt(
        "--ws-connect-rate", "new WebSockets a second per address (0: no limit)"
    ),
    "ws_connect_burst": _opt("--ws-connect-burst", "new WebSockets one address may open at once"),
    "listing_cache": _opt(
        "--listing-cache", "seconds a lobby page is served from memory (0: not kept)"
    ),
    "max_seat_connections": _opt("--max-seat-connections", "WebSockets on one seat (0: no limit)"),
    "max_address_connections": _opt(
        "--max-address-connections", "WebSockets from one address (0: no limit)"
    ),
    "replay_rate": _opt("--replay-rate", "replay steps a minute per address (0: no limit)"),
    "hint_rate": _opt("--hint-rate", "hints a minute per address (0: no limit)"),
    "http_rate": _opt("--http-rate", "API requests a second per address (0: no limit)"),
    "hold_refused": _opt(
        "--hold-refused", "seconds a refused API request waits for its 429 (0: none)"
    ),
    "idle_unload": _opt("--idle-unload", "unload tables nobody used for this long (0: never)"),
    "max_live_tables": _opt("--max-live-tables", "tables kept in memory at most (0: no limit)"),
    "packs": _opt("--packs", PACKS_HELP),
    "forwarded_allow_ips": _opt(
        "--forwarded-allow-ips",
        "proxies whose X-Forwarded-For names the client (per-address limits count it)",
    ),
    "log_json": _opt("--log-json", LOG_HELP),
    "lease_seconds": _opt("--lease-seconds", LEASE_HELP),
    "max_connections": _opt("--max-connections", CONNECTIONS_HELP),
    "max_address_http_connections": _opt("--max-address-http-connections", ADDRESS_HELP),
    "header_timeout": _opt("--header-timeout", "seconds a request's headers may take to arrive"),
    "body_timeout": _opt("--body-timeout", "seconds a request's body may take after its headers"),
    "idle_timeout": _opt("--idle-timeout", "seconds a connection may stay silent between requests"),
}


def serve(
    host: Annotated[str, OPTIONS["host"]] = "127.0.0.1",
    port: Annotated[int, OPTIONS["port"]] = 8000,
    db: Annotated[str, OPTIONS["db"]] = "",
    bot_delay: Annotated[float, OPTIONS["bot_delay"]] = 0.3,
    public_url: Annotated[str, OPTIONS["public_url"]] = "",
    create_rate: Annotated[float, OPTIONS["create_rate"]] = 20.0,
    max_spectators: Annotated[int, OPTIONS["max_spectators"]] = 50,
    open_table_ttl: Annotated[str, OPTIONS["open_table_ttl"]] = "24h",
    abandon_after: Annotated[str, OPTIONS["abandon_after"]] = "3d",
    abandon_live_after: Annotated[str, OPTIONS["abandon_live_after"]] = "6h",
    max_bot_iterations: Annotated[int, OPTIONS["max_bot_iterations"]] = 5000,
    max_bot_samples: Annotated[int, OPTIONS["max_bot_samples"]] = 64,
    bot_budget: Annotated[float, OPTIONS["bot_budget"]] = 2.0,
    bot_memory: Annotated[int, OPTIONS["bot_memory"]] = 1024,
    hint_seconds: Annotated[float, OPTIONS["hint_seconds"]] = 1.0,
    bot_workers: Annotated[int, OPTIONS["bot_workers"]] = 0,
    spare_bot_workers: Annotated[int, OPTIONS["spare_bot_workers"]] = 2,  # light moves only
    ws_rate: Annotated[float, OPTIONS["ws_rate"]] = 10.0,
    ws_connect_rate: Annotated[float, OPTIONS["ws_connect_rate"]] = 5.0,
    ws_connect_burst: Annotated[int, OPTIONS["ws_connect_burst"]] = 100,
    listing_cache: Annotated[float, OPTIONS["listing_cache"]] = 1.0,
    max_seat_connections: Annotated[int, OPTIONS["max_seat_connections"]] = 8,
    max_address_connections: Annotated[int, OPTIONS["max_address_connections"]] = 64,
    replay_rate: Annotated[float, OPTIONS["replay_rate"]] = 600.0,
    hint_rate: Annotated[float, OPTIONS["hint_rate"]] = 30.0,
    http_rate: Annotated[float, OPTIONS["http_rate"]] = 50.0,
    hold_refused: Annotated[float, OPTIONS["hold_refused"]] = 1.0,
    idle_unload: Annotated[str, OPTIONS["idle_unload"]] = "10m",
    max_live_tables: Annotated[int, OPTIONS["max_live_tables"]] = 5000,
    packs: Annotated[str, OPTIONS["packs"]] = "",
    forwarded_allow_ips: Annotated[str, OPTIONS["forwarded_allow_ips"]] = "",
    log_json: Annotated[bool, OPTIONS["log_json"]] = False,
    lease_seconds: Annotated[float, OPTIONS["lease_seconds"]] = 6.0,
    max_connections: Annotated[int, OPTIONS["max_connections"]] = 896,
    max_address_http_connections: Annotated[int, OPTIONS["max_address_http_connections"]] = 32,
    header_timeout: Annotated[float, OPTIONS["header_timeout"]] = 10.0,
    body_timeout: Annotated[float, OPTIONS["body_timeout"]] = 20.0,
    idle_timeout: Annotated[float, OPTIONS["idle_timeout"]] = 5.0,
) -> None:
    """Run the web table: lobby, tables, live play, replays (SQLite by default)."""
    given = dict(locals())  # every flag by name, before any other local exists
    check_numbers(**{name: (given[name], *RANGES[name]) for name in RANGES})
    from hellas.server.limits import MIN_BOT_MEMORY  # noqa: PLC0415

    if bot_memory and bot_memory < MIN_BOT_MEMORY:
        _fail(
            f"--bot-memory is 0 (no ceiling) or at least {MIN_BOT_MEMORY} MiB (a worker maps ~160)"
        )
    _check_durations(given)
    fit_descriptors(max_connections)
    url, note = (db, "") if db else default_db()  # a data directory (cli/paths.py)
    if note:
        console.print(note, soft_wrap=True, markup=False)
    application, base, lock = _application(given, url)
    _announce(host, port, url, base)
    _run(application, host, port, forwarded_allow_ips, log_json, _ledger(given, application))
    del lock  # kept open (and locked) until the server stops


def _check_durations(given: dict[str, Any]) -> None:
    """Refuse a duration flag that does not parse or is longer than a year, in one line."""
    from hellas.server.traffic import parse_duration  # noqa: PLC0415

    for name, most in DURATIONS.items():
        flag, text = "--" + name.replace("_", "-"), str(given[name])
        try:
            seconds = parse_duration(text)
        except ValueError:
            _fail(f"{flag}: {text[:40]!r} is not a duration: use e.g. 90s, 30m, 24h, 7d or 0")
        if seconds > most:
            _fail(f"{flag} is at most {most / 86400:g} days (got {text[:40]!r})")


def _ledger(given: dict[str, Any], application: Any) -> Any:
    """Return the connection ledger the flags describe, its figures added to ``/metrics``."""
    from hellas.server.connections import Budget, Ledger  # noqa: PLC0415

    ledger = Ledger(
        Budget(
            max_connections=given["max_connections"],
            per_address=given["max_address_http_connections"],
            header_timeout=given["header_timeout"],
            body_timeout=given["body_timeout"],
            idle_timeout=given["idle_timeout"],
            trusted=given["forwarded_allow_ips"],
        ),
        application.state.hub.cluster.share,  # [issue 47] a part of the cap per process
    )
    application.state.hub.metrics.registry.register(ledger)
    application.state.connections = ledger
    return ledger


def _traffic(given: dict[str, Any]) -> Any:
    """Return the server's ``TrafficLimits`` from the flags (``ValueError`` if they clash)."""
    from hellas.server.traffic import TrafficLimits, parse_duration  # noqa: PLC0415

    return TrafficLimits(
        given["create_rate"],
        given["max_spectators"],
        parse_duration(given["open_table_ttl"]),
        ws_rate=given["ws_rate"],
        ws_connect_rate=given["ws_connect_rate"],
        ws_connect_burst=given["ws_connect_burst"],
        listing_cache=given["listing_cache"],
        max_seat_connections=given["max_seat_connections"],
        max_address_connections=given["max_address_connections"],
        replay_rate=given["replay_rate"],
        hint_rate=given["hint_rate"],
        idle_unload=parse_duration(given["idle_unload"]),
        abandon_after=parse_duration(given["abandon_after"]),
        abandon_live_after=parse_duration(given["abandon_live_after"]),
        max_live_tables=given["max_live_tables"],
        http_rate=given["http_rate"],
        refused_hold=given["hold_refused"],
    )


def _application(given: dict[str, Any], url: str) -> tuple[Any, str | None, Any]:
    """Check what the flags name (port, packs, database) and build the app; exit on a fault."""
    from hellas.server.app import create_app  # noqa: PLC0415
    from hellas.server.cluster import sqlite_lock  # noqa: PLC0415
    from hellas.server.pool import BotPool  # noqa: PLC0415
    from hellas.server.sharing import public_base  # noqa: PLC0415

    try:
        base = public_base(given["public_url"]) if given["public_url"] else None
        traffic = _traffic(given)
    except ValueError as exc:
        _fail(str(exc))
    packs, host, port = given["packs"], given["host"], given["port"]
    if packs and not os.path.isdir(packs):
        _fail(f"--packs: the folder {packs!r} does not exist")
    busy = port_free(host, port)
    if busy:
        _fail(busy)
    try:
        lock = sqlite_lock(url)  # held until this process ends: one process per SQLite file
    except (RuntimeError, OSError) as exc:
        _fail(str(exc))
    bots = BotPool(
        given["bot_workers"] or None,
        given["bot_budget"],
        given["max_bot_iterations"],
        given["hint_seconds"],
        max_samples=given["max_bot_samples"],
        memory_mb=given["bot_memory"],
        eager=True,  # workers warm up as the server starts, before the first table asks
        spare_workers=given["spare_bot_workers"],
    )
    try:
        application = create_app(
            url,
            bot_delay=given["bot_delay"],
            public_url=base,
            traffic=traffic,
            bots=bots,
            packs=packs or None,
            lease_seconds=given["lease_seconds"],
            node=f"{socket.gethostname()}:{port}",  # plus a part drawn at each start (issue 47)
        )
    except OptionError as exc:  # the packs folder (server/packs.py), not the database
        _fail(str(exc))
    except Exception as exc:
        _fail(f"cannot open the database {url!r}: {exc}")
    return application, base, lock


def _announce(host: str, port: int, url: str, base: str | None) -> None:
    """Print where the server listens, and the addresses friends can use."""
    from hellas.server.sharing import ANY_HOST, lan_address, startup_lines  # noqa: PLC0415

    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    console.print(
        f"[bold]Hellas web table[/] on [link]http://{shown}:{port}/[/link] "
        f"(database: {url}). Ctrl-C stops it; tables are kept."
    )
    lan = lan_address() if host in ANY_HOST and not base else None
    for line in startup_lines(host, port, base, lan):
        console.print(line, soft_wrap=True, markup=False)


def _run(
    application: Any, host: str, port: int, forwarded: str, log_json: bool, ledger: Any
) -> None:
    """Serve ``application`` with uvicorn until stopped, every connection counted in ``ledger``."""
    import uvicorn  # noqa: PLC0415
    from uvicorn.config import LOGGING_CONFIG  # noqa: PLC0415

    from hellas.server.connections import protocols  # noqa: PLC0415
    from hellas.server.jsonlog import setup as setup_logging  # noqa: PLC0415

    setup_logging(log_json)
    http, ws = protocols(ledger)  # caps and timeouts at the socket level
    # no per-message compression: it cost more CPU than building the views (docs/benchmarks.md)
    uvicorn.run(
        application,
        host=host,
        port=port,
        log_level="warning",
        ws_per_message_deflate=False,
        ws_max_size=WS_MAX_SIZE,  # client messages are at most 4 KiB (sockets.MAX_MESSAGE)
        http=http,
        ws=ws,
        timeout_keep_alive=math.ceil(ledger.budget.idle_timeout),  # the protocol uses the float
        proxy_headers=bool(forwarded),
        forwarded_allow_ips=forwarded or None,
        log_config=None if log_json else LOGGING_CONFIG,  # JSON: ours for uvicorn's lines too
    )
