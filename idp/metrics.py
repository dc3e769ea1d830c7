"""/metrics in the Prometheus text format, for the networks metrics.allowed_networks names.

Under the production web server every worker writes its counts to PROMETHEUS_MULTIPROC_DIR
(config/web.py) and a scrape adds them up (prometheus_client's multiprocess mode), in a worker
or in the management process (idp/management.py); the development server is one process and
uses the default registry. The job queue's numbers are read from Redis at scrape time, so every
web instance reports the same cluster-wide numbers; the process numbers are this machine's web
server processes.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

from flask import Blueprint, Flask, abort, current_app, request
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.multiprocess import MultiProcessCollector

from idp import metric_files
from idp.config.rules import in_networks
from idp.processes import ProcessesCollector, forget_dead_processes

# Under the web server, every value below is kept where a full or unwritable folder never fails
# the request or job that counts it (idp/metric_files.py).
metric_files.install()

# Collectors of numbers read at scrape time, which the packages that own them add at start-up
# (add_collector): the job queue's, read from Redis (idp/jobs/numbers.py).
COLLECTORS = "idp.metrics.collectors"

REQUESTS = Counter(
    "idp_http_requests_total", "HTTP requests answered, by route, method and status.", ["route", "method", "status"]
)
LATENCY = Histogram("idp_http_request_duration_seconds", "Time to answer an HTTP request, by route.", ["route"])
# The thread's CPU from the app's first hook to its last, by route: what each call costs the
# app itself (the HTTP server's parsing and sockets are the processes' CPU beside it).
REQUEST_CPU = Counter(
    "idp_http_request_cpu_seconds_total", "CPU of the app's threads answering requests, by route.", ["route"]
)
CODES_SENT = Counter("idp_codes_sent_total", "One-time codes handed to delivery, by channel.", ["channel"])
# What the job worker made of a message instead of delivering it: a code replaced while it waited
# in the queue (a resend, another channel, the code answered), dropped so that nobody receives an
# older code after the newer one; and the messages given up for good (a provider's refusal, or
# the queue's last attempt), whose code the person's screen then says was not delivered.
MESSAGES_DROPPED = Counter(
    "idp_messages_dropped_total", "Messages the worker did not deliver, by channel and why.", ["channel", "reason"]
)
MESSAGES_UNDELIVERABLE = Counter(
    "idp_messages_undeliverable_total", "Messages given up for good, by channel.", ["channel"]
)
TOKENS_ISSUED = Counter("idp_tokens_issued_total", "Token responses of /token, by grant type.", ["grant_type"])
# Sign-ups and sign-ins completed, wrong passwords and codes, lockouts, replays: one
# series per security event (idp.observability.security_event).
SECURITY_EVENTS = Counter("idp_security_events_total", "Security events, by event.", ["event"])
# Budgets that reached their maximum, by kind ("phone-messages" is the service-wide ceiling
# of texts and calls: an alert on it catches SMS pumping before the bill does).
SESSIONS_ENDED = Counter("idp_sessions_ended_total", "Browser sessions ended, by reason.", ["reason"])
TOKENS_REVOKED = Counter("idp_tokens_revoked_total", "Access and refresh tokens revoked, by reason.", ["reason"])
LIMITS_REACHED = Counter("idp_limits_reached_total", "Budgets that reached their maximum, by kind.", ["limit"])
# Messages not sent because their destination had its day (limits.max_messages_per_destination_per_day),
# whether the answer said so (a person's own factor, a phone) or not (an anonymous e-mail).
# Codes refused for their number ([phone]: a country the channel does not serve, a kind of number
# that bills the caller): premium and satellite numbers climbing are toll fraud being tried.
PHONE_NUMBERS_REFUSED = Counter(
    "idp_phone_numbers_refused_total", "Codes refused for their number, by channel and reason.", ["channel", "reason"]
)
MESSAGES_WITHHELD = Counter(
    "idp_messages_withheld_total", "Messages not sent: their destination had its day's, by channel.", ["channel"]
)
# Proofs of work (idp/flows/proof.py), by cost (ordinary, hard) and outcome: asked (a challenge
# answered), solved (an answer taken), refused (an answer wrong, stale, cheaper or replayed).
PROOFS_OF_WORK = Counter(
    "idp_proofs_of_work_total", "Proofs of work asked and answered, by cost and outcome.", ["cost", "outcome"]
)
INSIGHT_EVENTS = Counter(
    "idp_insight_events_total",
    "Analytics events sent to POST /v1/events, by outcome: kept, or why dropped.",
    ["outcome"],
)
# The password hashes and checks (argon2id, idp/flows/credentials/passwords.py), and the CPU
# their hashing threads spent: what the machine's capacity in sign-ins is bounded by, measured where
# it runs (a hash beside the requests costs more than one alone: bench/BEFORE.md).
PASSWORD_HASHES = Counter("idp_password_hashes_total", "Password hashes and checks done (argon2id).")
PASSWORD_HASH_CPU = Counter(
    "idp_password_hash_cpu_seconds_total", "CPU the password hashes and checks took, on their threads."
)
# Every outbound call (idp/outbound: client key sets, back-channel logout, GC Notify, SMTP), by
# what it was for and what came of it (idp.outbound.OUTCOMES).
OUTBOUND_CALLS = Counter("idp_outbound_calls_total", "Outbound calls, by purpose and outcome.", ["purpose", "outcome"])
# Every process's database pool (idp/database.py:MeteredPool), added up over the live processes.
DB_CONNECTIONS_IN_USE = Gauge(
    "idp_db_connections_in_use", "Database connections lent out by the pools now.", multiprocess_mode="livesum"
)
DB_CONNECTIONS_WAITING = Gauge(
    "idp_db_connections_waiting", "Threads asking a pool for a database connection now.", multiprocess_mode="livesum"
)
DB_POOL_CAPACITY = Gauge(
    "idp_db_pool_capacity", "Database connections the pools may open in all.", multiprocess_mode="livesum"
)
# Values a process kept in its memory, its metrics folder full or unwritable (idp/metric_files.py):
# 0 under the development server, whose values are in memory only.
WRITE_FAILURES = Counter(
    "idp_metrics_write_failures", "Metric values a process could not write to PROMETHEUS_MULTIPROC_DIR."
)
metric_files.count_failures(WRITE_FAILURES)

bp = Blueprint("metrics", __name__)


def observe_request(route: str, method: str, status: int, seconds: float, cpu_seconds: float) -> None:
    REQUESTS.labels(route, method, str(status)).inc()
    LATENCY.labels(route).observe(seconds)
    REQUEST_CPU.labels(route).inc(cpu_seconds)


def _allowed() -> bool:
    return in_networks(request.remote_addr, current_app.config["IDP"]["metrics"]["allowed_networks"])


@bp.get("/metrics")
def metrics_page():
    if not _allowed():
        abort(404)
    if "PROMETHEUS_MULTIPROC_DIR" in os.environ:
        forget_dead_processes(os.environ["PROMETHEUS_MULTIPROC_DIR"])
        registry = CollectorRegistry()
        MultiProcessCollector(registry)
        text = generate_latest(registry)
    else:
        text = generate_latest(REGISTRY)
    extra = CollectorRegistry()
    extra.register(ProcessesCollector())
    for make in current_app.extensions.get(COLLECTORS, []):
        extra.register(make())
    text += generate_latest(extra)
    response = current_app.make_response(text)
    response.headers["Content-Type"] = CONTENT_TYPE_LATEST
    response.headers["Cache-Control"] = "no-store"
    return response


class CeilingsCollector:
    """The service's ceilings of messages at each scrape (idp/flows/ceilings.py), read from the
    database: what each counted in its window and its maximum, the same on every web machine,
    so that an alert fires before a ceiling (or the provider's quota behind it) is reached."""

    def __init__(self, read: Callable[[], list[tuple[str, float, int]]]):
        self.read = read

    def collect(self) -> Iterator[Metric]:
        count = GaugeMetricFamily(
            "idp_message_ceiling_used",
            "Messages a ceiling of the service counted in its window, by ceiling.",
            labels=["ceiling"],
        )
        maximum = GaugeMetricFamily(
            "idp_message_ceiling_maximum",
            "The most a ceiling of the service allows in its window, by ceiling.",
            labels=["ceiling"],
        )
        for ceiling, counted, most in self.read():
            count.add_metric([ceiling], counted)
            maximum.add_metric([ceiling], most)
        yield count
        yield maximum


def add_collector(app: Flask, make: Callable[[], object]) -> None:
    """Numbers /metrics reads at each scrape: make() answers a prometheus_client collector."""
    app.extensions.setdefault(COLLECTORS, []).append(make)


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
