"""The relying services registered in config/clients.toml (or the file named by IDP_CLIENTS_FILE).

The file is read and checked once, when the app starts: a bad entry raises ConfigError
with one line naming the key, so integrators never meet a half-loaded registry.
"""
from __future__ import annotations

import hmac
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from authlib.oauth2.rfc6749 import ClientMixin
from authlib.oauth2.rfc6749.util import scope_to_list
from flask import Flask, current_app
from joserfc.errors import JoseError
from joserfc.jwk import KeySet

from idp.config import PROJECT_ROOT, ConfigError, read_toml
from idp.oauth.keys import DEFAULT_ALGORITHM, SIGNING_ALGORITHMS

DEFAULT_CLIENTS_FILE = PROJECT_ROOT / "config" / "clients.toml"
SUPPORTED_SCOPES = ("openid", "profile", "email", "phone", "offline_access")
# How a client may authenticate at the token, revocation and introspection endpoints: the one
# list of methods. Each client holds its own (token_endpoint_auth_method); one that names none
# may use either secret method. private_key_jwt signs an assertion with a key the client
# registered (jwks or jwks_uri); none is a public client (a native app), which must use PKCE.
SECRET_METHODS = ("client_secret_basic", "client_secret_post")
PRIVATE_KEY_JWT = "private_key_jwt"
PUBLIC = "none"
TOKEN_ENDPOINT_AUTH_METHODS = (*SECRET_METHODS, PRIVATE_KEY_JWT, PUBLIC)
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
        return self.is_public and _without_port(redirect_uri) in {_without_port(uri) for uri in self.redirect_uris if _loopback(uri)}

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


def _loopback(uri: str) -> bool:
    parts = urlsplit(uri)
    return parts.scheme == "http" and parts.hostname in LOOPBACK_HOSTS


def _without_port(uri: str) -> str:
    parts = urlsplit(uri)
    if not _loopback(uri):
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
        listed = (client.service for client in self._clients.values() if client.client_id not in self._own)
        return sorted(listed, key=lambda service: service.id)


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


# A private-use URI scheme of a native app is a reverse domain name (RFC 8252 section 7.1).
PRIVATE_USE_SCHEME = re.compile(r"[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+")


def _redirect_uri(value: Any, where: str, environment: str, native: bool) -> str:
    """A redirect URI as RFC 6749, 8252 and the BCP for OAuth security allow: https for a web
    service (http://localhost too in development), for a native app (a public client) also
    loopback http or a private-use scheme; never a wildcard, a fragment or user info."""
    if isinstance(value, str) and native:
        scheme = value.split(":", 1)[0]
        if PRIVATE_USE_SCHEME.fullmatch(scheme) and "*" not in value and "#" not in value:
            return value
        if _loopback(value) and "*" not in value:
            return _url(value, where)
    url = _url(value, where)
    parts = urlsplit(url)
    if "*" in url or parts.scheme != value.split(":", 1)[0]:
        raise _fail(where, f"must be written out in full, in lower-case, without wildcards (got {value!r})")
    if parts.scheme == "http" and (environment != "development" or parts.hostname not in ("localhost", *LOOPBACK_HOSTS)):
        raise _fail(where, f"must be https (http only for localhost in development{', loopback for a native app' if native else ''}; got {value!r})")
    return url


def _url_list(table: dict, key: str, where: str, required: bool, check=_url) -> tuple[str, ...]:
    values = table.get(key, [] if not required else None)
    if not isinstance(values, list) or (required and not values):
        raise _fail(f"{where}.{key}", "must be a non-empty list of URLs" if required else "must be a list of URLs")
    return tuple(check(value, f"{where}.{key}") for value in values)


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
    "id_token_signed_response_alg", "userinfo_signed_response_alg", "jwks", "jwks_uri",
    "backchannel_logout_uri", "backchannel_logout_session_required", "require_pushed_authorization_requests",
    "development_only",
}


def _public_keys(table: dict, where: str, environment: str) -> tuple[dict | None, str | None]:
    """A private_key_jwt client's keys: exactly one of jwks (inline) and jwks_uri."""
    jwks, jwks_uri = table.get("jwks"), table.get("jwks_uri")
    if (jwks is None) == (jwks_uri is None):
        raise _fail(f"{where}.jwks", "or jwks_uri (one of them) is required by private_key_jwt")
    if jwks_uri is not None:
        return None, _redirect_uri(jwks_uri, f"{where}.jwks_uri", environment, native=False)
    try:
        key_set = KeySet.import_key_set(jwks)
    except (JoseError, TypeError, ValueError, KeyError, AttributeError):
        raise _fail(f"{where}.jwks", "must be a JWK set ({keys = [...]}) of public keys") from None
    if not key_set.keys or any(key.is_private for key in key_set.keys):
        raise _fail(f"{where}.jwks", "must hold public keys only, at least one")
    return jwks, None


