"""Each step opens only when the previous one is done; a call out of order changes nothing."""

from __future__ import annotations

import pytest

from idp.extensions import db
from idp.models import Journey, OtpTransaction, OutboxMessage, User
from tests.support.journeys import PHONE


def _snapshot(app):
    with app.app_context():
        return (
            db.session.scalars(db.select(Journey.state)).all(),
            db.session.scalar(db.select(db.func.count()).select_from(User)),
            db.session.scalar(db.select(db.func.count()).select_from(OtpTransaction)),
            db.session.scalar(db.select(db.func.count()).select_from(OutboxMessage)),
        )


SIGNUP_CALLS = {
    "verify_email": lambda s: s.post(
        "/otp/transient_otp/verify", userName=s.email, otpType="email", otp="123456", trxnId=s.email_trxn or "x"
    ),
    "create": lambda s: s.post(
        "/users/create", userName=s.email, password="Maple-Syrup-Harbour-42", trxnId=s.email_trxn or "x"
    ),
    "send_phone": lambda s: s.post("/otp/transient_otp/send", userName=s.email, otpType="sms", phoneNumber=PHONE),
    "verify_phone": lambda s: s.post(
        "/otp/transient_otp/verify", userName=s.email, otpType="sms", otp="123456", trxnId=s.phone_trxn or "x"
    ),
    "profile": lambda s: s.post(
        "/users/createcoreprofile",
        userName=s.email,
        firstName="A",
        lastName="Tremblay",
        id=s.user_id or "x",
        language="fr",
    ),
}

# (steps done, call tried too early)
TOO_EARLY = [
    ("send_email", "create"),
    ("send_email", "send_phone"),
    ("verify_email", "send_phone"),
    ("verify_email", "profile"),
    ("create", "verify_phone"),
    ("create", "profile"),
    ("send_phone", "profile"),
]


@pytest.mark.parametrize("done, call", TOO_EARLY)
def test_a_sign_up_step_out_of_order_is_refused_and_changes_nothing(signup, app, done, call):
    signup.through(done)
    before = _snapshot(app)
    response = SIGNUP_CALLS[call](signup)
    assert (response.status_code, response.json["message"]) == (409, "20")
    assert _snapshot(app) == before


@pytest.mark.parametrize("call", ["verify_email", "create", "send_phone", "profile"])
def test_a_sign_up_step_from_a_browser_without_a_session_is_refused_and_changes_nothing(signup, app, call):
    before = _snapshot(app)
    response = SIGNUP_CALLS[call](signup)
    assert (response.status_code, response.json["message"]) == (401, "46")
    assert _snapshot(app) == before


def test_a_finished_sign_up_cannot_be_finished_twice(signup):
    signup.through("profile")
    assert signup.profile().status_code == 409


def test_another_browser_cannot_continue_a_sign_up(signup, client, app):
    signup.through("verify_email")
    client.delete_cookie("idp_session")
    assert signup.create().status_code == 401
    with app.app_context():
        assert db.session.scalar(db.select(User)) is None


def test_create_needs_the_verified_transaction_of_that_email(signup):
    signup.through("verify_email")
    signup.email_trxn = "00000000-0000-0000-0000-000000000000"
    assert signup.create().json["message"] == "20"


def test_create_refuses_another_email_than_the_verified_one(signup):
    signup.through("verify_email")
    signup.email = "someone.else@example.ca"
    assert signup.create().json["message"] == "20"


@pytest.mark.parametrize("call", ["send", "verify"])
def test_sign_in_codes_need_a_correct_password_first(signin, call):
    signin.trxn = "x"
    response = getattr(signin, call)(**({"code": "123456"} if call == "verify" else {}))
    assert (response.status_code, response.json["message"]) == (401, "46")


def test_a_wrong_password_does_not_open_the_code_step(signup, signin, client):
    signup.through("profile")
    client.delete_cookie("idp_session")
    signin.login(password="Wrong-Password-1")
    assert signin.send().json["message"] == "20"


def test_verify_before_a_code_was_sent_is_refused(signup, signin, client):
    signup.through("profile")
    client.delete_cookie("idp_session")
    signin.login()
    signin.trxn = "x"
    assert signin.verify(code="123456").json["message"] == "20"
