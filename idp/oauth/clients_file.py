"""Reading the clients file (config/clients.toml, or the file IDP_CLIENTS_FILE names) into
clients.Client records, as the provider in one environment meets them.

Every problem of every client is found, one line each, so that `flask --app idp clients
check` lists them all at once; start-up stops at the first of them. A client with a problem
is not registered at all: integrators never meet a half-loaded client.
"""
from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

from joserfc.errors import JoseError
from joserfc.jwk import KeySet

from flask import Flask

from idp.config import PROJECT_ROOT, ConfigError, read_toml
from idp.oauth.clients import (
    EXTENSION, LOOPBACK_HOSTS, PRIVATE_KEY_JWT, PUBLIC, SECRET_METHODS, SUPPORTED_SCOPES, TOKEN_ENDPOINT_AUTH_METHODS, Client,
    Registry, Service, is_loopback,
)
from idp.oauth.keys import DEFAULT_ALGORITHM, SIGNING_ALGORITHMS

DEFAULT_CLIENTS_FILE = PROJECT_ROOT / "config" / "clients.toml"
MIN_SECRET_LENGTH = 32
CLIENT_KEYS = {
    "client_secret_env", "dev_client_secret", "redirect_uris", "post_logout_redirect_uris", "scopes",
    "subject_type", "sector_identifier", "require_pkce", "service", "token_endpoint_auth_method",
    "id_token_signed_response_alg", "userinfo_signed_response_alg", "jwks", "jwks_uri",
    "backchannel_logout_uri", "backchannel_logout_session_required", "require_pushed_authorization_requests",
    "development_only",
}
SERVICE_KEYS = {"id", "url", "title_en", "title_fr", "description_en", "description_fr"}
# A private-use URI scheme of a native app is a reverse domain name (RFC 8252 section 7.1).
PRIVATE_USE_SCHEME = re.compile(r"[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+")
T = TypeVar("T")


def _fail(where: str, problem: str) -> ConfigError:
    return ConfigError(f"clients file: {where} {problem}")


class _Problems:
    """The problems of one client's table, noted as each key is read: reading goes on."""

    def __init__(self):
        self.found: list[str] = []

    def read(self, reading: Callable[[], T], instead: T = None) -> T:
        """What reading() gives; `instead` when it names a problem, which is noted."""
        try:
            return reading()
        except ConfigError as problem:
            self.found.append(str(problem))
            return instead

    def note(self, where: str, problem: str) -> None:
        self.found.append(str(_fail(where, problem)))


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


def _redirect_uri(value: Any, where: str, environment: str, native: bool) -> str:
    """A redirect URI as RFC 6749, 8252 and the BCP for OAuth security allow: https for a web
    service (http://localhost too in development), for a native app (a public client) also
    loopback http or a private-use scheme; never a wildcard, a fragment or user info."""
    if isinstance(value, str) and native:
        scheme = value.split(":", 1)[0]
        if PRIVATE_USE_SCHEME.fullmatch(scheme) and "*" not in value and "#" not in value:
            return value
        if is_loopback(value) and "*" not in value:
            return _url(value, where)
    url = _url(value, where)
    parts = urlsplit(url)
    if "*" in url or parts.scheme != value.split(":", 1)[0]:
        raise _fail(where, f"must be written out in full, in lower-case, without wildcards (got {value!r})")
    if parts.scheme == "http" and (environment != "development" or parts.hostname not in ("localhost", *LOOPBACK_HOSTS)):
        raise _fail(where, f"must be https (http only for localhost in development{', loopback for a native app' if native else ''}; got {value!r})")
    return url


def _url_list(problems: _Problems, table: dict, key: str, where: str, required: bool, check=_url) -> tuple[str, ...]:
    values = table.get(key, [] if not required else None)
    if not isinstance(values, list) or (required and not values):
        problems.note(f"{where}.{key}", "must be a non-empty list of URLs" if required else "must be a list of URLs")
        return ()
    return tuple(problems.read(lambda value=value: check(value, f"{where}.{key}"), "") for value in values)


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


def _service(problems: _Problems, table: Any, where: str) -> Service | None:
    if not isinstance(table, dict):
        problems.note(where, "is missing (a table with id, url, title_en, title_fr)")
        return None
    for unknown in sorted(set(table) - SERVICE_KEYS):
        problems.note(f"{where}.{unknown}", "is not a known key")
    service_id = table.get("id")
    if not isinstance(service_id, int) or isinstance(service_id, bool) or service_id < 1:
        problems.note(f"{where}.id", "must be a whole number above 0")
    return Service(
        id=service_id,
        url=problems.read(lambda: _url(table.get("url"), f"{where}.url"), ""),
        title={language: problems.read(lambda language=language: _text(table, f"title_{language}", where), "") for language in ("en", "fr")},
        description={language: problems.read(lambda language=language: _text(table, f"description_{language}", where, required=False), "")
                     for language in ("en", "fr")},
    )


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


