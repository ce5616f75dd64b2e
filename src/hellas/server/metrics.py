"""Prometheus metrics of one server process, served at ``/metrics`` (prometheus-client).

``Metrics`` belongs to the hub: the hub counts choices (and times them: commit plus apply),
replay steps, hints and refusals by a limit as they happen; the bot pool reports how long each
job waited for a worker; gauges (tables in memory, open connections, jobs waiting) and the
cluster's figures (``cluster.ClusterStats``, leases held) are read when Prometheus asks.  Each
hub has its own registry, so several servers in one process (the tests) never share figures.
Nothing here carries a table's content, a seat or a token: only counts and times.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily

if TYPE_CHECKING:
    from hellas.server.hub import Hub

LATENCY = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
WAIT = (0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
router = APIRouter()


class Metrics:
    """The figures of one hub, in a registry of its own."""

    def __init__(self, hub: Hub) -> None:
        self.registry = registry = CollectorRegistry()
        self.choices = Counter(
            "hellas_choices",
            "Choices stored and applied (rate: choices a second)",
            registry=registry,
        )
        self.latency = Histogram(
            "hellas_choice_seconds",
            "Seconds to store (commit) and apply one choice",
            buckets=LATENCY,
            registry=registry,
        )
        self.hints = Counter("hellas_hints", "Hints served", registry=registry)
        self.replays = Counter("hellas_replay_steps", "Replay steps asked for", registry=registry)
        self.refused = Counter(
            "hellas_rate_limited",
            "Requests, messages and connections refused by a limit, by code",
            ["code"],
            registry=registry,
        )
        self.bot_wait = Histogram(
            "hellas_bot_wait_seconds",
            "Seconds a bot move or a hint waited for a worker",
            ["kind"],
            buckets=WAIT,
            registry=registry,
        )
        Gauge("hellas_tables_live", "Tables in memory", registry=registry).set_function(
            lambda: len(hub.tables)
        )
        Gauge("hellas_connections", "Open WebSocket connections", registry=registry).set_function(
            lambda: sum(len(t.connections) for t in list(hub.tables.values()))
        )
        queue = Gauge(
            "hellas_bot_queue", "Jobs waiting for a bot worker", ["kind"], registry=registry
        )
        for kind in ("bot", "hint"):
            queue.labels(kind).set_function(_waiting(hub, kind))
            self.bot_wait.labels(kind)  # shown (at zero) before the first job
        registry.register(_ClusterFigures(hub))
        hub.bots.waited = self.waited

    def chose(self, seconds: float) -> None:
        """Count one choice stored and applied in ``seconds``."""
        self.choices.inc()
        self.latency.observe(seconds)

    def waited(self, kind: str, seconds: float) -> None:
        """Note how long a worker job (``bot`` or ``hint``) waited in the queue."""
        self.bot_wait.labels(kind).observe(seconds)

    def refuse(self, code: str) -> None:
        """Count one refusal by a limit (``too-many-tables``, ``too-many-messages``, ...)."""
        self.refused.labels(code[:40]).inc()

    def text(self) -> bytes:
        """Return every figure in Prometheus' text format."""
        return bytes(generate_latest(self.registry))


def _waiting(hub: Hub, kind: str) -> Callable[[], float]:
    """Return a reader of how many ``kind`` jobs wait for a worker."""
    return lambda: hub.bots.queue.waiting(kind)


class _ClusterFigures:
    """The cluster's counters and the leases held, read at each scrape."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    def describe(self) -> list[Any]:
        return []

    def collect(self) -> Iterator[Any]:
        cluster = self.hub.cluster
        for name, value in asdict(cluster.stats).items():
            family = CounterMetricFamily(f"hellas_cluster_{name}", f"Cluster: {name}")
            family.add_metric([], value)
            yield family
        held = GaugeMetricFamily("hellas_leases_held", "Table leases this process holds")
        held.add_metric([], len(cluster.held) if cluster.shared else 0)
        yield held
        listening = GaugeMetricFamily(
            "hellas_cluster_listening", "1 while notices from other processes are heard"
        )
        listening.add_metric([], 1 if cluster.listening else 0)
        yield listening


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request) -> Response:
    """Serve this process's figures to Prometheus."""
    hub: Hub = request.app.state.hub
    return Response(hub.metrics.text(), media_type=CONTENT_TYPE_LATEST)
