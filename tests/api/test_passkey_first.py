"""Passkey first (issue 54): from the first screen, a passkey that verified its user (a PIN, a
fingerprint) signs the person in alone — no password, no code — at a phishing-resistant
level; one that did not is the second factor of a sign-in that goes on to the password. The
server holds the challenge in the browser's journey and finds the account by the passkey."""

from __future__ import annotations

import pytest

from idp.clock import now
from idp.extensions import db
from idp.models import BrowserSession
from tests.api.account_helpers import add_passkey, audit_actions, post
from tests.api.test_phishing_resistant_sign_in import PR, REDIRECT, Service, finish
from tests.api.test_second_factor import session_proof
from tests.support.authenticator import SoftAuthenticator
from tests.support.contract import ISSUER
from tests.support.journeys import EMAIL, PASSWORD


@pytest.fixture
def account(signup, client, frozen):
    signup.through("profile")
    return signup.user_id


@pytest.fixture
def passkey(client, account, outbox):
    """A passkey on a device that verifies its user, then signed out."""
    authenticator = SoftAuthenticator(ISSUER)
    add_passkey(client, outbox, authenticator, name="Jeanne's phone")
    post(client, "/logout")
    return authenticator


def options(client) -> dict:
    return post(client, "/signin/passkey/options").json["data"]["publicKey"]


def use(client, credential: dict, **body):
    return client.post("/v1/signin/passkey/verify", json={"credential": credential, **body})


def signed_in(client) -> bool:
    return client.get("/v1/profile").status_code == 200


def test_passkey_first_options_ask_any_passkey_of_this_site(client, passkey):
    asked = options(client)
    assert asked["rpId"] == "localhost" and asked.get("allowCredentials", []) == []
    assert asked["userVerification"] == "preferred"  # a passkey that cannot verify still answers, as a second step


def test_passkey_first_with_user_verification_signs_in_alone(client, passkey, app):
    done = use(client, passkey.get(options(client)))
    assert done.status_code == 200 and done.json["data"]["redirectTo"]
    assert session_proof(app) == (["hwk", "user"], PR) and signed_in(client)


def test_passkey_first_a_synced_passkey_is_a_software_key(client, account, outbox, app):
    synced = SoftAuthenticator(ISSUER, synced=True)
    add_passkey(client, outbox, synced)
    post(client, "/logout")
    use(client, synced.get(options(client)))
    assert session_proof(app) == (["swk", "user"], PR)


def test_passkey_first_a_stolen_unlocked_phone_never_signs_in_alone(client, passkey):
    unverified = use(client, passkey.get(options(client), verified=False))
    assert unverified.status_code == 200 and "redirectTo" not in unverified.json["data"]
    assert unverified.json["data"]["journey"]["screen"] == "signIn/password"
    assert not signed_in(client)


def test_passkey_first_without_user_verification_the_password_ends_the_sign_in_without_a_code(client, passkey, app):
    use(client, passkey.get(options(client), verified=False))
    done = post(client, "/otp/users/login", userName=EMAIL, password=PASSWORD, afterPasskey=True)
    assert done.status_code == 200 and done.json["data"]["redirectTo"]
    assert session_proof(app) == (["pwd", "hwk", "mfa"], PR)


def test_passkey_first_without_user_verification_a_wrong_password_signs_nobody_in(client, passkey):
    use(client, passkey.get(options(client), verified=False))
    refused = post(client, "/otp/users/login", userName=EMAIL, password="Not-The-Password-99", afterPasskey=True)
    assert (refused.status_code, refused.json["message"]) == (401, "19") and not signed_in(client)


def test_passkey_first_without_user_verification_counts_for_that_account_only(client, passkey, app, outbox):
    from tests.support.journeys import SignUp

    other = SignUp(app.test_client(), outbox)
    other.email, other.phone = "marc.roy@example.ca", "+16132345679"
    other.through("profile")
    use(client, passkey.get(options(client), verified=False))
    answer = post(client, "/otp/users/login", userName="marc.roy@example.ca", password=PASSWORD, afterPasskey=True)
    assert "redirectTo" not in answer.json["data"]  # another account's password goes on to its own second factor


