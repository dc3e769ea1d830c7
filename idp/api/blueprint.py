from flask import Blueprint, current_app
from sqlalchemy.exc import IntegrityError
from werkzeug.exceptions import HTTPException

from idp.api.envelope import fail
from idp.errors import FlowError
from idp.extensions import db

bp = Blueprint("api", __name__, url_prefix="/v1")


@bp.errorhandler(FlowError)
def flow_error(error: FlowError):
    db.session.rollback()
    response, status = fail(error.code, error.status, error.data)
    if "retryAfter" in error.data:
        response.headers["Retry-After"] = str(error.data["retryAfter"])
    return response, status


@bp.errorhandler(IntegrityError)
def conflicting_request(error: IntegrityError):
    # Two requests of one browser raced to start the same journey: the loser starts again.
    db.session.rollback()
    return fail("20", 409)


@bp.errorhandler(HTTPException)
def http_error(error: HTTPException):
    db.session.rollback()
    # 400/405/413/415 and friends: the request itself was not acceptable.
    return fail("30" if error.code == 404 else "23", error.code or 400)


@bp.errorhandler(Exception)
def unexpected_error(error: Exception):
    db.session.rollback()
    current_app.logger.exception("unexpected error in /v1")
    return fail("7", 500)
