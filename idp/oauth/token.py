"""The token endpoint, read in order (the authorization request's side of the code grant is
authorization_request.py's).

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
Steps 2 to 6 are one statement (idp/store/tokens.py: redeem_code): it changes nothing unless
every check holds. When it finds no code, `refusal` asks tokens.refused_code, written beside the
statement's rule, which check failed first, to answer that step's error; a code that was already redeemed is a replay, and its whole refresh chain
is revoked (grants.revoke).

POST /token, grant_type=refresh_token (RefreshTokenGrant): the client authenticates, and one
statement (tokens.rotate_refresh_token) spends the refresh token — this client's, unspent,
unexpired — and writes the new access and refresh token pair in its place. A refused one is
read again (`usable`): a rotated-away token is a replay and revokes its chain.

Authlib does the protocol's parsing, client authentication and error answers; these classes
say what happens, in that order.
"""
from __future__ import annotations

import secrets
from datetime import timedelta

from authlib.oauth2.rfc6749 import grants as authlib_grants
from authlib.oauth2.rfc6749.errors import (
    InvalidGrantError,
    InvalidRequestError,
    UnauthorizedClientError,
)
from authlib.oauth2.rfc7636 import create_s256_code_challenge
from authlib.oauth2.rfc7636.challenge import CODE_VERIFIER_PATTERN
from authlib.oidc.core.grants.util import is_openid_scope
from flask import current_app

from idp import keys, metrics, observability
from idp.clients import TOKEN_ENDPOINT_AUTH_METHODS
from idp.clock import now
from idp.extensions import db
from idp.models import Token
from idp.oauth.authorization_request import PKCE, AuthorizationRequest
from idp.oauth.claims import EndUser, id_token_claims
from idp.store import grants, tokens
from idp.store.grants import digest


REFRESH_REFUSED = ("The refresh token is not one this client may use now (unknown, expired, revoked or used already): "
                   "sign the person in again for a new one.")


def _oauth_settings() -> dict:
    return current_app.config["IDP"]["oauth"]


def _replayed(what: str, chain: int | None, user_id: str, client_id: str) -> None:
    """A spent code or refresh token came back: someone holds a copy. Its chain ends."""
    observability.security_event(f"{what}_replayed", user_id, client_id=client_id)
    if chain is not None:
        grants.revoke(grants.Reason.REPLAYED, chain=chain)
    db.session.commit()


def _new_token(client, include_refresh_token: bool) -> tuple[dict, dict]:
    """Fresh token strings, as Authlib's bearer generator lays them out, and the parameters that
    write them (idp/store/tokens.py): a refresh token is kept only if the scope the statement
    finds is offline (the response drops it otherwise). A token is 256 bits from the system's
    generator in one call (Authlib's generator draws each of its characters apart)."""
    settings, moment = _oauth_settings(), now()
    lifetime = settings["access_token_lifetime_seconds"]
    token = {"token_type": "Bearer", "access_token": secrets.token_urlsafe(32), "expires_in": lifetime}
    if include_refresh_token:
        token["refresh_token"] = secrets.token_urlsafe(32)
    refresh_token = token.get("refresh_token")
    return token, {
        "caller": client.client_id,
        "moment": moment,
        "new_access_token_hash": digest(token["access_token"]),
        "new_access_token_expires_at": moment + timedelta(seconds=lifetime),
        "new_refresh_token_hash": digest(refresh_token) if refresh_token else None,
        "new_refresh_token_expires_at": moment + timedelta(seconds=settings["refresh_token_lifetime_seconds"]),
    }


def _issued(token: dict, issued: tokens.Issued, grant_type: str) -> dict:
    metrics.TOKENS_ISSUED.labels(grant_type).inc()
    token["scope"] = issued.scope
    if not issued.refreshable:
        token.pop("refresh_token", None)
    return token


def redeem(client, code: str, redirect_uri: str | None, verifier: str | None) -> tuple[dict | None, dict]:
    """Steps 2 to 7 for an authenticated client: the token response, or None when no code was
    spent, with the statement's parameters (AuthorizationCodeGrant.refusal says why)."""
    challenge = create_s256_code_challenge(verifier) if verifier and CODE_VERIFIER_PATTERN.match(verifier) else None
    token, parameters = _new_token(client, client.check_grant_type("refresh_token"))
    # 2-6 in one statement: the code of this client, unexpired, unspent, asked with this
    # redirect_uri and the challenge of this verifier, is spent and its token written.
    redeeming = {
        **parameters, "presented_code_hash": digest(code), "asked_redirect_uri": redirect_uri,
        "verifier_challenge": challenge, "verifier_method": "S256" if challenge else None,
    }
    issued = None if verifier and challenge is None else tokens.redeem_code(redeeming)
    if issued is None:
        return None, redeeming
    token = _issued(token, issued, "authorization_code")
    if is_openid_scope(issued.scope):  # 7
        person = EndUser(issued.person, client)
        token["id_token"] = keys.sign(id_token_claims(person, issued.row, token["access_token"]), client.id_token_signed_response_alg)
    return token, redeeming


