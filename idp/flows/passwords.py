"""Password policy, hashing (argon2id) and the strength check (zxcvbn)."""
from __future__ import annotations

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError
from zxcvbn import zxcvbn

from idp.errors import FlowError

# OWASP's argon2id minimum: 19 MiB of memory, 2 passes, one lane.
HASHER = PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1, type=Type.ID)
# Below this zxcvbn score (0-4) a password is refused.
MIN_SCORE = 3

# Unknown e-mail addresses are checked against this hash, so they cost the same work
# and time as a wrong password and cannot be told apart.
_DUMMY_HASH = HASHER.hash("not a password of anybody: the hash only burns time")


def check_policy(password: str, min_length: int, max_length: int, personal: list[str]) -> None:
    if not min_length <= len(password) <= max_length:
        raise FlowError("5", data={"pwdMinLength": min_length, "pwdMaxLength": max_length})
    result = zxcvbn(password, user_inputs=personal)
    if result["score"] < MIN_SCORE:
        raise FlowError("21", data={"reason": _reason(result["sequence"])})


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
    return HASHER.hash(password)


def verify(password_hash: str | None, password: str) -> bool:
    try:
        return HASHER.verify(password_hash or _DUMMY_HASH, password) and password_hash is not None
    except (VerificationError, InvalidHashError):
        return False


def needs_rehash(password_hash: str) -> bool:
    return HASHER.check_needs_rehash(password_hash)
