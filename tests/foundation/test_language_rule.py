"""One rule for the language when the route names none (specification section 1: the
browser's second preferred language, else English), the same in the provider, the
reservations service and the login UI: tests/shared/language_cases.json, which Jest runs
through login-ui's browserLanguage too."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from examples.reservations.app import create_app as create_reservations

CASES = json.loads((Path(__file__).resolve().parents[1] / "shared" / "language_cases.json").read_text(encoding="utf-8"))


def as_header(languages: list[str]) -> str:
    """The list as Chromium sends it: the first without q, then q falling by 0.1."""
    return ",".join(tag if i == 0 else f"{tag};q={1 - i / 10:.1f}" for i, tag in enumerate(languages))


HEADERS = [(as_header(case["languages"]), case["expect"]) for case in CASES["lists"]] + [
    (case["header"], case["expect"]) for case in CASES["headers"]
]


@pytest.fixture(scope="module")
def reservations():
    return create_reservations({"RESERVATIONS_SECRET_KEY": "test"}).test_client()


@pytest.mark.parametrize(("header", "expected"), HEADERS, ids=[header or "(none)" for header, _ in HEADERS])
def test_the_provider_home_speaks_the_language_the_rule_chooses(client, header, expected):
    assert f'<html lang="{expected}">' in client.get("/", headers={"Accept-Language": header}).text


@pytest.mark.parametrize(("header", "expected"), HEADERS, ids=[header or "(none)" for header, _ in HEADERS])
def test_the_reservations_service_speaks_the_language_the_rule_chooses(reservations, header, expected):
    assert f'<html lang="{expected}">' in reservations.get("/", headers={"Accept-Language": header}).text


def test_the_provider_api_answers_in_the_language_the_rule_chooses(client):
    french = client.get("/v1/services", headers={"Accept-Language": "fr-CA,en;q=0.9"}).json["data"][0]["title"]
    english = client.get("/v1/services", headers={"Accept-Language": "en-CA,fr;q=0.9"}).json["data"][0]["title"]
    assert french != english
