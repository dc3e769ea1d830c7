"""Counters that slow down guessing and message floods, in three shapes (runs of failures, a
fourth, are runs.py's, on the same table).

- A budget: events counted in a fixed window; reaching the maximum blocks the key for a
  while (`hit`; `hit_all` for a call's several budgets at once, `hit_windows` for budgets of
  several windows). Code sends and wrong codes of one browser session, the SMS and voice
  calls the whole service may make.
- A ceiling: a budget whose block lasts 0 seconds: reaching the maximum is reported (the
  metric, the security event) and blocks nothing; the caller reads its count against the
  maximum of now (`Counter.within`), so that a ceiling raised takes effect at once. A
  destination's day of messages, the service's day of anonymous ones.
- A gate: events counted in a fixed window that never block (a maximum of None): what
  innocent people share (a client address, a destination strangers may type) is read with
  the budgets (`read`, `Counter.within`), and past a threshold costs a proof of work.

Every count is one INSERT ... ON CONFLICT DO UPDATE ... RETURNING on the rows of
limit_counters (a call's several budgets in one such statement; on PostgreSQL those of
several windows as data-modifying CTEs of one statement), so on PostgreSQL concurrent
requests queue on the row locks and each sees its own count; what a step checks of several
keys is one SELECT (`read`). Keys hold HMACs, never an address, a phone number or an IP in
clear. The numbers are in config/settings.toml ([limits] and [password]).
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache

from flask import current_app
from sqlalchemy import bindparam, case, literal, select, union_all, update

from idp import metrics, observability
from idp.clock import now, seconds_until
from idp.database import upsert
from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.models import LimitCounter
from idp.store import plan


def key(kind: str, *parts: object) -> str:
    """The counter of `kind` for these parts (a destination, an address, an IP, an id)."""
    secret = current_app.config["SECRET_KEY"].encode()
    digest = hmac.new(secret, "\x00".join(map(str, parts)).encode(), hashlib.sha256).hexdigest()
    return f"{kind}:{digest}"


def dialect() -> str:
    return db.session.get_bind().dialect.name


# The statements every code send and check runs, built once on the table and run on the
# request's connection: a statement built and keyed again for each request, or run through
# the ORM's bulk layer, costs more CPU than PostgreSQL spends on it (bench/signin_per_core.py).
TABLE = LimitCounter.__table__
COUNTERS = select(TABLE.c.key, TABLE.c.count, TABLE.c.blocked_until, TABLE.c.window_started_at).where(
    TABLE.c.key.in_(bindparam("keys", expanding=True))
)


def run(statement, **parameters):
    return db.session.connection().execute(statement, parameters)


@cache
def _count(dialect: str, keys: int):
    """Count one event in each of `keys` keys' windows (counter_key_0, counter_key_1, ...),
    starting a new window once the old one ended: one statement, whatever a call spends.
    The rows come from a SELECT of the keys, not a VALUES list of several rows, which
    SQLAlchemy cannot cache: it compiled that statement again at every code sent."""
    moment = bindparam("moment", type_=TABLE.c.window_started_at.type)
    expired = TABLE.c.window_started_at <= bindparam("window_ended", type_=TABLE.c.window_started_at.type)
    rows = [select(bindparam(f"counter_key_{i}", type_=TABLE.c.key.type), literal(1), moment) for i in range(keys)]
    statement = upsert(dialect, TABLE).from_select(
        ["key", "count", "window_started_at"], union_all(*rows) if keys > 1 else rows[0]
    )
    return statement.on_conflict_do_update(
        index_elements=[TABLE.c.key],
        set_={
            "count": case((expired, 1), else_=TABLE.c.count + 1),
            "window_started_at": case((expired, moment), else_=TABLE.c.window_started_at),
        },
    ).returning(TABLE.c.key, TABLE.c.count)


@dataclass(frozen=True)
class Counter:
    """A key's counter as read: its count (a budget's in its window, or a run's length)."""

    count: int
    # seconds until the key may be used again; 0 when it is not blocked
    wait: int
    # when the count's window began (a budget's, a gate's)
    started: datetime | None = None

    def within(self, window_seconds: int) -> int:
        """The count of a budget or a gate in its current window; 0 once the window ended."""
        return (
            self.count if self.started is not None and self.started > now() - timedelta(seconds=window_seconds) else 0
        )


def read(keys: list[str]) -> dict[str, Counter]:
    """The counters of those keys that have one, in one statement: what a step checks of
    several budgets and runs at once."""
    moment = now()
    return {
        key: Counter(count, seconds_until(until) if until is not None and until > moment else 0, started)
        for key, count, until, started in run(COUNTERS, keys=keys)
    }


def blocked_for(keys: list[str], counters: dict[str, Counter] | None = None) -> int:
    """Seconds until every one of the keys may be used again; 0 when none is blocked.
    counters: the keys' counters when the caller read them already (read)."""
    counters = read(keys) if counters is None else counters
    return max((counters[key].wait for key in keys if key in counters), default=0)


