"""``hellas serve``: the web table's flags, checked before anything starts, then uvicorn.

Every number a host can set is refused with one clear line when it is not a finite number in
its range (``nan``, ``inf`` and negatives included), and so is a port another program holds.
"""

from __future__ import annotations

import errno
import math
import os
import socket

import typer
from rich.console import Console

from hellas.cli.paths import default_db

console = Console()


def _fail(message: str) -> None:
    console.print(f"[red]Error:[/] {message}", soft_wrap=True)
    raise typer.Exit(2)


def check_numbers(**numbers: tuple[float, float]) -> None:
    """Refuse any ``flag=(value, least)`` whose value is not finite or is below ``least``."""
    for flag, (value, least) in numbers.items():
        name = "--" + flag.replace("_", "-")
        if not math.isfinite(value) or value < least:
            floor = "0 or more" if least == 0 else f"at least {least:g}"
            _fail(f"{name} must be a finite number, {floor} (got {value!r})")


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


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="interface to listen on"),
    port: int = typer.Option(8000, "--port", help="TCP port"),
    db: str = typer.Option(
        "",
        "--db",
        help="database URL (default: $HELLAS_DB, else the SQLite file "
        "$XDG_DATA_HOME/hellas/hellas.db, i.e. ~/.local/share/hellas/hellas.db; "
        "e.g. postgresql+psycopg://user@host/db)",
    ),
    bot_delay: float = typer.Option(0.3, "--bot-delay", help="seconds between bot moves"),
    public_url: str = typer.Option(
        "",
        "--public-url",
        help="the address friends reach this server at (e.g. http://my.address:8000); "
        "links the server prints and hands out use it",
    ),
    create_rate: float = typer.Option(
        20.0, "--create-rate", help="new tables a minute per client address (0: no limit)"
    ),
    max_spectators: int = typer.Option(50, "--max-spectators", help="spectators per table"),
    open_table_ttl: str = typer.Option(
        "24h", "--open-table-ttl", help="open tables nobody joined close after this (0: never)"
    ),
    max_bot_iterations: int = typer.Option(
        5000, "--max-bot-iterations", help="the most search iterations a table's bot may ask for"
    ),
    max_bot_samples: int = typer.Option(
        64, "--max-bot-samples", help="the most sampled deals a table's bot may ask for"
    ),
    bot_budget: float = typer.Option(
        2.0, "--bot-budget", help="seconds any bot may think a move (then a cheap move)"
    ),
    bot_memory: int = typer.Option(
        1024, "--bot-memory", help="MiB of memory one bot worker may use (0: no ceiling)"
    ),
    hint_seconds: float = typer.Option(
        1.0, "--hint-seconds", help="seconds a hint for a person thinks (at most --bot-budget)"
    ),
    bot_workers: int = typer.Option(
        0, "--bot-workers", help="processes that think for search bots (0: one per core but one)"
    ),
    ws_rate: float = typer.Option(
        10.0, "--ws-rate", help="messages a second one WebSocket may send (0: no limit)"
    ),
    max_seat_connections: int = typer.Option(
        8, "--max-seat-connections", help="WebSockets on one seat (0: no limit)"
    ),
    max_address_connections: int = typer.Option(
        64, "--max-address-connections", help="WebSockets from one address (0: no limit)"
    ),
    replay_rate: float = typer.Option(
        600.0, "--replay-rate", help="replay steps a minute per address (0: no limit)"
    ),
    hint_rate: float = typer.Option(
        30.0, "--hint-rate", help="hints a minute per address (0: no limit)"
    ),
    http_rate: float = typer.Option(
        50.0, "--http-rate", help="API requests a second per address (0: no limit)"
    ),
    hold_refused: float = typer.Option(
        1.0, "--hold-refused", help="seconds a refused API request waits for its 429 (0: none)"
    ),
    idle_unload: str = typer.Option(
        "10m", "--idle-unload", help="unload tables nobody used for this long (0: never)"
    ),
    max_live_tables: int = typer.Option(
        5000, "--max-live-tables", help="tables kept in memory at most (0: no limit)"
    ),
    packs: str = typer.Option(
        "",
        "--packs",
        help="a folder of content packs (one folder each) the lobby offers; "
        "check them with 'hellas content list DIR'",
    ),
    forwarded_allow_ips: str = typer.Option(
        "",
        "--forwarded-allow-ips",
        help="proxies whose X-Forwarded-For names the client (per-address limits count it)",
    ),
    log_json: bool = typer.Option(
        False,
        "--log-json",
        help="log one JSON object a line (time, level, message, request and table ids; "
        "never a seat token), and one line per HTTP request",
    ),
    lease_seconds: float = typer.Option(
        6.0,
        "--lease-seconds",
        help="with PostgreSQL and several processes: seconds before another process takes "
        "over the bots of a process that stopped answering",
    ),
) -> None:
    """Run the web table: lobby, tables, live play, replays (SQLite by default)."""
    import uvicorn  # noqa: PLC0415
    from uvicorn.config import LOGGING_CONFIG  # noqa: PLC0415

    from hellas.server.app import create_app  # noqa: PLC0415
    from hellas.server.cluster import sqlite_lock  # noqa: PLC0415
    from hellas.server.jsonlog import setup as setup_logging  # noqa: PLC0415
    from hellas.server.pool import BotPool  # noqa: PLC0415
    from hellas.server.sharing import (  # noqa: PLC0415
        ANY_HOST,
        lan_address,
        public_base,
        startup_lines,
    )
    from hellas.server.traffic import TrafficLimits, parse_duration  # noqa: PLC0415

    check_numbers(
        bot_delay=(bot_delay, 0),
        create_rate=(create_rate, 0),
        max_spectators=(max_spectators, 0),
        max_bot_iterations=(max_bot_iterations, 1),
        max_bot_samples=(max_bot_samples, 1),
        bot_budget=(bot_budget, 0.01),
        bot_memory=(bot_memory, 0),
        hint_seconds=(hint_seconds, 0.01),
        bot_workers=(bot_workers, 0),
        ws_rate=(ws_rate, 0),
        max_seat_connections=(max_seat_connections, 0),
        max_address_connections=(max_address_connections, 0),
        replay_rate=(replay_rate, 0),
        hint_rate=(hint_rate, 0),
        http_rate=(http_rate, 0),
        hold_refused=(hold_refused, 0),
        max_live_tables=(max_live_tables, 0),
        port=(port, 1),
        lease_seconds=(lease_seconds, 1),
    )
    if hold_refused > 60:
        _fail("--hold-refused is at most 60 seconds (a held refusal keeps its socket open)")
    if bot_memory and bot_memory < 256:
        _fail("--bot-memory is 0 (no ceiling) or at least 256 MiB (a worker needs ~100)")
    url, note = (db, "") if db else default_db()  # a data directory (cli/paths.py)
    if note:
        console.print(note, soft_wrap=True, markup=False)
    try:
        base = public_base(public_url) if public_url else None
        traffic = TrafficLimits(
            create_rate,
            max_spectators,
            parse_duration(open_table_ttl),
            ws_rate=ws_rate,
            max_seat_connections=max_seat_connections,
            max_address_connections=max_address_connections,
            replay_rate=replay_rate,
            hint_rate=hint_rate,
            idle_unload=parse_duration(idle_unload),
            max_live_tables=max_live_tables,
            http_rate=http_rate,
            refused_hold=hold_refused,
        )
    except ValueError as exc:
        _fail(str(exc))
        return
    if packs and not os.path.isdir(packs):
        _fail(f"--packs: the folder {packs!r} does not exist")
    busy = port_free(host, port)
    if busy:
        _fail(busy)
    try:
        lock = sqlite_lock(url)  # held until this process ends: one process per SQLite file
    except (RuntimeError, OSError) as exc:
        _fail(str(exc))
        return
    bots = BotPool(
        bot_workers or None,
        bot_budget,
        max_bot_iterations,
        hint_seconds,
        max_samples=max_bot_samples,
        memory_mb=bot_memory,
    )
    try:
        application = create_app(
            url,
            bot_delay=bot_delay,
            public_url=base,
            traffic=traffic,
            bots=bots,
            packs=packs or None,
            lease_seconds=lease_seconds,
            node=f"{socket.gethostname()}:{port}",  # a restart on this port takes its leases back
        )
    except Exception as exc:
        _fail(f"cannot open the database {url!r}: {exc}")
        return
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    console.print(
        f"[bold]Hellas web table[/] on [link]http://{shown}:{port}/[/link] "
        f"(database: {url}). Ctrl-C stops it; tables are kept."
    )
    lan = lan_address() if host in ANY_HOST and not base else None
    for line in startup_lines(host, port, base, lan):
        console.print(line, soft_wrap=True, markup=False)
    setup_logging(log_json)
    # no per-message compression: it cost more CPU than building the views (docs/benchmarks.md)
    uvicorn.run(
        application,
        host=host,
        port=port,
        log_level="warning",
        ws_per_message_deflate=False,
        ws_max_size=64 * 1024,  # a larger WebSocket frame closes the connection unread
        proxy_headers=bool(forwarded_allow_ips),
        forwarded_allow_ips=forwarded_allow_ips or None,
        log_config=None if log_json else LOGGING_CONFIG,  # JSON: ours for uvicorn's lines too
    )
    del lock  # kept open (and locked) until the server stops
