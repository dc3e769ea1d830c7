"""The server's side of the one validation table (tests/shared/validation_cases.json): every
case answers the catalogue code the table expects. login-ui's Jest suite runs the same cases."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from idp.errors import FlowError
from idp.flows import validation
from idp.flows.credentials import passwords

CASES = json.loads(
    (Path(__file__).resolve().parents[1] / "shared" / "validation_cases.json").read_text(encoding="utf-8")
)


def answer(check) -> dict | None:
    """What a check answers, as the table writes it: None, or {code[, data]} without the field name."""
    try:
        check()
    except FlowError as refused:
        data = {key: value for key, value in refused.data.items() if key != "field"}
        return {"code": refused.code, **({"data": data} if data else {})}
    return None


@pytest.mark.parametrize("case", CASES["email"], ids=lambda case: repr(case["input"][:40]))
def test_email(ctx, case):
    assert answer(lambda: validation.email(case["input"])) == case["expect"]


@pytest.mark.parametrize("case", CASES["code"], ids=lambda case: repr(case["input"]))
def test_code(ctx, case):
    assert answer(lambda: validation.code(case["input"], 6)) == case["expect"]


@pytest.mark.parametrize("case", CASES["password"], ids=lambda case: str(len(case["input"])))
def test_password_length(ctx, case):
    assert answer(lambda: passwords.check_policy(case["input"], [])) == case["expect"]


@pytest.mark.parametrize(
    "case", CASES["name"], ids=lambda case: repr(case["input"][:20]) + ("*" if case["required"] else "")
)
def test_name(ctx, case):
    assert answer(lambda: validation.name(case["input"], "lastName", case["required"])) == case["expect"]


@pytest.mark.parametrize("case", CASES["phone"], ids=lambda case: f"{case['country']} {case['input']!r}")
def test_phone_as_the_ui_sends_it(ctx, case):
    assert answer(lambda: validation.phone(case["sent"])) == case["expect"]


def test_an_accepted_name_is_stored_composed(ctx):
    assert validation.name("Nguye\u0302\u0303n", "lastName", required=True) == "Nguyễn"


def test_without_long_numbers_a_number_past_its_countrys_length_is_refused(ctx):
    assert answer(lambda: validation.phone("+16132345678901")) == {"code": "8", "data": {"digits": 10}}


@pytest.fixture
def long_numbers(app, monkeypatch):
    monkeypatch.setitem(app.config["IDP"]["phone"], "long_numbers", True)


def test_long_numbers_lift_the_digit_cap_for_a_number_that_starts_valid(ctx, long_numbers):
    assert validation.phone("+16132345678901234") == "+16132345678901234"


def test_long_numbers_still_need_a_valid_number_first(ctx, long_numbers):
    assert answer(lambda: validation.phone("+10002345678901")) == {"code": "22"}


def test_long_numbers_stop_at_what_is_stored_19_digits(ctx, long_numbers):
    assert answer(lambda: validation.phone("+35385123456712345678")) == {"code": "8", "data": {"digits": 9}}


def test_long_numbers_do_not_accept_a_short_number(ctx, long_numbers):
    assert answer(lambda: validation.phone("+1613234")) == {"code": "8", "data": {"digits": 10}}


@pytest.mark.parametrize("case", CASES["phoneDestination"], ids=lambda case: f"{case['channel']} {case['sent']}")
def test_phone_destination_against_the_policy(ctx, case):
    assert answer(lambda: validation.reachable(case["sent"], case["channel"])) == case["expect"]


def test_long_numbers_are_judged_by_the_number_they_start_with(ctx, long_numbers):
    """A direct line dialled after a premium-rate number is still a premium-rate call."""
    e164 = validation.phone("+1900234567800")
    assert answer(lambda: validation.reachable(e164, "voice")) == {
        "code": "52",
        "data": {"reason": "premium_rate", "channel": "voice"},
    }
