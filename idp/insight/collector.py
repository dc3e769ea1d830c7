"""POST /v1/events: the login UI's analytics events, kept first-party and nothing personal.

An allow-list decides what is kept (FIELDS): the event, its screen and page, category, action,
label, sign-up step, language, service, a coarse device class, a catalogue error code, the
journey id, and the time spent on the screen before. Every field holds only values the product
enumerates, so that no sender can write what it likes in one, digits included: the fields that
could carry words take only the names the product owns (names.py), a value it does not name
dropping the event whole ("unnamed"); the journey id is one the provider made (new_journey: GET
/v1/session offers one with each answer, random digits and their MAC under the server's key, so
that choosing ten of its digits would take some 16^10 ids asked); the time is a bucket of
seconds (names.ELAPSED). Another field, or a value outside its field's form, drops the event
too; each drop is counted (idp_insight_events_total by outcome), nothing of it is written or
logged. No address, user agent, cookie or account is read into a row. A browser that asks not to
be tracked (Sec-GPC: 1 or DNT: 1) has its events dropped here too, though the UI sends none then.

A batch is one INSERT. Budgets (insight.* in config/settings.toml) bound what one client address
may send an hour, and each client a day — each relying service the events name, and the
first-party UI (no service) — so that a flood in one client's name spends its budget only: past
them a batch's events are dropped, never slowed, and the sign-in endpoints share nothing with it
but the database.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

from flask import current_app, request
from sqlalchemy import delete, insert

from idp import metrics
from idp.clock import now
from idp.extensions import db
from idp.insight.names import ACTIONS, CATEGORIES, ELAPSED, ERRORS, PAGES, SIGN_UP_STEPS, SPELLED, services
from idp.models import InsightEvent
from idp.sessions import requester
from idp.store import limits

DAY_SECONDS = 86400
# A journey id: 16 random hexadecimal digits, then 16 of their MAC.
JOURNEY_ID = re.compile(r"[0-9a-f]{32}")


def _journey_mac(digits: str) -> str:
    secret = current_app.config["SECRET_KEY"].encode()
    return hmac.new(secret, f"insight journey\x00{digits}".encode(), hashlib.sha256).hexdigest()[:16]


def new_journey() -> str:
    """A journey id for the UI to send its events with (GET /v1/session offers one with each answer)."""
    digits = secrets.token_hex(8)
    return digits + _journey_mac(digits)


def _made_here(value) -> bool:
    return (
        isinstance(value, str)
        and JOURNEY_ID.fullmatch(value) is not None
        and hmac.compare_digest(value[16:], _journey_mac(value[:16]))
    )


def _form(check):
    return lambda value, event: value if check(value) else None


def _one_of(names):
    named = frozenset(names)
    return lambda value, event: value if isinstance(value, str) and value in named else None


def _action(value, event):
    """An action of the event's own page and step, ending with a result."""
    built = ACTIONS.get(value) if isinstance(value, str) else None
    return value if built is not None and built[:2] == (event.get("page"), event.get("step")) else None


# field the UI sends -> (the column it is kept in, what is kept of a value: None when nothing);
# every other field drops the event
FIELDS = {
    "event": ("kind", _form(lambda value: value in ("pageview", "event"))),
    "screen": (
        "screen",
        lambda value, event: SPELLED.get(value.strip("/").lower()) if isinstance(value, str) else None,
    ),
    "page": ("page", _one_of(PAGES)),
    "category": ("category", _one_of(CATEGORIES)),
    "action": ("action", _action),
    "label": ("label", _form(lambda value: value in ("button", "link"))),
    "step": ("step", _form(lambda value: type(value) is int and value in SIGN_UP_STEPS)),
    "language": ("language", _form(lambda value: value in ("en", "fr"))),
    "service": ("service", lambda value, event: services().get(value) if isinstance(value, str) else None),
    "device": ("device", _form(lambda value: value in ("phone", "tablet", "desktop"))),
    "error": ("error", _one_of(ERRORS)),
    "journey": ("journey", _form(_made_here)),
    "elapsed": ("elapsed", _form(lambda value: type(value) is int and value in ELAPSED)),
}
REQUIRED = ("event", "screen", "language", "device", "journey", "elapsed")
# The fields that could carry words: what the product does not name there drops the event as
# "unnamed" (the others' values outside their form: "value").
NAMED = ("screen", "page", "category", "action", "step", "error", "service")


