from flask import Blueprint, current_app
from sqlalchemy.exc import IntegrityError, InterfaceError, OperationalError
from werkzeug.exceptions import HTTPException

from idp import sessions
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
    return fail(*_cause(error))


def _cause(error: FlowError) -> tuple[Errors, dict]:
    """A step that does not fit its journey, or a signed-in page nobody is signed in to, told
    by its cause: a session that expired or a browser that lost it says so (the words and
    what to do differ); with the session there, another tab moved the journey on. A signed-in
    page without any cookie is a browser never signed in, or signed out: nothing was lost."""
    if error.error not in (Errors.STEP_OUT_OF_ORDER, Errors.SIGN_IN_REQUIRED):
        return error.error, error.data
    absent = sessions.why_absent()
    if absent is None or (error.error is Errors.SIGN_IN_REQUIRED and absent[0] is Errors.SESSION_LOST):
        return error.error, error.data
    return absent


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
