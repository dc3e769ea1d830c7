"""Account activity (/v1/account/activity): the account's security events, newest first, in a
form the page words; "This wasn't me"; and the activity's retention."""

from __future__ import annotations

from datetime import timedelta

import pytest

from idp.clock import now
from idp.extensions import db
from idp.housekeeping import purge
from idp.models import AuditEvent, BrowserSession, User
from tests.api.account_helpers import NEW_PHONE, post, reauthenticate
from tests.api.test_account_sessions import browser
from tests.support.browsers import FIREFOX_ON_WINDOWS, SAFARI_ON_IPHONE
from tests.support.journeys import SignIn, SignUp, wrong


@pytest.fixture
def person(app, client, signup):
    """Signed up in `client`, Firefox on Windows."""
    client.environ_base["HTTP_USER_AGENT"] = FIREFOX_ON_WINDOWS
    signup.through("profile")
    return client


def events(client, **query) -> dict:
    response = client.get("/v1/account/activity", query_string=query)
    assert response.status_code == 200, response.json
    return response.json["data"]


def names(client) -> list[str]:
    return [event["event"] for event in events(client)["events"]]


def test_a_sign_up_is_the_first_event_with_its_browser_in_words(person):
    [created] = events(person)["events"]
    assert (created["event"], created["failed"], created["browser"], created["system"], created["kind"]) == (
        "signup_completed",
        False,
        "Firefox",
        "Windows",
        "computer",
    )
    assert created["proof"] == "sms" and created["at"].endswith("Z")


def test_a_sign_in_from_another_browser_says_how_it_was_proved_and_from_where(app, person, outbox):
    SignIn(browser(app, SAFARI_ON_IPHONE), outbox).through("verify")
    newest = events(person)["events"][0]
    assert (newest["event"], newest["browser"], newest["system"], newest["proof"]) == (
        "signin_completed",
        "Mobile Safari",
        "iOS",
        "sms",
    )


def test_a_wrong_password_and_a_wrong_code_are_failures_of_the_account(app, person, outbox):
    phone = SignIn(browser(app, SAFARI_ON_IPHONE), outbox)
    assert phone.login(password="Not-The-Password-1").status_code == 401
    phone.through("send")
    assert phone.verify(wrong(outbox.code(phone.phone))).status_code == 400
    shown = events(person)["events"]
    assert [(event["event"], event["failed"]) for event in shown[:2]] == [
        ("code_wrong", True),
        ("password_wrong", True),
    ]


def test_failures_past_the_free_ones_and_the_lock_at_the_cap_are_shown(app, person, outbox, monkeypatch):
    rules = app.config["IDP"]["password"]
    for name, value in {"throttle_base_seconds": 0, "throttle_after": 3, "max_consecutive_failures": 8}.items():
        monkeypatch.setitem(rules, name, value)
    stranger = SignIn(browser(app, SAFARI_ON_IPHONE), outbox)
    for _ in range(rules["max_consecutive_failures"]):
        stranger.login(password="Not-The-Password-1")
    shown = names(person)
    assert shown[0] == "account_locked"
    assert shown.count("sign_in_slowed") == rules["max_consecutive_failures"] - rules["throttle_after"] - 1
    assert shown.count("password_wrong") == rules["max_consecutive_failures"]


def test_a_code_to_a_new_phone_says_its_last_four_digits(person, outbox):
    reauthenticate(person, outbox, "phone")
    assert post(person, "/profile/phone", phoneNumber=NEW_PHONE, otpType="sms").status_code == 200
    newest = events(person)["events"][0]
    assert (newest["event"], newest["ending"], newest["channel"]) == ("new_phone_code_sent", NEW_PHONE[-4:], "sms")


def test_an_unknown_address_asking_for_recovery_writes_nothing(app, person, outbox):
    before = names(person)
    stranger = browser(app, SAFARI_ON_IPHONE)
    assert stranger.post("/v1/recovery/send", json={"userName": "nobody@example.ca"}).status_code == 200
    assert names(person) == before
    assert stranger.post("/v1/recovery/send", json={"userName": "jeanne.tremblay@example.ca"}).status_code == 200
    assert names(person)[0] == "recovery_requested"


def test_events_that_are_not_the_persons_stay_out(app, person):
    with app.app_context():
        user_id = db.session.scalar(db.select(User.id))
        db.session.add(AuditEvent(at=now(), user_id=user_id, action="tokens_revoked", details={"reason": "replayed"}))
        db.session.commit()
    assert "tokens_revoked" not in names(person)


