"""Liveness and readiness probes, and the answer of a request while the database is
unreachable: 503 with a JSON error (the OIDC back-channel endpoints) or the bilingual
error page (pages a person sees); /v1 answers its envelope with code 35
(idp/api/blueprint.py). Nothing is kept in the process: the pool replaces dead
connections, so the same process recovers once the database answers again."""
import logging

from flask import Blueprint, jsonify, request
from sqlalchemy import text
from sqlalchemy.exc import InterfaceError, OperationalError, SQLAlchemyError

from idp.database import RETRY_AFTER_SECONDS, rollback
from idp.extensions import db
from idp.oauth.pages import error_page

bp = Blueprint("health", __name__)
log = logging.getLogger("idp.health")

# Endpoints relying services call with a program, not a browser.
JSON_ENDPOINTS = ("/token", "/userinfo", "/jwks", "/.well-known/", "/metrics")


@bp.get("/healthz")
def healthz():
    return jsonify(status="ok")


@bp.get("/readyz")
def readyz():
    try:
        db.session.execute(text("SELECT 1"))
    except SQLAlchemyError:
        rollback()
        return jsonify(status="unavailable", database="unreachable"), 503
    return jsonify(status="ok", database="ok")


@bp.app_errorhandler(OperationalError)
@bp.app_errorhandler(InterfaceError)
def database_unreachable(error: SQLAlchemyError):
    rollback()
    log.error("database unreachable", extra={"error": type(error.orig).__name__ if error.orig else type(error).__name__})
    if request.path.startswith(JSON_ENDPOINTS):
        response, status = jsonify(error="temporarily_unavailable"), 503
    else:
        response, status = error_page("unavailable", 503), 503
    response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response, status
