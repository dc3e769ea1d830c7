"""Signing keys by algorithm (RSA for RS256, EC P-256 for ES256), kept as a private JWK set
in one file. SIGNING_ALGORITHMS is the one list of what the provider can sign with;
no other module names an algorithm.

Development keeps the file in instance/ and creates it on first run. Production names
it with IDP_SIGNING_KEYS_FILE (mounted from the secret store) and refuses to start
without it. For each algorithm, the first key without "retired_at" signs; retired keys stay
published in the JWKS until ID tokens they signed have expired, then drop out of it by
themselves (the next rotation removes them from the file). An entry names its algorithm
("alg"); an older file's entries without one are RS256 by their RSA type.
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
from joserfc import jwt
from joserfc.jwk import ECKey, KeySet, RSAKey

from idp.clock import timestamp
from idp.config import ConfigError, secret_files

# What ID tokens (and, later, other signed answers) may be signed with, and the key type of each.
SIGNING_ALGORITHMS = {"RS256": RSAKey, "ES256": ECKey}
# What a client may sign with, its assertions (private_key_jwt) and its request objects:
# keys it registered, never none nor the HMAC algorithms.
CLIENT_SIGNING_ALGORITHMS = ["RS256", "PS256", "ES256"]
# A relying service that names none gets RS256 (OpenID Connect Registration 1.0 §2).
DEFAULT_ALGORITHM = "RS256"
# What `clients new` makes a new service's key pair for, and asks its ID tokens in: short
# signatures, GOV.UK One Login's default.
NEW_CLIENT_ALGORITHM = "ES256"
ENV_VARIABLE = "IDP_SIGNING_KEYS_FILE"
RETIRED_AT = "retired_at"
EXTENSION = "idp.signing_keys"


@dataclass(frozen=True)
class Loaded:
    """The key file as it was when parsed: its entries, the signing key and the public JWKS."""

    stamp: tuple[int, int, int]
    entries: list[dict]
    # The key that signs, by algorithm.
    signing: dict[str, RSAKey | ECKey]
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
        secret_files.replace(self.path, json.dumps({"keys": entries}, indent=2))
        self._loaded = None

    def create(self, entries: list[dict]) -> bool:
        """Writes the file unless it exists (False then): existing keys sign live tokens."""
        created = secret_files.create(self.path, json.dumps({"keys": entries}, indent=2))
        self._loaded = None
        return created


def _load(path: Path, stamp: tuple[int, int, int]) -> Loaded:
    problem = f"{ENV_VARIABLE} file {path}"
    try:
        entries = json.loads(path.read_text(encoding="utf-8"))["keys"]
    except FileNotFoundError:
        raise ConfigError(f"{problem} is missing") from None
    except (ValueError, KeyError, TypeError):
        raise ConfigError(f'{problem} is not a JWK set ({{"keys": [...]}})') from None
    if not isinstance(entries, list) or not entries:
        raise ConfigError(f"{problem} holds no key")
    keys, algorithms = [], []
    for entry in entries:
        algorithm, key = _import(entry, problem)
        if not key.is_private or not entry.get("kid"):
            raise ConfigError(f"{problem} must hold private keys, each with a kid")
        keys.append(key)
        algorithms.append(algorithm)
    signing = {}
    for algorithm, key, entry in zip(algorithms, keys, entries, strict=True):
        if RETIRED_AT not in entry:
            signing.setdefault(algorithm, key)
    if not signing:
        raise ConfigError(f"{problem} has no active (unretired) key")
    public = KeySet(keys).as_dict(private=False)["keys"]
    published = [
        (entry.get(RETIRED_AT), {**jwk, "use": "sig", "alg": algorithm})
        for entry, jwk, algorithm in zip(entries, public, algorithms, strict=True)
    ]
    return Loaded(stamp=stamp, entries=entries, signing=signing, published=published)


def _import(entry: dict, problem: str) -> tuple[str, RSAKey | ECKey]:
    fields = {k: v for k, v in entry.items() if k != RETIRED_AT}
    algorithm = entry.get("alg") or (DEFAULT_ALGORITHM if entry.get("kty") == "RSA" else None)
    if algorithm not in SIGNING_ALGORITHMS:
        raise ConfigError(f"{problem} holds a key whose alg is not one of {', '.join(SIGNING_ALGORITHMS)}")
    try:
        key = SIGNING_ALGORITHMS[algorithm].import_key(fields)
    except Exception:  # joserfc raises several types for a malformed key
        raise ConfigError(f"{problem} holds a key that is not a {algorithm} JWK") from None
    if isinstance(key, ECKey) and key.curve_name != "P-256":
        raise ConfigError(f"{problem} holds an {algorithm} key that is not on P-256")
    return algorithm, key


def new_key_entry(algorithm: str = DEFAULT_ALGORITHM) -> dict:
    parameters = {"use": "sig", "alg": algorithm}
    if algorithm == "ES256":
        key = ECKey.generate_key("P-256", parameters=parameters)
    else:
        key = RSAKey.generate_key(2048, parameters=parameters)
    return key.as_dict(private=True, kid=key.thumbprint())


def _key_file() -> KeyFile:
    return current_app.extensions[EXTENSION]


def algorithms() -> list[str]:
    """The algorithms that have a key to sign with now, in SIGNING_ALGORITHMS' order."""
    signing = _key_file().loaded().signing
    return [algorithm for algorithm in SIGNING_ALGORITHMS if algorithm in signing]


