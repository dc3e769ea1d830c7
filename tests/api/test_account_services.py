"""Connected services (/v1/account/services): the services the account signed in to, what
each receives, and disconnecting one.

Disconnecting tells the service to end every session it holds for the account: by the
account's sub alone, or, to a service that registered backchannel_logout_session_required, by
one logout token per browser session it signed in through (sid and sub) — the live sessions
that list it and the ended ones its tokens still name — never by the sub alone, which it would
refuse and keep the person signed in."""

from __future__ import annotations

from datetime import timedelta

from idp.clock import now
from idp.extensions import db
from idp.models import AuditEvent, BrowserSession, Grant, Token
from tests.api.test_account_sessions import browser
from tests.support.browsers import FIREFOX_ON_WINDOWS


def token_through(app, sid: str) -> None:
    """Another token of the account for reservations, issued through the session `sid` (ended since)."""
    with app.app_context():
        grant = db.session.scalars(db.select(Grant)).one()
        moment = now()
        db.session.add(
            Token(
                client_id="reservations",
                user_id=grant.user_id,
                grant_id=grant.id,
                sid=sid,
                access_token_hash="d" * 64,
                scope=grant.scope,
                issued_at=moment,
                access_token_expires_at=moment + timedelta(hours=1),
            )
        )
        db.session.commit()


def test_each_service_is_named_in_the_pages_language_with_its_sign_ins_and_what_it_receives(client, connected):
    english = client.get("/v1/account/services?lang=en").json["data"]
    french = client.get("/v1/account/services?lang=fr").json["data"]
    service = english["services"][0]
    assert (service["id"], service["name"], service["receives"]) == (
        "reservations",
        "Reservations service",
        ["openid", "profile", "email"],
    )
    assert service["firstSignIn"] < service["lastSignIn"]
    assert french["services"][0]["name"] == "Service de réservations"
    # the days in words, the service's days, in each language (idp/moments.py)
    assert service["lastSignInSaid"] == moments_day(client, service["lastSignIn"], "en")
    assert french["services"][0]["lastSignInSaid"] == moments_day(client, service["lastSignIn"], "fr")


def moments_day(client, iso: str, language: str) -> str:
    from datetime import datetime

    from idp import moments

    with client.application.app_context():
        return moments.day_said(datetime.fromisoformat(iso.replace("Z", "")), language)


def test_disconnecting_revokes_every_token_of_the_service_and_tells_it_the_account_not_the_live_session(
    app, client, connected, told
):
    response = client.post("/v1/account/services/disconnect", json={"service": "reservations"})

    assert (response.status_code, response.json["data"]) == (200, {"revoked": 1})
    assert client.get("/v1/account/services").json["data"]["services"] == []
    # the browser session goes on: the logout token names the account (sub), never its sid
    assert told == [("reservations", None, True)]
    with app.app_context():
        assert db.session.scalar(db.select(Token.revoked_at)) is not None
        assert db.session.scalar(db.select(Grant.revoked_reason)) == "disconnected"
        assert db.session.scalar(db.select(BrowserSession.clients).filter_by(sid=connected)) == []
        event = db.session.scalars(db.select(AuditEvent).filter_by(action="tokens_revoked")).one()
        assert event.details["reason"] == "disconnected" and event.details["grant_revoked"] is True
    # the person stays signed in here
    assert client.get("/v1/profile").status_code == 200


def test_a_service_that_requires_sid_is_told_each_session_it_signed_in_through_never_the_account_alone(
    app, client, connected, told, requires_sid
):
    token_through(app, "an-ended-session-its-token-names-000000000")

    assert client.post("/v1/account/services/disconnect", json={"service": "reservations"}).status_code == 200

    assert sorted(told) == sorted(
        [("reservations", connected, True), ("reservations", "an-ended-session-its-token-names-000000000", True)]
    )


def test_the_next_sign_in_to_a_disconnected_service_is_a_first_one(app, client, connected):
    from idp.store import grants

    client.post("/v1/account/services/disconnect", json={"service": "reservations"})
    with app.app_context():
        user_id = db.session.scalar(db.select(Grant.user_id))
        grants.record(user_id, "reservations", "openid")
        db.session.commit()
        grant = db.session.scalars(db.select(Grant)).one()
        assert grant.revoked_at is None and grant.first_used_at == grant.last_used_at


def test_a_service_not_connected_or_unknown_gets_not_found_and_nothing_changes(app, client, connected, outbox, told):
    from tests.support.journeys import SignUp

    stranger = browser(app, FIREFOX_ON_WINDOWS)
    theirs = SignUp(stranger, outbox)
    theirs.email, theirs.phone = "marc.roy@example.ca", "+15145550123"
    theirs.through("profile")

    answers = [
        stranger.post("/v1/account/services/disconnect", json={"service": "reservations"}),
        client.post("/v1/account/services/disconnect", json={"service": "no-such-service"}),
    ]

    assert [(a.status_code, a.json["message"]) for a in answers] == [(404, "30")] * 2
    assert len(client.get("/v1/account/services").json["data"]["services"]) == 1
    assert told == []


def test_connected_services_need_a_signed_in_browser(app):
    stranger = browser(app, FIREFOX_ON_WINDOWS)
    answers = [
        stranger.get("/v1/account/services"),
        stranger.post("/v1/account/services/disconnect", json={"service": "x"}),
    ]
    assert [(a.status_code, a.json["message"]) for a in answers] == [(401, "29")] * 2