def rotate(client, presented: str, asked_scope: str | None) -> dict | None:
    """A refresh token spent and the new pair written, for an authenticated client whose asked
    scope (if any) was checked: the token response, or None when nothing was spent."""
    token, parameters = _new_token(client, True)
    issued = tokens.rotate_refresh_token({
        **parameters, "presented_refresh_token_hash": digest(presented), "asked_scope": asked_scope,
    })
    return None if issued is None else _issued(token, issued, "refresh_token")


class AuthorizationCodeGrant(AuthorizationRequest, authlib_grants.AuthorizationCodeGrant):
    """The authorization request's side (the code made at /authorize) is AuthorizationRequest's."""

    TOKEN_ENDPOINT_AUTH_METHODS = list(TOKEN_ENDPOINT_AUTH_METHODS)

    # The token request, in order.

    def validate_token_request(self) -> None:
        client = self.authenticate_token_endpoint_client()  # 1
        if not client.check_grant_type(self.GRANT_TYPE):
            raise UnauthorizedClientError(f"The client is not authorized to use 'grant_type={self.GRANT_TYPE}': "
                                          "send grant_type=authorization_code.")
        if self.request.form.get("code") is None:
            raise InvalidRequestError("Missing 'code': send the code the authorization response carried.")
        self.request.client = client

    def create_token_response(self):
        form = self.request.form
        token, redeeming = redeem(self.request.client, form["code"], self.request.payload.redirect_uri, form.get("code_verifier"))
        if token is None:
            self.refusal(redeeming)
            raise InvalidGrantError("The code is not one this client may redeem now (unknown, expired or used already): "
                                    "start a new authorization request and redeem its code at once, once.")
        return 200, token, self.TOKEN_RESPONSE_HEADER

    def refusal(self, redeeming: dict) -> None:
        """Why the code was not redeemed (tokens.refused_code, beside the statement's rule), as
        steps 2-4 word it; a spent code is a replay."""
        refused, found = tokens.refused_code(redeeming)
        if refused is tokens.Refused.SPENT:
            _replayed("authorization_code", found.id, found.user_id, found.client_id)
        elif refused is tokens.Refused.REDIRECT_URI:
            raise InvalidGrantError("The 'redirect_uri' is not the one of the authorization request that gave this code: send that one.")
        elif refused is tokens.Refused.VERIFIER:
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
            raise UnauthorizedClientError(f"The client is not authorized to use 'grant_type={self.GRANT_TYPE}': "
                                          "register the offline_access scope for it, and ask for it.")
        refresh_token = self.request.form.get("refresh_token")
        if refresh_token is None:
            raise InvalidRequestError("Missing 'refresh_token': send the refresh token of the last token response.")
        self.request.client = client
        # A narrower scope is checked against the grant's before the token is spent.
        if self.request.payload.scope:
            self._validate_token_scope(self.usable(refresh_token, client))

    def create_token_response(self):
        client, presented = self.request.client, self.request.form["refresh_token"]
        token = rotate(client, presented, self.request.payload.scope or None)
        if token is None:
            self.usable(presented, client)
            raise InvalidGrantError(REFRESH_REFUSED)
        return 200, token, self.TOKEN_RESPONSE_HEADER

    def usable(self, refresh_token: str, client) -> Token:
        """The presented refresh token, when it is this client's, unspent and unexpired
        (tokens.refused_refresh_token, beside the statement's rule); otherwise invalid_grant,
        and a spent one is a replay that ends its chain."""
        refused, found = tokens.refused_refresh_token(digest(refresh_token), client.client_id, now())
        if refused is tokens.Refused.SPENT:
            _replayed("refresh_token", found.authorization_code_id, found.user_id, found.client_id)
        if refused is not None:
            raise InvalidGrantError(REFRESH_REFUSED)
        return found

    def authenticate_refresh_token(self, refresh_token):
        raise NotImplementedError

    def authenticate_user(self, refresh_token):
        raise NotImplementedError

    def revoke_old_credential(self, refresh_token) -> None:
        """Revoked already, when it was redeemed."""
