"""The token endpoint, read in order, and the authorization code it redeems.

POST /token, grant_type=authorization_code (AuthorizationCodeGrant):
  1. the client authenticates, by its own method (clients.py);
  2. the code is one issued to this client and not expired;
  3. the redirect_uri is the one of the authorization request;
  4. PKCE: the code_verifier matches the code's S256 challenge;
  5. the code is consumed, so that of two racing requests one wins and the other is a replay;
  6. the access token (and, with offline_access, a refresh token) is written under the
     code's grant and browser session;
  7. the ID token is signed with the client's algorithm (claims.id_token_claims says what it
     carries; keys.py signs).
Steps 2 to 6 are one statement (tokens.redeem_code): it changes nothing unless every check
holds. When it finds no code, `refusal` reads the code again to answer the error of the first
step that failed; a code that was already redeemed is a replay, and its whole refresh chain
is revoked (grants.revoke).

POST /token, grant_type=refresh_token (RefreshTokenGrant): the client authenticates, and one
statement (tokens.rotate_refresh_token) spends the refresh token — this client's, unspent,
unexpired — and writes the new access and refresh token pair in its place. A refused one is
read again (`usable`): a rotated-away token is a replay and revokes its chain.

Authlib does the protocol's parsing, client authentication and error answers; these classes
say what happens, in that order.
"""
from __future__ import annotations

from datetime import timedelta

from authlib.oauth2.rfc6749 import grants as authlib_grants
from authlib.oauth2.rfc6749.errors import (
    InvalidGrantError,
    InvalidRequestError,
    InvalidScopeError,
    UnauthorizedClientError,
)
from authlib.oauth2.rfc6749.util import scope_to_list
from authlib.oauth2.rfc7636 import CodeChallenge, create_s256_code_challenge
from authlib.oauth2.rfc7636.challenge import CODE_VERIFIER_PATTERN
from authlib.oidc.core.errors import RequestNotSupportedError, RequestURINotSupportedError
from authlib.oidc.core.grants.util import is_openid_scope, validate_nonce, validate_request_prompt
from flask import current_app
from sqlalchemy import bindparam, select

from idp import keys, metrics, observability, sessions
from idp.clients import TOKEN_ENDPOINT_AUTH_METHODS
from idp.clock import now
from idp.extensions import db
from idp.models import AuthorizationCode, Token
from idp.oauth.claims import EndUser, id_token_claims
from idp.store import grants, tokens
from idp.store.grants import digest


def _oauth_settings() -> dict:
    return current_app.config["IDP"]["oauth"]


# Read only to say why a code or a refresh token was refused (store.py spends them).
CODE_OF_CLIENT = select(AuthorizationCode).where(
    AuthorizationCode.code_hash == bindparam("code_hash"), AuthorizationCode.client_id == bindparam("client_id")
)
REFRESH_TOKEN = select(Token).where(Token.refresh_token_hash == bindparam("refresh_token_hash"))


def _replayed(what: str, chain: int | None, user_id: str, client_id: str) -> None:
    """A spent code or refresh token came back: someone holds a copy. Its chain ends."""
    observability.security_event(f"{what}_replayed", user_id, client_id=client_id)
    if chain is not None:
        grants.revoke(grants.Reason.REPLAYED, chain=chain)
    db.session.commit()


def _new_token(grant, client, include_refresh_token: bool) -> tuple[dict, dict]:
    """Fresh token strings, and the parameters that write them (store.py): a refresh token is
    kept only if the scope the statement finds is offline (the response drops it otherwise)."""
    token = grant.generate_token(user=None, scope=None, include_refresh_token=include_refresh_token)
    moment = now()
    refresh_token = token.get("refresh_token")
    return token, {
        "caller": client.client_id,
        "moment": moment,
        "new_access_token_hash": digest(token["access_token"]),
        "new_access_token_expires_at": moment + timedelta(seconds=token["expires_in"]),
        "new_refresh_token_hash": digest(refresh_token) if refresh_token else None,
        "new_refresh_token_expires_at": moment + timedelta(seconds=_oauth_settings()["refresh_token_lifetime_seconds"]),
    }


def _issued(token: dict, issued: tokens.Issued, grant_type: str) -> dict:
    metrics.TOKENS_ISSUED.labels(grant_type).inc()
    token["scope"] = issued.scope
    if not issued.refreshable:
        token.pop("refresh_token", None)
    return token


