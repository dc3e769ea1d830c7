"""The relying services registered in config/clients.toml (or the file named by IDP_CLIENTS_FILE).

The file is read and checked once, when the app starts: a bad entry raises ConfigError
with one line naming the key, so integrators never meet a half-loaded registry.
"""
from __future__ import annotations

import hmac
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from authlib.oauth2.rfc6749 import ClientMixin
from authlib.oauth2.rfc6749.util import scope_to_list
from flask import Flask, current_app

from idp.config import PROJECT_ROOT, ConfigError, read_toml
from idp.oauth.keys import DEFAULT_ALGORITHM, SIGNING_ALGORITHMS

DEFAULT_CLIENTS_FILE = PROJECT_ROOT / "config" / "clients.toml"
SUPPORTED_SCOPES = ("openid", "profile", "email", "phone", "offline_access")
# How a client may authenticate at the token endpoint: the one list of methods. Each client
# holds its own (token_endpoint_auth_method); one that names none may use either secret method.
TOKEN_ENDPOINT_AUTH_METHODS = ("client_secret_basic", "client_secret_post")
MIN_SECRET_LENGTH = 32
EXTENSION = "idp.clients"


@dataclass(frozen=True)
class Service:
    id: int
    url: str
    title: dict[str, str]
    description: dict[str, str]

    def in_language(self, language: str) -> dict[str, Any]:
        return {"id": self.id, "title": self.title[language], "description": self.description[language], "url": self.url}


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
    token_endpoint_auth_methods: tuple[str, ...] = TOKEN_ENDPOINT_AUTH_METHODS
    id_token_signed_response_alg: str = DEFAULT_ALGORITHM

    @property
    def client_metadata(self) -> dict[str, Any]:
        # Authlib's end-session endpoint reads the registered post-logout URIs from here.
        return {"post_logout_redirect_uris": list(self.post_logout_redirect_uris)}

    def get_client_id(self) -> str:
        return self.client_id

    def get_default_redirect_uri(self) -> None:
        # OpenID Connect requires redirect_uri in every request: never fall back to one.
        return None

    def get_allowed_scope(self, scope: str | None) -> str:
        asked = scope_to_list(scope) or []
        return " ".join(s for s in asked if s in self.scopes)

    def check_redirect_uri(self, redirect_uri: str) -> bool:
        return redirect_uri in self.redirect_uris

    def check_client_secret(self, client_secret: str) -> bool:
        return hmac.compare_digest(self.client_secret.encode(), client_secret.encode())

    def check_endpoint_auth_method(self, method: str, endpoint: str) -> bool:
        return method in self.token_endpoint_auth_methods

    def check_response_type(self, response_type: str) -> bool:
        return response_type == "code"

    def check_grant_type(self, grant_type: str) -> bool:
        if grant_type == "refresh_token":
            return "offline_access" in self.scopes
        return grant_type == "authorization_code"


class Registry:
    def __init__(self, clients: list[Client]):
        self._clients = {client.client_id: client for client in clients}

    def get(self, client_id: str | None) -> Client | None:
        return self._clients.get(client_id or "")

    def clients(self) -> list[Client]:
        return list(self._clients.values())

    def services(self) -> list[Service]:
        return sorted((client.service for client in self._clients.values()), key=lambda service: service.id)


def registry() -> Registry:
    return current_app.extensions[EXTENSION]


def query_client(client_id: str | None) -> Client | None:
    return registry().get(client_id)


def _fail(where: str, problem: str) -> ConfigError:
    return ConfigError(f"clients file: {where} {problem}")


def _text(table: dict, key: str, where: str, required: bool = True, default: str = "") -> str:
    value = table.get(key, None if required else default)
    if not isinstance(value, str) or (required and not value.strip()):
        raise _fail(f"{where}.{key}", "must be a non-empty string" if required else "must be a string")
    return value


