"""Field checks of the specification's section 5, shared by sign-up and sign-in.

Each check returns the normalised value or raises FlowError with the field's
catalogue code, so the UI shows the same words it shows for its own checks.
"""
from __future__ import annotations

import re

import phonenumbers

from idp.errors import FlowError

EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}")
EMAIL_MAX_LENGTH = 254
# Letters with the accents French uses, hyphen, underscore, space and both apostrophes.
NAME = re.compile(r"[A-Za-zÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŸŒÆàâäçéèêëîïôöùûüÿœæ' ’_-]{2,}")
NAME_MAX_LENGTH = 100
E164_MAX_DIGITS = 15
CHANNELS = ("email", "sms", "voice")
PHONE_CHANNELS = ("sms", "voice")
LANGUAGES = {"eng": "en", "en": "en", "fr": "fr"}


def email(value: str) -> str:
    value = value.strip()
    if len(value) > EMAIL_MAX_LENGTH or not EMAIL.fullmatch(value):
        raise FlowError("2")
    # Addresses are compared case-insensitively; the stored form is lower case.
    return value.lower()


def code(value: str, length: int) -> str:
    if not re.fullmatch(rf"[0-9]{{{length}}}", value):
        raise FlowError("3")
    return value


def channel(value: str, allowed: tuple[str, ...] = CHANNELS) -> str:
    if value not in allowed:
        raise FlowError("26")
    return value


def language(value: str) -> str:
    """The UI sends "eng" or "fr" (the seed's radio values); "en" is accepted too."""
    if value not in LANGUAGES:
        raise FlowError("27")
    return LANGUAGES[value]


def name(value: str, field: str, required: bool) -> str | None:
    value = value.strip()
    if not value:
        if required:
            raise FlowError("11", data={"field": field})
        return None
    if len(value) > NAME_MAX_LENGTH:
        raise FlowError("28", data={"field": field, "maxLength": NAME_MAX_LENGTH})
    if not NAME.fullmatch(value):
        raise FlowError("11", data={"field": field})
    return value


def _national_digits(region: str) -> int | None:
    example = phonenumbers.example_number_for_type(region, phonenumbers.PhoneNumberType.MOBILE)
    return len(str(example.national_number)) if example else None


def phone(value: str) -> str:
    """A phone number as the UI sends it ("+" then digits), answered in E.164."""
    value = value.strip()
    if not value:
        raise FlowError("10")
    if not re.fullmatch(r"\+[0-9]{1,20}", value):
        raise FlowError("22")
    try:
        number = phonenumbers.parse(value, None)
    except phonenumbers.NumberParseException:
        raise FlowError("22") from None
    region = phonenumbers.region_code_for_country_code(number.country_code)
    if region == phonenumbers.UNKNOWN_REGION:
        raise FlowError("22")
    reason = phonenumbers.is_possible_number_with_reason(number)
    too_long = len(value) - 1 > E164_MAX_DIGITS
    if too_long or reason in (
        phonenumbers.ValidationResult.TOO_SHORT,
        phonenumbers.ValidationResult.TOO_LONG,
        phonenumbers.ValidationResult.INVALID_LENGTH,
    ):
        digits = _national_digits(region)
        raise FlowError("8", data={"digits": digits} if digits else {})
    if not phonenumbers.is_valid_number(number):
        raise FlowError("22")
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


def mask_phone(e164: str) -> str:
    """Only the last four digits travel back to the browser: "******1234"."""
    return "*" * 6 + e164[-4:]
