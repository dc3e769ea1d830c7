"""The e-mail change: the password and a code to the phone on the account, then a code
to the new address, then the confirmation."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.api.account_helpers import NEW_EMAIL, audit_actions, post, reauthenticate, user
from tests.support.journeys import EMAIL, PASSWORD, PHONE, wrong


@pytest.fixture
def account(signup):
    signup.through("profile")
    return signup.user_id


@pytest.fixture
def proven(account, client, outbox):
    reauthenticate(client, outbox, "email")
    return account


def change(client, outbox, email=NEW_EMAIL):
    assert post(client, "/profile/email/new", email=email).status_code == 200
    assert post(client, "/profile/email/new/verify", otp=outbox.code(email)).status_code == 200
    return post(client, "/profile/email/confirm")


def test_the_email_changes_after_the_password_and_a_code(client, proven, outbox, app):
    response = change(client, outbox)
    assert response.json["data"]["email"] == NEW_EMAIL
    assert response.json["data"]["journey"]["screen"] == "youMayUpdateEmailAtOtherPlaces"
    assert user(app, NEW_EMAIL).id == proven


def test_a_fresh_sign_in_alone_does_not_change_the_email(client, account, app):
    response = post(client, "/profile/email/new", email=NEW_EMAIL)
    assert (response.status_code, response.json["message"]) == (409, "20")
    assert user(app).id == account


def test_the_password_step_sends_the_two_step_code_at_once(client, account, outbox):
    response = post(client, "/profile/email/password", password=PASSWORD)
    data = response.json["data"]
    assert (data["phoneNumber"], data["type"]) == ("******5678", "smsotp")
    assert data["journey"]["screen"] == "completetwostepverification"
    assert outbox.last(PHONE).code


def test_a_wrong_password_is_refused_with_19(client, account):
    response = post(client, "/profile/email/password", password="Not-The-Password-123")
    assert (response.status_code, response.json["message"]) == (401, "19")


def test_the_two_step_code_may_come_by_voice(client, account, outbox, time_machine):
    time_machine.move_to(datetime.now(UTC), tick=False)
    post(client, "/profile/email/password", password=PASSWORD)
    time_machine.shift(10)
    response = post(client, "/profile/email/code/send", otpType="voice")
    assert response.json["data"]["type"] == "voiceotp"
    assert outbox.last(PHONE).channel == "voice"


def test_the_two_step_code_needs_the_password_first(client, account):
    response = post(client, "/profile/email/code/send", otpType="sms")
    assert (response.status_code, response.json["message"]) == (409, "20")


def test_the_new_address_needs_the_two_step_code_first(client, account, outbox):
    post(client, "/profile/email/password", password=PASSWORD)
    response = post(client, "/profile/email/new", email=NEW_EMAIL)
    assert (response.status_code, response.json["message"]) == (409, "20")


def test_a_wrong_two_step_code_is_refused_with_14(client, account, outbox):
    post(client, "/profile/email/password", password=PASSWORD)
    response = post(client, "/profile/email/code/verify", otp=wrong(outbox.code(PHONE)))
    assert (response.status_code, response.json["message"]) == (400, "14")


def test_confirming_before_the_new_address_is_verified_is_out_of_order(client, proven, outbox, app):
    post(client, "/profile/email/new", email=NEW_EMAIL)
    response = post(client, "/profile/email/confirm")
    assert (response.status_code, response.json["message"]) == (409, "20")
    assert user(app).id == proven


def test_the_code_goes_to_the_new_address_in_the_persons_language(client, proven, outbox):
    post(client, "/profile/email/new", email=NEW_EMAIL)
    message = outbox.last(NEW_EMAIL)
    assert (message.language, message.subject) == ("fr", "Confirmez votre nouvelle adresse courriel")


def test_the_old_address_is_told_before_the_change_takes_effect(client, proven, outbox, app, monkeypatch):
    from idp.notify import DeliveryError

    post(client, "/profile/email/new", email=NEW_EMAIL)
    post(client, "/profile/email/new/verify", otp=outbox.code(NEW_EMAIL))
    monkeypatch.setattr(
        app.extensions["idp_notify"]["email"], "deliver", lambda message: (_ for _ in ()).throw(DeliveryError("down"))
    )
    refused = post(client, "/profile/email/confirm")
    assert (refused.status_code, refused.json["message"]) == (503, "25")
    assert user(app).email == EMAIL
    monkeypatch.undo()
    post(client, "/profile/email/confirm")
    notice = outbox.last(EMAIL)
    assert (notice.subject, notice.code) == ("Votre adresse courriel est en train d'être modifiée", None)


def test_the_new_address_signs_in_and_the_old_one_does_not(client, proven, outbox, signin):
    change(client, outbox)
    post(client, "/logout")
    assert signin.login(email=NEW_EMAIL).status_code == 200
    assert signin.login(email=EMAIL).status_code == 401


def test_the_change_is_written_to_the_audit_trail(client, proven, outbox, app):
    change(client, outbox)
    assert audit_actions(app) == ["signup_completed", "new_email_code_sent", "email_changed"]


def test_the_same_address_is_refused_with_32(client, proven):
    response = post(client, "/profile/email/new", email=EMAIL.upper())
    assert (response.status_code, response.json["message"]) == (400, "32")


def test_an_address_of_another_account_answers_alike_but_gets_no_code(client, proven, outbox, app):
    from idp.extensions import db
    from idp.flows.credentials import passwords
    from idp.models import User

    with app.app_context():
        db.session.add(User(email=NEW_EMAIL, email_verified=True, password_hash=passwords.hash_password("x" * 12)))
        db.session.commit()
    response = post(client, "/profile/email/new", email=NEW_EMAIL)
    assert response.status_code == 200
    assert outbox.last(NEW_EMAIL).code is None


def test_another_person_signing_in_on_the_same_browser_cannot_continue_the_change(client, proven, outbox, app):
    post(client, "/profile/email/new", email=NEW_EMAIL)
    post(client, "/profile/email/new/verify", otp=outbox.code(NEW_EMAIL))
    from idp.extensions import db
    from idp.models import BrowserSession, User

    with app.app_context():
        other = User(email="other@example.ca", email_verified=True, password_hash="x")
        db.session.add(other)
        db.session.flush()
        db.session.scalar(db.select(BrowserSession).filter_by(user_id=proven)).user_id = other.id
        db.session.commit()
    response = post(client, "/profile/email/confirm")
    assert (response.status_code, response.json["message"]) == (409, "20")
    assert user(app).id == proven
