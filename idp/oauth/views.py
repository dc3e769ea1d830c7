"""HTTP endpoints of the provider: authorize, resume, par, token, revoke, introspect, userinfo, logout."""
from __future__ import annotations

from flask import Blueprint, jsonify, request

from idp import sessions
from idp.extensions import db
from idp.oauth import interaction, logout, par
from idp.oauth.authorize import authorize
from idp.oauth.pages import error_page
from idp.oauth.server import StoredAuthorizationRequest, server

bp = Blueprint("oauth", __name__, static_folder="static", static_url_path="/oauth/static")

# RFC 6749 Appendix A: every parameter of the protocol is printable ASCII; Authlib cannot even
# word an error about anything else. login_hint is free text (the person's own address).
FREE_TEXT = frozenset({"login_hint"})
# Endpoints a person's browser opens. Where the service and its return address are sound, a
# bad parameter goes back to the service as invalid_request (authorize.py's own checks);
# a bad address or name of the service itself gets the bilingual page, since nothing says
# where the person could safely be sent.
BROWSER_ENDPOINTS = frozenset({"oauth.authorization_endpoint", "oauth.resume", "oauth.logout"})
ADDRESSING = frozenset({"client_id", "redirect_uri", "response_type", "response_mode", "post_logout_redirect_uri", "id_token_hint"})


@bp.before_request
def refuse_unprintable_parameters():
    browser = request.endpoint in BROWSER_ENDPOINTS
    for source in (request.args, request.form):
        for name, values in source.lists():
            if _printable(name) and (name in FREE_TEXT or all(_printable(value) for value in values)):
                continue
            if not browser:
                error = {"error": "invalid_request", "error_description": "A parameter holds characters outside printable ASCII."}
                return _no_store(jsonify(error)), 400
            if name in ADDRESSING or not _printable(name):
                return error_page("bad_request")
    return None


def _printable(text: str) -> bool:
    """Printable ASCII (0x20 to 0x7e): for ASCII text, what str.isprintable says, at C speed."""
    return text.isascii() and text.isprintable()


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
    taken = interaction.take(uid, sessions.current())
    if taken is None:
        db.session.commit()
        return error_page("interaction")
    waiting, nonce_seen = taken
    response = authorize(StoredAuthorizationRequest(waiting.params, nonce_seen),
                         login_completed=waiting.login_completed_at is not None)
    db.session.commit()
    return _no_store(response)


@bp.post("/token")
def token_endpoint():
    response = server().create_token_response()
    db.session.commit()
    return _no_store(response)


@bp.post("/par")
def pushed_authorization_request_endpoint():
    response = par.push()
    db.session.commit()
    return _no_store(response)


@bp.post("/revoke")
def revocation_endpoint():
    response = server().create_endpoint_response("revocation")
    db.session.commit()
    return _no_store(response)


@bp.post("/introspect")
def introspection_endpoint():
    response = server().create_endpoint_response("introspection")
    db.session.commit()
    return _no_store(response)


@bp.route("/userinfo", methods=["GET", "POST"])
def userinfo_endpoint():
    return _no_store(server().create_endpoint_response("userinfo"))


bp.add_url_rule("/logout", "logout", logout.logout, methods=["GET", "POST"])
