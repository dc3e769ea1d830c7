"""The authorization request, as Authlib's code grant validates it at /authorize (and its
resume), and the code it makes: the redirect_uri required and registered, openid required, no
request objects but pushed or signed ones (authorize.py), the query response mode, max_age a
whole number; PKCE with S256 (PkceS256); the nonce never seen before and prompt honoured
(OpenIDConnect). The code is written under the grant of its account and service, naming the
browser session the person signed in with. The token endpoint's side is token.py's.
"""

from __future__ import annotations

from datetime import timedelta

from authlib.oauth2.rfc6749.errors import InvalidRequestError, InvalidScopeError
from authlib.oauth2.rfc6749.util import scope_to_list
from authlib.oauth2.rfc7636 import CodeChallenge
from authlib.oidc.core.errors import RequestNotSupportedError, RequestURINotSupportedError
from authlib.oidc.core.grants.util import is_openid_scope, validate_nonce, validate_request_prompt
from flask import current_app
from sqlalchemy import bindparam, select

from idp import sessions
from idp.clock import now
from idp.extensions import db
from idp.models import AuthorizationCode
from idp.sessions import relying
from idp.store import grants
from idp.store.grants import digest


class PkceS256(CodeChallenge):
    """PKCE with S256 for every client whose registration does not say require_pkce = false."""

    SUPPORTED_CODE_CHALLENGE_METHOD = ["S256"]
    DEFAULT_CODE_CHALLENGE_METHOD = "S256"

    def validate_code_challenge(self, grant, redirect_uri):
        # Authlib's own check lets a request without a challenge through and defaults to plain.
        data = grant.request.payload.data
        if grant.request.client.require_pkce and not data.get("code_challenge"):
            raise InvalidRequestError(
                "Missing 'code_challenge': send code_challenge, "
                "BASE64URL(SHA256(code_verifier)), with code_challenge_method=S256."
            )
        if data.get("code_challenge") and data.get("code_challenge_method") != "S256":
            raise InvalidRequestError(
                "'code_challenge_method' must be S256: send code_challenge_method=S256 (plain is refused)."
            )
        super().validate_code_challenge(grant, redirect_uri)


_NONCE_USED = (
    select(AuthorizationCode.id)
    .where(AuthorizationCode.client_id == bindparam("client_id"), AuthorizationCode.nonce == bindparam("nonce"))
    .limit(1)
)


class OpenIDConnect:
    """What OpenID Connect adds to the authorization request: its nonce, when given, never
    seen before, and prompt is honoured (Authlib's checks). The ID token itself is step 7 of
    the token endpoint below."""

    @staticmethod
    def exists_nonce(nonce: str, request) -> bool:
        # Authlib validates a request twice when a code is issued (the consent grant, then the
        # response, authorize.py): the answer is kept on the request, one SELECT.
        if getattr(request, "nonce_seen", None) is None:
            request.nonce_seen = (
                db.session.scalar(_NONCE_USED, {"client_id": request.payload.client_id, "nonce": nonce}) is not None
            )
        return request.nonce_seen

    def validate_nonce(self, grant, redirect_uri) -> None:
        # optional in the code flow (OpenID Connect Core section 3.1.2.1), never used twice
        validate_nonce(grant.request, self.exists_nonce, required=False)

    def __call__(self, grant) -> None:
        if is_openid_scope(grant.request.payload.scope):
            grant.register_hook("after_validate_authorization_request_payload", self.validate_nonce)
            grant.register_hook("after_validate_consent_request", validate_request_prompt)


PKCE = PkceS256(required=True)


class AuthorizationRequest:
    """The code grant's authorization-request side (mixed into token_grants.AuthorizationCodeGrant)."""

    @staticmethod
    def validate_authorization_redirect_uri(request, client):
        # Authlib falls back to a default URI when redirect_uri is absent; OpenID Connect requires it.
        if not request.payload.redirect_uri:
            raise InvalidRequestError("Missing 'redirect_uri': send one of the addresses registered for this client.")
        redirect_uri = request.payload.redirect_uri
        if not client.check_redirect_uri(redirect_uri):
            # Authlib's words would quote the address, which may hold what no description may
            raise InvalidRequestError(
                "The 'redirect_uri' is not one this client registered: send a registered address "
                "exactly as registered, or register this one."
            )
        return redirect_uri

    def validate_authorization_request(self):
        redirect_uri = super().validate_authorization_request()  # Authlib's, after this mixin
        data = self.request.payload.data
        if "openid" not in scope_to_list(self.request.scope or ""):
            raise InvalidScopeError("The 'openid' scope is required: add openid to scope.", redirect_uri=redirect_uri)
        # OpenID Connect Core §6: an OP that takes no request objects says so, rather than
        # acting on the other parameters as if the object were not there.
        if data.get("request"):
            raise RequestNotSupportedError(redirect_uri=redirect_uri)
        if data.get("request_uri"):
            raise RequestURINotSupportedError(redirect_uri=redirect_uri)
        if data.get("response_mode", "query") != "query":
            raise InvalidRequestError(
                "Only the 'query' response_mode is supported: leave response_mode out, or send query.",
                redirect_uri=redirect_uri,
            )
        max_age = data.get("max_age")
        # str.isdigit() takes "²" and other digits int() refuses: ASCII digits only.
        if max_age is not None and not (max_age.isascii() and max_age.isdigit()):
            raise InvalidRequestError(
                "'max_age' must be a whole number of seconds, such as 300.", redirect_uri=redirect_uri
            )
        return redirect_uri

    def save_authorization_code(self, code: str, request) -> None:
        """The code, under the grant of this account and service (made or brought up to
        date), naming the browser session the person signed in with."""
        browser_session = sessions.current()
        data = request.payload.data
        user_id, client_id = request.user.user.id, request.client.client_id
        moment = now()
        grants.issue_code(
            {
                "code_hash": digest(code),
                "client_id": client_id,
                "user_id": user_id,
                "sid": browser_session.sid,
                "redirect_uri": request.payload.redirect_uri,
                "scope": request.scope,
                "nonce": data.get("nonce"),
                "code_challenge": data.get("code_challenge"),
                "code_challenge_method": data.get("code_challenge_method"),
                "auth_time": browser_session.auth_time,
                "amr": browser_session.amr,
                "acr": browser_session.acr,
                "created_at": moment,
                "expires_at": moment
                + timedelta(seconds=current_app.config["IDP"]["oauth"]["authorization_code_lifetime_seconds"]),
            }
        )
        relying.signed_in_to(browser_session, client_id)
