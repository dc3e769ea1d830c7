"""What operators read: one JSON log line per request, security events as their own lines,
and the correlation id that ties them (and a code's correlationID) together.

Every line is JSON on stderr, from the `idp` loggers. A request's line names its route,
status and duration, never its body, and its query with every value that could identify
a person or act as a credential masked. A security event (ASVS 5.0 V16) says what
happened to which account, from which address and user agent; it never carries a
password, a code, a token, a session id or an e-mail address.
"""

from __future__ import annotations

import logging
import re
import sys
import time
import uuid
from urllib.parse import parse_qsl, urlencode

from flask import Flask, Response, g, has_request_context, request
from pythonjsonlogger.json import JsonFormatter

from idp import metrics

HEADER = "X-Correlation-ID"
# An id a load balancer or relying service already gave the request is kept when it is
# plainly an id (it ends up in logs and in a code's correlationID).
GIVEN_ID = re.compile(r"^[A-Za-z0-9-]{8,36}$")
# Query parameters whose values never reach a log line: hints carry an e-mail address or
# an ID token; the rest are credentials or single-use secrets.
MASKED_PARAMETERS = frozenset(
    {
        "login_hint",
        "id_token_hint",
        "logout_hint",
        "code",
        "code_verifier",
        "access_token",
        "refresh_token",
        "client_secret",
    }
)
MASK = "[redacted]"

requests_log = logging.getLogger("idp.requests")
security_log = logging.getLogger("idp.security")


def json_formatter() -> logging.Formatter:
    return JsonFormatter(
        "%(levelname)s %(name)s %(message)s", timestamp="time", rename_fields={"levelname": "level", "name": "logger"}
    )


def configure_logging() -> None:
    """The idp loggers, and RQ's in the delivery worker, write JSON lines to stderr, once per process."""
    for name in ("idp", "rq"):
        logger = logging.getLogger(name)
        if any(getattr(handler, "idp_json", False) for handler in logger.handlers):
            continue
        handler = logging.StreamHandler(sys.stderr)
        handler.idp_json = True
        handler.setFormatter(json_formatter())
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        logger.propagate = False
    # The development server's own request lines would print query strings unmasked.
    logging.getLogger("werkzeug").addFilter(_no_werkzeug_request_lines)


def _no_werkzeug_request_lines(record: logging.LogRecord) -> bool:
    # werkzeug's request line: '<address> - - [<date>] "%s" %s %s' (request line, status, size).
    return not str(record.msg).endswith('"%s" %s %s')


def correlation_id() -> str:
    """The id of the request being served, or a new one outside a request (worker, CLI)."""
    if has_request_context() and "correlation_id" in g:
        return g.correlation_id
    return str(uuid.uuid4())


def masked_query(query: str) -> str:
    pairs = parse_qsl(query, keep_blank_values=True)
    return urlencode([(name, MASK if name in MASKED_PARAMETERS else value) for name, value in pairs])


def _client() -> dict:
    if not has_request_context():
        return {"ip": None, "user_agent": None}
    return {"ip": request.remote_addr, "user_agent": request.user_agent.string or None}


def security_event(event: str, account_id: str | None = None, **details) -> None:
    """One security event as its own log line; details must hold no secret nor e-mail."""
    metrics.SECURITY_EVENTS.labels(event).inc()
    security_log.info(
        "security event",
        extra={"event": event, "account_id": account_id, **_client(), "correlation_id": correlation_id(), **details},
    )


def given_or_new(given: str | None) -> str:
    """The request's correlation id: the one it came with when plainly an id, else a new one."""
    return given if given and GIVEN_ID.match(given) else str(uuid.uuid4())


def served(
    method: str,
    route: str,
    path: str,
    query: str,
    status: int,
    elapsed: float,
    cpu: float,
    client: dict,
    correlation: str,
) -> None:
    """A request answered: its metrics and its one line (the app's hooks below, and the token
    and userinfo endpoints' lean path, idp/oauth/exchange.py, which answers before them)."""
    metrics.observe_request(route, method, status, elapsed, cpu)
    requests_log.info(
        "request",
        extra={
            "method": method,
            "route": route,
            "path": path,
            "query": masked_query(query),
            "status": status,
            "duration_ms": round(elapsed * 1000, 1),
            **client,
            "correlation_id": correlation,
        },
    )


def spent_elsewhere(cpu_seconds: float) -> None:
    """CPU a request's work spent on a thread other than the request's own (a password hash,
    idp/flows/credentials/passwords.py), counted in the request's CPU."""
    if has_request_context():
        g.cpu_elsewhere = g.get("cpu_elsewhere", 0.0) + cpu_seconds


def _start() -> None:
    g.correlation_id = given_or_new(request.headers.get(HEADER))
    g.started, g.cpu_started = time.perf_counter(), time.thread_time()


def _finish(response: Response) -> Response:
    response.headers[HEADER] = g.correlation_id
    route = request.url_rule.rule if request.url_rule else "unmatched"
    served(
        request.method,
        route,
        request.path,
        request.query_string.decode("latin-1"),
        response.status_code,
        time.perf_counter() - g.started,
        time.thread_time() - g.cpu_started + g.get("cpu_elsewhere", 0.0),
        _client(),
        g.correlation_id,
    )
    return response


def init_app(app: Flask) -> None:
    configure_logging()
    app.before_request(_start)
    app.after_request(_finish)
