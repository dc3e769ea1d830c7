from flask import Blueprint, current_app
from sqlalchemy.exc import IntegrityError, InterfaceError, OperationalError
from werkzeug.exceptions import HTTPException

from idp.api.envelope import fail
from idp.database import RETRY_AFTER_SECONDS, rollback
from idp.errors import Errors, FlowError
from idp.extensions import db

bp = Blueprint("api", __name__, url_prefix="/v1")

# What the request itself got wrong, by the HTTP status werkzeug raised.
HTTP_ERRORS = {
    404: Errors.NOT_FOUND,
    405: Errors.METHOD_NOT_ALLOWED,
    413: Errors.TOO_LARGE,
    415: Errors.NOT_JSON,
}


@bp.errorhandler(FlowError)
def flow_error(error: FlowError):
    db.session.rollback()
    return fail(error.error, error.data)


@bp.errorhandler(IntegrityError)
def conflicting_request(error: IntegrityError):
    # Two requests of one browser raced to start the same journey: the loser starts again.
    db.session.rollback()
    return fail(Errors.STEP_OUT_OF_ORDER)


@bp.errorhandler(OperationalError)
@bp.errorhandler(InterfaceError)
def database_unreachable(error):
    # Nothing was committed: the person may try again once the database answers.
    rollback()
    current_app.logger.error("database unreachable")
    return fail(Errors.SERVICE_UNAVAILABLE, {"retryAfter": RETRY_AFTER_SECONDS})


@bp.errorhandler(HTTPException)
def http_error(error: HTTPException):
    db.session.rollback()
    return fail(HTTP_ERRORS.get(error.code, Errors.BAD_REQUEST))


@bp.errorhandler(Exception)
def unexpected_error(error: Exception):
    db.session.rollback()
    current_app.logger.exception("unexpected error in /v1")
    return fail(Errors.SERVER_ERROR)
