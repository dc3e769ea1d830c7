"""RP-initiated logout (end_session_endpoint).

A hint (id_token_hint) that speaks of the person signed in in this browser signs out at
once, expired or not, as the specification advises. A client_id with one of its registered
post_logout_redirect_uris goes back there without a hint. Any other request — no hint, another
person's token, a token for a browser nobody is signed in to — asks the person first, and
the confirmation form carries a token bound to the browser session, so no other site can
post it. A bad hint or a post_logout_redirect_uri the client has not registered gets the
error page: no sign-out and no redirect.
"""

from __future__ import annotations

import hashlib
import hmac

from authlib.oauth2 import OAuth2Error
from authlib.oidc.rpinitiated import EndSessionEndpoint
from flask import Flask, current_app, request

from idp import keys, sessions
from idp.clients import query_client
from idp.extensions import db
from idp.models import BrowserSession, User
from idp.oauth.claims import EndUser
from idp.oauth.pages import error_page, render_page
from idp.oauth.server import EXTENSION, server

# Carried through the confirmation form so the decision made on GET is kept on POST.
FORWARDED = ("client_id", "state", "ui_locales", "logout_hint", "id_token_hint", "post_logout_redirect_uri")


class EndSession(EndSessionEndpoint):
    def get_server_jwks(self) -> dict:
        return keys.public_jwks()

    def get_algorithms(self) -> list[str]:
        return keys.algorithms()

    def end_session(self, end_session_request) -> None:
        sessions.end(sessions.current())

    def is_post_logout_redirect_uri_legitimate(self, request, post_logout_redirect_uri, client, logout_hint) -> bool:
        # Without id_token_hint (as login.gov's services sign out: client_id and the address),
        # the address is one the client registered, and a signed-in person is asked first.
        return True


def _hint_names_the_person(end_request, browser_session: BrowserSession) -> bool:
    """The hint's subject is the signed-in person's subject for the hint's client."""
    claims = end_request.id_token_claims
    if not claims:
        return False
    client = end_request.client or query_client(claims.get("aud") if isinstance(claims.get("aud"), str) else None)
    user = db.session.get(User, browser_session.user_id)
    return (
        client is not None
        and user is not None
        and hmac.compare_digest(EndUser(user, client).sub, str(claims.get("sub", "")))
    )


def form_token(browser_session: BrowserSession) -> str:
    """The confirmation form's token: only a page this browser session was shown can post it."""
    key = current_app.config["SECRET_KEY"].encode()
    return hmac.new(key, f"logout\x00{browser_session.token_hash}".encode(), hashlib.sha256).hexdigest()


def _confirmed(browser_session: BrowserSession) -> bool:
    if request.method != "POST" or request.form.get("confirm") != "yes":
        return False
    return hmac.compare_digest(request.form.get("token", ""), form_token(browser_session))


def logout():
    try:
        end_request = server().validate_endpoint_request("end_session")
    except OAuth2Error:
        return error_page("logout")
    if request.values.get("post_logout_redirect_uri") and end_request.redirect_uri is None:
        return error_page("logout")
    browser_session = sessions.current()
    signed_in = browser_session is not None and browser_session.user_id is not None
    if signed_in and not _hint_names_the_person(end_request, browser_session) and not _confirmed(browser_session):
        fields = {name: request.values[name] for name in FORWARDED if request.values.get(name)}
        return render_page("confirm_logout.html", fields=fields, token=form_token(browser_session))
    response = server().create_endpoint_response("end_session", end_request)
    db.session.commit()
    return response or render_page("signed_out.html")


def init_app(app: Flask) -> None:
    app.extensions[EXTENSION].register_endpoint(EndSession)
