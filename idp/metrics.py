"""/metrics in the Prometheus text format, for the networks metrics.allowed_networks names.

Under gunicorn every worker writes its counts to PROMETHEUS_MULTIPROC_DIR
(config/gunicorn.conf.py) and a scrape adds them up (prometheus_client's multiprocess
mode); the development server is one process and uses the default registry. The queue's
depth and failed deliveries are read from the queue at scrape time, so every web
instance reports the same cluster-wide numbers.
"""
from __future__ import annotations

import ipaddress
import os
from collections.abc import Callable, Iterator

from flask import Blueprint, Flask, abort, current_app, request
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.multiprocess import MultiProcessCollector

from idp.config import networks

REQUESTS = Counter("idp_http_requests_total", "HTTP requests answered, by route, method and status.", ["route", "method", "status"])
LATENCY = Histogram("idp_http_request_duration_seconds", "Time to answer an HTTP request, by route.", ["route"])
CODES_SENT = Counter("idp_codes_sent_total", "One-time codes handed to delivery, by channel.", ["channel"])
TOKENS_ISSUED = Counter("idp_tokens_issued_total", "Token responses of /token, by grant type.", ["grant_type"])
# Sign-ups and sign-ins completed, wrong passwords and codes, lockouts, replays: one
# series per security event (idp.observability.security_event).
SECURITY_EVENTS = Counter("idp_security_events_total", "Security events, by event.", ["event"])
# Budgets that reached their maximum, by kind ("phone-messages" is the service-wide ceiling
# of texts and calls: an alert on it catches SMS pumping before the bill does).
SESSIONS_ENDED = Counter("idp_sessions_ended_total", "Browser sessions ended, by reason.", ["reason"])
TOKENS_REVOKED = Counter("idp_tokens_revoked_total", "Access and refresh tokens revoked, by reason.", ["reason"])
LIMITS_REACHED = Counter("idp_limits_reached_total", "Budgets that reached their maximum, by kind.", ["limit"])

bp = Blueprint("metrics", __name__)


def observe_request(route: str, method: str, status: int, seconds: float) -> None:
    REQUESTS.labels(route, method, str(status)).inc()
    LATENCY.labels(route).observe(seconds)


class QueueCollector:
    """Reads the delivery queue's numbers when Prometheus scrapes."""

    def __init__(self, read: Callable[[], tuple[int, int]]):
        self.read = read

    def collect(self) -> Iterator[GaugeMetricFamily]:
        waiting, failed = self.read()
        yield GaugeMetricFamily("idp_queue_depth", "Messages waiting in the delivery queue.", value=waiting)
        yield GaugeMetricFamily("idp_deliveries_failed", "Messages whose every delivery attempt failed, kept for inspection.", value=failed)


def _allowed() -> bool:
    address = ipaddress.ip_address(request.remote_addr or "0.0.0.0")
    allowed = networks(current_app.config["IDP"]["metrics"]["allowed_networks"])
    return any(address in network for network in allowed)


@bp.get("/metrics")
def metrics_page():
    if not _allowed():
        abort(404)
    if "PROMETHEUS_MULTIPROC_DIR" in os.environ:
        registry = CollectorRegistry()
        MultiProcessCollector(registry)
        text = generate_latest(registry)
    else:
        text = generate_latest(REGISTRY)
    queue = current_app.extensions.get("idp.queue_numbers")
    if queue is not None:
        extra = CollectorRegistry()
        extra.register(QueueCollector(queue))
        text += generate_latest(extra)
    response = current_app.make_response(text)
    response.headers["Content-Type"] = CONTENT_TYPE_LATEST
    response.headers["Cache-Control"] = "no-store"
    return response


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