def _url(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise _fail(where, "must be a URL string")
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.fragment or "@" in parts.netloc:
        raise _fail(where, f"must be an absolute http(s) URL without fragment or user info (got {value!r})")
    return value


def _url_list(table: dict, key: str, where: str, required: bool) -> tuple[str, ...]:
    values = table.get(key, [] if not required else None)
    if not isinstance(values, list) or (required and not values):
        raise _fail(f"{where}.{key}", "must be a non-empty list of URLs" if required else "must be a list of URLs")
    return tuple(_url(value, f"{where}.{key}") for value in values)


def _secret(table: dict, where: str, environment: str, environ: dict[str, str]) -> str:
    variable = _text(table, "client_secret_env", where)
    secret = environ.get(variable, "")
    if not secret:
        if environment != "development":
            raise _fail(f"{where}.client_secret_env", f"names {variable}, which is unset (required outside development)")
        secret = _text(table, "dev_client_secret", where, required=False)
        if not secret:
            raise _fail(f"{where}.client_secret_env", f"names {variable}, which is unset, and no dev_client_secret is given")
    if len(secret) < MIN_SECRET_LENGTH:
        raise _fail(f"{where}.client_secret_env", f"secret must be at least {MIN_SECRET_LENGTH} characters")
    return secret


def _service(table: Any, where: str) -> Service:
    if not isinstance(table, dict):
        raise _fail(where, "is missing (a table with id, url, title_en, title_fr)")
    unknown = set(table) - {"id", "url", "title_en", "title_fr", "description_en", "description_fr"}
    if unknown:
        raise _fail(f"{where}.{sorted(unknown)[0]}", "is not a known key")
    service_id = table.get("id")
    if not isinstance(service_id, int) or isinstance(service_id, bool) or service_id < 1:
        raise _fail(f"{where}.id", "must be a whole number above 0")
    return Service(
        id=service_id,
        url=_url(table.get("url"), f"{where}.url"),
        title={language: _text(table, f"title_{language}", where) for language in ("en", "fr")},
        description={language: _text(table, f"description_{language}", where, required=False) for language in ("en", "fr")},
    )


CLIENT_KEYS = {
    "client_secret_env", "dev_client_secret", "redirect_uris", "post_logout_redirect_uris", "scopes",
    "subject_type", "sector_identifier", "require_pkce", "service", "token_endpoint_auth_method",
    "id_token_signed_response_alg",
}


def _choice(table: dict, key: str, where: str, choices, default=None):
    value = table.get(key, default)
    if value not in choices:
        raise _fail(f"{where}.{key}", f"must be one of {', '.join(choices)}")
    return value


def _client(client_id: str, table: Any, environment: str, environ: dict[str, str]) -> Client:
    where = f"clients.{client_id}"
    if not isinstance(table, dict):
        raise _fail(where, "must be a table")
    unknown = set(table) - CLIENT_KEYS
    if unknown:
        raise _fail(f"{where}.{sorted(unknown)[0]}", "is not a known key")
    scopes = table.get("scopes", ["openid", "profile", "email"])
    if not isinstance(scopes, list) or "openid" not in scopes or not set(scopes) <= set(SUPPORTED_SCOPES):
        raise _fail(f"{where}.scopes", f"must be a list with openid, taken from {', '.join(SUPPORTED_SCOPES)}")
    subject_type = table.get("subject_type", "public")
    if subject_type not in ("public", "pairwise"):
        raise _fail(f"{where}.subject_type", "must be public or pairwise")
    require_pkce = table.get("require_pkce", True)
    if not isinstance(require_pkce, bool):
        raise _fail(f"{where}.require_pkce", "must be true or false")
    method = table.get("token_endpoint_auth_method")
    if method is not None:
        _choice(table, "token_endpoint_auth_method", where, TOKEN_ENDPOINT_AUTH_METHODS)
    return Client(
        client_id=client_id,
        client_secret=_secret(table, where, environment, environ),
        redirect_uris=_url_list(table, "redirect_uris", where, required=True),
        post_logout_redirect_uris=_url_list(table, "post_logout_redirect_uris", where, required=False),
        scopes=tuple(scopes),
        subject_type=subject_type,
        sector_identifier=_text(table, "sector_identifier", where, required=False, default=client_id) or client_id,
        require_pkce=require_pkce,
        service=_service(table.get("service"), f"{where}.service"),
        token_endpoint_auth_methods=(method,) if method else TOKEN_ENDPOINT_AUTH_METHODS,
        id_token_signed_response_alg=_choice(
            table, "id_token_signed_response_alg", where, tuple(SIGNING_ALGORITHMS), DEFAULT_ALGORITHM
        ),
    )


def load_clients(path: Path, environment: str, environ: dict[str, str] | os._Environ = os.environ) -> list[Client]:
    raw = read_toml(path, "clients file")
    unknown = set(raw) - {"clients"}
    if unknown:
        raise _fail(sorted(unknown)[0], "is not a known key (tables go under [clients.<client_id>])")
    tables = raw.get("clients")
    if not isinstance(tables, dict) or not tables:
        raise _fail("clients", "must hold at least one [clients.<client_id>] table")
    clients = [_client(client_id, table, environment, environ) for client_id, table in tables.items()]
    seen: dict[int, str] = {}
    for client in clients:
        if client.service.id in seen:
            raise _fail(f"clients.{client.client_id}.service.id", f"{client.service.id} is already used by {seen[client.service.id]}")
        seen[client.service.id] = client.client_id
    return clients


def init_app(app: Flask) -> None:
    path = Path(os.environ.get("IDP_CLIENTS_FILE") or DEFAULT_CLIENTS_FILE)
    environment = app.config["IDP"]["server"]["environment"]
    app.extensions[EXTENSION] = Registry(load_clients(path, environment))
