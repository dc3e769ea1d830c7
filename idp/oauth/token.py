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
every check holds. When it finds no code, `refusal` (token_grants.py) asks tokens.refused_code,
written beside the statement's rule, which check failed first, to answer that step's error; a
code that was already redeemed is a replay, and its whole refresh chain is revoked (grants.revoke).

POST /token, grant_type=refresh_token (RefreshTokenGrant): the client authenticates, and one
statement (tokens.rotate_refresh_token) spends the refresh token — this client's, unspent,
unexpired — and writes the new access and refresh token pair in its place. A refused one is
read again (`usable`, token_grants.py): a rotated-away token is a replay and revokes its chain.

redeem and rotate are what a good request does, whichever path it came by: the lean path in
front of Flask (exchange.py) calls them, and so do Authlib's grant classes (token_grants.py),
which answer everything else — every refusal, replays and their revocation included.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from authlib.oauth2.rfc7636 import create_s256_code_challenge
from authlib.oauth2.rfc7636.challenge import CODE_VERIFIER_PATTERN
from authlib.oidc.core.grants.util import is_openid_scope
from flask import current_app

from idp import keys, metrics
from idp.clock import now
from idp.oauth.claims import EndUser, id_token_claims
from idp.store import redemptions, tokens
from idp.store.grants import digest


def _oauth_settings() -> dict:
    return current_app.config["IDP"]["oauth"]


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


def _issued(token: dict, issued: redemptions.Issued, grant_type: str) -> dict:
    metrics.TOKENS_ISSUED.labels(grant_type).inc()
    token["scope"] = issued.scope
    if not issued.refreshable:
        token.pop("refresh_token", None)
    return token


def redeem(client, code: str, redirect_uri: str | None, verifier: str | None) -> tuple[dict | None, dict]:
    """Steps 2 to 7 for an authenticated client: the token response, or None when no code was
    spent, with the statement's parameters (token_grants.AuthorizationCodeGrant.refusal says why)."""
    challenge = create_s256_code_challenge(verifier) if verifier and CODE_VERIFIER_PATTERN.match(verifier) else None
    token, parameters = _new_token(client, client.check_grant_type("refresh_token"))
    # 2-6 in one statement: the code of this client, unexpired, unspent, asked with this
    # redirect_uri and the challenge of this verifier, is spent and its token written.
    redeeming = {
        **parameters,
        "presented_code_hash": digest(code),
        "asked_redirect_uri": redirect_uri,
        "verifier_challenge": challenge,
        "verifier_method": "S256" if challenge else None,
    }
    issued = None if verifier and challenge is None else tokens.redeem_code(redeeming)
    if issued is None:
        return None, redeeming
    token = _issued(token, issued, "authorization_code")
    if is_openid_scope(issued.scope):  # 7
        person = EndUser(issued.person, client)
        claims = id_token_claims(person, issued.row, token["access_token"])
        token["id_token"] = keys.sign(claims, client.id_token_signed_response_alg)
    return token, redeeming


def rotate(client, presented: str, asked_scope: str | None) -> dict | None:
    """A refresh token spent and the new pair written, for an authenticated client whose asked
    scope (if any) was checked: the token response, or None when nothing was spent."""
    token, parameters = _new_token(client, True)
    issued = tokens.rotate_refresh_token(
        {
            **parameters,
            "presented_refresh_token_hash": digest(presented),
            "asked_scope": asked_scope,
        }
    )
    return None if issued is None else _issued(token, issued, "refresh_token")
