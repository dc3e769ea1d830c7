"""Reading the clients file (config/clients.toml, or the file IDP_CLIENTS_FILE names) into
clients.Client records, as the provider in one environment meets them.

Every problem of every client is found, one line each, so that `flask --app idp clients
check` lists them all at once; start-up stops at the first of them. A client with a problem
is not registered at all: integrators never meet a half-loaded client.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask

from idp.clients import (
    EXTENSION,
    PRIVATE_KEY_JWT,
    PUBLIC,
    SECRET_METHODS,
    SUPPORTED_SCOPES,
    TOKEN_ENDPOINT_AUTH_METHODS,
    Client,
    Registry,
    Service,
    credentials,
    values,
)
from idp.config import PROJECT_ROOT, ConfigError, read_toml
from idp.keys import DEFAULT_ALGORITHM, SIGNING_ALGORITHMS

DEFAULT_CLIENTS_FILE = PROJECT_ROOT / "config" / "clients.toml"
CLIENT_KEYS = {
    "client_secret_env",
    "dev_client_secret",
    "redirect_uris",
    "post_logout_redirect_uris",
    "scopes",
    "subject_type",
    "sector_identifier",
    "require_pkce",
    "service",
    "token_endpoint_auth_method",
    "id_token_signed_response_alg",
    "userinfo_signed_response_alg",
    "jwks",
    "jwks_uri",
    "backchannel_logout_uri",
    "backchannel_logout_session_required",
    "require_pushed_authorization_requests",
    "development_only",
}
SERVICE_KEYS = {"id", "url", "title_en", "title_fr", "description_en", "description_fr"}


def _service(problems: values.Problems, table: Any, where: str) -> Service | None:
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
        url=problems.read(lambda: values.url(table.get("url"), f"{where}.url"), ""),
        title={
            language: problems.read(lambda language=language: values.text(table, f"title_{language}", where), "")
            for language in ("en", "fr")
        },
        description={
            language: problems.read(
                lambda language=language: values.text(table, f"description_{language}", where, required=False), ""
            )
            for language in ("en", "fr")
        },
    )


def _client(
    client_id: str, table: dict, environment: str, environ: dict[str, str], problems: values.Problems
) -> Client:
    """The client of the table, its every problem noted (the record is then not to be used)."""
    where = f"clients.{client_id}"
    for unknown in sorted(set(table) - CLIENT_KEYS):
        problems.note(f"{where}.{unknown}", "is not a known key")
    development_only = problems.read(lambda: values.flag(table, "development_only", where), False)
    if development_only and environment != "development":
        problems.note(f"{where}.development_only", "is a development-only client, refused outside development")
    scopes = table.get("scopes", ["openid", "profile", "email"])
    if not isinstance(scopes, list) or "openid" not in scopes or not set(scopes) <= set(SUPPORTED_SCOPES):
        problems.note(f"{where}.scopes", f"must be a list with openid, taken from {', '.join(SUPPORTED_SCOPES)}")
        scopes = []
    subject_type = table.get("subject_type", "public")
    if subject_type not in ("public", "pairwise"):
        problems.note(f"{where}.subject_type", "must be public or pairwise")
    require_pkce = problems.read(lambda: values.flag(table, "require_pkce", where, default=True), True)
    method = problems.read(
        lambda: values.choice(table, "token_endpoint_auth_method", where, (None, *TOKEN_ENDPOINT_AUTH_METHODS))
    )
    native = method == PUBLIC
    if native and not require_pkce:
        problems.note(f"{where}.require_pkce", "must be true for a public client (token_endpoint_auth_method none)")
    jwks, jwks_uri = (
        problems.read(lambda: credentials.public_keys(table, where, environment), (None, None))
        if method == PRIVATE_KEY_JWT
        else (None, None)
    )
    if method != PRIVATE_KEY_JWT and ("jwks" in table or "jwks_uri" in table):
        problems.note(f"{where}.jwks", "is for private_key_jwt clients only")

    def redirect(value, at):
        return values.redirect_uri(value, at, environment, native)

    backchannel_uri = table.get("backchannel_logout_uri")
    if backchannel_uri is not None:
        backchannel_uri = problems.read(
            lambda: values.redirect_uri(backchannel_uri, f"{where}.backchannel_logout_uri", environment, native=False)
        )
    secret = (
        ""
        if method in (PRIVATE_KEY_JWT, PUBLIC)
        else problems.read(lambda: credentials.secret(table, where, environment, environ), "")
    )
    return Client(
        client_id=client_id,
        client_secret=secret,
        redirect_uris=values.url_list(problems, table, "redirect_uris", where, required=True, check=redirect),
        post_logout_redirect_uris=values.url_list(
            problems, table, "post_logout_redirect_uris", where, required=False, check=redirect
        ),
        scopes=tuple(scopes),
        subject_type=subject_type,
        sector_identifier=problems.read(
            lambda: values.text(table, "sector_identifier", where, required=False, default=client_id)
        )
        or client_id,
        require_pkce=require_pkce,
        service=_service(problems, table.get("service"), f"{where}.service"),
        token_endpoint_auth_methods=(method,) if method else SECRET_METHODS,
        id_token_signed_response_alg=problems.read(
            lambda: values.choice(
                table, "id_token_signed_response_alg", where, tuple(SIGNING_ALGORITHMS), DEFAULT_ALGORITHM
            ),
            DEFAULT_ALGORITHM,
        ),
        userinfo_signed_response_alg=problems.read(
            lambda: values.choice(table, "userinfo_signed_response_alg", where, (None, *SIGNING_ALGORITHMS), None)
        ),
        jwks=jwks,
        jwks_uri=jwks_uri,
        backchannel_logout_uri=backchannel_uri,
        backchannel_logout_session_required=problems.read(
            lambda: values.flag(table, "backchannel_logout_session_required", where), False
        ),
        require_pushed_authorization_requests=problems.read(
            lambda: values.flag(table, "require_pushed_authorization_requests", where), False
        ),
        development_only=development_only,
    )


def check_clients(
    path: Path, environment: str, environ: dict[str, str] | os._Environ = os.environ
) -> tuple[list[Client], list[str]]:
    """Every client the file registers soundly, and one line for each problem of every other
    (`flask --app idp clients check` prints them all; start-up stops at the first)."""
    try:
        raw = read_toml(path, "clients file")
    except ConfigError as error:
        return [], [str(error)]
    problems = [
        str(values.fail(key, "is not a known key (tables go under [clients.<client_id>])"))
        for key in sorted(set(raw) - {"clients"})
    ]
    tables = raw.get("clients")
    if not isinstance(tables, dict) or not tables:
        return [], [*problems, str(values.fail("clients", "must hold at least one [clients.<client_id>] table"))]
    clients, seen = [], {}
    for client_id, table in tables.items():
        if not isinstance(table, dict):
            problems.append(str(values.fail(f"clients.{client_id}", "must be a table")))
            continue
        found = values.Problems()
        client = _client(client_id, table, environment, environ, found)
        if client.service is not None and client.service.id in seen:
            found.note(
                f"clients.{client_id}.service.id", f"{client.service.id} is already used by {seen[client.service.id]}"
            )
        problems.extend(found.found)
        if not found.found:
            seen[client.service.id] = client_id
            clients.append(client)
    return clients, problems


def taken(path: Path) -> tuple[set[str], set[int]]:
    """The client ids and service ids the file's tables hold, sound or not and whatever the
    environment (a development-only client keeps its ids in production): what a new client
    may not take. ConfigError when the file cannot be read."""
    tables = read_toml(path, "clients file").get("clients")
    tables = tables if isinstance(tables, dict) else {}
    service_ids = set()
    for table in tables.values():
        service = table.get("service") if isinstance(table, dict) else None
        service_id = service.get("id") if isinstance(service, dict) else None
        if isinstance(service_id, int) and not isinstance(service_id, bool):
            service_ids.add(service_id)
    return set(tables), service_ids


def load_clients(path: Path, environment: str, environ: dict[str, str] | os._Environ = os.environ) -> list[Client]:
    clients, problems = check_clients(path, environment, environ)
    if problems:
        raise ConfigError(problems[0])
    return clients


def path() -> Path:
    return Path(os.environ.get("IDP_CLIENTS_FILE") or DEFAULT_CLIENTS_FILE)


def init_app(app: Flask) -> None:
    environment = app.config["IDP"]["server"]["environment"]
    app.extensions[EXTENSION] = Registry(load_clients(path(), environment))
