"""The server's side of the one validation table (tests/shared/validation_cases.json): every
case answers the catalogue code the table expects. login-ui's Jest suite runs the same cases."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from idp.errors import FlowError
from idp.flows import passwords, validation

CASES = json.loads((Path(__file__).resolve().parents[1] / "shared" / "validation_cases.json").read_text(encoding="utf-8"))


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


@pytest.mark.parametrize("case", CASES["name"], ids=lambda case: repr(case["input"][:20]) + ("*" if case["required"] else ""))
def test_name(ctx, case):
    assert answer(lambda: validation.name(case["input"], "lastName", case["required"])) == case["expect"]


@pytest.mark.parametrize("case", CASES["phone"], ids=lambda case: f"{case['country']} {case['input']!r}")
def test_phone_as_the_ui_sends_it(ctx, case):
    assert answer(lambda: validation.phone(case["sent"])) == case["expect"]


def test_an_accepted_name_is_stored_composed(ctx):
    assert validation.name("Nguye\u0302\u0303n", "lastName", required=True) == "Nguyễn"