def test_passkey_first_a_passkey_removed_in_another_tab_is_refused(client, passkey, account, app):
    from idp.models import PasskeyCredential

    asked = options(client)
    with app.app_context():
        db.session.execute(db.delete(PasskeyCredential))
        db.session.commit()
    refused = use(client, passkey.get(asked))
    assert (refused.status_code, refused.json["message"]) == (400, "58") and not signed_in(client)


def test_passkey_first_an_account_locked_by_failures_is_refused_with_the_same_message(
    client, passkey, app, frozen, monkeypatch
):
    from tests.api.test_password_throttle import WRONG

    monkeypatch.setitem(app.config["IDP"]["password"], "max_consecutive_failures", 8)
    client.delete_cookie("idp_device")
    for _ in range(8):
        post(client, "/otp/users/login", userName=EMAIL, password=WRONG)
        frozen.shift(900)
    refused = use(client, passkey.get(options(client)))
    assert (refused.status_code, refused.json["message"]) == (403, "37") and not signed_in(client)


def test_passkey_first_an_answer_to_another_challenge_is_refused(client, passkey):
    options(client)
    refused = use(client, passkey.get({"challenge": "bm90LXRoZS1zZXJ2ZXJzLWNoYWxsZW5nZQ"}))
    assert (refused.status_code, refused.json["message"]) == (400, "39") and not signed_in(client)


def test_passkey_first_an_answer_is_used_once(client, passkey):
    answered = passkey.get(options(client))
    use(client, answered)
    again = use(client, answered)
    assert (again.status_code, again.json["message"]) == (409, "20")


def test_passkey_first_an_answer_without_options_is_out_of_order(client, passkey):
    post(client, "/otp/users/login", userName=EMAIL, password=PASSWORD)  # a session, its password journey
    refused = use(client, passkey.get({"challenge": "c29tZXRoaW5n"}))
    assert (refused.status_code, refused.json["message"]) == (409, "20")


def test_passkey_first_a_cloned_passkey_is_refused(client, passkey):
    use(client, passkey.get(options(client)))
    post(client, "/logout")
    passkey.sign_count -= 2  # a copy of the key, behind the original's counter
    refused = use(client, passkey.get(options(client)))
    assert (refused.status_code, refused.json["message"]) == (400, "39")


def test_passkey_first_another_accounts_user_handle_is_refused(client, passkey):
    answered = passkey.get(options(client))
    answered["response"]["userHandle"] = "c29tZW9uZS1lbHNl"
    assert use(client, answered).json["message"] == "39" and not signed_in(client)


def test_passkey_first_a_service_asking_prompt_login_gets_the_passkey_as_the_fresh_sign_in(
    client, passkey, app, frozen
):
    use(client, passkey.get(options(client)))
    service = Service(client)
    frozen.shift(600)
    assert service.ask(None).headers["Location"].startswith(REDIRECT)  # signed in: no step
    assert service.ask(None, prompt="login").headers["Location"] == "/en/"
    location = finish(client, use(client, passkey.get(options(client))).json["data"]["redirectTo"]).headers["Location"]
    assert location.startswith(REDIRECT) and _auth_time(app) == now()


def test_passkey_first_a_service_asking_max_age_gets_the_passkey_as_the_fresh_sign_in(client, passkey, app, frozen):
    use(client, passkey.get(options(client)))
    frozen.shift(600)
    service = Service(client)
    assert service.ask(None, max_age="60").headers["Location"] == "/en/"
    location = finish(client, use(client, passkey.get(options(client))).json["data"]["redirectTo"]).headers["Location"]
    assert location.startswith(REDIRECT) and _auth_time(app) == now()


def test_passkey_first_a_service_asking_a_phishing_resistant_sign_in_gets_it_in_one_step(client, passkey):
    service = Service(client)
    assert service.ask().headers["Location"] == "/en/"
    location = finish(client, use(client, passkey.get(options(client))).json["data"]["redirectTo"]).headers["Location"]
    assert location.startswith(REDIRECT) and service.acr_of(location) == PR


def test_passkey_first_the_activity_names_the_passkey_used(client, passkey):
    use(client, passkey.get(options(client)))
    events = client.get("/v1/account/activity").json["data"]["events"]
    signed = next(event for event in events if event["event"] == "signin_completed")
    assert (signed["proof"], signed["passkey"]) == ("passkey", "Jeanne's phone")


