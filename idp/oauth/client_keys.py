"""A client's public keys, for its assertions (private_key_jwt, client_auth.py) and its request
objects (request_objects.py): inline (`jwks` in the clients file) or fetched from `jwks_uri`
through the outbound door (idp/outbound: a total deadline, a size cap, no redirects, public
addresses only in production, one fetch in flight per client, a failed fetch remembered for a
while, a cap on the process's outbound calls), kept for a while, fetched again at once (no more
than every few seconds) when an assertion names a key the cached set lacks (the client
rotated). A fetch that fails, is refused or is remembered as failed is invalid_client, never a
500: forged assertions cost the provider one fetch per process and failure_memory_seconds.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from authlib.oauth2.rfc6749 import InvalidClientError
from flask import current_app
from joserfc.jwk import KeySet

from idp import outbound
from idp.clients import Client

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
        unknown_kid = (
            cached is not None
            and kid is not None
            and not _holds(cached.keys, kid)
            and moment - cached.at > REFETCH_SECONDS
        )
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
        return outbound.call(
            "client_keys",
            "GET",
            client.jwks_uri,
            outbound.policy(current_app.config["IDP"]),
            key=f"jwks_uri:{client.client_id}:{client.jwks_uri}",
            parse=_key_set,
            headers={"Accept": "application/json"},
        )
    except outbound.OutboundError as error:
        current_app.logger.warning(
            "a client's jwks_uri could not be used: %s",
            error.reason,
            extra={"client_id": client.client_id, "outcome": error.outcome},
        )
        raise InvalidClientError(
            description=f"The client's keys (jwks_uri) could not be fetched: {error.reason}. "
            "Make its jwks_uri answer 200 with its public JWK set, without a redirect."
        ) from None


def client_keys(client: Client, kid: str | None) -> KeySet:
    if client.jwks is not None:
        return KeySet.import_key_set(client.jwks)
    return REMOTE_KEYS.keys(client, kid)
