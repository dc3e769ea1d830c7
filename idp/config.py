"""Settings: defaults in config/settings.toml, overridden by IDP_* environment variables.

Every value is checked once at start-up. A missing or malformed setting raises
ConfigError whose message is one line naming the setting, so an operator can fix
it without reading a traceback.
"""
from __future__ import annotations

import ipaddress
import os
import re
import secrets
import tomllib
import zoneinfo
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable
from urllib.parse import urlsplit

from cryptography.fernet import Fernet

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SETTINGS_FILE = PROJECT_ROOT / "config" / "settings.toml"


class ConfigError(Exception):
    """A setting is missing or malformed; the message names it."""


@dataclass(frozen=True)
class Rule:
    kind: type
    check: Callable[[Any], bool] = lambda value: True
    expectation: str = ""


def _positive(value: int) -> bool:
    return value > 0


def _one_of(*choices: str) -> Rule:
    return Rule(str, lambda value: value in choices, "one of " + ", ".join(choices))


POSITIVE_INT = Rule(int, _positive, "a whole number above 0")
NON_NEGATIVE_INT = Rule(int, lambda value: value >= 0, "a whole number, 0 or more")
TEXT = Rule(str)
FLAG = Rule(bool)
PORT = Rule(int, lambda value: 0 < value < 65536, "a port number from 1 to 65535")


def networks(value: str) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    """A comma-separated list of CIDR networks (metrics.allowed_networks, console.allowed_networks)."""
    return [ipaddress.ip_network(part.strip()) for part in value.split(",") if part.strip()]


def in_networks(address: str | None, value: str) -> bool:
    """Is the client address in one of the networks of such a setting? An unknown one is not."""
    return address is not None and any(ipaddress.ip_address(address) in network for network in networks(value))


def channels(value: str) -> tuple[str, ...]:
    """notify.channels: the comma-separated channels people are offered (email, sms, voice)."""
    return tuple(part.strip() for part in value.split(",") if part.strip())


def _channels_ok(value: str) -> bool:
    offered = channels(value)
    # E-mail names the account and the phone step of sign-up is mandatory: both must be reachable.
    return (set(offered) <= {"email", "sms", "voice"} and len(set(offered)) == len(offered)
            and "email" in offered and bool({"sms", "voice"} & set(offered)))


def phone_countries(value: str) -> dict[str, int]:
    """limits.anonymous_phone_countries: "CA:200,US:20,*:5" -> {"CA": 200, "US": 20, "*": 5}."""
    budgets = {}
    for part in value.split(","):
        region, _, count = part.strip().partition(":")
        budgets[region.strip().upper()] = int(count)
    return budgets


def _phone_countries_ok(value: str) -> bool:
    try:
        budgets = phone_countries(value)
    except ValueError:
        return False
    return "*" in budgets and all((region == "*" or re.fullmatch("[A-Z]{2}", region)) and count >= 0
                                  for region, count in budgets.items())


def _time_zone_ok(value: str) -> bool:
    try:
        zoneinfo.ZoneInfo(value)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return False
    return True


def _networks_ok(value: str) -> bool:
    try:
        networks(value)
    except ValueError:
        return False
    return True

