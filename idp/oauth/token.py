"""The token endpoint, read in order, and the authorization code it redeems.

POST /token, grant_type=authorization_code (AuthorizationCodeGrant):
  1. the client authenticates, by its own method (clients.py);
  2. the code is found: issued to this client and not expired — a code that was already
     redeemed is a replay, and its whole refresh chain is revoked (grants.revoke);
  3. the redirect_uri is the one of the authorization request;
  4. PKCE: the code_verifier matches the code's S256 challenge;
  5. the code is consumed: one conditional UPDATE, so that of two racing requests one wins
     and the other is a replay;
  6. the access token (and, with offline_access, a refresh token) is written under the
     code's grant and browser session;
  7. the ID token is signed with the client's algorithm (claims.id_token_claims says what it
     carries; keys.py signs).

POST /token, grant_type=refresh_token (RefreshTokenGrant): the client authenticates, the
refresh token is found (a rotated-away one is a replay and revokes its chain), it is spent
with one conditional UPDATE, and a new access and refresh token pair is written in its place.

Authlib does the protocol's parsing, client authentication and error answers; these classes
say what happens, in that order. The statements are built once (module constants): building
and keying them for each request cost more CPU than PostgreSQL spends running them.
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
from authlib.oauth2.rfc6750 import BearerTokenGenerator
from authlib.oauth2.rfc7636 import CodeChallenge
from authlib.oidc.core.grants.util import is_openid_scope, validate_nonce, validate_request_prompt
from authlib.oidc.core.errors import RequestNotSupportedError, RequestURINotSupportedError
from flask import current_app
from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.orm import joinedload

from idp import metrics, observability, sessions
from idp.clock import now
from idp.extensions import db
from idp.models import AuthorizationCode, Token, User
from idp.oauth import grants, keys
from idp.oauth.claims import EndUser, id_token_claims
from idp.oauth.clients import TOKEN_ENDPOINT_AUTH_METHODS
from idp.oauth.grants import digest


def _oauth_settings() -> dict:
    return current_app.config["IDP"]["oauth"]


def end_user(user_id: str, client) -> EndUser | None:
    # The claims read the phone: load it with the user rather than in a second query.
    user = db.session.get(User, user_id, options=[joinedload(User.phone)])
    return EndUser(user, client) if user else None


CODE_OF_CLIENT = select(AuthorizationCode).where(
    AuthorizationCode.code_hash == bindparam("code_hash"), AuthorizationCode.client_id == bindparam("client_id")
)
REFRESH_TOKEN = select(Token).where(Token.refresh_token_hash == bindparam("refresh_token_hash"))
# Writes go to the session's connection as Core statements on the tables: the ORM's bulk
# layer would add its own work to each and nothing here reads the rows back as objects.
_codes = AuthorizationCode.__table__
INSERT_CODE = insert(_codes)
REDEEM_CODE = (
    update(_codes).where(_codes.c.id == bindparam("code_id"), _codes.c.redeemed_at.is_(None))
    .values(redeemed_at=bindparam("moment"))
)
INSERT_TOKEN = insert(Token.__table__)


def _replayed(what: str, chain: int | None, user_id: str, client_id: str) -> None:
    """A spent code or refresh token came back: someone holds a copy. Its chain ends."""
    observability.security_event(f"{what}_replayed", user_id, client_id=client_id)
    if chain is not None:
        grants.revoke(grants.Reason.REPLAYED, chain=chain)
    db.session.commit()


def _redeem_once(spent: bool, what: str, chain: int | None, user_id: str, client_id: str) -> None:
    """A code or a refresh token was spent after every other check passed, by a conditional
    UPDATE that lets exactly one of two concurrent requests win (the loser waits on the row
    lock, then finds it spent); the loser is a replay and revokes the whole chain, the
    winner's new tokens included (RFC 9700 §4.14.2)."""
    if not spent:
        db.session.rollback()
        _replayed(what, chain, user_id, client_id)
        raise InvalidGrantError(f"Invalid '{what}' in request.")


class TokenGenerator(BearerTokenGenerator):
    """Opaque bearer tokens; a refresh token only when the grant includes offline_access."""

    def generate(self, grant_type, client, user=None, scope=None, expires_in=None, include_refresh_token=True):
        offline = "offline_access" in (scope_to_list(scope) or [])
        return super().generate(grant_type, client, user, scope, expires_in, include_refresh_token and offline)


def _write_token(token: dict, grant_type: str, client_id: str, user_id: str, grant_id: int, chain: int | None, sid: str | None) -> None:
    metrics.TOKENS_ISSUED.labels(grant_type).inc()
    moment = now()
    refresh_token = token.get("refresh_token")
    db.session.connection().execute(
        INSERT_TOKEN,
        {
            "client_id": client_id,
            "user_id": user_id,
            "grant_id": grant_id,
            "sid": sid,
            "authorization_code_id": chain,
            "access_token_hash": digest(token["access_token"]),
            "refresh_token_hash": digest(refresh_token) if refresh_token else None,
            "scope": token.get("scope", ""),
            "issued_at": moment,
            "access_token_expires_at": moment + timedelta(seconds=token["expires_in"]),
            "refresh_token_expires_at": (
                moment + timedelta(seconds=_oauth_settings()["refresh_token_lifetime_seconds"]) if refresh_token else None
            ),
        },
    )


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


