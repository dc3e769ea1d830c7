"""Fixtures of the /v1 tests: a client whose every /v1 answer is checked against
idp/api/openapi.yaml, and helpers that drive whole sign-up and sign-in steps."""

from __future__ import annotations

import dataclasses
from datetime import timedelta

import pytest

from idp import clients
from idp.clock import now
from idp.extensions import db
from idp.models import BrowserSession, Grant, Token
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


@pytest.fixture
def connected(app, client, signup):
    """Signed up, then signed in to the reservations service through this browser's session:
    its grant (openid profile email), a token, and the session's list of services."""
    signup.through("profile")
    with app.app_context():
        session = db.session.scalar(db.select(BrowserSession).where(BrowserSession.user_id.is_not(None)))
        moment = now()
        grant = Grant(
            user_id=session.user_id,
            client_id="reservations",
            scope="openid profile email",
            first_used_at=moment - timedelta(days=3),
            last_used_at=moment,
        )
        db.session.add(grant)
        db.session.flush()
        db.session.add(
            Token(
                client_id="reservations",
                user_id=session.user_id,
                grant_id=grant.id,
                sid=session.sid,
                access_token_hash="b" * 64,
                refresh_token_hash="c" * 64,
                scope=grant.scope,
                issued_at=moment,
                access_token_expires_at=moment + timedelta(hours=1),
                refresh_token_expires_at=moment + timedelta(days=30),
            )
        )
        session.clients = ["reservations"]
        db.session.commit()
        return session.sid


@pytest.fixture
def told(monkeypatch):
    """The back-channel logout jobs queued: (client_id, sid, whether a sub is named) each."""
    from idp.oauth import backchannel

    queued, enqueue = [], backchannel.jobs.enqueue

    def capture(kind, payload):
        if kind == backchannel.KIND:
            queued.append((payload["client_id"], payload["sid"], bool(payload["sub"])))
        else:
            enqueue(kind, payload)

    monkeypatch.setattr(backchannel.jobs, "enqueue", capture)
    return queued


@pytest.fixture
def requires_sid(app, monkeypatch):
    """The reservations service registered with backchannel_logout_session_required = true."""
    with app.app_context():
        registry = clients.registry()
        monkeypatch.setitem(
            registry._clients,
            "reservations",
            dataclasses.replace(registry.get("reservations"), backchannel_logout_session_required=True),
        )
