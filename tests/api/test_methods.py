"""How you sign in: adding, replacing and removing an authenticator app, backup codes and
passkeys — each after the password and a current second factor, announced by e-mail,
never leaving the person without a strong method."""

from __future__ import annotations

import base64

import pyotp
import pytest

from idp.extensions import db
from idp.models import AppCredential, BackupCode, BrowserSession, Token
from tests.api.account_helpers import (
    add_app,
    add_backup_codes,
    add_passkey,
    app_secret,
    audit_actions,
    post,
    reauthenticate,
)
from tests.support.authenticator import SoftAuthenticator
from tests.support.contract import ISSUER
from tests.support.grants import service_holds_a_token
from tests.support.journeys import EMAIL, PHONE

ALPHABET = set("23456789ABCDEFGHJKMNPQRSTUVWXYZ")


@pytest.fixture
def account(signup, client):
    """A finished sign-up, whose one free change of methods is spent."""
    signup.through("profile")
    post(client, "/profile/methods/backup-codes")
    return signup.user_id


def methods(client) -> dict:
    return client.get("/v1/profile/methods").json["data"]


def test_right_after_sign_up_backup_codes_need_nothing_more(signup, client):
    signup.through("profile")
    codes = post(client, "/profile/methods/backup-codes").json["data"]["codes"]
    assert len(codes) == 10


def test_a_change_of_methods_needs_the_password_and_a_code(client, account):
    for path in ("/profile/methods/app", "/profile/methods/backup-codes", "/profile/methods/passkey"):
        response = post(client, path)
        assert (response.status_code, response.json["message"]) == (409, "20")


def test_the_app_setup_shows_a_qr_code_and_the_key_in_groups_of_four_in_the_persons_language(client, account, outbox):
    reauthenticate(client, outbox, "methods")
    data = post(client, "/profile/methods/app").json["data"]
    svg = base64.b64decode(data["qrImage"].split(",", 1)[1]).decode()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    assert all(len(group) == 4 for group in data["key"].split(" ")[:-1])
    assert (data["issuer"], data["account"]) == ("Connexion aux services fédéraux", EMAIL)


def test_the_app_counts_only_once_a_first_code_is_typed(client, account, outbox, app):
    reauthenticate(client, outbox, "methods")
    secret = app_secret(post(client, "/profile/methods/app").json["data"]["key"])
    assert methods(client)["app"] is None
    wrong = post(
        client, "/profile/methods/app/confirm", otp="000000" if pyotp.TOTP(secret).now() != "000000" else "111111"
    )
    assert (wrong.status_code, wrong.json["message"]) == (400, "14")
    assert post(client, "/profile/methods/app/confirm", otp=pyotp.TOTP(secret).now()).status_code == 200
    assert methods(client)["app"]["addedAt"]


def test_the_app_secret_is_stored_encrypted(client, account, outbox, app):
    secret = add_app(client, outbox)
    with app.app_context():
        stored = db.session.scalar(db.select(AppCredential.secret_encrypted))
    assert secret not in stored


def test_a_set_is_the_configured_number_of_codes_of_unambiguous_characters(client, account, outbox):
    codes = add_backup_codes(client, outbox)
    assert len(codes) == 10
    assert all(len(code.replace("-", "")) == 10 and set(code.replace("-", "")) <= ALPHABET for code in codes)


def test_backup_codes_are_stored_only_as_hmacs(client, account, outbox, app):
    codes = add_backup_codes(client, outbox)
    with app.app_context():
        stored = db.session.scalars(db.select(BackupCode.code_hash)).all()
    assert not any(code.replace("-", "") in hashed for code in codes for hashed in stored)


def test_the_profile_says_how_many_codes_are_left(client, account, outbox):
    add_backup_codes(client, outbox)
    assert methods(client)["backupCodes"] == {"remaining": 10, "total": 10, "low": False}


def test_a_passkey_is_added_with_the_name_the_person_gives_it(client, account, outbox):
    add_passkey(client, outbox, SoftAuthenticator(ISSUER), name="  Téléphone   de Jeanne ")
    [passkey] = methods(client)["passkeys"]
    assert (passkey["name"], passkey["lastUsedAt"]) == ("Téléphone de Jeanne", None)


def test_a_passkey_needs_a_name(client, account, outbox):
    reauthenticate(client, outbox, "methods")
    options = post(client, "/profile/methods/passkey").json["data"]["publicKey"]
    response = client.post(
        "/v1/profile/methods/passkey/register",
        json={"credential": SoftAuthenticator(ISSUER).create(options), "name": " "},
    )
    assert (response.status_code, response.json["message"]) == (400, "41")


def test_a_passkey_made_for_another_site_is_refused(client, account, outbox):
    reauthenticate(client, outbox, "methods")
    options = post(client, "/profile/methods/passkey").json["data"]["publicKey"]
    forged = SoftAuthenticator(ISSUER).create(options, origin="https://evil.example")
    response = client.post("/v1/profile/methods/passkey/register", json={"credential": forged, "name": "x"})
    assert (response.status_code, response.json["message"]) == (400, "39")
    assert methods(client)["passkeys"] == []


def test_the_last_strong_method_cannot_be_removed(client, account, outbox):
    reauthenticate(client, outbox, "methods")
    response = post(client, "/profile/methods/remove", method="phone")
    assert (response.status_code, response.json["message"]) == (409, "40")


def test_a_method_can_go_once_another_strong_one_is_there(client, account, outbox):
    add_app(client, outbox)
    reauthenticate(client, outbox, "methods")
    assert post(client, "/profile/methods/remove", method="phone").status_code == 200
    assert methods(client)["phone"] is None


def test_each_change_is_announced_audited_ends_every_other_session_and_revokes_the_tokens(client, account, outbox, app):
    with app.app_context():
        db.session.add(BrowserSession(token_hash="o" * 64, user_id=account, expires_at=db.func.now()))
        service_holds_a_token(account)
        db.session.commit()
    add_app(client, outbox)
    notice = outbox.last(EMAIL)
    assert notice.subject == "Une application d'authentification a été ajoutée à votre compte"
    assert audit_actions(app)[-1] == "app_added"
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(BrowserSession).filter_by(user_id=account)) == 1
        assert db.session.scalar(db.select(Token.revoked_at)) is not None


def test_a_new_set_of_codes_voids_the_old_one(client, account, outbox, signin):
    old = add_backup_codes(client, outbox)
    add_backup_codes(client, outbox)
    post(client, "/logout")
    signin.login()
    post(client, "/otp/otp/send", userName=EMAIL, otpType="backup")
    response = post(client, "/otp/otp/verify", userName=EMAIL, otpType="backup", otp=old[0])
    assert (response.status_code, response.json["message"]) == (400, "14")


def test_the_first_code_to_the_phone_is_what_the_methods_change_asks(client, account, outbox):
    response = post(client, "/profile/methods/password", password="Maple-Syrup-Harbour-42")
    assert response.json["data"]["type"] == "smsotp"
    assert outbox.last(PHONE).code
