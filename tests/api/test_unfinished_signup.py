"""A sign-up that stopped after the password is no dead end: sign-in (password, then a code
by e-mail) takes the person back to the step they left — the phone, then the name — and
only then signs them in. An e-mail code is never taken for a second factor."""

from __future__ import annotations

import pytest

from idp.extensions import db
from idp.models import BrowserSession
from tests.support.journeys import EMAIL


@pytest.fixture
def stopped_after_password(signup, client):
    signup.through("create")
    client.delete_cookie("idp_session")
    return signup.user_id


def signed_in(app) -> bool:
    with app.app_context():
        return (
            db.session.scalar(db.select(BrowserSession.user_id).filter(BrowserSession.user_id.is_not(None))) is not None
        )


def test_sign_in_sends_the_code_by_email_at_once(signin, stopped_after_password, outbox):
    data = signin.login().json["data"]
    assert (data["phone"], data["otpType"], data["type"]) == ("", "email", "emailotp")
    assert data["journey"]["screen"] == "signIn/verification/email"
    assert outbox.last(EMAIL).code


def test_the_email_code_leads_to_the_phone_step_not_to_a_sign_in(signin, stopped_after_password, outbox, app):
    signin.trxn = signin.login().json["data"]["trxnId"]
    signin.channel = "email"
    response = signin.verify(code=outbox.code(EMAIL))
    assert "redirectTo" not in response.json["data"]
    journey = response.json["data"]["journey"]
    assert (journey["flow"], journey["screen"], journey["id"]) == (
        "signup",
        "signUp/verificationsetup",
        stopped_after_password,
    )
    assert not signed_in(app)


def test_the_phone_then_the_name_finish_the_account_and_sign_in(signin, signup, stopped_after_password, outbox, app):
    signin.trxn = signin.login().json["data"]["trxnId"]
    signin.channel = "email"
    signin.verify(code=outbox.code(EMAIL))
    assert signup.send_phone().json["data"]["journey"]["screen"] == "signUp/verification/sms"
    assert signup.verify_phone().json["data"]["journey"]["screen"] == "signUp/profile"
    finished = signup.profile()
    assert finished.json["data"]["redirectTo"] == "/fr/profilehome"
    with app.app_context():
        session = db.session.scalar(db.select(BrowserSession).filter(BrowserSession.user_id.is_not(None)))
        assert session.amr == ["pwd", "otp", "sms", "mfa"]


def test_an_account_with_a_phone_but_no_name_goes_on_with_the_name(signup, signin, client, app):
    signup.through("verify_phone")
    client.delete_cookie("idp_session")
    response = signin.through("verify")
    assert response.json["data"]["journey"]["screen"] == "signUp/profile"
    assert not signed_in(app)
    assert signup.profile().json["data"]["redirectTo"] == "/fr/profilehome"


def test_signing_up_again_with_the_address_tells_the_person_to_sign_in(signup, stopped_after_password, outbox):
    signup.send_email()
    message = outbox.last(EMAIL)
    assert message.code is None
    assert "connectez-vous" in message.body.lower() or "sign in" in message.body.lower()


def test_a_complete_account_signs_in_as_always(signup, signin, client):
    signup.through("profile")
    client.delete_cookie("idp_session")
    assert signin.through("verify").json["data"]["redirectTo"] == "/fr/profilehome"


def test_an_email_code_claims_no_second_factor(signin, stopped_after_password, outbox, app):
    from idp.extensions import db
    from idp.models import Journey

    signin.trxn = signin.login().json["data"]["trxnId"]
    signin.channel = "email"
    signin.verify(code=outbox.code(EMAIL))
    with app.app_context():
        proved = db.session.scalar(db.select(Journey.proof).filter_by(flow="signin"))
    assert proved == {"amr": ["pwd", "otp"], "acr": None}
