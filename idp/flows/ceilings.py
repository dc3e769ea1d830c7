"""The ceilings of messages ([limits] in config/settings.toml): what one destination may receive
in a day, and what the whole service may send — texts and calls in a window, each channel's
anonymous messages in a day. Each is a budget of idp/store/limits.py that Budgets (budgets.py)
reads before a send and counts once the message is handed over; why they stand where they
do is budgets.py's docstring.

Keys name a kind ("day-own-sms", "day-service-email": idp_limits_reached_total's label) and
an HMAC of the destination, never the destination itself.
"""

from __future__ import annotations

import math
from datetime import datetime, time, timedelta

import phonenumbers
from flask import current_app
from sqlalchemy.exc import SQLAlchemyError

from idp.clock import now, seconds_until
from idp.config.rules import counts, phone_countries
from idp.extensions import db
from idp.flows import validation
from idp.store import limits

DAY_SECONDS = 86400
PHONE_CHANNELS = frozenset({"sms", "voice"})


def _numbers() -> dict:
    return current_app.config["IDP"]["limits"]


def _own_phone_messages_key() -> str:
    return limits.key("phone-messages", "service")


def _anonymous_phone_messages_key() -> str:
    return limits.key("phone-messages-anonymous", "service")


def phone(destination: str, own_factor: bool) -> list[tuple[str, int]]:
    """The ceilings one text or call spends in its window (limits.phone_messages_window_seconds).
    A person's own phone spends only the ceiling of own codes, which no anonymous traffic
    touches. An anonymous one (sign-up's phone step, a new phone) spends a smaller ceiling of
    its own, its country's and its number range's: the defences against SMS pumping, which
    rents ranges of numbers in countries a service never serves."""
    numbers = _numbers()
    if own_factor:
        return [(_own_phone_messages_key(), numbers["max_phone_messages"])]
    countries = phone_countries(numbers["anonymous_phone_countries"])
    region = phonenumbers.region_code_for_number(phonenumbers.parse(destination)) or "ZZ"
    return [
        (_anonymous_phone_messages_key(), numbers["max_anonymous_phone_messages"]),
        (limits.key("phone-country", region), countries.get(region, countries["*"])),
        # all but the last four digits: the range a number belongs to
        (limits.key("phone-range", destination[:-4]), numbers["max_anonymous_phone_messages_per_range"]),
    ]


def destination_day(channel: str, destination: str, own_factor: bool) -> tuple[str, int]:
    """The destination's day of messages by that channel: anonymous journeys' and the
    account's own apart (limits.max_messages_per_destination_per_day). An address's is its
    mailbox's, whatever "+tag" a request writes it with."""
    scope = "own" if own_factor else "anonymous"
    most = counts(_numbers()["max_messages_per_destination_per_day"])[channel]
    return limits.key(
        f"day-{scope}-{channel}", validation.mailbox(destination) if channel == "email" else destination
    ), most


def _service_day_key(channel: str) -> str:
    # one key per UTC date: the count starts afresh at midnight UTC, when the providers' daily
    # limits do, whenever the day's first message went
    return limits.key(f"day-service-{channel}", "service", now().date().isoformat())


def service_day(channel: str) -> tuple[str, int]:
    """The service's day of anonymous messages by that channel (limits.max_anonymous_messages_per_day)."""
    return _service_day_key(channel), counts(_numbers()["max_anonymous_messages_per_day"])[channel]


def day_wait(day: tuple[str, int], counters: dict[str, limits.Counter]) -> int:
    """Seconds until a day whose messages are spent is over; 0 while it is not (counters: the
    day's key as read). Its count against the maximum of now: a day raised opens at once."""
    key, maximum = day
    counter = counters.get(key)
    if counter is None or counter.within(DAY_SECONDS) < maximum:
        return 0
    return max(1, seconds_until(counter.started + timedelta(seconds=DAY_SECONDS)))


def take(day: tuple[str, int]) -> bool:
    """One message into a day, counted at once: is it within the day's maximum?"""
    key, maximum = day
    return limits.hit_all([day], DAY_SECONDS, 0)[key] <= maximum


def until_midnight() -> int:
    """Seconds until the next UTC day, when the service's days start again."""
    moment = now()
    return math.ceil((datetime.combine(moment.date() + timedelta(days=1), time()) - moment).total_seconds())


def shut_for_own(destinations: dict[str, str]) -> set[str]:
    """Which of these channels (each with the destination of the person's own factor it would
    reach) would refuse a code now: texts and calls paused by the ceiling of own codes, or the
    destination's day of own messages spent. One statement."""
    days = {channel: destination_day(channel, destination, True) for channel, destination in destinations.items()}
    paused = [_own_phone_messages_key()] if PHONE_CHANNELS & days.keys() else []
    counters = limits.read([key for key, _ in days.values()] + paused)
    return {
        channel
        for channel, day in days.items()
        if day_wait(day, counters) or (channel in PHONE_CHANNELS and limits.blocked_for(paused, counters))
    }


def service_ceilings() -> list[tuple[str, float, int]]:
    """Each ceiling of the whole service as it stands, for /metrics: (its kind, the messages
    counted in its current window, its maximum). A ceiling of texts and calls reached counts as
    full while it pauses (its count starts its next window). NaN counts when the database does
    not answer."""
    numbers = _numbers()
    window = numbers["phone_messages_window_seconds"]
    most = counts(numbers["max_anonymous_messages_per_day"])
    ceilings = [
        (_own_phone_messages_key(), window, numbers["max_phone_messages"]),
        (_anonymous_phone_messages_key(), window, numbers["max_anonymous_phone_messages"]),
    ]
    ceilings += [(_service_day_key(channel), DAY_SECONDS, most[channel]) for channel in ("email", "sms", "voice")]
    try:
        counters = limits.read([key for key, _, _ in ceilings])
    except SQLAlchemyError:
        db.session.rollback()
        return [(key.split(":")[0], math.nan, maximum) for key, _, maximum in ceilings]
    found = []
    for key, seconds, maximum in ceilings:
        counter = counters.get(key)
        count = 0 if counter is None else maximum if counter.wait else counter.within(seconds)
        found.append((key.split(":")[0], count, maximum))
    return found