def _flag(table: dict, key: str, where: str, default: bool = False) -> bool:
    value = table.get(key, default)
    if not isinstance(value, bool):
        raise _fail(f"{where}.{key}", "must be true or false")
    return value


def _choice(table: dict, key: str, where: str, choices, default=None):
    value = table.get(key, default)
    if value not in choices:
        raise _fail(f"{where}.{key}", f"must be one of {', '.join(choice for choice in choices if choice)}")
    return value


def _client(client_id: str, table: dict, environment: str, environ: dict[str, str], problems: _Problems) -> Client:
    """The client of the table, its every problem noted (the record is then not to be used)."""
    where = f"clients.{client_id}"
    for unknown in sorted(set(table) - CLIENT_KEYS):
        problems.note(f"{where}.{unknown}", "is not a known key")
    if problems.read(lambda: _flag(table, "development_only", where), False) and environment != "development":
        problems.note(f"{where}.development_only", "is a development-only client, refused outside development")
    scopes = table.get("scopes", ["openid", "profile", "email"])
    if not isinstance(scopes, list) or "openid" not in scopes or not set(scopes) <= set(SUPPORTED_SCOPES):
        problems.note(f"{where}.scopes", f"must be a list with openid, taken from {', '.join(SUPPORTED_SCOPES)}")
        scopes = []
    subject_type = table.get("subject_type", "public")
    if subject_type not in ("public", "pairwise"):
        problems.note(f"{where}.subject_type", "must be public or pairwise")
    require_pkce = problems.read(lambda: _flag(table, "require_pkce", where, default=True), True)
    method = problems.read(lambda: _choice(table, "token_endpoint_auth_method", where, (None, *TOKEN_ENDPOINT_AUTH_METHODS)))
    native = method == PUBLIC
    if native and not require_pkce:
        problems.note(f"{where}.require_pkce", "must be true for a public client (token_endpoint_auth_method none)")
    jwks, jwks_uri = problems.read(lambda: _public_keys(table, where, environment), (None, None)) if method == PRIVATE_KEY_JWT else (None, None)
    if method != PRIVATE_KEY_JWT and ("jwks" in table or "jwks_uri" in table):
        problems.note(f"{where}.jwks", "is for private_key_jwt clients only")

    def redirect(value, at):
        return _redirect_uri(value, at, environment, native)

    backchannel_uri = table.get("backchannel_logout_uri")
    if backchannel_uri is not None:
        backchannel_uri = problems.read(lambda: _redirect_uri(backchannel_uri, f"{where}.backchannel_logout_uri", environment, native=False))
    secret = "" if method in (PRIVATE_KEY_JWT, PUBLIC) else problems.read(lambda: _secret(table, where, environment, environ), "")
    return Client(
        client_id=client_id,
        client_secret=secret,
        redirect_uris=_url_list(problems, table, "redirect_uris", where, required=True, check=redirect),
        post_logout_redirect_uris=_url_list(problems, table, "post_logout_redirect_uris", where, required=False, check=redirect),
        scopes=tuple(scopes),
        subject_type=subject_type,
        sector_identifier=problems.read(lambda: _text(table, "sector_identifier", where, required=False, default=client_id)) or client_id,
        require_pkce=require_pkce,
        service=_service(problems, table.get("service"), f"{where}.service"),
        token_endpoint_auth_methods=(method,) if method else SECRET_METHODS,
        id_token_signed_response_alg=problems.read(
            lambda: _choice(table, "id_token_signed_response_alg", where, tuple(SIGNING_ALGORITHMS), DEFAULT_ALGORITHM), DEFAULT_ALGORITHM),
        userinfo_signed_response_alg=problems.read(
            lambda: _choice(table, "userinfo_signed_response_alg", where, (None, *SIGNING_ALGORITHMS), None)),
        jwks=jwks,
        jwks_uri=jwks_uri,
        backchannel_logout_uri=backchannel_uri,
        backchannel_logout_session_required=problems.read(lambda: _flag(table, "backchannel_logout_session_required", where), False),
        require_pushed_authorization_requests=problems.read(lambda: _flag(table, "require_pushed_authorization_requests", where), False),
    )


def check_clients(path: Path, environment: str, environ: dict[str, str] | os._Environ = os.environ) -> tuple[list[Client], list[str]]:
    """Every client the file registers soundly, and one line for each problem of every other
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
        if not isinstance(table, dict):
            problems.append(str(_fail(f"clients.{client_id}", "must be a table")))
            continue
        found = _Problems()
        client = _client(client_id, table, environment, environ, found)
        if client.service is not None and client.service.id in seen:
            found.note(f"clients.{client_id}.service.id", f"{client.service.id} is already used by {seen[client.service.id]}")
        problems.extend(found.found)
        if not found.found:
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
