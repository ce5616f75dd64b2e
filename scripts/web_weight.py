"""Measure the first load of each game's table page: requests, bytes and time until drawn.

Run from the repository root (chromium from scripts/browser.sh, or HELLAS_CHROMIUM):

    .venv/bin/python scripts/web_weight.py [--loads 5]

It starts `hellas serve` on a temporary SQLite database, makes one table per game (you
against a bot), then opens the table page in a fresh browser context (empty cache) `--loads`
times and prints, per game: the number of requests, the bytes transferred as served (the
server sends static files uncompressed), what gzip would make of them, and the median and
worst time from navigation start until the page has drawn the first state
(`body[data-ready=1]`). Loopback only: network latency is not part of the figure.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GAMES = {
    "legends": ({"players": 3}, ["human", "heuristic", "heuristic"]),
    "realms": ({"players": 3}, ["human", "greedy", "greedy"]),
    "lords": ({"players": 3}, ["human", "heuristic", "heuristic"]),
}


def free_port() -> int:
    """Return a free TCP port on loopback."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start(db: str) -> tuple[subprocess.Popen[bytes], str]:
    """Start `hellas serve` and return the process and its base URL once it answers."""
    port = free_port()
    cmd = [sys.executable, "-m", "hellas.cli.main", "serve", "--port", str(port), "--db", db]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(url + "/api/games", timeout=2).read()
            return proc, url
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start")


def post(url: str, body: str) -> Any:
    """POST JSON and return the decoded answer."""
    req = urllib.request.Request(url, body.encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def load_once(browser: Any, link: str) -> tuple[int, int, int, float]:
    """Open `link` in a fresh context: (requests, bytes, gzip bytes, ms until drawn)."""
    context = browser.new_context()
    page = context.new_page()
    bodies: list[bytes] = []

    def keep(response: Any) -> None:
        try:
            bodies.append(response.body())
        except Exception:  # a redirect or an aborted response has no body
            bodies.append(b"")

    page.on("response", keep)
    page.goto(link)
    page.wait_for_selector("body[data-ready='1']", timeout=60_000)
    ms = page.evaluate(
        "() => performance.now() - performance.getEntriesByType('navigation')[0].startTime"
    )
    page.wait_for_load_state("networkidle")
    context.close()
    raw = sum(len(b) for b in bodies)
    packed = sum(len(gzip.compress(b, 6)) for b in bodies)
    return len(bodies), raw, packed, float(ms)


def main() -> None:
    """Print the first-load figures of each game's table page."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=5, help="loads per game (default 5)")
    args = parser.parse_args()
    chromium = os.environ.get("HELLAS_CHROMIUM") or shutil.which("chromium")
    if not chromium:
        raise SystemExit("no chromium: source scripts/browser.sh or set HELLAS_CHROMIUM")
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    with tempfile.TemporaryDirectory() as tmp:
        proc, url = start(f"sqlite:///{tmp}/weight.db")
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(
                    executable_path=chromium, args=["--no-sandbox", "--disable-gpu"]
                )
                print(
                    f"{'game':8} {'requests':>8} {'KiB':>7} {'KiB gz':>7} {'median ms':>9} "
                    f"{'worst ms':>8}"
                )
                for game, (options, seats) in GAMES.items():
                    body = json.dumps({"game": game, "options": options, "seats": seats})
                    table = post(url + "/api/tables", body)
                    runs = [
                        load_once(browser, url + table["you"]["link"]) for _ in range(args.loads)
                    ]
                    n, raw, packed, _ms = runs[-1]
                    times = [r[3] for r in runs]
                    print(
                        f"{game:8} {n:8d} {raw / 1024:7.1f} {packed / 1024:7.1f} "
                        f"{statistics.median(times):9.0f} {max(times):8.0f}"
                    )
                browser.close()
        finally:
            proc.terminate()
            proc.wait(timeout=20)


if __name__ == "__main__":
    main()