def ensure_not_blocked(
    keys: list[str], error: Errors = Errors.TOO_MANY_CODES, counters: dict[str, Counter] | None = None
) -> None:
    """Raise `error` with data.retryAfter (seconds) when any of the keys is blocked."""
    wait = blocked_for(keys, counters)
    if wait:
        raise FlowError(error, data={"retryAfter": max(1, wait)})


def count_of(counter_key: str, counters: dict[str, Counter] | None = None) -> int:
    counters = read([counter_key]) if counters is None else counters
    return counters[counter_key].count if counter_key in counters else 0


_BLOCK = update(TABLE).where(TABLE.c.key == bindparam("counter_key")).values(blocked_until=bindparam("until"))
# a budget's block starts its next window afresh
_BLOCK_AND_RESTART = _BLOCK.values(count=0, window_started_at=bindparam("moment"))


def block(counter_key: str, until, restart_at=None) -> None:
    if restart_at is None:
        run(_BLOCK, counter_key=counter_key, until=until)
    else:
        run(_BLOCK_AND_RESTART, counter_key=counter_key, until=until, moment=restart_at)


def hit(counter_key: str, maximum: int, window_seconds: int, block_seconds: int) -> int:
    """Count one event of a budget; block the key for block_seconds when its window
    reaches the maximum. Answers the count."""
    return hit_all([(counter_key, maximum)], window_seconds, block_seconds)[counter_key]


def hit_all(budgets: list[tuple[str, int | None]], window_seconds: int, block_seconds: int) -> dict[str, int]:
    """hit() for several (key, maximum) budgets of one window, in one statement; a maximum of
    None is a gate's, which never blocks. Answers each key's count."""
    moment, counts = _count_in_window([key for key, _ in budgets], window_seconds)
    _block_reached(budgets, counts, moment, block_seconds)
    return counts


@cache
def _count_groups(sizes: tuple[int, ...]):
    """_count for groups of keys of different windows, each an upsert of one data-modifying
    CTE (g<n>, its parameters g<n>_...), their counted rows together: one statement."""
    groups = [
        plan.named_apart(_count("postgresql", size), f"g{number}_").cte(f"g{number}")
        for number, size in enumerate(sizes)
    ]
    return union_all(*(select(group.c.key, group.c.count) for group in groups))


def hit_windows(groups: list[tuple[list[tuple[str, int | None]], int, int]]) -> dict[str, int]:
    """hit_all() for budgets of several windows: each group (budgets, window_seconds,
    block_seconds), one statement in all on PostgreSQL. The groups' keys are distinct."""
    if dialect() != "postgresql" or len(groups) == 1:
        counts = {}
        for budgets, window_seconds, block_seconds in groups:
            counts |= hit_all(budgets, window_seconds, block_seconds)
        return counts
    moment = now()
    # each group's rows locked in one order, the groups in the caller's (one per call site)
    ordered = [sorted({key for key, _ in budgets}) for budgets, _, _ in groups]
    parameters = {}
    for number, ((_, window_seconds, _), keys) in enumerate(zip(groups, ordered, strict=True)):
        given = {"moment": moment, "window_ended": moment - timedelta(seconds=window_seconds)}
        given |= {f"counter_key_{i}": key for i, key in enumerate(keys)}
        parameters |= {f"g{number}_{name}": value for name, value in given.items()}
    counts = dict(run(_count_groups(tuple(map(len, ordered))), **parameters).all())
    for budgets, _, block_seconds in groups:
        _block_reached(budgets, counts, moment, block_seconds)
    return counts


def _block_reached(budgets: list[tuple[str, int | None]], counts: dict[str, int], moment, block_seconds: int) -> None:
    for counter_key, maximum in budgets:
        if maximum is not None and counts[counter_key] >= maximum:
            if block_seconds:
                block(counter_key, moment + timedelta(seconds=block_seconds), restart_at=moment)
            _reached(counter_key, "limit_reached", seconds=block_seconds)


def _count_in_window(counter_keys: list[str], window_seconds: int):
    moment = now()
    # the rows locked in one order: two requests counting the same keys queue, never deadlock
    ordered = sorted(set(counter_keys))
    rows = run(
        _count(dialect(), len(ordered)),
        moment=moment,
        window_ended=moment - timedelta(seconds=window_seconds),
        **{f"counter_key_{i}": counter_key for i, counter_key in enumerate(ordered)},
    ).all()
    return moment, dict(rows)


def first_use(counter_key: str, window_seconds: int) -> bool:
    """Is this the first time counter_key is seen within the window (a one-time answer)? The
    window must be the same at every call for a key: a later call's window decides whether the
    first call's is over."""
    return _count_in_window([counter_key], window_seconds)[1][counter_key] == 1


def _reached(counter_key: str, event: str, **details) -> None:
    kind = counter_key.split(":")[0]
    metrics.LIMITS_REACHED.labels(kind).inc()
    observability.security_event(event, limit=kind, **details)
