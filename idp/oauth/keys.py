"""RS256 signing keys, kept as a private JWK set in one file.

Development keeps the file in instance/ and creates it on first run. Production names
it with IDP_SIGNING_KEYS_FILE (mounted from the secret store) and refuses to start
without it. The first key without "retired_at" signs; retired keys stay published in
the JWKS until ID tokens they signed have expired, then drop out of it by themselves (the
next rotation removes them from the file).
The file is parsed once and kept in memory, parsed: importing an RSA private key from its
JWK costs tens of milliseconds, far more than signing with it. Each use compares the file's
identity (inode, mtime, size) with the parsed copy's and parses it again when it changed,
so every worker picks up a rotation without a restart.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from flask import Flask, current_app
from joserfc.jwk import KeySet, RSAKey

from idp.clock import timestamp
from idp.config import ConfigError

ENV_VARIABLE = "IDP_SIGNING_KEYS_FILE"
RETIRED_AT = "retired_at"
EXTENSION = "idp.signing_keys"


@dataclass(frozen=True)
class Loaded:
    """The key file as it was when parsed: its entries, the signing key and the public JWKS."""

    stamp: tuple[int, int, int]
    entries: list[dict]
    signing: RSAKey
    # Each key's public JWK with the moment it was retired (None: it signs).
    published: list[tuple[int | None, dict]]


class KeyFile:
    def __init__(self, path: Path):
        self.path = path
        self._loaded: Loaded | None = None

    def loaded(self) -> Loaded:
        try:
            status = self.path.stat()
        except FileNotFoundError:
            raise ConfigError(f"{ENV_VARIABLE} file {self.path} is missing") from None
        # os.replace gives a rotated file a new inode; mtime and size catch an edit in place.
        stamp = (status.st_ino, status.st_mtime_ns, status.st_size)
        if self._loaded is None or self._loaded.stamp != stamp:
            self._loaded = _load(self.path, stamp)
        return self._loaded

    def entries(self) -> list[dict]:
        return self.loaded().entries

    def write(self, entries: list[dict]) -> None:
        temporary = self.path.with_suffix(".tmp")
        temporary.write_text(json.dumps({"keys": entries}, indent=2), encoding="utf-8")
        temporary.chmod(0o600)
        os.replace(temporary, self.path)
        self._loaded = None


def _load(path: Path, stamp: tuple[int, int, int]) -> Loaded:
    problem = f"{ENV_VARIABLE} file {path}"
    try:
        entries = json.loads(path.read_text(encoding="utf-8"))["keys"]
    except FileNotFoundError:
        raise ConfigError(f"{problem} is missing") from None
    except (ValueError, KeyError, TypeError):
        raise ConfigError(f"{problem} is not a JWK set ({{\"keys\": [...]}})") from None
    if not isinstance(entries, list) or not entries:
        raise ConfigError(f"{problem} holds no key")
    keys = []
    for entry in entries:
        key = _import(entry, problem)
        if not key.is_private or not entry.get("kid"):
            raise ConfigError(f"{problem} must hold private RSA keys, each with a kid")
        keys.append(key)
    signing = next((key for key, entry in zip(keys, entries) if RETIRED_AT not in entry), None)
    if signing is None:
        raise ConfigError(f"{problem} has no active (unretired) key")
    public = KeySet(keys).as_dict(private=False)["keys"]
    published = [(entry.get(RETIRED_AT), jwk) for entry, jwk in zip(entries, public)]
    return Loaded(stamp=stamp, entries=entries, signing=signing, published=published)


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
    return _key_file().loaded().signing


def public_jwks() -> dict:
    """The keys relying services may need: the signing key, and retired ones until the last
    ID token they signed has expired — then a retired key drops out by itself."""
    keep = current_app.config["IDP"]["oauth"]["id_token_lifetime_seconds"]
    moment = timestamp()
    return {"keys": [jwk for retired_at, jwk in _key_file().loaded().published if retired_at is None or retired_at + keep > moment]}


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
