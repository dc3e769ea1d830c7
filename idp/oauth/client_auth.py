"""private_key_jwt (RFC 7523 section 2.2, OpenID Connect Core section 9): a client proves who
it is with a JWT signed by a key it registered, so that no shared secret exists.

Authlib checks the assertion (signature, iss = sub = client_id, aud, exp); this module says
where the client's keys come from and that each assertion serves once:
- inline (`jwks` in the clients file) or fetched from `jwks_uri` through the outbound door
  (idp/outbound: a total deadline, a size cap, no redirects, public addresses only in
  production, one fetch in flight per client, a failed fetch remembered for a while, a cap on
  the process's outbound calls), kept for a while, fetched again at once (no more than every
  few seconds) when an assertion names a key the cached set lacks (the client rotated); a fetch
  that fails, is refused or is remembered as failed is invalid_client, never a 500: forged
  assertions cost the provider one fetch per process and failure_memory_seconds;
- the `jti` of an assertion is recorded in limit_counters, which every instance shares, until
  the assertion expires: a replay is invalid_client wherever it lands;
- an assertion may not live longer than MAX_LIFETIME_SECONDS, checked before its jti is kept.
"""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from authlib.oauth2.rfc6749 import InvalidClientError
from authlib.oauth2.rfc7523 import JWTBearerClientAssertion
from flask import current_app
from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import KeySet

from idp import keys, outbound
from idp.clients import PRIVATE_KEY_JWT, Client
from idp.store import limits

# An assertion is a one-time proof: a few minutes at most between its iat (or now) and its exp.
MAX_LIFETIME_SECONDS = 300
CACHE_SECONDS = 300
# A client's jwks_uri is fetched again for an unknown kid at most this often.
REFETCH_SECONDS = 10


@dataclass
class _Fetched:
    keys: KeySet
    at: float


class RemoteKeys:
    """The key sets fetched from clients' jwks_uri, per process."""

    def __init__(self):
        self._sets: dict[str, _Fetched] = {}
        self._lock = threading.Lock()

    def keys(self, client: Client, kid: str | None) -> KeySet:
        with self._lock:
            cached = self._sets.get(client.client_id)
        moment = time.monotonic()
        stale = cached is None or moment - cached.at > CACHE_SECONDS
        unknown_kid = cached is not None and kid is not None and not _holds(cached.keys, kid) and moment - cached.at > REFETCH_SECONDS
        if stale or unknown_kid:
            cached = _Fetched(_fetch(client), moment)
            with self._lock:
                self._sets[client.client_id] = cached
        return cached.keys

    def forget(self) -> None:
        with self._lock:
            self._sets.clear()
        outbound.forget()


REMOTE_KEYS = RemoteKeys()


def _holds(key_set: KeySet, kid: str) -> bool:
    return any(key.kid == kid for key in key_set.keys)


def _key_set(answer: outbound.Answer) -> KeySet:
    """The public key set of a jwks_uri answer; what is not one fails the fetch (remembered)."""
    key_set = KeySet.import_key_set(answer.json())
    if any(key.is_private for key in key_set.keys):
        raise outbound.Unusable("a key set with private keys")
    return key_set


def _fetch(client: Client) -> KeySet:
    try:
        return outbound.call("client_keys", "GET", client.jwks_uri, outbound.policy(current_app.config["IDP"]),
                             key=f"jwks_uri:{client.client_id}:{client.jwks_uri}", parse=_key_set,
                             headers={"Accept": "application/json"})
    except outbound.OutboundError as error:
        current_app.logger.warning("a client's jwks_uri could not be used: %s", error.reason,
                                   extra={"client_id": client.client_id, "outcome": error.outcome})
        raise InvalidClientError(description=f"The client's keys (jwks_uri) could not be fetched: {error.reason}.") from None


def client_keys(client: Client, kid: str | None) -> KeySet:
    if client.jwks is not None:
        return KeySet.import_key_set(client.jwks)
    return REMOTE_KEYS.keys(client, kid)


class PrivateKeyJwt(JWTBearerClientAssertion):
    CLIENT_AUTH_METHOD = PRIVATE_KEY_JWT

    def __init__(self, audiences):
        super().__init__(validate_jti=True, leeway=30)
        self._audiences = audiences

    def __call__(self, query_client, request):
        try:
            return super().__call__(query_client, request)
        except InvalidClientError as refused:
            # RFC 6749 section 5.2 allows 401 for every invalid_client; a client that sent an
            # assertion tried to authenticate, as one that sent a password in the header
            refused.status_code = 401
            raise

    def get_audiences(self) -> list[str]:
        return self._audiences()

    def resolve_client_public_key(self, client: Client):
        if PRIVATE_KEY_JWT not in client.token_endpoint_auth_methods:
            raise InvalidClientError(description=f"The client cannot authenticate with method: {PRIVATE_KEY_JWT}")
        # joserfc calls this with the assertion, whose kid picks the key (a new one: fetched)
        return lambda assertion: client_keys(client, assertion.headers().get("kid"))

    def process_assertion_claims(self, assertion, resolve_key):
        try:
            token = jwt.decode(assertion, resolve_key, algorithms=keys.CLIENT_SIGNING_ALGORITHMS)
        except (JoseError, ValueError) as error:
            raise InvalidClientError(description=getattr(error, "description", "The client assertion is not valid.")) from None
        self.verify_claims(token.claims)
        return token.claims

    def verify_claims(self, claims) -> None:
        # before Authlib's checks, which keep the jti for the assertion's lifetime
        expires, issued = claims.get("exp"), claims.get("iat", time.time())
        if not all(_a_time(value) for value in (expires, issued)):
            raise InvalidClientError(description="The client assertion's exp and iat must be NumericDate values.")
        if expires - max(issued, time.time() - self.leeway) > MAX_LIFETIME_SECONDS:
            raise InvalidClientError(description=f"The client assertion may live {MAX_LIFETIME_SECONDS} s at most.")
        super().verify_claims(claims)

    def validate_jti(self, claims, jti) -> bool:
        if not isinstance(jti, str) or not jti:
            return False
        lifetime = min(MAX_LIFETIME_SECONDS, max(0, int(claims["exp"] - time.time()))) + self.leeway
        return limits.first_use(limits.key("assertion-jti", claims["iss"], jti), lifetime)


def _a_time(value) -> bool:
    """A NumericDate within some 30,000 years of 1970 (JSON allows 1e308, or an integer of a
    thousand digits: a date none of the arithmetic on times should meet)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) < 1e12
