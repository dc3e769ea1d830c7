"""Sign-up through /v1, in the specification's step order."""

from __future__ import annotations

from idp.extensions import db
from idp.models import BrowserSession, Journey, PhoneCredential, User
from tests.support.journeys import EMAIL, PHONE, wrong


def test_sending_the_email_code_answers_a_pending_transaction(signup):
    response = signup.send_email()
    assert response.status_code == 200
    data = response.json["data"]
    assert data["type"] == "emailotp"
    assert data["state"] == "PENDING"
    assert data["emailAddress"] == EMAIL
    assert data["attempts"] == 0 and data["retries"] == 4


def test_the_email_code_arrives_in_the_chosen_correspondence_language(signup, outbox):
    signup.send_email(language="fr")
    message = outbox.last(EMAIL)
    assert message.language == "fr"
    assert message.code in message.body
    assert "Votre code" in message.body


def test_the_correspondence_language_defaults_to_the_request_language(client, outbox):
    client.post("/v1/signup/privacy", json={})
    client.post(
        "/v1/otp/transient_otp/send",
        json={"userName": EMAIL, "otpType": "email"},
        headers={"Accept-Language": "fr-CA,fr;q=0.9"},
    )
    assert outbox.last(EMAIL).language == "fr"


def test_the_whole_sign_up_signs_the_browser_in(signup, app):
    response = signup.through("profile")
    assert response.json["data"]["redirectTo"] == "/fr/profilehome"
    with app.app_context():
        user = db.session.scalar(db.select(User))
        assert (user.email, user.first_name, user.last_name, user.language) == (EMAIL, "Jeanne", "Tremblay", "fr")
        assert user.email_verified and user.profile_completed_at is not None
        assert db.session.scalar(db.select(PhoneCredential.e164)) == PHONE
        browser_session = db.session.scalar(db.select(BrowserSession))
        assert browser_session.user_id == user.id
        assert browser_session.amr == ["pwd", "otp", "sms", "mfa"]


def test_a_voice_code_sign_up_is_recorded_as_a_telephone_call(signup, app):
    signup.channel = "voice"
    signup.through("profile")
    with app.app_context():
        assert db.session.scalar(db.select(BrowserSession.amr)) == ["pwd", "otp", "tel", "mfa"]
        assert db.session.scalar(db.select(PhoneCredential.channel)) == "voice"


def test_the_email_code_is_verified(signup):
    signup.send_email()
    assert signup.verify_email().status_code == 200


def test_create_answers_the_new_account(signup, app):
    response = signup.through("create")
    data = response.json["data"]
    assert data["userName"] == EMAIL
    with app.app_context():
        assert db.session.get(User, data["id"]).password_hash.startswith("$argon2id$")


def test_the_phone_code_goes_to_the_phone_in_e164(signup, outbox):
    signup.through("create")
    response = signup.send_phone(phone="+1 613 234 5678".replace(" ", ""))
    assert response.json["data"]["type"] == "smsotp"
    assert response.json["data"]["phoneNumber"] == PHONE
    assert outbox.last(PHONE).channel == "sms"


def test_a_voice_code_is_a_voice_message(signup, outbox):
    signup.through("create")
    response = signup.send_phone(channel="voice")
    assert response.json["data"]["type"] == "voiceotp"
    message = outbox.last(PHONE)
    assert message.channel == "voice"
    assert ", ".join(message.code) in message.body


def test_english_is_accepted_as_en_or_eng_and_stored_as_en(signup, app):
    signup.through("verify_phone")
    assert signup.profile(language="eng").status_code == 200
    with app.app_context():
        assert db.session.scalar(db.select(User.language)) == "en"


def test_the_first_name_is_optional(signup, app):
    signup.through("verify_phone")
    assert signup.profile(first_name="").status_code == 200
    with app.app_context():
        assert db.session.scalar(db.select(User.first_name)) is None


def test_the_core_profile_refuses_an_id_that_is_not_this_sessions_account(signup, app):
    signup.through("verify_phone")
    response = signup.profile(user_id="00000000-0000-0000-0000-000000000000")
    assert (response.status_code, response.json["message"]) == (409, "20")
    with app.app_context():
        assert db.session.scalar(db.select(User.profile_completed_at)) is None


def test_a_new_email_code_restarts_sign_up_for_that_address(signup, app):
    signup.through("verify_email")
    signup.send_email(email="autre@example.ca")
    with app.app_context():
        journey = db.session.scalar(db.select(Journey))
        assert (journey.state, journey.email) == ("EMAIL_CODE_SENT", "autre@example.ca")


def test_the_email_address_is_stored_in_lower_case(signup, app):
    signup.send_email(email="Jeanne.Tremblay@Example.CA")
    signup.email = "jeanne.tremblay@example.ca"
    signup.verify_email()
    assert signup.create().json["data"]["userName"] == "jeanne.tremblay@example.ca"


def test_a_wrong_email_code_does_not_verify(signup, outbox):
    signup.send_email()
    response = signup.verify_email(code=wrong(outbox.code(EMAIL)))
    assert (response.status_code, response.json["message"], response.json["data"]["retries"]) == (400, "14", 3)
