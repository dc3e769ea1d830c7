"""The rules a setting's value must meet, and the readers of the values that hold lists
(networks, channels, countries): what the table (table.py) is written in."""

from __future__ import annotations

import ipaddress
import re
import zoneinfo
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from phonenumbers import PhoneNumberType


class ConfigError(Exception):
    """A setting is missing or malformed; the message names it."""


@dataclass(frozen=True)
class Rule:
    kind: type
    check: Callable[[Any], bool] = lambda value: True
    expectation: str = ""
    # a secret's refusal says its length, never the value (start-up lines reach logs)
    secret: bool = False


def positive(value: int) -> bool:
    return value > 0


def one_of(*choices: str) -> Rule:
    return Rule(str, lambda value: value in choices, "one of " + ", ".join(choices))


POSITIVE_INT = Rule(int, positive, "a whole number above 0")
NON_NEGATIVE_INT = Rule(int, lambda value: value >= 0, "a whole number, 0 or more")
TEXT = Rule(str)
FLAG = Rule(bool)
PORT = Rule(int, lambda value: 0 < value < 65536, "a port number from 1 to 65535")


def networks(value: str) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    """A comma-separated list of CIDR networks (metrics.allowed_networks, console.allowed_networks)."""
    return [ipaddress.ip_network(part.strip()) for part in value.split(",") if part.strip()]


def in_networks(address: str | None, value: str) -> bool:
    """Is the client address in one of the networks of such a setting? An unknown one is not,
    nor one that is no address (a proxy passes on whatever X-Forwarded-For said)."""
    try:
        parsed = ipaddress.ip_address(address or "")
    except ValueError:
        return False
    return any(parsed in network for network in networks(value))


def names(value: str) -> list[str]:
    """A comma-separated list of names (notify.channels, phone.sms_countries, phone.refused_types)."""
    return [part.strip() for part in value.split(",") if part.strip()]


def channels(value: str) -> tuple[str, ...]:
    """notify.channels: the channels people are offered (email, sms, voice)."""
    return tuple(names(value))


def channels_ok(value: str) -> bool:
    offered = channels(value)
    # E-mail names the account and the phone step of sign-up is mandatory: both must be reachable.
    return (
        set(offered) <= {"email", "sms", "voice"}
        and len(set(offered)) == len(offered)
        and "email" in offered
        and bool({"sms", "voice"} & set(offered))
    )


def counts(value: str) -> dict[str, int]:
    """A setting of name:count pairs, "CA:200,US:20,*:5" -> {"CA": 200, "US": 20, "*": 5}: the
    anonymous texts of each country (limits.anonymous_phone_countries), the messages of each
    channel (limits.max_messages_per_destination_per_day, limits.max_anonymous_messages_per_day)."""
    found = {}
    for part in value.split(","):
        name, _, count = part.strip().partition(":")
        found[name.strip()] = int(count)
    return found


def _counts_ok(value: str, names_ok: Callable[[list[str]], bool], least: int) -> bool:
    try:
        found = counts(value)
    except ValueError:
        return False
    return names_ok(list(found)) and all(count >= least for count in found.values())


def phone_countries(value: str) -> dict[str, int]:
    """limits.anonymous_phone_countries, its regions in capitals."""
    return {region.upper(): count for region, count in counts(value).items()}


def phone_countries_ok(value: str) -> bool:
    return _counts_ok(
        value,
        lambda regions: "*" in regions and all(re.fullmatch("[A-Z]{2}|[*]", region.upper()) for region in regions),
        0,
    )


def channel_counts_ok(value: str) -> bool:
    return _counts_ok(value, lambda names: sorted(names) == ["email", "sms", "voice"], 1)


# The kinds of phone numbers phone.refused_types may name: phonenumbers' types (premium_rate,
# shared_cost, uan, voip...), and satellite, the country codes of satellite systems and
# international networks, which phonenumbers has no type for (idp/flows/validation.py).
PHONE_KINDS = (
    "satellite",
    *(PhoneNumberType.to_string(kind).lower() for kind in PhoneNumberType.values() if kind != PhoneNumberType.UNKNOWN),
)


def countries_ok(value: str) -> bool:
    regions = names(value)
    return regions == ["*"] or (bool(regions) and all(re.fullmatch("[A-Z]{2}", region) for region in regions))


def time_zone_ok(value: str) -> bool:
    try:
        zoneinfo.ZoneInfo(value)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return False
    return True


# GC Notify's (and GOV.UK Notify's) API keys end with the service's id and the key's secret,
# which its client cuts out by position: anything else fails there with an assertion.
_UUID = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
NOTIFY_API_KEY = re.compile(f".+-{_UUID}-{_UUID}")


def networks_ok(value: str) -> bool:
    try:
        networks(value)
    except ValueError:
        return False
    return True
