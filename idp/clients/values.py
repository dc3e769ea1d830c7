"""How each value of the clients file is read (values and addresses, as the provider in an
environment takes them), and the problems met on the way, noted so that reading goes on:
file.py reads a client's table with these."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar
from urllib.parse import urlsplit

from idp.clients import LOOPBACK_HOSTS, is_loopback
from idp.config import ConfigError

# A private-use URI scheme of a native app is a reverse domain name (RFC 8252 section 7.1).
PRIVATE_USE_SCHEME = re.compile(r"[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+")
T = TypeVar("T")


def fail(where: str, problem: str) -> ConfigError:
    return ConfigError(f"clients file: {where} {problem}")


class Problems:
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
        self.found.append(str(fail(where, problem)))


def text(table: dict, key: str, where: str, required: bool = True, default: str = "") -> str:
    value = table.get(key, None if required else default)
    if not isinstance(value, str) or (required and not value.strip()):
        raise fail(f"{where}.{key}", "must be a non-empty string" if required else "must be a string")
    return value


def url(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise fail(where, "must be a URL string")
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.fragment or "@" in parts.netloc:
        raise fail(where, f"must be an absolute http(s) URL without fragment or user info (got {value!r})")
    return value


def redirect_uri(value: Any, where: str, environment: str, native: bool) -> str:
    """A redirect URI as RFC 6749, 8252 and the BCP for OAuth security allow: https for a web
    service (http://localhost too in development), for a native app (a public client) also
    loopback http or a private-use scheme; never a wildcard, a fragment or user info."""
    if isinstance(value, str) and native:
        scheme = value.split(":", 1)[0]
        if PRIVATE_USE_SCHEME.fullmatch(scheme) and "*" not in value and "#" not in value:
            return value
        if is_loopback(value) and "*" not in value:
            return url(value, where)
    address = url(value, where)
    parts = urlsplit(address)
    if "*" in address or parts.scheme != value.split(":", 1)[0]:
        raise fail(where, f"must be written out in full, in lower-case, without wildcards (got {value!r})")
    if parts.scheme == "http" and (
        environment != "development" or parts.hostname not in ("localhost", *LOOPBACK_HOSTS)
    ):
        loopback = ", loopback for a native app" if native else ""
        raise fail(where, f"must be https (http only for localhost in development{loopback}; got {value!r})")
    return address


def url_list(problems: Problems, table: dict, key: str, where: str, required: bool, check=url) -> tuple[str, ...]:
    given = table.get(key, [] if not required else None)
    if not isinstance(given, list) or (required and not given):
        problems.note(f"{where}.{key}", "must be a non-empty list of URLs" if required else "must be a list of URLs")
        return ()
    return tuple(problems.read(lambda value=value: check(value, f"{where}.{key}"), "") for value in given)


def flag(table: dict, key: str, where: str, default: bool = False) -> bool:
    value = table.get(key, default)
    if not isinstance(value, bool):
        raise fail(f"{where}.{key}", "must be true or false")
    return value


def choice(table: dict, key: str, where: str, choices, default=None):
    value = table.get(key, default)
    if value not in choices:
        raise fail(f"{where}.{key}", f"must be one of {', '.join(choice for choice in choices if choice)}")
    return value
