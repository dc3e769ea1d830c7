"""Settings: defaults in config/settings.toml, overridden by IDP_* environment variables.

Every value is checked once at start-up against its rule (table.py, written in rules.py). A
missing or malformed setting raises ConfigError whose message is one line naming the setting,
so an operator can fix it without reading a traceback. What production refuses to start
without, and the secrets development makes for itself, are production.py's.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

from idp.config.rules import ConfigError, Rule, networks
from idp.config.table import SCHEMA

PROJECT_ROOT = Path(__file__).resolve().parent.parent.parent
DEFAULT_SETTINGS_FILE = PROJECT_ROOT / "config" / "settings.toml"


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
    got = f"{len(value)} characters" if rule.secret and isinstance(value, str) else repr(value)
    # bool is a subclass of int: refuse true/false where a number is expected.
    if not isinstance(value, rule.kind) or (rule.kind is int and isinstance(value, bool)):
        raise ConfigError(f"{name} must be {rule.expectation or rule.kind.__name__} (got {got})")
    if not rule.check(value):
        raise ConfigError(f"{name} must be {rule.expectation} (got {got})")
    return value


def read_toml(path: Path, what: str) -> dict[str, Any]:
    """A configuration file's contents; ConfigError naming the file when it is missing or not TOML."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"{what} {path} is missing") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{what} {path} is not valid TOML: {error}") from None


def load_settings(
    settings_file: Path | None = None, environ: dict[str, str] | None = None
) -> dict[str, dict[str, Any]]:
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
                raise ConfigError(
                    f"setting {section}.{key} is missing (set it in {settings_file.name} or {env_name(section, key)})"
                )
            settings[section][key] = _check(value, rule, name)

    password = settings["password"]
    if password["min_length"] > password["max_length"]:
        raise ConfigError("IDP_PASSWORD_MIN_LENGTH must not be greater than IDP_PASSWORD_MAX_LENGTH")
    if settings["server"]["proxy_hops"] and not networks(settings["server"]["proxy_networks"]):
        raise ConfigError(
            "IDP_SERVER_PROXY_NETWORKS must name the networks the proxies of IDP_SERVER_PROXY_HOPS connect from"
        )
    if settings["testmode"]["enabled"] and len(settings["testmode"]["code"]) != settings["otp"]["length"]:
        raise ConfigError("IDP_TESTMODE_CODE must have as many digits as IDP_OTP_LENGTH")
    return settings