class PkceS256(CodeChallenge):
    """PKCE with S256 for every client whose registration does not say require_pkce = false."""

    SUPPORTED_CODE_CHALLENGE_METHOD = ["S256"]
    DEFAULT_CODE_CHALLENGE_METHOD = "S256"

    def validate_code_challenge(self, grant, redirect_uri):
        # Authlib's own check lets a request without a challenge through and defaults to plain.
        data = grant.request.payload.data
        if grant.request.client.require_pkce and not data.get("code_challenge"):
            raise InvalidRequestError("Missing 'code_challenge' (PKCE with S256 is required).")
        if data.get("code_challenge") and data.get("code_challenge_method") != "S256":
            raise InvalidRequestError("'code_challenge_method' must be S256.")
        super().validate_code_challenge(grant, redirect_uri)


_NONCE_USED = (
    select(AuthorizationCode.id)
    .where(AuthorizationCode.client_id == bindparam("client_id"), AuthorizationCode.nonce == bindparam("nonce")).limit(1)
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
            request.nonce_seen = db.session.scalar(
                _NONCE_USED, {"client_id": request.payload.client_id, "nonce": nonce}
            ) is not None
        return request.nonce_seen

    def validate_nonce(self, grant, redirect_uri) -> None:
        # optional in the code flow (OpenID Connect Core section 3.1.2.1), never used twice
        validate_nonce(grant.request, self.exists_nonce, required=False)

    def __call__(self, grant) -> None:
        if is_openid_scope(grant.request.payload.scope):
            grant.register_hook("after_validate_authorization_request_payload", self.validate_nonce)
            grant.register_hook("after_validate_consent_request", validate_request_prompt)


PKCE = PkceS256(required=True)


class AuthorizationCodeGrant(authlib_grants.AuthorizationCodeGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = list(TOKEN_ENDPOINT_AUTH_METHODS)

    # The authorization request: the code is made at /authorize (or its resume).

    @staticmethod
    def validate_authorization_redirect_uri(request, client):
        # Authlib falls back to a default URI when redirect_uri is absent; OpenID Connect requires it.
        if not request.payload.redirect_uri:
            raise InvalidRequestError("Missing 'redirect_uri' in request.")
        redirect_uri = request.payload.redirect_uri
        if not client.check_redirect_uri(redirect_uri):
            # Authlib's words would quote the address, which may hold what no description may
            raise InvalidRequestError("The 'redirect_uri' is not one this client registered.")
        return redirect_uri

    def validate_authorization_request(self):
        redirect_uri = super().validate_authorization_request()
        data = self.request.payload.data
        if "openid" not in scope_to_list(self.request.scope or ""):
            raise InvalidScopeError("The 'openid' scope is required.", redirect_uri=redirect_uri)
        # OpenID Connect Core §6: an OP that takes no request objects says so, rather than
        # acting on the other parameters as if the object were not there.
        if data.get("request"):
            raise RequestNotSupportedError(redirect_uri=redirect_uri)
        if data.get("request_uri"):
            raise RequestURINotSupportedError(redirect_uri=redirect_uri)
        if data.get("response_mode", "query") != "query":
            raise InvalidRequestError("Only the 'query' response_mode is supported.", redirect_uri=redirect_uri)
        max_age = data.get("max_age")
        # str.isdigit() takes "²" and other digits int() refuses: ASCII digits only.
        if max_age is not None and not (max_age.isascii() and max_age.isdigit()):
            raise InvalidRequestError("'max_age' must be a whole number of seconds.", redirect_uri=redirect_uri)
        return redirect_uri

    def save_authorization_code(self, code: str, request) -> None:
        """The code, under the grant of this account and service (made or brought up to
        date), naming the browser session the person signed in with."""
        browser_session = sessions.current()
        data = request.payload.data
        user_id, client_id = request.user.user.id, request.client.client_id
        moment = now()
        tokens.issue_code({
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
            "expires_at": moment + timedelta(seconds=_oauth_settings()["authorization_code_lifetime_seconds"]),
        })
        sessions.signed_in_to(browser_session, client_id)

    # The token request, in order.

    def validate_token_request(self) -> None:
        client = self.authenticate_token_endpoint_client()  # 1
        if not client.check_grant_type(self.GRANT_TYPE):
            raise UnauthorizedClientError(f"The client is not authorized to use 'grant_type={self.GRANT_TYPE}'")
        if self.request.form.get("code") is None:
            raise InvalidRequestError("Missing 'code' in request.")
        self.request.client = client

    def create_token_response(self):
        client, code = self.request.client, self.request.form["code"]
        verifier = self.request.form.get("code_verifier")
        challenge = create_s256_code_challenge(verifier) if verifier and CODE_VERIFIER_PATTERN.match(verifier) else None
        token, parameters = _new_token(self, client, client.check_grant_type("refresh_token"))
        # 2-6 in one statement: the code of this client, unexpired, unspent, asked with this
        # redirect_uri and the challenge of this verifier, is spent and its token written.
        issued = None if verifier and challenge is None else tokens.redeem_code({
            **parameters, "presented_code_hash": digest(code), "asked_redirect_uri": self.request.payload.redirect_uri,
            "verifier_challenge": challenge, "verifier_method": "S256" if challenge else None,
        })
        if issued is None:
            self.refusal(code, client)
            raise InvalidGrantError("Invalid 'code' in request.")
        person = EndUser(issued.person, client)
        self.request.user = person
        token = _issued(token, issued, self.GRANT_TYPE)
        if is_openid_scope(issued.scope):  # 7
            token["id_token"] = keys.sign(id_token_claims(person, issued.row, token["access_token"]), client.id_token_signed_response_alg)
        return 200, token, self.TOKEN_RESPONSE_HEADER

    def refusal(self, code: str, client) -> None:
        """Why the code was not redeemed, as steps 2-4 word it; a spent code is a replay."""
        found = db.session.scalar(CODE_OF_CLIENT, {"code_hash": digest(code), "client_id": client.client_id})
        if found is None:
            return
        if found.redeemed_at is not None:
            _replayed("authorization_code", found.id, found.user_id, client.client_id)
            return
        if found.expires_at <= now():
            return
        if self.request.payload.redirect_uri != found.redirect_uri:
            raise InvalidGrantError("Invalid 'redirect_uri' in request.")
        self.request.authorization_code = found
        PKCE.validate_code_verifier(self, None)

    # Authlib's own token-side hooks are replaced by the steps above.
    def query_authorization_code(self, code, client):
        raise NotImplementedError

    def authenticate_user(self, authorization_code):
        raise NotImplementedError

    def delete_authorization_code(self, authorization_code) -> None:
        """Redeemed codes are kept (step 5) so that a replay can be recognised."""


class RefreshTokenGrant(authlib_grants.RefreshTokenGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = list(TOKEN_ENDPOINT_AUTH_METHODS)
    INCLUDE_NEW_REFRESH_TOKEN = True

    def validate_token_request(self) -> None:
        client = self.authenticate_token_endpoint_client()
        if not client.check_grant_type(self.GRANT_TYPE):
            raise UnauthorizedClientError(f"The client is not authorized to use 'grant_type={self.GRANT_TYPE}'")
        refresh_token = self.request.form.get("refresh_token")
        if refresh_token is None:
            raise InvalidRequestError("Missing 'refresh_token' in request.")
        self.request.client = client
        # A narrower scope is checked against the grant's before the token is spent.
        if self.request.payload.scope:
            self._validate_token_scope(self.usable(refresh_token, client))

    def create_token_response(self):
        client, presented = self.request.client, self.request.form["refresh_token"]
        token, parameters = _new_token(self, client, True)
        issued = tokens.rotate_refresh_token({
            **parameters, "presented_refresh_token_hash": digest(presented), "asked_scope": self.request.payload.scope or None,
        })
        if issued is None:
            self.usable(presented, client)
            raise InvalidGrantError()
        self.request.user = EndUser(issued.person, client)
        return 200, _issued(token, issued, self.GRANT_TYPE), self.TOKEN_RESPONSE_HEADER

    def usable(self, refresh_token: str, client) -> Token:
        """The presented refresh token, when it is this client's, unspent and unexpired;
        otherwise invalid_grant, and a spent one is a replay that ends its chain."""
        found = db.session.scalar(REFRESH_TOKEN, {"refresh_token_hash": digest(refresh_token)})
        if found is None:
            raise InvalidGrantError()
        if found.revoked_at is not None:
            _replayed("refresh_token", found.authorization_code_id, found.user_id, found.client_id)
            raise InvalidGrantError()
        if found.refresh_token_expires_at <= now() or found.client_id != client.client_id:
            raise InvalidGrantError()
        return found

    def authenticate_refresh_token(self, refresh_token):
        raise NotImplementedError

    def authenticate_user(self, refresh_token):
        raise NotImplementedError

    def revoke_old_credential(self, refresh_token) -> None:
        """Revoked already, when it was redeemed."""
