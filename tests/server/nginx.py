"""A real nginx in front of a test server, with the repository's own configuration.

``tests/server/test_proxy.py`` and the abuse benchmark (``scripts/abuse_bench.py --proxy``) use
it.  ``start_proxy`` fills the placeholders of ``docs/nginx/hellas.conf`` (the file the hosting
guide shows) and runs Debian's nginx as a child process with its own main configuration: pid
file, logs and temporary folders all in one temporary folder, listening on free loopback ports,
nothing of the system's nginx used.  The certificate is a self-signed one for 127.0.0.1 and
localhost, made here with ``openssl``.

The clients (``https``, ``raw_tls``, ``wss``) verify the server against that certificate and
bind their source address, so a test can be many clients on 127.0.0.x addresses.
"""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import socket
import ssl
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

from .conftest import free_port

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "docs" / "nginx" / "hellas.conf"
TEMP_PATHS = ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
MAIN = """daemon off;
master_process on;
worker_processes 1;
worker_rlimit_nofile {files};
{user}pid {folder}/nginx.pid;
error_log {folder}/error.log info;
events {{
    worker_connections {connections};
}}
http {{
    access_log {folder}/other.log;
{temp}    include {folder}/hellas.conf;
}}
"""


def nginx_binary() -> str | None:
    """Return the nginx program to run ($HELLAS_NGINX, else on PATH or /usr/sbin), or None."""
    for candidate in (os.environ.get("HELLAS_NGINX"), shutil.which("nginx"), "/usr/sbin/nginx"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def render(text: str, values: dict[str, str]) -> str:
    """Fill every ``{{NAME}}`` placeholder of ``text``; refuse one left unfilled."""
    for name, value in values.items():
        text = text.replace("{{" + name + "}}", value)
    if "{{" in text:
        start = text.index("{{")
        raise ValueError(f"placeholder not filled: {text[start : start + 40]!r}")
    return text


def make_certificate(folder: Path) -> tuple[Path, Path]:
    """Write a self-signed certificate for 127.0.0.1 and localhost; return (cert, key)."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
            "-nodes", "-days", "2", "-subj", "/CN=localhost", "-keyout", str(key), "-out",
            str(cert), "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )  # fmt: skip
    return cert, key


@dataclass
class Proxy:
    """A running nginx: its https and http ports, folder, process and trusted certificate."""

    port: int
    http_port: int
    folder: Path
    proc: subprocess.Popen[bytes]
    cert: Path
    context: ssl.SSLContext = field(init=False)

    def __post_init__(self) -> None:
        self.context = ssl.create_default_context(cafile=str(self.cert))

    def error_log(self) -> str:
        """Return what nginx has logged as errors so far (refusals by a limit among them)."""
        path = self.folder / "error.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def access_log(self) -> str:
        """Return nginx's access log so far (the configuration's own format)."""
        path = self.folder / "access.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def https(
        self,
        method: str,
        path: str,
        body: Any = None,
        source: str = "127.0.0.1",
        headers: dict[str, str] | None = None,
    ) -> tuple[int, Any]:
        """Send one request through the proxy from ``source``; return the status and JSON body."""
        conn = http.client.HTTPSConnection(
            "127.0.0.1", self.port, context=self.context, timeout=30, source_address=(source, 0)
        )
        try:
            sent = dict(headers or {})
            data = None
            if body is not None:
                data = json.dumps(body).encode()
                sent.setdefault("Content-Type", "application/json")
            conn.request(method, path, body=data, headers=sent)
            response = conn.getresponse()
            raw = response.read()
        finally:
            conn.close()
        try:
            return response.status, json.loads(raw)
        except ValueError:
            return response.status, raw.decode(errors="replace")

    def raw_tls(self, source: str) -> ssl.SSLSocket:
        """Open a TLS connection from ``source`` that sends nothing yet."""
        sock = socket.create_connection(
            ("127.0.0.1", self.port), timeout=30, source_address=(source, 0)
        )
        return self.context.wrap_socket(sock, server_hostname="127.0.0.1")

    def wss(self, path: str, source: str = "127.0.0.1", **extra: Any) -> ClientConnection:
        """Open a WebSocket through the proxy from ``source`` (``path`` starts with /ws/)."""
        ws: ClientConnection = connect(
            f"wss://127.0.0.1:{self.port}{path}",
            ssl=self.context,
            source_address=(source, 0),
            open_timeout=30,
            proxy=None,
            **extra,
        )
        return ws

    def stop(self) -> None:
        """Stop nginx (at once: open connections are cut) and wait for it."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def main_config(folder: Path, connections: int) -> str:
    """Return nginx's main configuration: everything of its own in ``folder``."""
    temp = "".join(f"    {name}_temp_path {folder}/{name};\n" for name in TEMP_PATHS)
    # run as root (CI), the workers would drop to 'nobody', who cannot write in the folder
    user = "user root;\n" if os.geteuid() == 0 else ""
    return MAIN.format(
        folder=folder,
        user=user,
        temp=temp,
        connections=connections,
        files=2 * connections + 64,
    )


def start_proxy(
    nginx: str, upstream_port: int, folder: Path, connections: int = 1024, timeout: float = 30.0
) -> Proxy:
    """Run nginx with docs/nginx/hellas.conf in front of 127.0.0.1:``upstream_port``."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in TEMP_PATHS:
        (folder / name).mkdir(exist_ok=True)
    cert, key = make_certificate(folder)
    port, http_port = free_port(), free_port()
    site = render(
        CONFIG.read_text(),
        {
            "NAME": "localhost 127.0.0.1",
            "LISTEN_HTTPS": f"127.0.0.1:{port}",
            "LISTEN_HTTP": f"127.0.0.1:{http_port}",
            "UPSTREAM": f"127.0.0.1:{upstream_port}",
            "CERT": str(cert),
            "KEY": str(key),
            "ACCESS_LOG": str(folder / "access.log"),
        },
    )
    (folder / "hellas.conf").write_text(site)
    conf = folder / "nginx.conf"
    conf.write_text(main_config(folder, connections))
    cmd = [nginx, "-p", f"{folder}/", "-c", str(conf)]
    check = subprocess.run([*cmd, "-t", "-q"], check=False, capture_output=True, timeout=60)
    if check.returncode != 0:
        raise RuntimeError(f"nginx refused the configuration: {check.stderr.decode()[-2000:]}")
    log = (folder / "stderr.log").open("wb")
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=log)
    log.close()
    proxy = Proxy(port, http_port, folder, proc, cert)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"nginx exited: {proxy.error_log()[-2000:]}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=2).close()
            return proxy
        except OSError:
            time.sleep(0.1)
    proxy.stop()
    raise RuntimeError(f"nginx did not start: {proxy.error_log()[-2000:]}")
