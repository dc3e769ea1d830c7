"""Where you're signed in (/v1/account/sessions): the account's sessions in words, and ending
them from the list — one other browser, or every one but this."""

from __future__ import annotations

from datetime import timedelta

import pytest

from idp.clock import now
from idp.extensions import db
from idp.models import AuditEvent, BrowserSession, Grant, Token
from tests.support.browsers import FIREFOX_ON_WINDOWS, SAFARI_ON_IPHONE
from tests.support.contract import ContractClient
from tests.support.journeys import SignIn


def browser(app, user_agent: str):
    app.test_client_class = ContractClient
    client = app.test_client()
    client.environ_base["HTTP_USER_AGENT"] = user_agent
    return client


@pytest.fixture
def person(app, client, signup, outbox):
    """Signed up in `client` (Firefox on Windows), then signed in on an iPhone too."""
    client.environ_base["HTTP_USER_AGENT"] = FIREFOX_ON_WINDOWS
    signup.through("profile")
    phone = browser(app, SAFARI_ON_IPHONE)
    SignIn(phone, outbox).through("verify")
    return phone


def listed(client) -> list[dict]:
    response = client.get("/v1/account/sessions")
    assert response.status_code == 200, response.json
    return response.json["data"]["sessions"]


def test_the_list_names_each_browser_and_system_and_marks_this_device(client, person):
    sessions = listed(client)
    assert [(s["browser"], s["system"], s["kind"], s["current"]) for s in sessions] == [
        ("Firefox", "Windows", "computer", True),
        ("Mobile Safari", "iOS", "phone", False),
    ]
    assert [(s["browser"], s["current"]) for s in listed(person)] == [("Mobile Safari", True), ("Firefox", False)]


def test_each_session_says_when_it_signed_in_and_was_last_used_and_how_it_was_proved(client, person):
    phone = listed(client)[1]
    assert phone["proof"] == "sms"
    assert phone["signedInAt"].endswith("Z") and phone["lastUsedAt"] >= phone["signedInAt"]
    french = client.get("/v1/account/sessions?lang=fr").json["data"]["sessions"][1]
    assert phone["lastUsedSaid"].endswith("(Eastern Standard Time)") or phone["lastUsedSaid"].endswith(
        "(Eastern Daylight Time)"
    )
    assert "(heure" in french["lastUsedSaid"]


def test_signing_out_of_another_device_ends_it_and_the_tokens_issued_through_it(app, client, person):
    other = listed(client)[1]["id"]
    with app.app_context():
        user_id = db.session.scalar(db.select(BrowserSession.user_id).filter_by(sid=other))
        grant = Grant(
            user_id=user_id, client_id="reservations", scope="openid", first_used_at=now(), last_used_at=now()
        )
        db.session.add(grant)
        db.session.flush()
        db.session.add(
            Token(
                client_id="reservations",
                user_id=user_id,
                grant_id=grant.id,
                sid=other,
                access_token_hash="a" * 64,
                scope="openid",
                issued_at=now(),
                access_token_expires_at=now() + timedelta(hours=1),
            )
        )
        db.session.commit()

    response = client.post("/v1/account/sessions/end", json={"session": other})

    assert (response.status_code, response.json["data"]) == (200, {"ended": 1})
    assert person.get("/v1/profile").status_code == 401
    assert [s["current"] for s in listed(client)] == [True]
    with app.app_context():
        assert db.session.scalar(db.select(Token.revoked_at).filter_by(sid=other)) is not None
        event = db.session.scalars(db.select(AuditEvent).filter_by(action="sessions_ended")).one()
        assert event.details == {"reason": "ended_by_owner", "count": 1}


def test_another_accounts_session_gets_the_answer_of_an_unknown_one(app, client, person, outbox):
    from tests.support.journeys import SignUp

    stranger = browser(app, FIREFOX_ON_WINDOWS)
    theirs = SignUp(stranger, outbox)
    theirs.email, theirs.phone = "marc.roy@example.ca", "+15145550123"
    theirs.through("profile")
    their_session = listed(stranger)[0]["id"]

    foreign = client.post("/v1/account/sessions/end", json={"session": their_session})
    unknown = client.post("/v1/account/sessions/end", json={"session": "no-such-session"})

    assert (
        (foreign.status_code, foreign.json)
        == (unknown.status_code, unknown.json)
        == (404, {"success": False, "message": "30", "data": {}})
    )
    assert stranger.get("/v1/profile").status_code == 200


def test_this_browsers_own_session_is_not_ended_from_the_list(client, person):
    mine = listed(client)[0]["id"]
    assert client.post("/v1/account/sessions/end", json={"session": mine}).status_code == 404
    assert client.get("/v1/profile").status_code == 200


def test_signing_out_everywhere_else_keeps_only_this_browser(app, client, person, outbox):
    third = browser(app, SAFARI_ON_IPHONE)
    SignIn(third, outbox).through("verify")

    response = client.post("/v1/account/sessions/end-others", json={})

    assert (response.status_code, response.json["data"]) == (200, {"ended": 2})
    assert [s["current"] for s in listed(client)] == [True]
    assert person.get("/v1/profile").status_code == third.get("/v1/profile").status_code == 401


def test_the_list_and_its_actions_need_a_signed_in_browser(app):
    stranger = browser(app, FIREFOX_ON_WINDOWS)
    answers = [
        stranger.get("/v1/account/sessions"),
        stranger.post("/v1/account/sessions/end", json={"session": "x"}),
        stranger.post("/v1/account/sessions/end-others", json={}),
    ]
    assert [(a.status_code, a.json["message"]) for a in answers] == [(401, "29")] * 3


def test_a_long_list_is_read_a_page_at_a_time_each_session_once_this_one_first(app, client, person, monkeypatch):
    monkeypatch.setitem(app.config["IDP"]["account"], "page_size", 7)
    with app.app_context():
        user_id = db.session.scalar(
            db.select(BrowserSession.user_id).where(BrowserSession.user_id.is_not(None)).limit(1)
        )
        moment = now()
        # the same last use for many: the id breaks the tie, and no row is skipped or repeated
        db.session.add_all(
            [
                BrowserSession(
                    token_hash=f"{i:064d}",
                    user_id=user_id,
                    created_at=moment,
                    last_seen_at=moment - timedelta(seconds=i // 3),
                    expires_at=moment + timedelta(hours=1),
                    user_agent=FIREFOX_ON_WINDOWS,
                    amr=["pwd", "hwk", "mfa"],
                )
                for i in range(30)
            ]
        )
        db.session.commit()
    seen, after = [], None
    while True:
        page = client.get("/v1/account/sessions", query_string={"after": after} if after else {}).json["data"]
        assert len(page["sessions"]) <= 7 + (after is None)
        seen += [s["id"] for s in page["sessions"]]
        after = page["next"]
        if after is None:
            break
    assert len(seen) == len(set(seen)) == 32
    assert seen[0] == listed(client)[0]["id"] and listed(client)[0]["current"]


def test_a_page_cursor_that_is_not_ours_is_a_clear_error(client, person):
    response = client.get("/v1/account/sessions", query_string={"after": "%%%not-a-cursor"})
    assert (response.status_code, response.json["message"], response.json["data"]) == (400, "23", {"field": "after"})