def test_a_long_history_is_read_a_page_at_a_time_newest_first(app, person, monkeypatch):
    monkeypatch.setitem(app.config["IDP"]["account"], "page_size", 4)
    with app.app_context():
        user_id = db.session.scalar(db.select(User.id))
        db.session.add_all(AuditEvent(at=now(), user_id=user_id, action="name_changed") for _ in range(9))
        db.session.commit()
    seen, after = [], None
    while True:
        page = events(person, **({"after": after} if after else {}))
        assert len(page["events"]) <= 4
        seen += [int(event["id"]) for event in page["events"]]
        after = page["next"]
        if after is None:
            break
    assert len(seen) == 10 and seen == sorted(seen, reverse=True)


@pytest.mark.parametrize("cursor", ["abc", "-1", "1" * 13])
def test_a_page_cursor_that_is_not_an_events_is_a_clear_error(person, cursor):
    response = person.get("/v1/account/activity", query_string={"after": cursor})
    assert (response.status_code, response.json["message"], response.json["data"]) == (400, "23", {"field": "after"})


def test_this_wasnt_me_signs_out_every_other_device_and_is_itself_an_event(app, person, outbox):
    phone = browser(app, SAFARI_ON_IPHONE)
    SignIn(phone, outbox).through("verify")
    stranger_sign_in = events(person)["events"][0]

    response = post(person, "/account/activity/not-me", event=stranger_sign_in["id"])

    assert (response.status_code, response.json["data"]) == (200, {"ended": 1})
    assert phone.get("/v1/profile").status_code == 401
    assert person.get("/v1/profile").status_code == 200
    newest = events(person)["events"][0]
    assert (newest["event"], newest["count"]) == ("reported_not_me", 1)
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(BrowserSession)) == 1


def test_this_wasnt_me_is_offered_where_a_stranger_could_be_the_cause(app, person, outbox):
    phone = SignIn(browser(app, SAFARI_ON_IPHONE), outbox)
    assert phone.login(password="Not-The-Password-1").status_code == 401
    phone.through("verify")
    reauthenticate(person, outbox, "phone")
    assert post(person, "/profile/phone", phoneNumber=NEW_PHONE, otpType="sms").status_code == 200
    offered = {event["event"]: event["reportable"] for event in events(person)["events"]}
    assert offered == {
        "new_phone_code_sent": True,
        "signin_completed": True,
        "password_wrong": True,
        "signup_completed": False,
    }


def test_this_wasnt_me_is_not_offered_beside_the_persons_own_acts(app, person, outbox):
    SignIn(browser(app, SAFARI_ON_IPHONE), outbox).through("verify")
    assert post(person, "/account/sessions/end-others").status_code == 200
    [ended] = [event for event in events(person)["events"] if event["event"] == "sessions_ended"]
    assert ended["reportable"] is False


def test_this_wasnt_me_on_the_persons_own_act_gets_the_answer_of_an_unknown_one(app, person, outbox):
    phone = browser(app, SAFARI_ON_IPHONE)
    SignIn(phone, outbox).through("verify")
    [created] = [event for event in events(person)["events"] if event["event"] == "signup_completed"]

    refused = post(person, "/account/activity/not-me", event=created["id"])

    assert (refused.status_code, refused.json) == (404, {"success": False, "message": "30", "data": {}})
    assert phone.get("/v1/profile").status_code == 200


def test_another_accounts_event_gets_the_answer_of_an_unknown_one(app, person, outbox):
    stranger = browser(app, SAFARI_ON_IPHONE)
    theirs = SignUp(stranger, outbox)
    theirs.email, theirs.phone = "marc.roy@example.ca", "+15145550123"
    theirs.through("profile")
    their_event = events(stranger)["events"][0]["id"]

    foreign = post(person, "/account/activity/not-me", event=their_event)
    unknown = post(person, "/account/activity/not-me", event="999999")
    not_a_number = post(person, "/account/activity/not-me", event="first")

    assert (
        (foreign.status_code, foreign.json)
        == (unknown.status_code, unknown.json)
        == (not_a_number.status_code, not_a_number.json)
        == (404, {"success": False, "message": "30", "data": {}})
    )
    assert stranger.get("/v1/profile").status_code == 200


def test_the_activity_and_its_actions_need_a_signed_in_browser(app):
    nobody = browser(app, FIREFOX_ON_WINDOWS)
    assert nobody.get("/v1/account/activity").status_code == 401
    assert nobody.post("/v1/account/activity/not-me", json={"event": "1"}).status_code == 401


def test_events_older_than_the_retention_are_purged_by_housekeeping(app, person):
    days = app.config["IDP"]["account"]["activity_retention_days"]
    with app.app_context():
        user_id = db.session.scalar(db.select(User.id))
        db.session.add(AuditEvent(at=now() - timedelta(days=days, minutes=1), user_id=user_id, action="name_changed"))
        db.session.add(AuditEvent(at=now() - timedelta(days=days - 1), user_id=user_id, action="email_changed"))
        db.session.commit()
        assert purge()["audit_events"] == 1
    assert names(person) == ["email_changed", "signup_completed"]
    assert events(person)["keptDays"] == 730
