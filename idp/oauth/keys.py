"""RS256 signing keys, kept as a private JWK set in one file.

Development keeps the file in instance/ and creates it on first run. Production names
it with IDP_SIGNING_KEYS_FILE (mounted from the secret store) and refuses to start
without it. The first key without "retired_at" signs; retired keys stay published in
the JWKS until ID tokens they signed have expired, then rotation drops them.
The file is re-read when it changes, so every worker sees a rotation.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from flask import Flask, current_app
from joserfc.jwk import KeySet, RSAKey

from idp.clock import timestamp
from idp.config import ConfigError

ENV_VARIABLE = "IDP_SIGNING_KEYS_FILE"
RETIRED_AT = "retired_at"
EXTENSION = "idp.signing_keys"


class KeyFile:
    def __init__(self, path: Path):
        self.path = path
        self._cached: tuple[float, list[dict]] | None = None

    def entries(self) -> list[dict]:
        mtime = self.path.stat().st_mtime
        if self._cached is None or self._cached[0] != mtime:
            self._cached = (mtime, _read(self.path))
        return self._cached[1]

    def write(self, entries: list[dict]) -> None:
        temporary = self.path.with_suffix(".tmp")
        temporary.write_text(json.dumps({"keys": entries}, indent=2), encoding="utf-8")
        temporary.chmod(0o600)
        os.replace(temporary, self.path)
        self._cached = None


def _read(path: Path) -> list[dict]:
    problem = f"{ENV_VARIABLE} file {path}"
    try:
        entries = json.loads(path.read_text(encoding="utf-8"))["keys"]
    except FileNotFoundError:
        raise ConfigError(f"{problem} is missing") from None
    except (ValueError, KeyError, TypeError):
        raise ConfigError(f"{problem} is not a JWK set ({{\"keys\": [...]}})") from None
    if not isinstance(entries, list) or not entries:
        raise ConfigError(f"{problem} holds no key")
    for entry in entries:
        key = _import(entry, problem)
        if not key.is_private or not entry.get("kid"):
            raise ConfigError(f"{problem} must hold private RSA keys, each with a kid")
    if not any(RETIRED_AT not in entry for entry in entries):
        raise ConfigError(f"{problem} has no active (unretired) key")
    return entries


def _import(entry: dict, problem: str) -> RSAKey:
    try:
        return RSAKey.import_key({k: v for k, v in entry.items() if k != RETIRED_AT})
    except Exception:  # joserfc raises several types for a malformed key
        raise ConfigError(f"{problem} holds a key that is not an RSA JWK") from None


def new_key_entry() -> dict:
    key = RSAKey.generate_key(2048, parameters={"use": "sig", "alg": "RS256"})
    return key.as_dict(private=True, kid=key.thumbprint())


def _key_file() -> KeyFile:
    return current_app.extensions[EXTENSION]


def signing_key() -> RSAKey:
    entry = next(entry for entry in _key_file().entries() if RETIRED_AT not in entry)
    return RSAKey.import_key(entry)


def public_jwks() -> dict:
    keys = [RSAKey.import_key({k: v for k, v in entry.items() if k != RETIRED_AT}) for entry in _key_file().entries()]
    return KeySet(keys).as_dict(private=False)


def rotate(keep_retired_seconds: int) -> str:
    """Put a new signing key first; retire the old ones and drop those retired long enough ago."""
    moment = timestamp()
    kept = []
    for entry in _key_file().entries():
        retired_at = entry.get(RETIRED_AT, moment)
        if retired_at + keep_retired_seconds > moment:
            kept.append({**entry, RETIRED_AT: retired_at})
    fresh = new_key_entry()
    _key_file().write([fresh, *kept])
    return fresh["kid"]


def init_app(app: Flask) -> None:
    configured = os.environ.get(ENV_VARIABLE, "").strip()
    if configured:
        path = Path(configured)
    elif app.config["IDP"]["server"]["environment"] == "development":
        path = Path(app.instance_path) / "signing_keys.json"
        if not path.exists():
            KeyFile(path).write([new_key_entry()])
    else:
        raise ConfigError(f"{ENV_VARIABLE} is required outside development (a JWK set of private RSA signing keys)")
    key_file = KeyFile(path)
    key_file.entries()
    app.extensions[EXTENSION] = key_file
