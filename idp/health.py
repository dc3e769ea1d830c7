"""Liveness and readiness probes, and the answer of a request while the database is
unreachable: 503 with a JSON error (the OIDC back-channel endpoints) or the bilingual
error page (pages a person sees); /v1 answers its envelope with code 35
(idp/api/blueprint.py). Nothing is kept in the process: the pool replaces dead
connections, so the same process recovers once the database answers again.

/readyz is 503 when this instance cannot do its work: the database does not answer, or
(with a queue) Redis does not, since no code could then be sent. It also says how many job
workers are alive (JobQueue.live_workers); none is an alert (docs/operations.md), not a
reason to take the web instance out: what it queues waits for the workers.

Both probes also ask what the packages above add (add_check): on the management port, whether
the machine's web server answers (idp/management.py), so that a probe there never says ready
for an instance whose web server is dead. Neither answer is ever cached."""

import logging
from collections.abc import Callable

from flask import Blueprint, Flask, current_app, jsonify, request
from redis.exceptions import RedisError
from sqlalchemy import text
from sqlalchemy.exc import InterfaceError, OperationalError, SQLAlchemyError

from idp.database import RETRY_AFTER_SECONDS, rollback
from idp.extensions import db
from idp.jobs.kinds import QUEUE
from idp.oauth.pages import error_page

bp = Blueprint("health", __name__)
log = logging.getLogger("idp.health")

# Endpoints relying services call with a program, not a browser.
JSON_ENDPOINTS = ("/token", "/userinfo", "/jwks", "/.well-known/", "/metrics")
# The checks packages above add to both probes (add_check), by name: each answers whether what it
# checks answers, or None where it has nothing to say.
CHECKS = "idp.health.checks"


def add_check(app: Flask, name: str, check: Callable[[], bool | None]) -> None:
    app.extensions.setdefault(CHECKS, {})[name] = check


def _answer(answer: dict):
    for name, check in current_app.extensions.get(CHECKS, {}).items():
        holds = check()
        if holds is not None:
            answer[name] = "ok" if holds else "unreachable"
            if not holds:
                answer["status"] = "unavailable"
    response = jsonify(answer)
    response.headers["Cache-Control"] = "no-store"
    return response, 200 if answer["status"] == "ok" else 503


@bp.get("/healthz")
def healthz():
    return _answer({"status": "ok"})


@bp.get("/readyz")
def readyz():
    answer = {"status": "ok", "database": "ok"}
    try:
        db.session.execute(text("SELECT 1"))
    except SQLAlchemyError:
        rollback()
        answer.update(status="unavailable", database="unreachable")
    jobs = current_app.extensions.get(QUEUE)
    if jobs is not None:
        try:
            answer.update(queue="ok", workers=jobs.live_workers())
        except RedisError:
            answer.update(status="unavailable", queue="unreachable")
    return _answer(answer)


@bp.app_errorhandler(OperationalError)
@bp.app_errorhandler(InterfaceError)
def database_unreachable(error: SQLAlchemyError):
    rollback()
    log.error(
        "database unreachable", extra={"error": type(error.orig).__name__ if error.orig else type(error).__name__}
    )
    if request.path.startswith(JSON_ENDPOINTS):
        response, status = jsonify(error="temporarily_unavailable"), 503
    else:
        response, status = error_page("unavailable", 503), 503
    response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response, status
