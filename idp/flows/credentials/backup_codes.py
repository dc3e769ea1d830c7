"""Single-use backup codes: a set of methods.backup_codes codes of methods.backup_code_length
characters from an alphabet without look-alikes (no 0/O, 1/I/L), shown once and kept only
as HMACs. A new set voids the old one. A code is spent by a conditional UPDATE, so two
requests with the same code never both get in."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from enum import Enum

from flask import current_app
from sqlalchemy import update

from idp.clock import now
from idp.extensions import db
from idp.models import BackupCode, User

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"


def _settings() -> dict:
    return current_app.config["IDP"]["methods"]


def _hash(user: User, code: str) -> str:
    key = current_app.config["SECRET_KEY"].encode()
    return hmac.new(key, f"backup\x00{user.id}\x00{code}".encode(), hashlib.sha256).hexdigest()


def normalise(typed: str) -> str:
    """What a person types, as the code was written: upper case, without spaces or dashes."""
    return "".join(character for character in typed.upper() if character not in " -")


def new_set(user: User) -> list[str]:
    """A fresh set; the codes of the old one stop working. Only their HMACs are kept."""
    db.session.execute(db.delete(BackupCode).where(BackupCode.user_id == user.id))
    length = _settings()["backup_code_length"]
    codes = ["".join(secrets.choice(ALPHABET) for _ in range(length)) for _ in range(_settings()["backup_codes"])]
    db.session.add_all(BackupCode(user_id=user.id, code_hash=_hash(user, code)) for code in codes)
    return [f"{code[: len(code) // 2]}-{code[len(code) // 2 :]}" for code in codes]


def remaining(user: User) -> int:
    return sum(1 for code in user.backup_codes if code.used_at is None)


def summary(user: User) -> dict | None:
    """How many codes are left, and whether to warn the person; None without a set."""
    total = len(user.backup_codes)
    if not total:
        return None
    left = remaining(user)
    return {"remaining": left, "total": total, "low": left <= _settings()["backup_codes_low"]}


class Outcome(Enum):
    SPENT = "spent"
    # One of the person's codes, spent before: they are told so, and how many are left.
    USED_BEFORE = "used_before"
    WRONG = "wrong"


def use(user: User, typed: str) -> Outcome:
    """Spend the code when it is one of the person's unused ones."""
    code = normalise(typed)
    if len(code) != _settings()["backup_code_length"] or any(character not in ALPHABET for character in code):
        return Outcome.WRONG
    code_hash = _hash(user, code)
    spent = db.session.execute(
        update(BackupCode)
        .where(BackupCode.user_id == user.id, BackupCode.code_hash == code_hash, BackupCode.used_at.is_(None))
        .values(used_at=now())
        .execution_options(synchronize_session=False)
    ).rowcount
    if spent == 1:
        return Outcome.SPENT
    used_before = db.session.scalar(
        db.select(BackupCode.id).where(BackupCode.user_id == user.id, BackupCode.code_hash == code_hash)
    )
    return Outcome.USED_BEFORE if used_before is not None else Outcome.WRONG


def remove(user: User) -> int:
    return db.session.execute(db.delete(BackupCode).where(BackupCode.user_id == user.id)).rowcount
