"""HTTP endpoints of the provider: authorize, resume, par, token, revoke, introspect, userinfo, logout."""

from __future__ import annotations

from authlib.oauth2.rfc6749 import InvalidClientError, InvalidRequestError
from flask import Blueprint, jsonify, request

from idp import sessions
from idp.extensions import db
from idp.oauth import errors, logout, par, parameters, transport
from idp.oauth.authorize import authorize
from idp.oauth.pages import error_page
from idp.oauth.server import StoredAuthorizationRequest, server
from idp.sessions import interaction
from idp.store import writes

bp = Blueprint("oauth", __name__, static_folder="static", static_url_path="/oauth/static")

# Endpoints a person's browser opens. Where the service and its return address are sound, a
# bad parameter goes back to the service as invalid_request (token.py's check, once the
# redirect_uri is known); a bad address or name of the service itself gets the bilingual page,
# since nothing says where the person could safely be sent.
BROWSER_ENDPOINTS = frozenset({"oauth.authorization_endpoint", "oauth.resume", "oauth.logout"})
# Endpoints where a client authenticates (its Basic credentials, when it sends them).
CLIENT_ENDPOINTS = frozenset(
    {
        "oauth.token_endpoint",
        "oauth.pushed_authorization_request_endpoint",
        "oauth.revocation_endpoint",
        "oauth.introspection_endpoint",
    }
)


@bp.before_request
def refuse_unreadable_input():
    """transport.py's rule and parameters.py's, before any endpoint runs: TLS, readable
    parameters no longer than their columns, and at the endpoints where a client
    authenticates, each parameter once."""
    browser = request.endpoint in BROWSER_ENDPOINTS
    if not transport.secure(request.environ):
        if browser:
            return error_page("insecure")
        return _no_store(server().handle_error_response(None, InvalidRequestError(errors.INSECURE)))
    if request.endpoint in CLIENT_ENDPOINTS and not parameters.basic_credentials_readable(
        request.headers.get("Authorization")
    ):
        refused = InvalidClientError(
            description="The Basic credentials must be the client's form-encoded id and secret, in base64: "
            "form-encode each, join them with a colon, encode that in base64 (RFC 6749 section 2.3.1)."
        )
        refused.status_code = 401
        return _no_store(server().handle_error_response(None, refused))
    for source in (request.args, request.form):
        refused = parameters.refused(source)
        if refused is None:
            continue
        name, description = refused
        if not browser:
            return _no_store(jsonify({"error": "invalid_request", "error_description": description})), 400
        if name in parameters.ADDRESSING or not parameters.printable(name):
            return error_page("bad_request")
    name = parameters.repeated(request.args, request.form) if request.endpoint in CLIENT_ENDPOINTS else None
    if name is not None:
        return _no_store(server().handle_error_response(None, InvalidRequestError(errors.repeated(name))))
    return None


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
    response = authorize(
        StoredAuthorizationRequest(waiting.params, nonce_seen), login_completed=waiting.login_completed_at is not None
    )
    # the code under its grant and the session's list of services, handed to the commit
    writes.commit()
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