def _settings() -> dict:
    return current_app.config["IDP"]["insight"]


def _kept(event) -> tuple[dict | None, str]:
    """The event as a row, or None and why it is dropped."""
    if not isinstance(event, dict) or len(event) > len(FIELDS):
        return None, "shape"
    if set(event) - set(FIELDS):
        return None, "field"
    if any(event.get(name) is None for name in REQUIRED):
        return None, "missing"
    kept = {name: FIELDS[name][1](value, event) for name, value in event.items() if value is not None}
    if any(kept.get(name, "") is None for name in NAMED):
        return None, "unnamed"
    if None in kept.values():
        return None, "value"
    row = {column: None for column, _ in FIELDS.values()} | {FIELDS[name][0]: value for name, value in kept.items()}
    row["result"] = ACTIONS[row["action"]][2] if row["action"] else None
    row["service"] = row["service"] or ""
    return row, "kept"


def _count(outcome: str, number: int = 1) -> None:
    if number:
        metrics.INSIGHT_EVENTS.labels(outcome).inc(number)


def _within_budgets(clients: set[str]) -> set[str]:
    """The batch's clients (a service's client id; "" the first-party UI) whose budget of the
    day is not spent, none when this address's is; one batch more is counted against the
    address and each of those clients."""
    settings = _settings()
    address = limits.key("insight-address", requester.current().network)
    days = {client: limits.key("insight-client-day", client, now().date()) for client in clients}
    counters = limits.read([address, *days.values()])
    if limits.blocked_for([address], counters):
        return set()
    within = {client for client, day in days.items() if not limits.blocked_for([day], counters)}
    window = settings["address_window_seconds"]
    budgets = [([(address, settings["max_batches_per_address"])], window, window)]
    if within:
        budgets.append(
            (
                [(days[client], settings["max_batches_per_client_day"]) for client in sorted(within)],
                DAY_SECONDS,
                DAY_SECONDS,
            )
        )
    limits.hit_windows(budgets)
    return within


def collect(body) -> dict:
    """Keep what the batch may keep; answers how many events were kept and dropped."""
    events = body.get("events") if isinstance(body, dict) else None
    if not isinstance(events, list):
        _count("shape")
        return {"kept": 0, "dropped": 1}
    settings = _settings()
    batch, beyond = events[: settings["max_events_per_batch"]], len(events) - settings["max_events_per_batch"]
    _count("batch_too_long", max(beyond, 0))
    if not settings["collect"] or request.headers.get("Sec-GPC") == "1" or request.headers.get("DNT") == "1":
        _count("not_collected", len(batch))
        return {"kept": 0, "dropped": len(events)}
    rows, day = [], now().date()
    for event in batch:
        row, outcome = _kept(event)
        if row is None:
            _count(outcome)
        else:
            rows.append(row | {"day": day})
    within = _within_budgets({row["service"] for row in rows})
    _count("budget", sum(row["service"] not in within for row in rows))
    rows = [row for row in rows if row["service"] in within]
    if rows:
        db.session.execute(insert(InsightEvent), rows)
    db.session.commit()
    _count("kept", len(rows))
    return {"kept": len(rows), "dropped": len(events) - len(rows)}


def purge(before_day) -> int:
    """Delete the raw events of days before before_day (housekeeping, once rolled up)."""
    return db.session.execute(
        delete(InsightEvent).where(InsightEvent.day < before_day).execution_options(synchronize_session=False)
    ).rowcount