class OpenIDConnect:
    """What OpenID Connect adds to the authorization request: its nonce, when given, never
    seen before, and prompt is honoured (Authlib's checks). The ID token itself is step 7 of
    the token endpoint below."""

    @staticmethod
    def exists_nonce(nonce: str, request) -> bool:
        return db.session.scalar(
            db.select(AuthorizationCode.id).filter_by(client_id=request.payload.client_id, nonce=nonce).limit(1)
        ) is not None

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
        return authlib_grants.AuthorizationCodeGrant.validate_authorization_redirect_uri(request, client)

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
        db.session.connection().execute(
            INSERT_CODE,
            {
                "code_hash": digest(code),
                "client_id": client_id,
                "user_id": user_id,
                "grant_id": grants.record(user_id, client_id, request.scope),
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
            },
        )
        sessions.signed_in_to(browser_session, client_id)

    # The token request, in order.

    def validate_token_request(self) -> None:
        client = self.authenticate_token_endpoint_client()  # 1
        if not client.check_grant_type(self.GRANT_TYPE):
            raise UnauthorizedClientError(f"The client is not authorized to use 'grant_type={self.GRANT_TYPE}'")
        code = self.request.form.get("code")
        if code is None:
            raise InvalidRequestError("Missing 'code' in request.")
        found = self.find_code(code, client)  # 2
        if found is None:
            raise InvalidGrantError("Invalid 'code' in request.")
        if self.request.payload.redirect_uri != found.redirect_uri:  # 3
            raise InvalidGrantError("Invalid 'redirect_uri' in request.")
        self.request.client = client
        self.request.authorization_code = found
        PKCE.validate_code_verifier(self, None)  # 4

    def find_code(self, code: str, client) -> AuthorizationCode | None:
        found = db.session.scalar(CODE_OF_CLIENT, {"code_hash": digest(code), "client_id": client.client_id})
        if found is None:
            return None
        if found.redeemed_at is not None:
            _replayed("authorization_code", found.id, found.user_id, client.client_id)
            return None
        return found if found.expires_at > now() else None

    def create_token_response(self):
        client, code = self.request.client, self.request.authorization_code
        redeemed = db.session.connection().execute(REDEEM_CODE, {"code_id": code.id, "moment": now()}).rowcount == 1
        _redeem_once(redeemed, "code", code.id, code.user_id, client.client_id)  # 5
        person = EndUser(code.user, client)
        self.request.user = person
        token = self.generate_token(user=person, scope=code.scope, include_refresh_token=client.check_grant_type("refresh_token"))
        _write_token(token, self.GRANT_TYPE, client.client_id, code.user_id, code.grant_id, code.id, code.sid)  # 6
        if is_openid_scope(code.scope):  # 7
            token["id_token"] = keys.sign(id_token_claims(person, code, token["access_token"]), client.id_token_signed_response_alg)
        return 200, token, self.TOKEN_RESPONSE_HEADER

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
        found = self.find_refresh_token(refresh_token)
        if found is None or found.client_id != client.client_id:
            raise InvalidGrantError()
        self._validate_token_scope(found)
        self.request.client = client
        self.request.refresh_token = found

    def find_refresh_token(self, refresh_token: str) -> Token | None:
        found = db.session.scalar(REFRESH_TOKEN, {"refresh_token_hash": digest(refresh_token)})
        if found is None:
            return None
        if found.revoked_at is not None:
            _replayed("refresh_token", found.authorization_code_id, found.user_id, found.client_id)
            return None
        if found.refresh_token_expires_at <= now():
            return None
        return found

    def create_token_response(self):
        client, presented = self.request.client, self.request.refresh_token
        _redeem_once(
            grants.spend_refresh_token(presented.id), "refresh_token", presented.authorization_code_id,
            presented.user_id, client.client_id,
        )
        person = end_user(presented.user_id, client)
        if person is None:
            raise InvalidGrantError("There is no 'user' for this token.")
        self.request.user = person
        scope = self.request.payload.scope or presented.scope
        token = self.generate_token(user=person, scope=scope, include_refresh_token=True)
        _write_token(
            token, self.GRANT_TYPE, client.client_id, presented.user_id, presented.grant_id,
            presented.authorization_code_id, presented.sid,
        )
        return 200, token, self.TOKEN_RESPONSE_HEADER

    def authenticate_refresh_token(self, refresh_token):
        raise NotImplementedError

    def authenticate_user(self, refresh_token):
        raise NotImplementedError

    def revoke_old_credential(self, refresh_token) -> None:
        """Revoked already, when it was redeemed."""
