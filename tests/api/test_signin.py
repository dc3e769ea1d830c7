"""Sign-in through /v1: password, then a code to the phone on the account."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest

from idp.extensions import db
from idp.flows.credentials import passwords
from idp.models import BrowserSession, User
from tests.support.journeys import EMAIL, PASSWORD, PHONE


@pytest.fixture
def account(signup, client):
    """A finished sign-up, then a fresh browser."""
    signup.through("profile")
    client.delete_cookie("idp_session")
    return signup.user_id


def test_login_answers_the_id_the_masked_phone_and_the_channel(signin, account):
    data = signin.login().json["data"]
    assert (data["id"], data["phone"], data["otpType"]) == (account, "******5678", "sms")
    assert data["journey"]["screen"] == "signIn/selectverification"


def test_the_whole_sign_in_signs_the_browser_in(signin, account, app):
    response = signin.through("verify")
    assert response.json["data"]["redirectTo"] == "/fr/profilehome"
    with app.app_context():
        browser_session = db.session.scalar(db.select(BrowserSession).filter_by(user_id=account))
        assert browser_session.amr == ["pwd", "otp", "sms", "mfa"]


def test_the_code_goes_to_the_phone_on_the_account_whatever_the_browser_sends(signin, account, outbox):
    signin.login()
    signin.send(phone="+16135550123")
    assert outbox.last(PHONE).code
    assert outbox.messages("+16135550123") == []


def test_otp_type_voice_sends_a_voice_call_to_the_same_phone(signin, account, outbox):
    signin.login()
    response = signin.send(channel="voice")
    assert response.json["data"]["type"] == "voiceotp"
    assert response.json["data"]["phoneNumber"] == "******5678"
    assert outbox.last(PHONE).channel == "voice"
    assert signin.verify().status_code == 200


def test_the_sign_in_code_arrives_in_the_correspondence_language(signin, account, outbox):
    signin.through("send")
    assert outbox.last(PHONE).language == "fr"


def test_email_letter_case_does_not_matter_at_sign_in(signin, account):
    assert signin.login(email=EMAIL.upper()).status_code == 200


def test_a_wrong_password_is_refused_with_19(signin, account):
    response = signin.login(password="Not-The-Password-123")
    assert (response.status_code, response.json["message"]) == (401, "19")


def test_an_unknown_email_gets_the_same_answer_as_a_wrong_password(signin, account):
    unknown = signin.login(email="nobody@example.ca", password="Not-The-Password-123")
    wrong = signin.login(password="Not-The-Password-123")
    assert (unknown.status_code, unknown.json) == (wrong.status_code, wrong.json)


def test_an_unknown_email_costs_an_argon2_verification(signin, monkeypatch):
    calls = []
    real = passwords._hasher

    class Spy:
        def __init__(self, hasher):
            self.hasher = hasher

        def verify(self, *args):
            calls.append(args)
            return self.hasher.verify(*args)

    monkeypatch.setattr(passwords, "_hasher", lambda: (Spy(real()[0]), real()[1]))
    signin.login(email="nobody@example.ca")
    assert len(calls) == 1


def test_a_password_hashed_with_old_parameters_is_rehashed_at_sign_in(signin, account, app):
    from argon2 import PasswordHasher

    with app.app_context():
        user = db.session.get(User, account)
        user.password_hash = PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1).hash(PASSWORD)
        db.session.commit()
    assert signin.login().status_code == 200
    with app.app_context():
        new_hash = db.session.get(User, account).password_hash
        assert "m=19456,t=2,p=1" in new_hash


def test_verify_refuses_a_code_of_another_channel(signin, account, outbox):
    signin.through("send")
    code = outbox.code(PHONE)
    signin.channel = "voice"
    response = signin.verify(code=code)
    assert (response.status_code, response.json["message"]) == (409, "20")


WAITING = "/authorize?" + urlencode(
    {
        "response_type": "code",
        "client_id": "reservations",
        "redirect_uri": "http://localhost:5001/callback",
        "scope": "openid profile",
        "state": "s",
        "code_challenge": "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        "code_challenge_method": "S256",
    }
)


def test_sign_in_hands_off_to_a_waiting_relying_service(signin, account, client):
    client.get(WAITING)
    signin.through("send")
    resume = signin.verify().json["data"]["redirectTo"]
    assert resume.startswith("/authorize/resume/")
    handed_off = client.get(resume).headers["Location"]
    assert handed_off.startswith("http://localhost:5001/callback?code=")


def test_a_first_login_refused_before_anything_is_written_keeps_the_waiting_relying_service(signin, account, client):
    client.get(WAITING)
    assert signin.login(email="not-an-address").status_code == 400
    signin.through("send")
    assert signin.verify().json["data"]["redirectTo"].startswith("/authorize/resume/")
