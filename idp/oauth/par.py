"""Pushed authorization requests (RFC 9126): a client sends its authorization request to
POST /par, authenticated as at /token, and gets a request_uri good once and for 60 seconds;
the browser then goes to /authorize with client_id and that request_uri alone, so that the
request's parameters never travel through the browser and cannot be changed there.

The push is checked as /authorize checks a request (client, exact redirect_uri, scope, PKCE,
nonce...), without the person; what depends on them (prompt=none) is decided at /authorize.
A client registered with require_pushed_authorization_requests may use no other way.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from authlib.oauth2 import OAuth2Error
from authlib.oauth2.rfc6749.errors import InvalidRequestError
from authlib.oidc.core.errors import AccountSelectionRequiredError, ConsentRequiredError, LoginRequiredError
from flask import jsonify, request
from sqlalchemy import delete

from idp.clients import TOKEN_ENDPOINT_AUTH_METHODS
from idp.clock import now
from idp.extensions import db
from idp.models import PushedRequest
from idp.oauth import parameters, request_objects
from idp.oauth.server import StoredAuthorizationRequest, issuer, server
from idp.sessions.interaction import KEPT_PARAMETERS
from idp.store.grants import digest

URN = "urn:ietf:params:oauth:request_uri:"
LIFETIME_SECONDS = 60
# Parameters of the client's authentication: not part of the authorization request.
CLIENT_AUTHENTICATION = frozenset({"client_secret", "client_assertion", "client_assertion_type"})
# Decided at /authorize, where the person is known.
ABOUT_THE_PERSON = (LoginRequiredError, ConsentRequiredError, AccountSelectionRequiredError)


def push():
    """POST /par: 201 {request_uri, expires_in}, or the OAuth error as JSON. The caller commits
    either way (an assertion's jti is spent even when the request it came with is refused)."""
    oauth_request = server().create_oauth2_request(request)

    def _refused(error: OAuth2Error):
        error.redirect_uri = None  # a push is answered to the client itself, never redirected
        return server().handle_error_response(oauth_request, error)

    try:
        client = server().authenticate_client(
            oauth_request, list(TOKEN_ENDPOINT_AUTH_METHODS), "pushed_authorization_request"
        )
    except OAuth2Error as error:
        return _refused(error)
    # a form client_id is the client's own (client_auth.RegisteredMethods refuses another's)
    params = {name: value for name, value in request.form.items() if name not in CLIENT_AUTHENTICATION} | {
        "client_id": client.client_id
    }
    if params.get("request") and request_objects.accepted_from(client):
        try:
            params = {**request_objects.unpacked(client, params["request"], issuer()), "client_id": client.client_id}
        except OAuth2Error as error:
            return _refused(error)
    refused = parameters.refused(params)  # a request object's (the door of views.py read the form's)
    if refused is not None:
        return _refused(InvalidRequestError(refused[1]))
    if "request_uri" in params:
        return _refused(
            InvalidRequestError("A pushed request may not carry a request_uri: push the request's own parameters.")
        )
    try:
        server().get_consent_grant(StoredAuthorizationRequest(params), end_user=None)
    except ABOUT_THE_PERSON:
        pass
    except OAuth2Error as error:
        return _refused(error)
    handle = secrets.token_urlsafe(32)
    db.session.add(
        PushedRequest(
            handle_hash=digest(handle),
            client_id=client.client_id,
            params={name: params[name] for name in KEPT_PARAMETERS if params.get(name)},
            expires_at=now() + timedelta(seconds=LIFETIME_SECONDS),
        )
    )
    response = jsonify({"request_uri": URN + handle, "expires_in": LIFETIME_SECONDS})
    response.status_code = 201
    return response


def take(client_id: str | None, request_uri: str) -> dict | None:
    """The pushed request's parameters, once, for the client that pushed it and until it
    expires; None otherwise. The caller commits."""
    if not client_id or not request_uri.startswith(URN):
        return None
    taken = db.session.execute(
        delete(PushedRequest)
        .where(PushedRequest.handle_hash == digest(request_uri[len(URN) :]), PushedRequest.client_id == client_id)
        .returning(PushedRequest.params, PushedRequest.expires_at)
        .execution_options(synchronize_session=False)
    ).first()
    if taken is None or taken.expires_at <= now():
        return None
    return taken.params
