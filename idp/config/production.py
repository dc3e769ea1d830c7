"""What a public service cannot run without (each refusal names the setting to fix), where the
database is, and the secrets: configured, or in development made once and kept in instance/."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

from cryptography.fernet import Fernet

from idp.config import delivery, secret_files
from idp.config.rules import ConfigError

LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")


def check_production(settings: dict[str, dict[str, Any]]) -> None:
    """What a public service cannot run without; each refusal names the setting to fix.
    Development needs none of it."""
    if not is_production(settings):
        return
    if settings["testmode"]["enabled"]:
        raise ConfigError("IDP_TESTMODE_ENABLED is on, which gives a sample person fixed codes: development only")
    if not settings["server"]["secret_key"]:
        raise ConfigError("IDP_SERVER_SECRET_KEY is required outside development")
    if not settings["methods"]["app_secret_key"]:
        raise ConfigError(
            "IDP_METHODS_APP_SECRET_KEY is required outside development "
            "(a Fernet key: it encrypts the keys of authenticator apps)"
        )
    issuer = settings["server"]["issuer"]
    if not issuer.startswith("https://") and urlsplit(issuer).hostname not in LOCAL_HOSTS:
        raise ConfigError(f"IDP_SERVER_ISSUER must be an https:// URL in production (got {issuer!r})")
    delivery.check_production(settings)
    if not settings["queue"]["redis_url"]:
        raise ConfigError(
            "IDP_QUEUE_REDIS_URL is required in production (messages are delivered by the queue's worker)"
        )


def is_production(settings: dict[str, dict[str, Any]]) -> bool:
    return settings["server"]["environment"] == "production"


def database_url(environ: dict[str, str], instance_path: str) -> str:
    """DATABASE_URL when given (PostgreSQL through psycopg 3), else a SQLite file in instance/."""
    url = environ.get("DATABASE_URL", "").strip()
    if not url:
        return f"sqlite:///{Path(instance_path) / 'idp.sqlite3'}"
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return _several_hosts("postgresql+psycopg://" + url[len(prefix) :])
    if url.startswith(("postgresql+psycopg://", "sqlite:///")):
        return url
    raise ConfigError("DATABASE_URL must be a postgresql:// or sqlite:/// URL")


def _several_hosts(url: str) -> str:
    """libpq's URL of several servers (postgresql://user@db1:5432,db2:5432/idp?target_session_attrs=
    read-write, as psql takes it: docs/operations.md, "When the primary fails") in SQLAlchemy's
    spelling, one host parameter per server; a URL of one server as it is."""
    parts = urlsplit(url)
    credentials, _, hosts = parts.netloc.rpartition("@")
    if "," not in hosts:
        return url
    named = urlencode([("host", host) for host in hosts.split(",")])
    query = "&".join(part for part in (named, parts.query) if part)
    login = f"{credentials}@" if credentials else ""
    return f"{parts.scheme}://{login}{parts.path}?{query}"


def _instance_secret(
    settings: dict, instance_path: str, configured: str, variable: str, file_name: str, make: Callable[[], str]
) -> str:
    """The configured secret; in development one is made once and kept in instance/."""
    if configured:
        return configured
    # Production refused to start without one (check_production).
    path = Path(instance_path) / file_name
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        secret_files.create(path, make())
    return path.read_text(encoding="utf-8").strip()


def secret_key(settings: dict[str, dict[str, Any]], instance_path: str) -> str:
    """The secret of the HMACs (codes, sessions, counters) and pairwise subjects."""
    configured = settings["server"]["secret_key"]
    if configured and len(configured) < 32:
        raise ConfigError("IDP_SERVER_SECRET_KEY must be at least 32 characters")
    return _instance_secret(
        settings, instance_path, configured, "IDP_SERVER_SECRET_KEY", "secret_key", lambda: secrets.token_urlsafe(48)
    )


def app_secret_key(settings: dict[str, dict[str, Any]], instance_path: str) -> str:
    """The Fernet key that encrypts the secrets of authenticator apps."""
    key = _instance_secret(
        settings,
        instance_path,
        settings["methods"]["app_secret_key"],
        "IDP_METHODS_APP_SECRET_KEY",
        "app_secret_key",
        lambda: Fernet.generate_key().decode(),
    )
    try:
        Fernet(key)
    except ValueError:
        raise ConfigError("IDP_METHODS_APP_SECRET_KEY must be a Fernet key (32 bytes, url-safe base64)") from None
    return key