def test_passkey_first_the_new_device_notice_says_signed_in_with_a_passkey(client, passkey, outbox):
    client.delete_cookie("idp_device")
    use(client, passkey.get(options(client)))
    notice = outbox.last(EMAIL)
    assert "passkey" in notice.body or "clé d'accès" in notice.body
    assert "Jeanne's phone" in notice.body


def test_passkey_first_a_sign_in_is_recorded_as_one(client, passkey, app):
    use(client, passkey.get(options(client)))
    assert audit_actions(app)[-1] == "signin_completed"


def test_passkey_first_the_log_never_carries_the_passkeys_name(client, passkey, caplog):
    use(client, passkey.get(options(client)))
    assert caplog.records and not [record for record in caplog.records if "Jeanne's phone" in str(vars(record))]


def test_passkey_first_new_passkeys_are_asked_to_be_discoverable_and_verify_the_person(client, account, outbox):
    from tests.api.account_helpers import reauthenticate

    reauthenticate(client, outbox, "methods")
    selection = post(client, "/profile/methods/passkey").json["data"]["publicKey"]["authenticatorSelection"]
    assert (selection["residentKey"], selection["requireResidentKey"]) == ("required", True)
    assert selection["userVerification"] in ("preferred", "required")


def test_passkey_first_the_account_shows_which_passkeys_sign_in_alone(client, account, outbox):
    add_passkey(client, outbox, SoftAuthenticator(ISSUER), name="Phone")
    add_passkey(client, outbox, SoftAuthenticator(ISSUER, verifies=False), name="Old key")
    listed = {key["name"]: key["signsInAlone"] for key in client.get("/v1/profile/methods").json["data"]["passkeys"]}
    assert listed == {"Phone": True, "Old key": False}


def _auth_time(app):
    with app.app_context():
        return db.session.scalar(db.select(BrowserSession.auth_time).filter(BrowserSession.user_id.is_not(None)))


def test_passkey_first_a_passkey_sign_in_removes_no_passkey_without_proving_it_again(client, passkey, account):
    use(client, passkey.get(options(client)))
    listed = client.get("/v1/profile/methods").json["data"]["passkeys"]
    refused = post(client, "/profile/methods/remove", method="passkey", id=listed[0]["id"])
    assert (refused.status_code, refused.json["message"]) == (409, "20")


def test_passkey_first_the_proof_again_is_the_password_then_the_passkey(client, passkey, account, outbox):
    use(client, passkey.get(options(client)))
    asked = post(client, "/profile/methods/password", password=PASSWORD).json["data"]
    assert asked["journey"]["otpType"] == "passkey"  # the method used last, asked first
    proved = post(client, "/profile/methods/code/verify", credential=passkey.get(asked["publicKey"]))
    assert proved.status_code == 200
    listed = client.get("/v1/profile/methods").json["data"]["passkeys"]
    assert post(client, "/profile/methods/remove", method="passkey", id=listed[0]["id"]).status_code == 200


@pytest.mark.parametrize(
    "spoil",
    [
        lambda answer: answer["response"].update(authenticatorData="!!"),
        lambda answer: answer["response"].update(authenticatorData=7),
        lambda answer: answer["response"].pop("userHandle"),
        lambda answer: answer["response"].update(userHandle=["x"]),
        lambda answer: answer["response"].update(signature="AAAA"),
        lambda answer: answer["response"].update(clientDataJSON="e30"),
        lambda answer: answer.update(response="nothing"),
        lambda answer: answer.update(id=12),
    ],
    ids=[
        "data not base64",
        "data a number",
        "no user handle",
        "handle a list",
        "bad signature",
        "empty client data",
        "response a string",
        "id a number",
    ],
)
def test_passkey_first_a_malformed_answer_is_refused_never_a_server_error(client, passkey, spoil):
    answered = passkey.get(options(client))
    spoil(answered)
    refused = use(client, answered)
    assert refused.status_code in (400, 409) and refused.json["success"] is False and not signed_in(client)


def test_passkey_first_a_passkey_held_for_the_password_lasts_the_reauthentication_window(client, passkey, frozen, app):
    use(client, passkey.get(options(client), verified=False))
    frozen.shift(app.config["IDP"]["profile"]["reauthentication_window_seconds"] + 1)
    answer = post(client, "/otp/users/login", userName=EMAIL, password=PASSWORD, afterPasskey=True)
    assert (
        "redirectTo" not in answer.json["data"]
        and answer.json["data"]["journey"]["screen"] == "signIn/selectverification"
    )
