"""The grants the server allows: authorization code (OpenID Connect, PKCE S256) and refresh token."""
from __future__ import annotations

import hashlib
from datetime import timedelta

from authlib.oauth2.rfc6749 import grants
from authlib.oauth2.rfc6749.errors import InvalidGrantError, InvalidRequestError, InvalidScopeError
from authlib.oauth2.rfc6749.util import scope_to_list
from authlib.oauth2.rfc6750 import BearerTokenGenerator
from authlib.oauth2.rfc7636 import CodeChallenge
from authlib.oidc.core import OpenIDCode
from authlib.oidc.core.errors import RequestNotSupportedError, RequestURINotSupportedError
from flask import current_app
from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.orm import joinedload

from idp import metrics, observability, sessions
from idp.clock import now, timestamp
from idp.extensions import db
from idp.models import AuthorizationCode, Token, User
from idp.oauth import keys
from idp.oauth.claims import EndUser, user_info


def digest(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


def _oauth_settings() -> dict:
    return current_app.config["IDP"]["oauth"]


def end_user(user_id: str, client) -> EndUser | None:
    # The claims read the phone: load it with the user rather than in a second query.
    user = db.session.get(User, user_id, options=[joinedload(User.phone)])
    return EndUser(user, client) if user else None


# The statements of every token request, built once: building and keying a statement again
# for each request cost more CPU than PostgreSQL spends running it (bench/token_exchange.py).
CODE_OF_CLIENT = select(AuthorizationCode).where(
    AuthorizationCode.code_hash == bindparam("code_hash"), AuthorizationCode.client_id == bindparam("client_id")
)
# Writes go to the session's connection as Core statements on the tables: the ORM's bulk
# layer would add its own work to each and nothing here reads the rows back as objects.
_codes = AuthorizationCode.__table__
REDEEM_CODE = (
    update(_codes).where(_codes.c.id == bindparam("code_id"), _codes.c.redeemed_at.is_(None))
    .values(redeemed_at=bindparam("moment"))
)
_tokens = Token.__table__
REDEEM_REFRESH_TOKEN = (
    update(_tokens).where(_tokens.c.id == bindparam("token_id"), _tokens.c.revoked_at.is_(None))
    .values(revoked_at=bindparam("moment"))
)
INSERT_TOKEN = insert(_tokens)


def revoke_grant(authorization_code_id: int | None) -> None:
    """Revoke every token issued from one authorization code (its whole refresh chain)."""
    if authorization_code_id is None:
        return
    revoked = db.session.execute(
        update(Token)
        .where(Token.authorization_code_id == authorization_code_id, Token.revoked_at.is_(None))
        .values(revoked_at=now())
    ).rowcount
    observability.security_event("grant_revoked", tokens_revoked=revoked)


# The security event of a code or refresh token that came back after it was spent.
REPLAYED = {"code": "authorization_code_replayed", "refresh_token": "refresh_token_replayed"}


def _redeem_once(redemption, parameters: dict, grant_id: int | None, parameter: str, user_id: str) -> None:
    """Spend a code or a refresh token after every other check passed. The conditional
    UPDATE lets exactly one of two concurrent requests win (the loser waits on the row lock,
    then finds it spent); the loser is a replay and revokes the whole grant, the winner's new
    tokens included (RFC 9700 §4.14.2)."""
    if db.session.connection().execute(redemption, parameters).rowcount != 1:
        observability.security_event(REPLAYED[parameter], user_id)
        db.session.rollback()
        revoke_grant(grant_id)
        db.session.commit()
        raise InvalidGrantError(f"Invalid '{parameter}' in request.")


class TokenGenerator(BearerTokenGenerator):
    """Opaque bearer tokens; a refresh token only when the grant includes offline_access."""

    def generate(self, grant_type, client, user=None, scope=None, expires_in=None, include_refresh_token=True):
        offline = "offline_access" in (scope_to_list(scope) or [])
        return super().generate(grant_type, client, user, scope, expires_in, include_refresh_token and offline)


def save_token(token: dict, request) -> None:
    metrics.TOKENS_ISSUED.labels(request.payload.grant_type).inc()
    # A plain INSERT: nothing reads the row back in this request, so the ORM's unit of work
    # would only add cost to every token response.
    moment = now()
    previous = request.refresh_token
    grant_id = request.authorization_code.id if request.authorization_code else previous.authorization_code_id
    refresh_token = token.get("refresh_token")
    db.session.connection().execute(
        INSERT_TOKEN,
        {
            "client_id": request.client.client_id,
            "user_id": request.user.user.id,
            "authorization_code_id": grant_id,
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


class AuthorizationCodeGrant(grants.AuthorizationCodeGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post"]

    @staticmethod
    def validate_authorization_redirect_uri(request, client):
        # Authlib falls back to a default URI when redirect_uri is absent; OpenID Connect requires it.
        if not request.payload.redirect_uri:
            raise InvalidRequestError("Missing 'redirect_uri' in request.")
        return grants.AuthorizationCodeGrant.validate_authorization_redirect_uri(request, client)

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
        browser_session = sessions.current()
        data = request.payload.data
        moment = now()
        db.session.add(
            AuthorizationCode(
                code_hash=digest(code),
                client_id=request.client.client_id,
                user_id=request.user.user.id,
                redirect_uri=request.payload.redirect_uri,
                scope=request.scope,
                nonce=data.get("nonce"),
                code_challenge=data.get("code_challenge"),
                code_challenge_method=data.get("code_challenge_method"),
                auth_time=browser_session.auth_time,
                amr=browser_session.amr,
                acr=browser_session.acr,
                created_at=moment,
                expires_at=moment + timedelta(seconds=_oauth_settings()["authorization_code_lifetime_seconds"]),
            )
        )

    def query_authorization_code(self, code: str, client) -> AuthorizationCode | None:
        found = db.session.scalar(CODE_OF_CLIENT, {"code_hash": digest(code), "client_id": client.client_id})
        if found is None:
            return None
        if found.redeemed_at is not None:
            observability.security_event("authorization_code_replayed", found.user_id, client_id=client.client_id)
            revoke_grant(found.id)
            db.session.commit()
            return None
        if found.expires_at <= now():
            return None
        return found

    def authenticate_user(self, authorization_code: AuthorizationCode) -> EndUser | None:
        _redeem_once(
            REDEEM_CODE,
            {"code_id": authorization_code.id, "moment": now()},
            authorization_code.id,
            "code",
            authorization_code.user_id,
        )
        return EndUser(authorization_code.user, self.request.client)

    def delete_authorization_code(self, authorization_code: AuthorizationCode) -> None:
        """Redeemed codes are kept (see authenticate_user) so that a replay can be recognised."""


class RefreshTokenGrant(grants.RefreshTokenGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post"]
    INCLUDE_NEW_REFRESH_TOKEN = True

    def authenticate_refresh_token(self, refresh_token: str) -> Token | None:
        found = db.session.scalar(db.select(Token).filter_by(refresh_token_hash=digest(refresh_token)))
        if found is None:
            return None
        if found.revoked_at is not None:
            # A rotated-away refresh token came back: someone holds a copy. End the whole grant.
            observability.security_event("refresh_token_replayed", found.user_id, client_id=found.client_id)
            revoke_grant(found.authorization_code_id)
            db.session.commit()
            return None
        if found.refresh_token_expires_at <= now():
            return None
        return found

    def authenticate_user(self, refresh_token: Token) -> EndUser | None:
        _redeem_once(
            REDEEM_REFRESH_TOKEN,
            {"token_id": refresh_token.id, "moment": now()},
            refresh_token.authorization_code_id,
            "refresh_token",
            refresh_token.user_id,
        )
        return end_user(refresh_token.user_id, self.request.client)

    def revoke_old_credential(self, refresh_token: Token) -> None:
        """Revoked already, when it was redeemed (authenticate_user)."""


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


class OpenIDConnect(OpenIDCode):
    def __init__(self):
        super().__init__(require_nonce=True)

    def exists_nonce(self, nonce: str, request) -> bool:
        return db.session.scalar(
            db.select(AuthorizationCode.id).filter_by(client_id=request.payload.client_id, nonce=nonce).limit(1)
        ) is not None

    def resolve_client_private_key(self, client):
        return keys.signing_key()

    def get_encode_header(self, client) -> dict:
        return {"alg": "RS256", "kid": keys.signing_key().kid, "typ": "JWT"}

    def get_client_algorithm(self, client) -> str:
        return "RS256"

    def get_client_claims(self, client) -> dict:
        # aud is a plain string so the end-session endpoint can find the client from an id_token_hint.
        return {
            "iss": current_app.config["IDP"]["server"]["issuer"],
            "aud": client.client_id,
            "exp": timestamp() + _oauth_settings()["id_token_lifetime_seconds"],
        }

    def generate_user_info(self, user: EndUser, scope: str) -> dict:
        # The ID token carries the subject and, with the profile scope, the name, so a
        # relying service sees a name change at the next sign-in; e-mail and phone
        # claims come from /userinfo only.
        granted = " ".join(part for part in scope.split() if part in ("openid", "profile"))
        return user_info(user, granted)
