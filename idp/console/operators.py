"""Who is an operator of the console, and with which roles: config/operators.toml (or the file
IDP_OPERATORS_FILE names), read again whenever it changes on disk, so that removing someone
shuts them out at their next request. A file that does not parse lets nobody in (and says why
in the log) rather than keeping yesterday's list.

The console also answers only the networks console.allowed_networks names, as /metrics does.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from flask import current_app, request

from idp.config import PROJECT_ROOT, ConfigError, read_toml
from idp.config.rules import in_networks

DEFAULT_OPERATORS_FILE = PROJECT_ROOT / "config" / "operators.toml"
ENTRY_KEYS = {"email", "sub", "roles", "development_only"}


class Role(StrEnum):
    SUPPORT = "support"
    ANALYST = "analyst"


@dataclass(frozen=True)
class Operator:
    email: str | None
    sub: str | None
    roles: frozenset[Role]


def operators_file() -> Path:
    return Path(os.environ.get("IDP_OPERATORS_FILE") or DEFAULT_OPERATORS_FILE)


def parse(raw: dict, environment: str) -> list[Operator]:
    """The operators of a parsed file; ConfigError names the first entry that is wrong."""
    unknown = set(raw) - {"operators"}
    if unknown:
        raise ConfigError(f"operators file: {sorted(unknown)[0]} is not a known key (entries go under [[operators]])")
    entries = raw.get("operators", [])
    if not isinstance(entries, list):
        raise ConfigError("operators file: operators must be a list of [[operators]] tables")
    operators = []
    for index, entry in enumerate(entries):
        where = f"operators[{index}]"
        if not isinstance(entry, dict) or set(entry) - ENTRY_KEYS:
            raise ConfigError(f"operators file: {where} has keys other than {', '.join(sorted(ENTRY_KEYS))}")
        email, sub = entry.get("email"), entry.get("sub")
        if (email is None) == (sub is None) or not isinstance(email or sub, str) or not (email or sub).strip():
            raise ConfigError(f"operators file: {where} needs one of email or sub")
        roles = entry.get("roles")
        if not isinstance(roles, list) or not roles or not set(roles) <= set(Role):
            raise ConfigError(f"operators file: {where}.roles must list some of {', '.join(Role)}")
        development_only = entry.get("development_only", False)
        if not isinstance(development_only, bool):
            raise ConfigError(f"operators file: {where}.development_only must be true or false")
        if development_only and environment != "development":
            continue
        operators.append(
            Operator(email.strip().lower() if email else None, sub, frozenset(Role(role) for role in roles))
        )
    return operators


_cache: dict[Path, tuple[tuple[int, int], list[Operator]]] = {}


def _operators() -> list[Operator]:
    path = operators_file()
    try:
        stat = path.stat()
    except OSError:
        return []
    stamp = (stat.st_mtime_ns, stat.st_size)
    cached = _cache.get(path)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    try:
        operators = parse(read_toml(path, "operators file"), current_app.config["IDP"]["server"]["environment"])
    except ConfigError as error:
        current_app.logger.error("the console lets nobody in: %s", error)
        operators = []
    _cache[path] = (stamp, operators)
    return operators


def roles_of(sub: str, email: str) -> frozenset[Role]:
    """The roles the file gives this account today (none: not an operator)."""
    roles: frozenset[Role] = frozenset()
    for operator in _operators():
        if operator.sub == sub or (operator.email is not None and operator.email == email.lower()):
            roles |= operator.roles
    return roles


def network_allowed() -> bool:
    return in_networks(request.remote_addr, current_app.config["IDP"]["console"]["allowed_networks"])