def signing_key(algorithm: str = DEFAULT_ALGORITHM) -> RSAKey | ECKey:
    try:
        return _key_file().loaded().signing[algorithm]
    except KeyError:
        raise ConfigError(f"{ENV_VARIABLE} holds no active {algorithm} key") from None


def sign(claims: dict, algorithm: str = DEFAULT_ALGORITHM, typ: str = "JWT") -> str:
    """A JWT of the claims, signed with the active key of the algorithm."""
    key = signing_key(algorithm)
    return jwt.encode({"alg": algorithm, "kid": key.kid, "typ": typ}, claims, key, algorithms=[algorithm])


def public_jwks() -> dict:
    """The keys relying services may need: the signing keys, and retired ones until the last
    ID token they signed has expired — then a retired key drops out by itself."""
    keep = current_app.config["IDP"]["oauth"]["id_token_lifetime_seconds"]
    moment = timestamp()
    return {
        "keys": [
            jwk
            for retired_at, jwk in _key_file().loaded().published
            if retired_at is None or retired_at + keep > moment
        ]
    }


def rotate(keep_retired_seconds: int, algorithm: str = DEFAULT_ALGORITHM) -> str:
    """Put a new signing key of the algorithm first; retire that algorithm's old keys and drop
    those retired long enough ago. Keys of other algorithms stay as they are."""
    moment = timestamp()
    kept = []
    for entry in _key_file().entries():
        if _import(entry, ENV_VARIABLE)[0] != algorithm:
            kept.append(entry)
            continue
        retired_at = entry.get(RETIRED_AT, moment)
        if retired_at + keep_retired_seconds > moment:
            kept.append({**entry, RETIRED_AT: retired_at})
    fresh = new_key_entry(algorithm)
    _key_file().write([fresh, *kept])
    return fresh["kid"]


def require(needed: set[str], development: bool) -> None:
    """Every algorithm a relying service asks for has a key that signs: development adds the
    missing ones to its file; elsewhere start-up stops with one line naming them."""
    key_file = _key_file()
    missing = [
        algorithm
        for algorithm in SIGNING_ALGORITHMS
        if algorithm in needed and algorithm not in key_file.loaded().signing
    ]
    if not missing:
        return
    if not development:
        raise ConfigError(
            f"{ENV_VARIABLE} holds no active key for {', '.join(missing)}, which a client in the clients file uses"
        )
    key_file.write([*key_file.entries(), *(new_key_entry(algorithm) for algorithm in missing)])


def init_app(app: Flask) -> None:
    configured = os.environ.get(ENV_VARIABLE, "").strip()
    if configured:
        path = Path(configured)
    elif app.config["IDP"]["server"]["environment"] == "development":
        path = Path(app.instance_path) / "signing_keys.json"
        if not path.exists():
            KeyFile(path).create([new_key_entry()])
    else:
        raise ConfigError(f"{ENV_VARIABLE} is required outside development (a JWK set of private signing keys)")
    key_file = KeyFile(path)
    key_file.entries()
    app.extensions[EXTENSION] = key_file
