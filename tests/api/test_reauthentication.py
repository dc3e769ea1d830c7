"""A stolen session cookie takes over nothing (ASVS 5.0 V7.5.1): changing the e-mail, the
phone or the password needs the password and a code to a current factor, given for that
change within a short window; afterwards every other session ends and every token the
relying services hold is revoked."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from idp.clock import now
from idp.extensions import db
from idp.models import BrowserSession, Token
from tests.api.account_helpers import NEW_EMAIL, NEW_PASSWORD, NEW_PHONE, post, reauthenticate
from tests.support.grants import service_holds_a_token
from tests.support.journeys import PASSWORD, PHONE

CHANGES = ("email", "phone", "password")
# The first step of each change after the proof, as a person with only a cookie would try it.
FIRST_STEP = {
    "email": ("/profile/email/new", {"email": NEW_EMAIL}),
    "phone": ("/profile/phone", {"phoneNumber": NEW_PHONE, "otpType": "sms"}),
    "password": ("/profile/password/new", {"password": NEW_PASSWORD}),
}


def first_step(client, change):
    path, body = FIRST_STEP[change]
    return post(client, path, **body)


def finish(client, outbox, change):
    """Takes the change to its end after the proof (for the password, the first step is the last)."""
    assert first_step(client, change).status_code == 200
    if change == "email":
        post(client, "/profile/email/new/verify", otp=outbox.code(NEW_EMAIL))
        return post(client, "/profile/email/confirm")
    if change == "phone":
        return post(client, "/profile/phone/verify", otp=outbox.code(NEW_PHONE))
    return None


@pytest.fixture
def account(signup):
    signup.through("profile")
    return signup.user_id


@pytest.mark.parametrize("change", CHANGES)
def test_a_session_cookie_alone_changes_no_factor(client, account, change):
    response = first_step(client, change)
    assert (response.status_code, response.json["message"]) == (409, "20")


@pytest.mark.parametrize("change", CHANGES)
def test_the_password_alone_is_not_enough(client, account, change):
    post(client, f"/profile/{change}/password", password=PASSWORD)
    response = first_step(client, change)
    assert (response.status_code, response.json["message"]) == (409, "20")


@pytest.mark.parametrize("change", CHANGES)
def test_the_password_and_a_code_let_the_change_go_on(client, account, outbox, change):
    reauthenticate(client, outbox, change)
    assert first_step(client, change).status_code == 200


@pytest.mark.parametrize("change", CHANGES)
def test_a_proof_older_than_the_window_must_be_given_again(client, account, outbox, change, time_machine):
    time_machine.move_to(datetime.now(UTC), tick=False)
    reauthenticate(client, outbox, change)
    time_machine.shift(601)
    response = first_step(client, change)
    assert (response.status_code, response.json["message"]) == (409, "36")


def test_a_proof_given_for_one_change_serves_no_other(client, account, outbox):
    reauthenticate(client, outbox, "email")
    response = first_step(client, "phone")
    assert (response.status_code, response.json["message"]) == (409, "20")


def test_the_code_goes_to_the_phone_on_the_account(client, account, outbox):
    response = post(client, "/profile/phone/password", password=PASSWORD)
    assert response.json["data"]["phoneNumber"] == "******5678"
    assert outbox.last(PHONE).code


def test_wrong_passwords_count_as_at_sign_in_on_the_trusted_devices_own_run(client, account, app):
    for _ in range(5):
        post(client, "/profile/password/password", password="Not-The-Password-123")
    response = post(client, "/profile/password/password", password="Not-The-Password-123")
    assert (response.status_code, response.json["message"]) == (401, "19")
    from idp.models import Device
    from idp.store import limits

    with app.test_request_context():
        device = db.session.scalar(db.select(Device.id).filter_by(user_id=account))
        assert limits.count_of(limits.key("device", device)) == 6
        # apart from unknown devices' run, which alone meets the cap that forces recovery
        assert limits.count_of(limits.key("account", account)) == 0


def _other_session_and_token(app, account):
    with app.app_context():
        db.session.add(BrowserSession(token_hash="o" * 64, user_id=account, expires_at=now() + timedelta(hours=1)))
        service_holds_a_token(account)
        db.session.commit()


@pytest.mark.parametrize("change", CHANGES)
def test_after_the_change_every_other_session_ends_and_every_token_is_revoked(client, account, outbox, app, change):
    _other_session_and_token(app, account)
    reauthenticate(client, outbox, change)
    finish(client, outbox, change)
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(BrowserSession).filter_by(user_id=account)) == 1
        assert db.session.scalar(db.select(Token.revoked_at)) is not None
    assert client.get("/v1/profile").status_code == 200
