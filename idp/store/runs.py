"""Runs of failures in limit_counters: counted until cleared, each one past a threshold making
the next try wait longer (wrong passwords, per account and per trusted device), their tries
claimed before the password is hashed so that concurrent guesses get exactly the allowance.
The counters' statements, keys and blocks are limits.py's."""

from __future__ import annotations

from datetime import timedelta
from functools import cache

from sqlalchemy import bindparam, delete, or_, update

from idp import observability
from idp.clock import now
from idp.database import upsert
from idp.errors import Errors, FlowError
from idp.store import writes
from idp.store.limits import TABLE, block, dialect, ensure_not_blocked, run


def fail(counter_key: str, free: int, base_seconds: int, max_seconds: int) -> int:
    """One more failure in a run: past `free` failures, the next try waits base_seconds,
    doubling with each failure up to max_seconds. Answers the length of the run."""
    count = run(_one_more_failure(dialect(), unless_blocked=False), counter_key=counter_key, moment=now()).scalar_one()
    _throttle(counter_key, count, free, base_seconds, max_seconds)
    return count


def _throttle(counter_key: str, count: int, free: int, base_seconds: int, max_seconds: int) -> None:
    if count > free:
        delay = min(max_seconds, base_seconds * 2 ** min(count - free - 1, 30))
        block(counter_key, now() + timedelta(seconds=delay))
        observability.security_event("throttled", limit=counter_key.split(":")[0], failures=count, seconds=delay)


@cache
def _one_more_failure(dialect: str, unless_blocked: bool):
    """Count one more failure of a run; unless_blocked: not while the key is blocked (then no
    row comes back)."""
    moment = bindparam("moment")
    statement = upsert(dialect, TABLE).values(key=bindparam("counter_key"), count=1, window_started_at=moment)
    return statement.on_conflict_do_update(
        index_elements=[TABLE.c.key],
        set_={"count": TABLE.c.count + 1},
        where=or_(TABLE.c.blocked_until.is_(None), TABLE.c.blocked_until <= moment) if unless_blocked else None,
    ).returning(TABLE.c.count)


def claim(counter_key: str, free: int, base_seconds: int, max_seconds: int, error: Errors) -> int:
    """A try of a run of failures (a password), claimed in one statement before the work it
    guards: it counts as a failure at once, and a try past `free` blocks the key for the next
    ones (as fail() would) before the answer is known. So concurrent tries get exactly the
    allowance: on PostgreSQL they queue on the row's lock and each sees the block of the one
    before. `error` with data.retryAfter when the key is blocked. refund() takes a try back."""
    count = run(
        _one_more_failure(dialect(), unless_blocked=True), counter_key=counter_key, moment=now()
    ).scalar_one_or_none()
    if count is None:
        ensure_not_blocked([counter_key], error)
        raise FlowError(error, data={"retryAfter": 1})  # the block ended this very moment
    _throttle(counter_key, count, free, base_seconds, max_seconds)
    return count


_REFUND = (
    update(TABLE).where(TABLE.c.key == bindparam("refunded_key")).values(count=TABLE.c.count - 1, blocked_until=None)
)
_CLEAR = delete(TABLE).where(TABLE.c.key.in_(bindparam("cleared_keys", expanding=True)))


def refund(counter_key: str) -> None:
    """The claimed try was no failure: uncount it and lift the block it set (claim() passed
    only when the key was not blocked, so none other stood). Written with the commit."""
    writes.with_commit(_REFUND, refunded_key=counter_key)


def clear(*counter_keys: str) -> None:
    """The run is over (the right person got in). Written with the commit."""
    writes.with_commit(_CLEAR, cleared_keys=list(counter_keys))
