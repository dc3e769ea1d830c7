"""Sliding blocks on code sends and wrong codes, per destination and per browser session.

A counter counts events in a fixed window; when it reaches its maximum the key is
blocked for block_seconds. The increment is one UPDATE ... RETURNING, so on
PostgreSQL concurrent requests queue on the row lock and each sees its own count.
"""
from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import case, update
from sqlalchemy.dialects import postgresql, sqlite

from idp.clock import now, seconds_until
from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.models import LimitCounter

SEND = "send"
WRONG_CODE = "wrong"


@dataclass(frozen=True)
class Limits:
    max_sends: int
    max_wrong_codes: int
    window_seconds: int
    block_seconds: int

    @classmethod
    def from_settings(cls, settings: dict) -> "Limits":
        return cls(**settings)

    def maximum(self, kind: str) -> int:
        return self.max_sends if kind == SEND else self.max_wrong_codes


def destination_key(kind: str, destination: str, secret: str) -> str:
    # Destinations are personal data: the table holds only their HMAC.
    digest = hmac.new(secret.encode(), destination.encode(), hashlib.sha256).hexdigest()
    return f"{kind}:dest:{digest}"


def session_key(kind: str, browser_session_id: int) -> str:
    return f"{kind}:session:{browser_session_id}"


def ensure_not_blocked(keys: list[str]) -> None:
    """Raise 17 with data.retryAfter (seconds) when any of the keys is blocked."""
    moment = now()
    blocked = db.session.scalars(
        db.select(LimitCounter.blocked_until).filter(LimitCounter.key.in_(keys), LimitCounter.blocked_until > moment)
    ).all()
    if blocked:
        raise FlowError(Errors.TOO_MANY_CODES, data={"retryAfter": seconds_until(max(blocked))})


def _insert_ignoring_duplicates(values: dict):
    dialect = db.session.get_bind().dialect.name
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    return insert(LimitCounter).values(**values).on_conflict_do_nothing(index_elements=["key"])


def hit(key: str, kind: str, limits: Limits) -> int:
    """Count one event; block the key when its window reaches the maximum. Answers the count."""
    moment = now()
    window_edge = moment - timedelta(seconds=limits.window_seconds)
    db.session.execute(_insert_ignoring_duplicates({"key": key, "count": 0, "window_started_at": moment}))
    expired = LimitCounter.window_started_at <= window_edge
    count = db.session.execute(
        update(LimitCounter)
        .where(LimitCounter.key == key)
        .values(
            count=case((expired, 1), else_=LimitCounter.count + 1),
            window_started_at=case((expired, moment), else_=LimitCounter.window_started_at),
        )
        .returning(LimitCounter.count)
        .execution_options(synchronize_session=False)
    ).scalar_one()
    if count >= limits.maximum(kind):
        db.session.execute(
            update(LimitCounter)
            .where(LimitCounter.key == key)
            .values(blocked_until=moment + timedelta(seconds=limits.block_seconds), count=0, window_started_at=moment)
            .execution_options(synchronize_session=False)
        )
    return count
