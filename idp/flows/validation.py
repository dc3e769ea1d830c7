"""Field checks of the specification's section 5: the server's side of one table of cases.

Each check returns the normalised value or raises FlowError with the field's catalogue
code, so the UI shows the same words it shows for its own checks. The UI runs the same
rules first (login-ui/src/validation); tests/shared/validation_cases.json holds the cases
both sides must answer alike.
"""

from __future__ import annotations

import re
import unicodedata

import phonenumbers
from flask import current_app

from idp import metrics
from idp.config import rules as config_rules
from idp.errors import Errors, FlowError

EMAIL_LOCAL = re.compile(r"[A-Za-z0-9._%+-]+")
EMAIL_DOMAIN = re.compile(r"(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}")
# RFC 5321's limit on a forward path.
EMAIL_MAX_LENGTH = 254
# Besides letters of any script (and the marks that combine with them): the
# specification's hyphen, underscore, space and both apostrophes.
NAME_PUNCTUATION = frozenset("-_ '’")
NAME_MIN_LETTERS = 2
CHANNELS = ("email", "sms", "voice")
PHONE_CHANNELS = ("sms", "voice")
LANGUAGES = {"eng": "en", "en": "en", "fr": "fr"}
# With the "long numbers" option: "+" and this many digits, what phone_credentials.e164 holds.
LONG_NUMBER_MAX_DIGITS = 19
# A page of the login UI a sign-in may lead to: a language, then plain segments. Nothing else
# matches: no scheme or host (`https:`, `//host`), no backslash, dot, query or control character.
LOCAL_PAGE = re.compile(r"/(?:en|fr)(?:/[A-Za-z0-9_-]+)+")
LOCAL_PAGE_MAX_LENGTH = 200


def _settings(section: str) -> dict:
    return current_app.config["IDP"][section]


def _email_problem(value: str) -> str | None:
    """What is wrong with an address, so the message names it: length, at (no single "@"
    between two parts), characters (before the "@") or domain (after it)."""
    if len(value) > EMAIL_MAX_LENGTH:
        return "length"
    parts = value.split("@")
    if len(parts) != 2 or not all(parts):
        return "at"
    if not EMAIL_LOCAL.fullmatch(parts[0]):
        return "characters"
    if not EMAIL_DOMAIN.fullmatch(parts[1]):
        return "domain"
    return None


def email(value: str) -> str:
    value = value.strip()
    problem = _email_problem(value)
    if problem:
        raise FlowError(Errors.INVALID_EMAIL, data={"reason": problem})
    # Addresses are compared case-insensitively; the stored form is lower case.
    return value.lower()


def mailbox(address: str) -> str:
    """The mailbox an address (as email() answers it) delivers to: its local part without a
    "+tag", which most providers ignore (RFC 5233 subaddressing), so person+1@ and person@ are
    one inbox."""
    local, _, domain = address.rpartition("@")
    return f"{local.partition('+')[0] or local}@{domain}"


def code(value: str, length: int) -> str:
    if not re.fullmatch(rf"[0-9]{{{length}}}", value):
        raise FlowError(Errors.INVALID_CODE_FORMAT)
    return value


def offered_channels() -> tuple[str, ...]:
    """The channels people are offered (notify.channels): production carries each of them."""
    return config_rules.channels(_settings("notify")["channels"])


def channel(value: str, allowed: tuple[str, ...] = CHANNELS) -> str:
    if value not in allowed or value not in offered_channels():
        raise FlowError(Errors.CHOOSE_METHOD)
    return value


def language(value: str) -> str:
    """The UI sends "eng" or "fr" (the specification's radio values); "en" is accepted too."""
    if value not in LANGUAGES:
        raise FlowError(Errors.CHOOSE_LANGUAGE)
    return LANGUAGES[value]


def local_page(value: str) -> str:
    """The page a signed-out person opened, where their sign-in leads: a path of the login
    UI only (an open redirect otherwise), else BAD_REQUEST."""
    if len(value) > LOCAL_PAGE_MAX_LENGTH or not LOCAL_PAGE.fullmatch(value):
        raise FlowError(Errors.BAD_REQUEST, data={"field": "next"})
    return value


def _is_name_character(character: str) -> bool:
    return unicodedata.category(character)[0] in "LM" or character in NAME_PUNCTUATION


