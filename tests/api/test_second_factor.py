"""Using the methods: after the password the person is offered their methods, the one they
used last first; an app's code, a backup code or a passkey signs them in with the same
limits as a texted code, and tells relying services what was proved (amr, acr). Recovery
and re-authentication take any of the person's methods."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pyotp
import pytest

from idp.extensions import db
from idp.models import BrowserSession
from tests.api.account_helpers import NEW_PASSWORD, add_app, add_backup_codes, add_passkey, post
from tests.support.authenticator import SoftAuthenticator
from tests.support.contract import ISSUER
from tests.support.journeys import EMAIL, PASSWORD


@pytest.fixture
def account(signup, client, frozen):
    signup.through("profile")
    post(client, "/profile/methods/backup-codes")
    return signup.user_id


def sign_in_again(client):
    post(client, "/logout")
    return post(client, "/otp/users/login", userName=EMAIL, password=PASSWORD).json["data"]


def choose(client, method):
    return post(client, "/otp/otp/send", userName=EMAIL, otpType=method)


def answer(client, method, **body):
    return post(client, "/otp/otp/verify", userName=EMAIL, otpType=method, **body)


def session_proof(app) -> tuple[list, str | None]:
    with app.app_context():
        session = db.session.scalar(db.select(BrowserSession).filter(BrowserSession.user_id.is_not(None)))
        return session.amr, session.acr


def test_the_selection_offers_the_persons_methods(client, account, outbox):
    add_app(client, outbox)
    assert sign_in_again(client)["journey"]["methods"] == ["sms", "voice", "app", "backup"]


def test_the_method_used_last_is_offered_first(client, account, outbox, frozen):
    secret = add_app(client, outbox)
    sign_in_again(client)
    choose(client, "app")
    frozen.shift(30)
    answer(client, "app", otp=pyotp.TOTP(secret).now())
    assert sign_in_again(client)["journey"]["methods"][0] == "app"


def test_a_method_the_person_does_not_have_is_refused(client, account):
    sign_in_again(client)
    response = choose(client, "app")
    assert (response.status_code, response.json["message"]) == (400, "26")


def test_an_app_code_signs_in_with_otp_and_mfa(client, account, outbox, frozen, app):
    secret = add_app(client, outbox)
    sign_in_again(client)
    assert choose(client, "app").json["data"]["journey"]["screen"] == "signIn/verification/app"
    frozen.shift(30)
    assert answer(client, "app", otp=pyotp.TOTP(secret).now()).json["data"]["redirectTo"]
    assert session_proof(app) == (["pwd", "otp", "mfa"], "urn:signin:acr:mfa")


@pytest.mark.parametrize("steps, accepted", [(-1, True), (1, True), (-2, False), (2, False)])
def test_app_codes_one_step_either_side_of_now_are_accepted(client, account, outbox, frozen, steps, accepted):
    secret = add_app(client, outbox)
    sign_in_again(client)
    choose(client, "app")
    frozen.shift(120)
    totp = pyotp.TOTP(secret)
    code = (
        totp.at(totp.timecode(frozen.time() if hasattr(frozen, "time") else None) if False else None) if False else None
    )
    import datetime as _dt

    now = _dt.datetime.now(_dt.UTC)
    code = totp.at(now + _dt.timedelta(seconds=30 * steps))
    response = answer(client, "app", otp=code)
    assert (response.status_code == 200) == accepted


def test_an_app_code_is_never_accepted_twice(client, account, outbox, frozen):
    secret = add_app(client, outbox)
    sign_in_again(client)
    choose(client, "app")
    frozen.shift(30)
    code = pyotp.TOTP(secret).now()
    assert answer(client, "app", otp=code).status_code == 200
    sign_in_again(client)
    choose(client, "app")
    replay = answer(client, "app", otp=code)
    assert (replay.status_code, replay.json["message"]) == (400, "14")


def test_wrong_app_codes_count_like_other_wrong_codes(client, account, outbox):
    add_app(client, outbox)
    sign_in_again(client)
    choose(client, "app")
    answers = [answer(client, "app", otp="000000").json["message"] for _ in range(11)]
    assert answers[-1] == "17"


def test_a_backup_code_signs_in_once(client, account, outbox):
    codes = add_backup_codes(client, outbox)
    sign_in_again(client)
    choose(client, "backup")
    assert answer(client, "backup", otp=codes[0]).json["data"]["redirectTo"]
    sign_in_again(client)
    choose(client, "backup")
    again = answer(client, "backup", otp=codes[0])
    assert (again.status_code, again.json["message"]) == (400, "42")


def test_a_backup_code_used_before_says_so_with_the_codes_left(client, account, outbox):
    codes = add_backup_codes(client, outbox)
    sign_in_again(client)
    choose(client, "backup")
    answer(client, "backup", otp=codes[0])
    sign_in_again(client)
    choose(client, "backup")
    again = answer(client, "backup", otp=codes[0])
    assert again.json["data"] == {"remaining": len(codes) - 1}


def test_a_backup_code_never_issued_is_a_wrong_code(client, account, outbox):
    add_backup_codes(client, outbox)
    sign_in_again(client)
    choose(client, "backup")
    wrong = answer(client, "backup", otp="ABCDE-23456")
    assert (wrong.status_code, wrong.json["message"]) == (400, "14")


def test_a_backup_code_is_taken_however_it_is_typed(client, account, outbox):
    codes = add_backup_codes(client, outbox)
    sign_in_again(client)
    choose(client, "backup")
    typed = " " + codes[3].lower().replace("-", " ") + " "
    assert answer(client, "backup", otp=typed).status_code == 200


def test_the_person_is_warned_when_two_codes_or_fewer_are_left(client, account, outbox):
    codes = add_backup_codes(client, outbox)
    for code in codes[:8]:
        sign_in_again(client)
        choose(client, "backup")
        answer(client, "backup", otp=code)
    assert client.get("/v1/profile/methods").json["data"]["backupCodes"] == {"remaining": 2, "total": 10, "low": True}


def test_a_passkey_signs_in_phishing_resistant(client, account, outbox, app):
    authenticator = SoftAuthenticator(ISSUER)
    add_passkey(client, outbox, authenticator)
    sign_in_again(client)
    options = choose(client, "passkey").json["data"]["publicKey"]
    response = client.post(
        "/v1/otp/otp/verify", json={"userName": EMAIL, "otpType": "passkey", "credential": authenticator.get(options)}
    )
    assert response.json["data"]["redirectTo"]
    assert session_proof(app) == (["pwd", "hwk", "user", "mfa"], "urn:signin:acr:phishing-resistant")
    assert client.get("/v1/profile/methods").json["data"]["passkeys"][0]["lastUsedAt"]


def test_a_synced_passkey_is_a_software_key(client, account, outbox, app):
    authenticator = SoftAuthenticator(ISSUER, synced=True)
    add_passkey(client, outbox, authenticator)
    sign_in_again(client)
    options = choose(client, "passkey").json["data"]["publicKey"]
    client.post(
        "/v1/otp/otp/verify", json={"userName": EMAIL, "otpType": "passkey", "credential": authenticator.get(options)}
    )
    assert session_proof(app)[0] == ["pwd", "swk", "user", "mfa"]


def test_a_passkey_answer_signs_one_challenge_once(client, account, outbox):
    authenticator = SoftAuthenticator(ISSUER)
    add_passkey(client, outbox, authenticator)
    sign_in_again(client)
    signed = authenticator.get(choose(client, "passkey").json["data"]["publicKey"])
    client.post("/v1/otp/otp/verify", json={"userName": EMAIL, "otpType": "passkey", "credential": signed})
    sign_in_again(client)
    choose(client, "passkey")
    replay = client.post("/v1/otp/otp/verify", json={"userName": EMAIL, "otpType": "passkey", "credential": signed})
    assert (replay.status_code, replay.json["message"]) == (400, "39")


def test_another_accounts_passkey_is_refused(client, account, outbox):
    add_passkey(client, outbox, SoftAuthenticator(ISSUER))
    sign_in_again(client)
    options = choose(client, "passkey").json["data"]["publicKey"]
    stranger = SoftAuthenticator(ISSUER).get(options)
    response = client.post("/v1/otp/otp/verify", json={"userName": EMAIL, "otpType": "passkey", "credential": stranger})
    assert (response.status_code, response.json["message"]) == (400, "39")


def test_recovery_asks_for_the_persons_method_used_last(client, account, outbox, frozen, app):
    secret = add_app(client, outbox)
    sign_in_again(client)
    choose(client, "app")
    frozen.shift(30)
    answer(client, "app", otp=pyotp.TOTP(secret).now())
    post(client, "/logout")
    post(client, "/recovery/send", userName=EMAIL, language="eng")
    asked = post(client, "/recovery/verify", otp=outbox.code(EMAIL)).json["data"]["journey"]
    assert (asked["otpType"], asked["screen"]) == ("app", "forgotpassword/verification")
    frozen.shift(30)
    assert post(client, "/recovery/code/verify", otp=pyotp.TOTP(secret).now()).status_code == 200
    assert post(client, "/recovery/password", password=NEW_PASSWORD).json["data"]["redirectTo"]
    assert session_proof(app) == (["pwd", "otp", "mfa"], "urn:signin:acr:mfa")


def test_recovery_takes_a_backup_code_instead(client, account, outbox):
    codes = add_backup_codes(client, outbox)
    post(client, "/logout")
    post(client, "/recovery/send", userName=EMAIL, language="eng")
    post(client, "/recovery/verify", otp=outbox.code(EMAIL))
    assert post(client, "/recovery/code/send", otpType="backup").status_code == 200
    assert post(client, "/recovery/code/verify", otp=codes[0]).status_code == 200


def test_reauthentication_takes_a_passkey(client, account, outbox):
    authenticator = SoftAuthenticator(ISSUER)
    add_passkey(client, outbox, authenticator)
    post(client, "/profile/password/password", password=PASSWORD)
    options = post(client, "/profile/password/code/send", otpType="passkey").json["data"]["publicKey"]
    response = client.post("/v1/profile/password/code/verify", json={"credential": authenticator.get(options)})
    assert response.json["data"]["journey"]["state"] == "REAUTHENTICATED"


def test_one_backup_code_used_at_once_by_many_lets_one_in(app, client, account, outbox, live_server):
    import requests

    codes = add_backup_codes(client, outbox)
    browsers = []
    for _ in range(6):
        http = requests.Session()
        headers = {"Origin": "http://localhost:5000"}
        http.post(
            f"{live_server.url}/v1/otp/users/login", json={"userName": EMAIL, "password": PASSWORD}, headers=headers
        )
        http.post(f"{live_server.url}/v1/otp/otp/send", json={"userName": EMAIL, "otpType": "backup"}, headers=headers)
        browsers.append(http)

    def use(http):
        return http.post(
            f"{live_server.url}/v1/otp/otp/verify",
            json={"userName": EMAIL, "otpType": "backup", "otp": codes[0]},
            headers={"Origin": "http://localhost:5000"},
            timeout=30,
        ).status_code

    with ThreadPoolExecutor(max_workers=6) as pool:
        statuses = list(pool.map(use, browsers))
    assert sorted(statuses) == [200] + [400] * 5


def test_while_texts_are_paused_proving_it_is_you_asks_another_way(client, account, outbox, app, monkeypatch):
    from idp.store import limits

    add_app(client, outbox)
    with app.test_request_context():
        limits.hit(limits.key("phone-messages", "service"), 1, 3600, 3600)
        db.session.commit()
    asked = post(client, "/profile/password/password", password=PASSWORD).json["data"]["journey"]
    assert (asked["otpType"], asked["screen"]) == ("app", "completetwostepverification/password")
