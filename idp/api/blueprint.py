from flask import Blueprint
from werkzeug.exceptions import HTTPException

from idp.api.envelope import fail
from idp.errors import FlowError
from idp.extensions import db

bp = Blueprint("api", __name__, url_prefix="/v1")


@bp.errorhandler(FlowError)
def flow_error(error: FlowError):
    db.session.rollback()
    return fail(error.code, error.status, error.data)


@bp.errorhandler(HTTPException)
def http_error(error: HTTPException):
    db.session.rollback()
    # 400/405/413/415 and friends: the request itself was not acceptable.
    return fail("30" if error.code == 404 else "23", error.code or 400)


@bp.errorhandler(Exception)
def unexpected_error(error: Exception):
    db.session.rollback()
    from flask import current_app

    current_app.logger.exception("unexpected error in /v1")
    return fail("7", 500)
