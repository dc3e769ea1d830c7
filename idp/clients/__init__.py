"""The relying services: what a registered client is (Client, Service, as Authlib asks them),
and the registry the app holds of them, read once at start-up from the clients file
(file.py), with the provider's own clients (the operators' console) added to it.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from authlib.oauth2.rfc6749 import ClientMixin
from authlib.oauth2.rfc6749.util import scope_to_list
from flask import current_app

from idp.config import ConfigError
from idp.keys import DEFAULT_ALGORITHM

SUPPORTED_SCOPES = ("openid", "profile", "email", "phone", "offline_access")
# How a client may authenticate at the token, revocation and introspection endpoints: the one
# list of methods. Each client holds its own (token_endpoint_auth_method); one that names none
# may use either secret method. private_key_jwt signs an assertion with a key the client
# registered (jwks or jwks_uri); none is a public client (a native app), which must use PKCE.
SECRET_BASIC, SECRET_POST = "client_secret_basic", "client_secret_post"
SECRET_METHODS = (SECRET_BASIC, SECRET_POST)
PRIVATE_KEY_JWT = "private_key_jwt"
PUBLIC = "none"
TOKEN_ENDPOINT_AUTH_METHODS = (*SECRET_METHODS, PRIVATE_KEY_JWT, PUBLIC)
EXTENSION = "idp.clients"


@dataclass(frozen=True)
class Service:
    id: int
    url: str
    title: dict[str, str]
    description: dict[str, str]

    def in_language(self, language: str) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title[language],
            "description": self.description[language],
            "url": self.url,
        }


@dataclass(frozen=True)
class Client(ClientMixin):
    client_id: str
    client_secret: str = field(repr=False)
    redirect_uris: tuple[str, ...]
    post_logout_redirect_uris: tuple[str, ...]
    scopes: tuple[str, ...]
    subject_type: str
    sector_identifier: str
    require_pkce: bool
    service: Service
    token_endpoint_auth_methods: tuple[str, ...] = SECRET_METHODS
    id_token_signed_response_alg: str = DEFAULT_ALGORITHM
    userinfo_signed_response_alg: str | None = None
    # private_key_jwt: the client's public keys, inline (a JWK set) or at an address
    jwks: dict | None = None
    jwks_uri: str | None = None
    # where the service is told that a session it signed in through ended (backchannel.py)
    backchannel_logout_uri: str | None = None
    backchannel_logout_session_required: bool = False
    # its authorization requests come through /par only (RFC 9126)
    require_pushed_authorization_requests: bool = False
    # a client of development and tests only (the conformance client of `make run`): it signs
    # people in like any other, but is never offered to them nor to the operators' filters
    development_only: bool = False

    @property
    def client_metadata(self) -> dict[str, Any]:
        # Authlib's end-session endpoint reads the registered post-logout URIs from here.
        return {"post_logout_redirect_uris": list(self.post_logout_redirect_uris)}

    @property
    def is_public(self) -> bool:
        return self.token_endpoint_auth_methods == (PUBLIC,)

    def get_client_id(self) -> str:
        return self.client_id

    def get_default_redirect_uri(self) -> None:
        # OpenID Connect requires redirect_uri in every request: never fall back to one.
        return None

    def get_allowed_scope(self, scope: str | None) -> str:
        asked = scope_to_list(scope) or []
        return " ".join(s for s in asked if s in self.scopes)

    def check_redirect_uri(self, redirect_uri: str) -> bool:
        if redirect_uri in self.redirect_uris:
            return True
        # RFC 8252 section 7.3: a native app's loopback redirect may come on any port
        return self.is_public and _without_port(redirect_uri) in {
            _without_port(uri) for uri in self.redirect_uris if is_loopback(uri)
        }

    def check_client_secret(self, client_secret: str) -> bool:
        if not self.client_secret:
            return False
        return hmac.compare_digest(self.client_secret.encode(), client_secret.encode())

    def check_endpoint_auth_method(self, method: str, endpoint: str) -> bool:
        return method in self.token_endpoint_auth_methods

    def check_response_type(self, response_type: str) -> bool:
        return response_type == "code"

    def check_grant_type(self, grant_type: str) -> bool:
        if grant_type == "refresh_token":
            return "offline_access" in self.scopes
        return grant_type == "authorization_code"


LOOPBACK_HOSTS = ("127.0.0.1", "::1")


def is_loopback(uri: str) -> bool:
    parts = urlsplit(uri)
    return parts.scheme == "http" and parts.hostname in LOOPBACK_HOSTS


def _without_port(uri: str) -> str:
    parts = urlsplit(uri)
    if not is_loopback(uri):
        return uri
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return parts._replace(netloc=host).geturl()


class Registry:
    def __init__(self, clients: list[Client]):
        self._clients = {client.client_id: client for client in clients}
        # the provider's own clients (the operators' console): not offered to the public
        self._own: set[str] = set()

    def add_own(self, client: Client) -> None:
        if client.client_id in self._clients:
            raise ConfigError(f"clients.{client.client_id} is the provider's own client: choose another client_id")
        self._clients[client.client_id] = client
        self._own.add(client.client_id)

    def get(self, client_id: str | None) -> Client | None:
        return self._clients.get(client_id or "")

    def clients(self) -> list[Client]:
        return list(self._clients.values())

    def services(self) -> list[Service]:
        """The services people are offered (GET /v1/services)."""
        listed = (
            client.service
            for client in self._clients.values()
            if client.client_id not in self._own and not client.development_only
        )
        return sorted(listed, key=lambda service: service.id)


def registry() -> Registry:
    return current_app.extensions[EXTENSION]


def query_client(client_id: str | None) -> Client | None:
    return registry().get(client_id)
