"""Fixtures of the /v1 tests: a client whose every /v1 answer is checked against
idp/api/openapi.yaml, and helpers that drive whole sign-up and sign-in steps."""
from __future__ import annotations

import pytest

from tests.support.contract import ContractClient
from tests.support.journeys import SignIn, SignUp

# The wait of a reset (a lost phone's removal, an account's deletion: idp/flows/resets.py) in
# these tests: shorter than a session's idle time, so the owner's session outlives it.
RESET_WAIT = 600


@pytest.fixture(autouse=True)
def contract_client(app):
    """Every client of these tests is a browser on this site (ContractClient), whichever test
    made the app's first: a test that asks app.test_client() itself, with no `client`, ran as
    a cross-site caller when it came first in its process (and failed with 24)."""
    app.test_client_class = ContractClient


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def outbox(app):
    from tests.support.journeys import Outbox

    return Outbox(app)


@pytest.fixture
def signup(client, outbox):
    return SignUp(client, outbox)


@pytest.fixture
def signin(client, outbox):
    return SignIn(client, outbox)


@pytest.fixture
def returning_person(signup, client):
    """A finished sign-up, then a browser that forgot it all (no session, not a trusted device)."""
    signup.through("profile")
    client.delete_cookie("idp_session")
    client.delete_cookie("idp_device")
    return signup.user_id


@pytest.fixture
def wait(app, monkeypatch):
    for setting in ("lost_phone_wait_seconds", "account_reset_wait_seconds"):
        monkeypatch.setitem(app.config["IDP"]["profile"], setting, RESET_WAIT)
    return RESET_WAIT


@pytest.fixture
def owner(signup, frozen, wait):
    """Jeanne (French), signed up with her phone and nothing else, signed in in her browser."""
    signup.through("profile")
    return signup
