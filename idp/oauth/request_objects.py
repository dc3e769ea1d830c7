"""Signed request objects (RFC 9101, OpenID Connect Core section 6): a client that registered
keys (private_key_jwt: jwks or jwks_uri) may send its authorization request as a JWT signed
with one of them, by value (`request`, at /authorize or inside a push to /par). Its claims
replace the request's parameters; only client_id travels beside it and must match. A client
without keys gets request_not_supported, as OpenID Connect Core asks of a provider that takes
no request objects from it.
"""

from __future__ import annotations

from authlib.oauth2.rfc6749 import InvalidClientError
from authlib.oauth2.rfc9101.errors import InvalidRequestObjectError
from joserfc import jwt
from joserfc.errors import JoseError

from idp import keys
from idp.clients import Client
from idp.oauth.client_keys import client_keys
from idp.sessions.interaction import KEPT_PARAMETERS


def accepted_from(client: Client | None) -> bool:
    return client is not None and (client.jwks is not None or client.jwks_uri is not None)


def unpacked(client: Client, raw: str, audience: str) -> dict[str, str]:
    """The authorization request a signed request object carries; InvalidRequestObjectError
    when it is not signed by the client's key, not for this provider, or names another client."""
    try:
        token = jwt.decode(
            raw, lambda obj: client_keys(client, obj.headers().get("kid")), algorithms=keys.CLIENT_SIGNING_ALGORITHMS
        )
        jwt.JWTClaimsRegistry(
            iss={"essential": True, "value": client.client_id},
            aud={"essential": True, "value": audience},
            client_id={"essential": True, "value": client.client_id},
        ).validate(token.claims)
    except (JoseError, ValueError, InvalidClientError):
        raise InvalidRequestObjectError(
            description="The request object is not signed by this client's key for this provider: sign it with a "
            "registered key, with iss and client_id the client_id and aud the issuer."
        ) from None
    claims = token.claims
    if "request" in claims or "request_uri" in claims:
        raise InvalidRequestObjectError(
            description="A request object may not hold request or request_uri: put the request's own parameters in it."
        )
    return {name: str(claims[name]) for name in KEPT_PARAMETERS if claims.get(name) is not None}
