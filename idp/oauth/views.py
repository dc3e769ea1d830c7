"""HTTP endpoints of the provider: authorize, resume, token, userinfo, logout."""
from __future__ import annotations

from flask import Blueprint

from idp import sessions
from idp.extensions import db
from idp.oauth import interaction, logout
from idp.oauth.authorize import authorize
from idp.oauth.pages import error_page
from idp.oauth.server import StoredAuthorizationRequest, server

bp = Blueprint("oauth", __name__, static_folder="static", static_url_path="/oauth/static")


def _no_store(response):
    response.headers["Cache-Control"] = "no-store"
    response.headers["Pragma"] = "no-cache"
    return response


@bp.route("/authorize", methods=["GET", "POST"])
def authorization_endpoint():
    response = authorize()
    db.session.commit()
    return _no_store(response)


@bp.get("/authorize/resume/<uid>")
def resume(uid: str):
    waiting = interaction.take(uid, sessions.current())
    if waiting is None:
        db.session.commit()
        return error_page("interaction")
    response = authorize(StoredAuthorizationRequest(waiting.params), login_completed=waiting.login_completed_at is not None)
    db.session.commit()
    return _no_store(response)


@bp.post("/token")
def token_endpoint():
    response = server().create_token_response()
    db.session.commit()
    return _no_store(response)


@bp.route("/userinfo", methods=["GET", "POST"])
def userinfo_endpoint():
    return _no_store(server().create_endpoint_response("userinfo"))


bp.add_url_rule("/logout", "logout", logout.logout, methods=["GET", "POST"])