def name(value: str, field: str, required: bool) -> str | None:
    """A first or last name as people write them (Muñoz, Schröder, Nguyễn, O'Brien),
    stored NFC-normalised, so a name typed with combining accents is the same name."""
    value = unicodedata.normalize("NFC", value).strip()
    if not value:
        if required:
            raise FlowError(Errors.INVALID_NAME, data={"field": field, "reason": "required"})
        return None
    maximum = _settings("names")["max_length"]
    if len(value) > maximum:
        raise FlowError(Errors.NAME_TOO_LONG, data={"field": field, "maxLength": maximum})
    letters = sum(1 for character in value if unicodedata.category(character)[0] == "L")
    if letters < NAME_MIN_LETTERS or not all(map(_is_name_character, value)):
        raise FlowError(Errors.INVALID_NAME, data={"field": field, "reason": "invalid"})
    return value


def _national_digits(region: str) -> int | None:
    example = phonenumbers.example_number_for_type(region, phonenumbers.PhoneNumberType.MOBILE)
    return len(str(example.national_number)) if example else None


def phone(value: str) -> str:
    """A phone number as the UI sends it ("+" then digits), answered in E.164."""
    value = value.strip()
    if not value:
        raise FlowError(Errors.PHONE_REQUIRED)
    if not re.fullmatch(r"\+[0-9]{1,20}", value):
        raise FlowError(Errors.INVALID_PHONE)
    settings = _settings("phone")
    try:
        number = phonenumbers.parse(value, None)
    except phonenumbers.NumberParseException:
        raise FlowError(Errors.INVALID_PHONE) from None
    region = phonenumbers.region_code_for_country_code(number.country_code)
    if region == phonenumbers.UNKNOWN_REGION:
        raise FlowError(Errors.INVALID_PHONE)
    reason = phonenumbers.is_possible_number_with_reason(number)
    if settings["long_numbers"] and reason == phonenumbers.ValidationResult.TOO_LONG:
        return _long_number(value, number, region)
    too_long = len(value) - 1 > settings["max_digits"]
    if too_long or reason in (
        phonenumbers.ValidationResult.TOO_SHORT,
        phonenumbers.ValidationResult.TOO_LONG,
        phonenumbers.ValidationResult.INVALID_LENGTH,
    ):
        digits = _national_digits(region)
        raise FlowError(Errors.PHONE_DIGITS, data={"digits": digits} if digits else {})
    if not phonenumbers.is_valid_number(number):
        raise FlowError(Errors.INVALID_PHONE)
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


def _long_number(value: str, number: phonenumbers.PhoneNumber, region: str) -> str:
    """A number past its country's length, accepted as sent when it starts with a valid one."""
    if len(value) - 1 > LONG_NUMBER_MAX_DIGITS:
        digits = _national_digits(region)
        raise FlowError(Errors.PHONE_DIGITS, data={"digits": digits} if digits else {})
    start = phonenumbers.PhoneNumber()
    start.merge_from(number)
    if not phonenumbers.truncate_too_long_number(start):
        raise FlowError(Errors.INVALID_PHONE)
    return value


# Satellite systems (Inmarsat +870, GMSS +881: Iridium, Globalstar...) and international networks
# (+882, +883), which phonenumbers files under no country ("001") and no type of their own.
SATELLITE_CODES = frozenset({870, 881, 882, 883})


def _kind(number: phonenumbers.PhoneNumber) -> str:
    if number.country_code in SATELLITE_CODES:
        return "satellite"
    return phonenumbers.PhoneNumberType.to_string(phonenumbers.number_type(number)).lower()


def phone_refusal(e164: str, channel: str) -> dict | None:
    """Why no text or call by `channel` may go to this number, a phone() answer ([phone]): its
    country, which the channel does not serve, or its kind, refused whatever the country; None
    when it may. A long number (phone.long_numbers) is judged by the valid number it starts with."""
    settings = _settings("phone")
    number = phonenumbers.parse(e164)
    if not phonenumbers.is_valid_number(number):
        phonenumbers.truncate_too_long_number(number)
    countries = config_rules.names(settings[f"{channel}_countries"])
    if countries != ["*"] and phonenumbers.region_code_for_number(number) not in countries:
        return {"reason": "country", "channel": channel, "countries": countries}
    kind = _kind(number)
    if kind in config_rules.names(settings["refused_types"]):
        return {"reason": kind, "channel": channel}
    return None


def reachable(e164: str, channel: str) -> str:
    """The number, when a code by `channel` may go to it; else PHONE_NUMBER_REFUSED with the
    reason (phone_refusal), counted in idp_phone_numbers_refused_total."""
    refusal = phone_refusal(e164, channel)
    if refusal is not None:
        metrics.PHONE_NUMBERS_REFUSED.labels(channel, refusal["reason"]).inc()
        raise FlowError(Errors.PHONE_NUMBER_REFUSED, data=refusal)
    return e164


def mask_phone(e164: str) -> str:
    """Only the last four digits travel back to the browser: "******1234"."""
    return "*" * 6 + e164[-4:]
