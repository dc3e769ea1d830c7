"""The flows as plain functions, without HTTP."""

from __future__ import annotations

import pytest

from idp.errors import FlowError
from idp.extensions import db
from idp.flows import signin, signup
from idp.models import OutboxMessage, User


def _last_code(to: str) -> str:
    return db.session.scalar(db.select(OutboxMessage.code).filter_by(to=to).order_by(OutboxMessage.id.desc()))


def test_a_sign_up_then_a_sign_in_without_http(browser_session):
    email, phone = "jeanne@example.ca", "+16132345678"
    signup.accept_privacy(browser_session.id)
    trxn = signup.send_email_code(browser_session.id, email, "fr")["trxnId"]
    signup.verify_email_code(browser_session.id, email, _last_code(email), trxn)
    user_id = signup.create_account(browser_session.id, email, "Maple-Syrup-Harbour-42", trxn)["id"]
    trxn = signup.send_phone_code(browser_session.id, email, "sms", phone)["trxnId"]
    signup.verify_phone_code(browser_session.id, email, "sms", _last_code(phone), trxn)
    completed = signup.complete_profile(browser_session.id, email, user_id, "", "Tremblay", "fr")
    db.session.commit()
    assert completed.proof.amr == ["pwd", "otp", "sms", "mfa"]

    assert signin.login(browser_session.id, email, "Maple-Syrup-Harbour-42")["otpType"] == "sms"
    trxn = signin.send_code(browser_session.id, email, "voice")["trxnId"]
    completed = signin.verify_code(browser_session.id, email, "voice", _last_code(phone), trxn)
    assert (completed.user.id, completed.proof.amr) == (user_id, ["pwd", "otp", "tel", "mfa"])


def test_a_browser_without_a_session_has_no_journey(ctx):
    with pytest.raises(FlowError) as refused:
        signup.verify_email_code(None, "jeanne@example.ca", "123456", "x")
    assert refused.value.code == "20"


def test_an_unknown_address_cannot_log_in(browser_session):
    with pytest.raises(FlowError) as refused:
        signin.login(browser_session.id, "nobody@example.ca", "whatever-password")
    assert (refused.value.code, refused.value.status) == ("19", 401)
    assert db.session.scalar(db.select(User)) is None
