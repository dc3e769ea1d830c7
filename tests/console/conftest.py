"""Fixtures of the console's tests: an operators file of the test's own, an operator's browser
signed in to the console with a passkey, and a person's account the help desk looks after."""

from __future__ import annotations

import os
import re
from urllib.parse import urlsplit

import pytest

from tests.api.account_helpers import add_passkey, post
from tests.support.authenticator import SoftAuthenticator
from tests.support.contract import ISSUER, ContractClient
from tests.support.journeys import EMAIL, Outbox, SignUp

PERSON_EMAIL = "samuel.roy@example.ca"
PERSON_PHONE = "+15142345678"
PERSON_PASSWORD = "Lighthouse-Tundra-Canoe-77"


@pytest.fixture
def outbox(app):
    return Outbox(app)


@pytest.fixture
def browser(app):
    """A browser: its own cookies, its /v1 answers checked against the API's contract."""

    def open_one():
        app.test_client_class = ContractClient
        return app.test_client()

    return open_one


@pytest.fixture
def operators(tmp_path, monkeypatch):
    """Write the operators file the console reads (IDP_OPERATORS_FILE); starts with the
    operator of EMAIL in both roles."""
    path = tmp_path / "operators.toml"
    monkeypatch.setenv("IDP_OPERATORS_FILE", str(path))
    stamp = [1_700_000_000]

    def write(text: str) -> None:
        path.write_text(text, encoding="utf-8")
        stamp[0] += 10  # a new modification time, however fast the test writes
        os.utime(path, (stamp[0], stamp[0]))

    write(entry(EMAIL, "support", "analyst"))
    return write


def entry(email: str, *roles: str) -> str:
    return f'[[operators]]\nemail = "{email}"\nroles = [{", ".join(f"{chr(34)}{role}{chr(34)}" for role in roles)}]\n'


def sign_up(client, outbox, email: str = EMAIL, phone: str | None = None, password: str | None = None) -> SignUp:
    signup = SignUp(client, outbox)
    signup.email = email
    if phone:
        signup.phone = phone
    if password:
        signup.password = password
    signup.through("profile")
    return signup


def console_sign_in(client):
    """/console/signin → the provider's /authorize → the console's callback: the last answer."""
    asked = client.get("/console/signin")
    assert asked.status_code == 303
    answered = client.get(asked.headers["Location"])
    location = answered.headers.get("Location", "")
    if not location.startswith(f"{ISSUER}/console/callback"):
        return answered
    parts = urlsplit(location)
    return client.get(f"{parts.path}?{parts.query}")


@pytest.fixture
def operator(app, browser, outbox, operators):
    """The operator's browser, signed in to the console with their passkey."""
    client = browser()
    sign_up(client, outbox)
    add_passkey(client, outbox, SoftAuthenticator(ISSUER))
    assert console_sign_in(client).headers["Location"] == "/console?lang=en"
    return client


@pytest.fixture
def person(app, browser, outbox):
    """A person's browser, signed up and signed in."""
    client = browser()
    sign_up(client, outbox, PERSON_EMAIL, PERSON_PHONE, PERSON_PASSWORD)
    return client


def form_field(html: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]*)"', html).group(1)


def look_up(operator, identifier: str, reason: str = "Call 2026-1126-001"):
    page = operator.get("/console/support").get_data(as_text=True)
    return operator.post(
        "/console/support", data={"token": form_field(page, "token"), "identifier": identifier, "reason": reason}
    )


def act(operator, account_page: str, name: str, reason: str = "Call 2026-1126-001: the person asked"):
    return operator.post(
        "/console/support/act",
        data={
            "token": form_field(account_page, "token"),
            "account": form_field(account_page, "account"),
            "act": name,
            "reason": reason,
        },
    )


def sign_in_with_password(client, email: str, password: str):
    return post(client, "/otp/users/login", userName=email, password=password)
