"""Password policy, hashing (argon2id) and the strength check (zxcvbn).

The length bounds, the strength score and the argon2 cost come from the [password]
section of config/settings.toml.
"""
from __future__ import annotations

from functools import lru_cache

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError
from flask import current_app
from zxcvbn import zxcvbn

from idp.errors import Errors, FlowError


def _rules() -> dict:
    return current_app.config["IDP"]["password"]


@lru_cache(maxsize=4)
def _hasher_for(time_cost: int, memory_kib: int, parallelism: int) -> tuple[PasswordHasher, str]:
    hasher = PasswordHasher(time_cost=time_cost, memory_cost=memory_kib, parallelism=parallelism, type=Type.ID)
    # Unknown e-mail addresses are checked against this hash, so they cost the same work
    # and time as a wrong password and cannot be told apart.
    return hasher, hasher.hash("not a password of anybody: the hash only burns time")


def _hasher() -> tuple[PasswordHasher, str]:
    rules = _rules()
    return _hasher_for(rules["argon2_time_cost"], rules["argon2_memory_kib"], rules["argon2_parallelism"])


def check_policy(password: str, personal: list[str]) -> None:
    """The length bounds, then the strength: personal holds what the password must not contain."""
    rules = _rules()
    if not rules["min_length"] <= len(password) <= rules["max_length"]:
        raise FlowError(Errors.PASSWORD_LENGTH, data={"pwdMinLength": rules["min_length"], "pwdMaxLength": rules["max_length"]})
    result = zxcvbn(password, user_inputs=[value for value in personal if value])
    if result["score"] < rules["min_strength"]:
        raise FlowError(Errors.PASSWORD_TOO_EASY, data={"reason": _reason(result["sequence"])})


def _reason(sequence: list[dict]) -> str:
    patterns = {match["pattern"] for match in sequence}
    if any(match.get("dictionary_name") == "user_inputs" for match in sequence):
        return "personal"
    if "dictionary" in patterns:
        return "common"
    if "sequence" in patterns or "spatial" in patterns:
        return "sequence"
    if "repeat" in patterns:
        return "repeat"
    return "weak"


def hash_password(password: str) -> str:
    return _hasher()[0].hash(password)


def verify(password_hash: str | None, password: str) -> bool:
    hasher, dummy = _hasher()
    try:
        return hasher.verify(password_hash or dummy, password) and password_hash is not None
    except (VerificationError, InvalidHashError):
        return False


def needs_rehash(password_hash: str) -> bool:
    return _hasher()[0].check_needs_rehash(password_hash)
