"""RP-initiated logout (end_session_endpoint).

A valid id_token_hint signs out at once; without one the person confirms first, as the
specification advises. A bad hint or a post_logout_redirect_uri the client has not
registered gets the error page: no sign-out and no redirect.
"""
from __future__ import annotations

from authlib.oauth2 import OAuth2Error
from authlib.oidc.rpinitiated import EndSessionEndpoint
from flask import Flask, request

from idp import sessions
from idp.extensions import db
from idp.oauth import keys
from idp.oauth.pages import error_page, render_page
from idp.oauth.server import EXTENSION, server

# Carried through the confirmation form so the decision made on GET is kept on POST.
FORWARDED = ("client_id", "state", "ui_locales", "logout_hint")


class EndSession(EndSessionEndpoint):
    def get_server_jwks(self) -> dict:
        return keys.public_jwks()

    def get_algorithms(self) -> list[str]:
        return ["RS256"]

    def end_session(self, end_session_request) -> None:
        sessions.end(sessions.current())


def logout():
    try:
        end_request = server().validate_endpoint_request("end_session")
    except OAuth2Error:
        return error_page("logout")
    if request.values.get("post_logout_redirect_uri") and end_request.redirect_uri is None:
        return error_page("logout")
    confirmed = request.method == "POST" and request.form.get("confirm") == "yes"
    if end_request.needs_confirmation and not confirmed:
        fields = {name: request.values[name] for name in FORWARDED if request.values.get(name)}
        return render_page("confirm_logout.html", fields=fields)
    response = server().create_endpoint_response("end_session", end_request)
    db.session.commit()
    return response or render_page("signed_out.html")


def init_app(app: Flask) -> None:
    app.extensions[EXTENSION].register_endpoint(EndSession)
