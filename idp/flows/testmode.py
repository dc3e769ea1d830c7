"""Test mode (specification section 7), development only: one sample person (the
[testmode] settings) whose codes are a fixed one, whose forms the UI pre-fills, and whose
finished journey offers the design prototype's link. Everybody else is untouched: random
codes, delivered to the outbox. Production refuses to start with it on (check_production).
"""

from __future__ import annotations

import phonenumbers
from flask import current_app


def _sample() -> dict | None:
    settings = current_app.config["IDP"]
    if settings["server"]["environment"] != "development" or not settings["testmode"]["enabled"]:
        return None
    return settings["testmode"]


def fixed_code(destination: str) -> str | None:
    """The fixed code when the destination is the sample person's address or phone."""
    sample = _sample()
    if sample is None or destination.lower() not in (sample["email"].lower(), sample["phone"]):
        return None
    return sample["code"]


def prototype_url(email: str) -> str | None:
    """The design prototype a finished journey of the sample person opens (section 7's
    "opens design-prototype links on success"); None for anybody else, or without one."""
    sample = _sample()
    if sample is None or not sample["prototype_url"] or email.lower() != sample["email"].lower():
        return None
    return sample["prototype_url"]


def ui_test_data() -> dict | None:
    """What the UI pre-fills (specification section 3's test data). The code is not here: a
    journey's view carries it (testCode) only when its code went to the sample person."""
    sample = _sample()
    if sample is None:
        return None
    return {
        "email": sample["email"],
        "password": sample["password"],
        "phone": str(phonenumbers.parse(sample["phone"]).national_number),
        "firstName": sample["first_name"],
        "lastName": sample["last_name"],
    }
