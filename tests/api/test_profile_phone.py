"""The phone change: the password and a code to the current phone, then a code to the new
number; the old phone and the address are told before the change takes effect."""

from __future__ import annotations

import pytest

from tests.api.account_helpers import NEW_PHONE, audit_actions, post, reauthenticate, user
from tests.support.journeys import EMAIL, PHONE, wrong


@pytest.fixture
def proven(signup, client, outbox):
    signup.through("profile")
    reauthenticate(client, outbox, "phone")
    return signup.user_id


def test_a_new_phone_gets_a_code_and_the_old_one_stays_until_it_is_verified(client, proven, outbox, app):
    response = post(client, "/profile/phone", phoneNumber=NEW_PHONE, otpType="sms")
    assert response.json["data"]["phoneNumber"] == "******5678"
    assert response.json["data"]["journey"]["screen"] == "verifynewphone"
    assert outbox.last(NEW_PHONE).code
    assert user(app).phone.e164 == PHONE


def test_a_verified_new_phone_replaces_the_old_one(client, proven, outbox, app):
    post(client, "/profile/phone", phoneNumber=NEW_PHONE, otpType="voice")
    response = post(client, "/profile/phone/verify", otp=outbox.code(NEW_PHONE))
    assert response.json["data"]["phone"] == "******5678"
    assert response.json["data"]["journey"]["screen"] == "phonechanged"
    phone = user(app).phone
    assert (phone.e164, phone.channel) == (NEW_PHONE, "voice")
    assert audit_actions(app) == ["signup_completed", "new_phone_code_sent", "phone_changed"]


def test_the_old_phone_and_the_address_are_told(client, proven, outbox):
    post(client, "/profile/phone", phoneNumber=NEW_PHONE, otpType="sms")
    post(client, "/profile/phone/verify", otp=outbox.code(NEW_PHONE))
    told = outbox.last(PHONE)
    assert (told.code, told.language) == (None, "fr")
    assert "5678" in told.body
    assert outbox.last(EMAIL).subject == "Votre téléphone de vérification en deux étapes est en train d'être modifié"


def test_the_old_phone_is_told_before_the_change_takes_effect(client, proven, outbox, app, monkeypatch):
    from idp.notify import DeliveryError

    post(client, "/profile/phone", phoneNumber=NEW_PHONE, otpType="sms")
    code = outbox.code(NEW_PHONE)
    monkeypatch.setattr(
        app.extensions["idp_notify"]["sms"], "deliver", lambda message: (_ for _ in ()).throw(DeliveryError("down"))
    )
    refused = post(client, "/profile/phone/verify", otp=code)
    assert (refused.status_code, refused.json["message"]) == (503, "25")
    assert user(app).phone.e164 == PHONE


def test_a_wrong_phone_code_keeps_the_old_phone(client, proven, outbox, app):
    post(client, "/profile/phone", phoneNumber=NEW_PHONE, otpType="sms")
    response = post(client, "/profile/phone/verify", otp=wrong(outbox.code(NEW_PHONE)))
    assert (response.status_code, response.json["message"]) == (400, "14")
    assert user(app).phone.e164 == PHONE


def test_the_new_phone_follows_the_sign_up_rules(client, proven):
    response = post(client, "/profile/phone", phoneNumber="+1613", otpType="sms")
    assert response.json["message"] == "8"


def test_a_phone_code_before_any_new_number_is_out_of_order(client, proven):
    response = post(client, "/profile/phone/verify", otp="123456")
    assert (response.status_code, response.json["message"]) == (409, "20")


def test_codes_to_new_numbers_follow_the_send_limits(client, proven):
    # numbers of different ranges: a range of numbers has a ceiling of its own (test_send_budgets.py)
    answers = [post(client, "/profile/phone", phoneNumber=f"+1514{234 + n}5670", otpType="sms") for n in range(10)]
    assert (answers[-1].status_code, answers[-1].json["message"]) == (429, "17")
