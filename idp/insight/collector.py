"""POST /v1/events: the login UI's analytics events, kept first-party and nothing personal.

An allow-list decides what is kept (FIELDS): the event, its screen and page, category, action,
label, sign-up step, language, service, a coarse device class, a catalogue error code, the
random journey id the UI made for one journey, and the milliseconds since that journey began.
An event with any other field, a value outside its field's form, or a value that looks like an
e-mail address or a phone number is dropped whole and counted (idp_insight_events_total by
outcome); nothing of it is written or logged. No address, user agent, cookie or account is read
into a row. A browser that asks not to be tracked (Sec-GPC: 1 or DNT: 1) has its events dropped
here too, though the UI sends none then.

A batch is one INSERT. Budgets (insight.* in config/settings.toml) bound what one client address
and the whole service may send: past them a batch is dropped, never slowed, and the sign-in
endpoints share nothing with it but the database.
"""
from __future__ import annotations

import re
from flask import current_app, request
from sqlalchemy import delete, insert

from idp import metrics
from idp.clock import now
from idp.extensions import db
from idp.flows import limits, requester
from idp.models import InsightEvent

DAY_SECONDS = 86400
# The results an action ends with (login-ui/src/analytics: page, step, then the result).
RESULTS = ("submit_success", "submit_error", "submit_timeout", "request-new-code")


def _matches(pattern: str):
    compiled = re.compile(pattern)
    return lambda value: isinstance(value, str) and compiled.fullmatch(value) is not None


def _whole(low: int, high: int):
    return lambda value: isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


# field the UI sends -> (its check, the column it is kept in); every other field drops the event
FIELDS = {
    "event": (lambda value: value in ("pageview", "event"), "kind"),
    "screen": (_matches(r"(?:[A-Za-z]+(?:/[A-Za-z]+)*)?"), "screen"),
    "page": (_matches(r"[A-Za-z]{1,48}"), "page"),
    "category": (_matches(r"[a-z_]{1,24}"), "category"),
    "action": (_matches(r"[A-Za-z0-9_-]{1,96}"), "action"),
    "label": (lambda value: value in ("button", "link"), "label"),
    "step": (_whole(1, 9), "step"),
    "language": (lambda value: value in ("en", "fr"), "language"),
    "service": (_matches(r"[A-Za-z0-9._-]{1,64}"), "service"),
    "device": (lambda value: value in ("phone", "tablet", "desktop"), "device"),
    "error": (_matches(r"\d{1,3}"), "error"),
    "journey": (_matches(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"), "journey"),
    "elapsed": (_whole(0, DAY_SECONDS * 1000), "elapsed_ms"),
}
REQUIRED = ("event", "screen", "language", "device", "journey", "elapsed")
# What personal data looks like: an e-mail address, a run of a phone number's digits; looked for
# in the fields of free words (the others have forms that cannot hold them, and a journey id's hex
# may hold a run of digits).
PERSONAL = (re.compile(r"@"), re.compile(r"\d[\d\s().-]{5,}\d"))
WORDS = ("screen", "page", "category", "action", "label", "service")


def _settings() -> dict:
    return current_app.config["IDP"]["insight"]


def _kept(event) -> tuple[dict | None, str]:
    """The event as a row, or None and why it is dropped."""
    if not isinstance(event, dict) or len(event) > len(FIELDS):
        return None, "shape"
    if set(event) - set(FIELDS):
        return None, "field"
    if any(isinstance(event.get(name), str) and any(pattern.search(event[name]) for pattern in PERSONAL) for name in WORDS):
        return None, "personal"
    if any(event.get(name) is None for name in REQUIRED):
        return None, "missing"
    if not all(FIELDS[name][0](value) for name, value in event.items() if value is not None):
        return None, "value"
    row = {column: None for _, column in FIELDS.values()} | {FIELDS[name][1]: value for name, value in event.items()}
    action = row["action"] or ""
    row["result"] = next((result for result in RESULTS if action.endswith(result)), None)
    row["service"] = row["service"] or ""
    return row, "kept"


def _count(outcome: str, number: int = 1) -> None:
    if number:
        metrics.INSIGHT_EVENTS.labels(outcome).inc(number)


def _within_budgets() -> bool:
    """One more batch from this address and in all today, unless either budget is spent."""
    settings = _settings()
    address = limits.key("insight-address", requester.current().network)
    day = limits.key("insight-day", now().date())
    if limits.blocked_for([address, day]):
        return False
    window = settings["address_window_seconds"]
    limits.hit(address, settings["max_batches_per_address"], window, window)
    limits.hit(day, settings["max_batches_per_day"], DAY_SECONDS, DAY_SECONDS)
    return True


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
    if not _within_budgets():
        db.session.commit()
        _count("budget", len(batch))
        return {"kept": 0, "dropped": len(events)}
    rows, day = [], now().date()
    for event in batch:
        row, outcome = _kept(event)
        if row is None:
            _count(outcome)
        else:
            rows.append(row | {"day": day})
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
