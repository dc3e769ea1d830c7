"""private_key_jwt (RFC 7523 section 2.2, OpenID Connect Core section 9): a client proves who
it is with a JWT signed by a key it registered, so that no shared secret exists.

Authlib checks the assertion (signature, iss = sub = client_id, aud, exp); this module says
where the client's keys come from and that each assertion serves once:
- inline (`jwks` in the clients file) or fetched from `jwks_uri` with a time limit and a size
  cap, kept for a while, fetched again at once (no more than every few seconds) when an
  assertion names a key the cached set lacks (the client rotated); a fetch that fails is
  invalid_client, never a 500;
- the `jti` of an assertion is recorded in limit_counters, which every instance shares, until
  the assertion expires: a replay is invalid_client wherever it lands;
- an assertion may not live longer than MAX_LIFETIME_SECONDS.
"""
from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass

import requests
from authlib.oauth2.rfc6749 import InvalidClientError
from authlib.oauth2.rfc7523 import JWTBearerClientAssertion
from flask import current_app
from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import KeySet

from idp.flows import limits
from idp.oauth import keys
from idp.oauth.clients import PRIVATE_KEY_JWT, Client

# An assertion is a one-time proof: a few minutes at most between its iat (or now) and its exp.
MAX_LIFETIME_SECONDS = 300
FETCH_TIMEOUT_SECONDS = 3
MAX_JWKS_BYTES = 64 * 1024
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
            cached = _Fetched(_fetch(client.jwks_uri), moment)
            with self._lock:
                self._sets[client.client_id] = cached
        return cached.keys

    def forget(self) -> None:
        with self._lock:
            self._sets.clear()


REMOTE_KEYS = RemoteKeys()


def _holds(key_set: KeySet, kid: str) -> bool:
    return any(key.kid == kid for key in key_set.keys)


def _fetch(uri: str) -> KeySet:
    try:
        with requests.get(uri, timeout=FETCH_TIMEOUT_SECONDS, stream=True, headers={"Accept": "application/json"}) as answer:
            answer.raise_for_status()
            body = answer.raw.read(MAX_JWKS_BYTES + 1, decode_content=True)
        if len(body) > MAX_JWKS_BYTES:
            raise ValueError(f"more than {MAX_JWKS_BYTES} bytes")
        key_set = KeySet.import_key_set(json.loads(body))
    except (requests.RequestException, ValueError, TypeError, KeyError, AttributeError, JoseError) as error:
        current_app.logger.warning("a client's jwks_uri could not be used: %s", type(error).__name__)
        raise InvalidClientError(description="The client's keys (jwks_uri) could not be fetched.") from None
    if any(key.is_private for key in key_set.keys):
        raise InvalidClientError(description="The client's jwks_uri publishes private keys.")
    return key_set


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
        super().verify_claims(claims)
        expires, issued = claims.get("exp"), claims.get("iat", time.time())
        if not isinstance(issued, (int, float)) or expires - max(issued, time.time() - self.leeway) > MAX_LIFETIME_SECONDS:
            raise InvalidClientError(description=f"The client assertion may live {MAX_LIFETIME_SECONDS} s at most.")

    def validate_jti(self, claims, jti) -> bool:
        if not isinstance(jti, str) or not jti:
            return False
        lifetime = max(1, int(claims["exp"] - time.time()) + self.leeway)
        return limits.first_use(limits.key("assertion-jti", claims["iss"], jti), lifetime)