def _flag(table: dict, key: str, where: str) -> bool:
    value = table.get(key, False)
    if not isinstance(value, bool):
        raise _fail(f"{where}.{key}", "must be true or false")
    return value


def _choice(table: dict, key: str, where: str, choices, default=None):
    value = table.get(key, default)
    if value not in choices:
        raise _fail(f"{where}.{key}", f"must be one of {', '.join(choice for choice in choices if choice)}")
    return value


def _client(client_id: str, table: Any, environment: str, environ: dict[str, str]) -> Client:
    where = f"clients.{client_id}"
    if not isinstance(table, dict):
        raise _fail(where, "must be a table")
    unknown = set(table) - CLIENT_KEYS
    if unknown:
        raise _fail(f"{where}.{sorted(unknown)[0]}", "is not a known key")
    if _flag(table, "development_only", where) and environment != "development":
        raise _fail(f"{where}.development_only", "is a development-only client, refused outside development")
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
    native = method == PUBLIC
    if native and not require_pkce:
        raise _fail(f"{where}.require_pkce", "must be true for a public client (token_endpoint_auth_method none)")
    jwks, jwks_uri = _public_keys(table, where, environment) if method == PRIVATE_KEY_JWT else (None, None)
    if method != PRIVATE_KEY_JWT and ("jwks" in table or "jwks_uri" in table):
        raise _fail(f"{where}.jwks", "is for private_key_jwt clients only")
    def redirect(value, at):
        return _redirect_uri(value, at, environment, native)

    backchannel_uri = table.get("backchannel_logout_uri")
    if backchannel_uri is not None:
        backchannel_uri = _redirect_uri(backchannel_uri, f"{where}.backchannel_logout_uri", environment, native=False)
    return Client(
        client_id=client_id,
        client_secret="" if method in (PRIVATE_KEY_JWT, PUBLIC) else _secret(table, where, environment, environ),
        redirect_uris=_url_list(table, "redirect_uris", where, required=True, check=redirect),
        post_logout_redirect_uris=_url_list(table, "post_logout_redirect_uris", where, required=False, check=redirect),
        scopes=tuple(scopes),
        subject_type=subject_type,
        sector_identifier=_text(table, "sector_identifier", where, required=False, default=client_id) or client_id,
        require_pkce=require_pkce,
        service=_service(table.get("service"), f"{where}.service"),
        token_endpoint_auth_methods=(method,) if method else SECRET_METHODS,
        id_token_signed_response_alg=_choice(
            table, "id_token_signed_response_alg", where, tuple(SIGNING_ALGORITHMS), DEFAULT_ALGORITHM
        ),
        userinfo_signed_response_alg=_choice(
            table, "userinfo_signed_response_alg", where, (None, *SIGNING_ALGORITHMS), None
        ),
        jwks=jwks,
        jwks_uri=jwks_uri,
        backchannel_logout_uri=backchannel_uri,
        backchannel_logout_session_required=_flag(table, "backchannel_logout_session_required", where),
        require_pushed_authorization_requests=_flag(table, "require_pushed_authorization_requests", where),
    )


def check_clients(path: Path, environment: str, environ: dict[str, str] | os._Environ = os.environ) -> tuple[list[Client], list[str]]:
    """Every client the file registers soundly, and one line for each problem of the others
    (`flask --app idp clients check` prints them all; start-up stops at the first)."""
    try:
        raw = read_toml(path, "clients file")
    except ConfigError as error:
        return [], [str(error)]
    problems = [str(_fail(key, "is not a known key (tables go under [clients.<client_id>])")) for key in sorted(set(raw) - {"clients"})]
    tables = raw.get("clients")
    if not isinstance(tables, dict) or not tables:
        return [], [*problems, str(_fail("clients", "must hold at least one [clients.<client_id>] table"))]
    clients, seen = [], {}
    for client_id, table in tables.items():
        try:
            client = _client(client_id, table, environment, environ)
        except ConfigError as error:
            problems.append(str(error))
            continue
        if client.service.id in seen:
            problems.append(str(_fail(f"clients.{client_id}.service.id", f"{client.service.id} is already used by {seen[client.service.id]}")))
            continue
        seen[client.service.id] = client_id
        clients.append(client)
    return clients, problems


def load_clients(path: Path, environment: str, environ: dict[str, str] | os._Environ = os.environ) -> list[Client]:
    clients, problems = check_clients(path, environment, environ)
    if problems:
        raise ConfigError(problems[0])
    return clients


def clients_file() -> Path:
    return Path(os.environ.get("IDP_CLIENTS_FILE") or DEFAULT_CLIENTS_FILE)


def init_app(app: Flask) -> None:
    environment = app.config["IDP"]["server"]["environment"]
    app.extensions[EXTENSION] = Registry(load_clients(clients_file(), environment))
