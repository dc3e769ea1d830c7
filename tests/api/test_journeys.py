"""Where a journey stands is the server's to say: every answer names the screen that comes
next, and GET /v1/session lists the journeys of the browser."""

from __future__ import annotations

from tests.api.account_helpers import post
from tests.support.journeys import EMAIL, PASSWORD


def screen(response) -> str:
    return response.json["data"]["journey"]["screen"]


def journeys(client) -> dict:
    return client.get("/v1/session").json["data"]["journeys"]


def test_sending_the_email_code_needs_the_privacy_notice_first(client):
    response = post(client, "/otp/transient_otp/send", userName=EMAIL, otpType="email")
    assert (response.status_code, response.json["message"]) == (401, "46")


def test_every_sign_up_answer_names_the_screen_that_comes_next(signup):
    assert screen(signup.accept_privacy()) == "signUp"
    assert screen(signup.send_email()) == "signUp/verification/email"
    assert screen(signup.verify_email()) == "signUp/password"
    assert screen(signup.create()) == "signUp/verificationsetup"
    assert screen(signup.send_phone(channel="voice")) == "signUp/verification/voice"
    assert screen(signup.verify_phone()) == "signUp/profile"
    assert screen(signup.profile()) == "redirecttorp"


def test_every_sign_in_answer_names_the_screen_that_comes_next(signup, signin, client):
    signup.through("profile")
    client.delete_cookie("idp_session")
    assert screen(signin.login()) == "signIn/selectverification"
    assert screen(signin.send()) == "signIn/verification/sms"
    assert screen(signin.verify()) == "redirecttorp"


def test_a_browser_without_journeys_has_none_listed(client):
    assert journeys(client) == {}


def test_the_session_says_where_a_sign_up_stands_after_a_reload(signup, client):
    signup.through("create")
    journey = journeys(client)["signup"]
    assert (journey["state"], journey["screen"]) == ("ACCOUNT_CREATED", "signUp/verificationsetup")
    assert journey["open"] == ["signUp/verificationsetup"]
    assert (journey["email"], journey["emailLanguage"], journey["id"]) == (EMAIL, "eng", signup.user_id)


def test_a_step_already_taken_is_no_longer_open(signup, client):
    signup.through("create")
    assert "signUp/password" not in journeys(client)["signup"]["open"]


def test_a_verification_screen_leaves_the_way_back_open(signup, client):
    signup.through("send_phone")
    assert journeys(client)["signup"]["open"] == ["signUp/verification/sms", "signUp/verificationsetup"]


def test_the_journey_shows_the_code_it_waits_for_and_the_resend_wait(signup, client):
    sent = signup.through("send_email").json["data"]
    journey = journeys(client)["signup"]
    assert (journey["trxnId"], journey["otpType"]) == (sent["trxnId"], "email")
    assert 0 < journey["resendAfter"] <= 10


def test_sign_in_shows_only_the_masked_phone(signup, signin, client):
    signup.through("profile")
    client.delete_cookie("idp_session")
    signin.login()
    assert journeys(client)["signin"]["phone"] == "******5678"


def test_a_profile_journey_is_listed_only_for_the_person_who_started_it(signup, client, outbox):
    signup.through("profile")
    post(client, "/profile/phone/password", password=PASSWORD)
    assert journeys(client)["phone_change"]["screen"] == "completetwostepverification/phone"
    post(client, "/logout")
    assert "phone_change" not in journeys(client)