SCHEMA: dict[str, dict[str, Rule]] = {
    "server": {
        "environment": _one_of("development", "production"),
        "issuer": Rule(str, lambda v: v.startswith(("http://", "https://")) and not v.endswith("/"),
                       "an http(s) URL without a trailing slash"),
        "secret_key": TEXT,
        "max_request_bytes": Rule(int, lambda v: v >= 4096, "a whole number of bytes, 4096 or more"),
        "proxy_hops": NON_NEGATIVE_INT,
        "hsts_max_age_seconds": NON_NEGATIVE_INT,
    },
    "database": {
        "connect_timeout_seconds": POSITIVE_INT,
        "sqlite_busy_timeout_seconds": POSITIVE_INT,
        "ping_connections_idle_ms": NON_NEGATIVE_INT,
    },
    "password": {
        "min_length": POSITIVE_INT,
        "max_length": POSITIVE_INT,
        "min_strength": Rule(int, lambda v: 0 <= v <= 4, "a zxcvbn score from 0 to 4"),
        "throttle_after": NON_NEGATIVE_INT,
        "throttle_base_seconds": POSITIVE_INT,
        "throttle_max_seconds": POSITIVE_INT,
        "max_failures_per_ip": POSITIVE_INT,
        "ip_window_seconds": POSITIVE_INT,
        "max_consecutive_failures": POSITIVE_INT,
        "argon2_time_cost": POSITIVE_INT,
        "argon2_memory_kib": Rule(int, lambda v: v >= 8192, "a number of KiB, 8192 or more"),
        "argon2_parallelism": POSITIVE_INT,
    },
    "otp": {
        "length": Rule(int, lambda v: 4 <= v <= 10, "a whole number from 4 to 10"),
        "expiry_seconds": POSITIVE_INT,
        "max_attempts": POSITIVE_INT,
        "resend_wait_seconds": NON_NEGATIVE_INT,
    },
    "limits": {
        "max_sends": POSITIVE_INT,
        "max_own_sends": POSITIVE_INT,
        "max_wrong_codes": POSITIVE_INT,
        "window_seconds": POSITIVE_INT,
        "block_seconds": POSITIVE_INT,
        "max_sends_per_ip": POSITIVE_INT,
        "sends_per_ip_delay_seconds": POSITIVE_INT,
        "proof_of_work_after_sends": NON_NEGATIVE_INT,
        "proof_of_work_max_number": Rule(int, lambda v: 1000 <= v <= 10_000_000, "a whole number from 1000 to 10000000"),
        "max_phone_messages": POSITIVE_INT,
        "max_anonymous_phone_messages": POSITIVE_INT,
        "anonymous_phone_countries": Rule(str, _phone_countries_ok,
                                          'region:count pairs with a "*" for every other country, e.g. CA:200,US:20,*:5'),
        "max_anonymous_phone_messages_per_range": POSITIVE_INT,
        "max_recovery_emails_per_day": POSITIVE_INT,
        "phone_messages_window_seconds": POSITIVE_INT,
    },
    "names": {
        "max_length": Rule(int, lambda v: 2 <= v <= 100, "a whole number from 2 to 100 (the database column holds 100)"),
    },
    "phone": {
        "max_digits": Rule(int, lambda v: 8 <= v <= 20, "a whole number from 8 to 20"),
        "long_numbers": FLAG,
    },
    "profile": {
        "reauthentication_window_seconds": POSITIVE_INT,
    },
    "methods": {
        "app_secret_key": TEXT,
        "app_drift_steps": Rule(int, lambda v: 0 <= v <= 2, "a whole number from 0 to 2"),
        "backup_codes": Rule(int, lambda v: 5 <= v <= 20, "a whole number from 5 to 20"),
        "backup_code_length": Rule(int, lambda v: 8 <= v <= 16, "a whole number from 8 to 16"),
        "backup_codes_low": NON_NEGATIVE_INT,
        "passkey_user_verification": _one_of("required", "preferred", "discouraged"),
        "passkey_timeout_seconds": POSITIVE_INT,
    },
    "session": {
        "cookie_name": Rule(str, lambda v: v.isidentifier(), "letters, digits and underscores"),
        "idle_timeout_seconds": POSITIVE_INT,
        "absolute_timeout_seconds": POSITIVE_INT,
        "device_cookie_name": Rule(str, lambda v: v.isidentifier(), "letters, digits and underscores"),
        "device_lifetime_seconds": POSITIVE_INT,
    },
    "account": {
        "page_size": Rule(int, lambda v: 1 <= v <= 500, "a whole number from 1 to 500"),
        "time_zone": Rule(str, _time_zone_ok, "an IANA time zone, e.g. America/Toronto"),
        "new_device_notice": FLAG,
        "activity_retention_days": Rule(int, lambda v: 30 <= v <= 3650, "a whole number of days from 30 to 3650"),
    },
    "oauth": {
        "authorization_code_lifetime_seconds": Rule(int, lambda v: 0 < v <= 60, "a whole number from 1 to 60"),
        "access_token_lifetime_seconds": POSITIVE_INT,
        "id_token_lifetime_seconds": POSITIVE_INT,
        "refresh_token_lifetime_seconds": POSITIVE_INT,
        "interaction_lifetime_seconds": POSITIVE_INT,
        "backchannel_logout_timeout_seconds": Rule(int, lambda v: 1 <= v <= 30, "a whole number from 1 to 30"),
    },
    "notify": {
        "provider": _one_of("", "outbox", "smtp", "notify"),
        "channels": Rule(str, _channels_ok, "comma-separated channels from email, sms and voice, with email and at least one of sms and voice"),
        "timeout_seconds": POSITIVE_INT,
        "sender": TEXT,
        "smtp_host": TEXT,
        "smtp_port": PORT,
        "smtp_username": TEXT,
        "smtp_password": TEXT,
        "smtp_starttls": FLAG,
        "notify_base_url": TEXT,
        "notify_api_key": TEXT,
        "notify_email_template_id": TEXT,
        "notify_sms_template_id": TEXT,
    },
    "queue": {
        "redis_url": Rule(str, lambda v: v == "" or v.startswith(("redis://", "rediss://", "unix://")),
                          "empty or a redis://, rediss:// or unix:// URL"),
        "timeout_seconds": POSITIVE_INT,
        "max_attempts": POSITIVE_INT,
        "retry_backoff_seconds": POSITIVE_INT,
        "failed_ttl_seconds": POSITIVE_INT,
    },
    "metrics": {
        "allowed_networks": Rule(str, _networks_ok, "comma-separated CIDR networks, e.g. 10.0.0.0/8, ::1/128"),
    },
    "housekeeping": {
        "keep_expired_seconds": POSITIVE_INT,
    },
    "console": {
        "allowed_networks": Rule(str, _networks_ok, "comma-separated CIDR networks, e.g. 10.0.0.0/8, ::1/128"),
        "session_minutes": Rule(int, lambda v: 1 <= v <= 480, "a whole number of minutes from 1 to 480"),
        "report_max_days": Rule(int, lambda v: 1 <= v <= 3660, "a whole number of days from 1 to 3660"),
    },
    "insight": {
        "collect": FLAG,
        "raw_retention_days": Rule(int, lambda v: 1 <= v <= 90, "a whole number of days from 1 to 90"),
        "max_events_per_batch": Rule(int, lambda v: 1 <= v <= 500, "a whole number from 1 to 500"),
        "max_batches_per_address": POSITIVE_INT,
        "address_window_seconds": POSITIVE_INT,
        "max_batches_per_day": POSITIVE_INT,
    },
    "testmode": {
        "enabled": FLAG,
        "email": TEXT,
        "phone": TEXT,
        "code": Rule(str, str.isdigit, "digits only"),
        "password": TEXT,
        "first_name": TEXT,
        "last_name": TEXT,
        "prototype_url": TEXT,
    },
}

LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")


def env_name(section: str, key: str) -> str:
    return f"IDP_{section}_{key}".upper()


def _parse_env(raw: str, rule: Rule, name: str) -> Any:
    if rule.kind is bool:
        lowered = raw.strip().lower()
        if lowered in ("1", "true", "yes", "on"):
            return True
        if lowered in ("0", "false", "no", "off"):
            return False
        raise ConfigError(f"{name} must be true or false (got {raw!r})")
    if rule.kind is int:
        try:
            return int(raw.strip())
        except ValueError:
            raise ConfigError(f"{name} must be {rule.expectation or 'a whole number'} (got {raw!r})") from None
    return raw


def _check(value: Any, rule: Rule, name: str) -> Any:
    # bool is a subclass of int: refuse true/false where a number is expected.
    if not isinstance(value, rule.kind) or (rule.kind is int and isinstance(value, bool)):
        raise ConfigError(f"{name} must be {rule.expectation or rule.kind.__name__} (got {value!r})")
    if not rule.check(value):
        raise ConfigError(f"{name} must be {rule.expectation} (got {value!r})")
    return value


def read_toml(path: Path, what: str) -> dict[str, Any]:
    """A configuration file's contents; ConfigError naming the file when it is missing or not TOML."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"{what} {path} is missing") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{what} {path} is not valid TOML: {error}") from None


def load_settings(settings_file: Path | None = None, environ: dict[str, str] | None = None) -> dict[str, dict[str, Any]]:
    """Read the defaults file, apply IDP_* overrides, validate everything."""
    settings_file = settings_file or Path(os.environ.get("IDP_SETTINGS_FILE", DEFAULT_SETTINGS_FILE))
    environ = os.environ if environ is None else environ
    raw = read_toml(settings_file, "settings file")

    unknown_sections = set(raw) - set(SCHEMA)
    if unknown_sections:
        raise ConfigError(f"settings file has an unknown section [{sorted(unknown_sections)[0]}]")

    settings: dict[str, dict[str, Any]] = {}
    for section, rules in SCHEMA.items():
        given = raw.get(section, {})
        unknown = set(given) - set(rules)
        if unknown:
            raise ConfigError(f"settings file has an unknown setting {section}.{sorted(unknown)[0]}")
        settings[section] = {}
        for key, rule in rules.items():
            name = env_name(section, key)
            if name in environ:
                value = _parse_env(environ[name], rule, name)
            elif key in given:
                value = given[key]
                name = f"{section}.{key} in {settings_file.name}"
            else:
                raise ConfigError(f"setting {section}.{key} is missing (set it in {settings_file.name} or {env_name(section, key)})")
            settings[section][key] = _check(value, rule, name)

    password = settings["password"]
    if password["min_length"] > password["max_length"]:
        raise ConfigError("IDP_PASSWORD_MIN_LENGTH must not be greater than IDP_PASSWORD_MAX_LENGTH")
    if settings["testmode"]["enabled"] and len(settings["testmode"]["code"]) != settings["otp"]["length"]:
        raise ConfigError("IDP_TESTMODE_CODE must have as many digits as IDP_OTP_LENGTH")
    return settings


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
        raise ConfigError("IDP_METHODS_APP_SECRET_KEY is required outside development (a Fernet key: it encrypts the keys of authenticator apps)")
    issuer = settings["server"]["issuer"]
    if not issuer.startswith("https://") and urlsplit(issuer).hostname not in LOCAL_HOSTS:
        raise ConfigError(f"IDP_SERVER_ISSUER must be an https:// URL in production (got {issuer!r})")
    provider = settings["notify"]["provider"]
    if provider == "outbox":
        raise ConfigError("IDP_NOTIFY_PROVIDER is outbox, which keeps codes in clear and sends nothing: development only (use smtp or notify)")
    if provider == "":
        raise ConfigError("IDP_NOTIFY_PROVIDER is required in production (smtp or notify)")
    if not settings["queue"]["redis_url"]:
        raise ConfigError("IDP_QUEUE_REDIS_URL is required in production (messages are delivered by the queue's worker)")


def is_production(settings: dict[str, dict[str, Any]]) -> bool:
    return settings["server"]["environment"] == "production"


def database_url(environ: dict[str, str], instance_path: str) -> str:
    """DATABASE_URL when given (PostgreSQL through psycopg 3), else a SQLite file in instance/."""
    url = environ.get("DATABASE_URL", "").strip()
    if not url:
        return f"sqlite:///{Path(instance_path) / 'idp.sqlite3'}"
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    if url.startswith(("postgresql+psycopg://", "sqlite:///")):
        return url
    raise ConfigError("DATABASE_URL must be a postgresql:// or sqlite:/// URL")


def _instance_secret(settings: dict, instance_path: str, configured: str, variable: str, file_name: str,
                     make: Callable[[], str]) -> str:
    """The configured secret; in development one is made once and kept in instance/."""
    if configured:
        return configured
    # Production refused to start without one (check_production).
    path = Path(instance_path) / file_name
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(make(), encoding="utf-8")
        path.chmod(0o600)
    return path.read_text(encoding="utf-8").strip()


def secret_key(settings: dict[str, dict[str, Any]], instance_path: str) -> str:
    """The secret of the HMACs (codes, sessions, counters) and pairwise subjects."""
    configured = settings["server"]["secret_key"]
    if configured and len(configured) < 32:
        raise ConfigError("IDP_SERVER_SECRET_KEY must be at least 32 characters")
    return _instance_secret(settings, instance_path, configured, "IDP_SERVER_SECRET_KEY", "secret_key",
                            lambda: secrets.token_urlsafe(48))


def app_secret_key(settings: dict[str, dict[str, Any]], instance_path: str) -> str:
    """The Fernet key that encrypts the secrets of authenticator apps."""
    key = _instance_secret(settings, instance_path, settings["methods"]["app_secret_key"],
                           "IDP_METHODS_APP_SECRET_KEY", "app_secret_key", lambda: Fernet.generate_key().decode())
    try:
        Fernet(key)
    except ValueError:
        raise ConfigError("IDP_METHODS_APP_SECRET_KEY must be a Fernet key (32 bytes, url-safe base64)") from None
    return key
