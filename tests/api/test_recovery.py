"""Password recovery through /v1/recovery: e-mail code, phone code, new password."""

from __future__ import annotations

from datetime import UTC

import pytest

from idp.extensions import db
from idp.models import BrowserSession, PhoneCredential, User
from tests.api.account_helpers import NEW_PASSWORD, audit_actions, post
from tests.support.journeys import EMAIL, PHONE, wrong
from tests.support.proof import with_proof


@pytest.fixture
def account(signup, client):
    """A finished sign-up, then a fresh browser that forgot the password."""
    signup.through("profile")
    client.delete_cookie("idp_session")
    return signup.user_id


def newest_session_id(app) -> int:
    with app.app_context():
        return db.session.scalar(db.select(db.func.max(BrowserSession.id)))


def start(client, email=EMAIL):
    return post(client, "/recovery/send", userName=email, language="eng")


def through_phone(client, outbox):
    assert start(client).status_code == 200
    assert post(client, "/recovery/verify", otp=outbox.code(EMAIL)).status_code == 200
    assert post(client, "/recovery/code/verify", otp=outbox.code(PHONE)).status_code == 200


def test_the_first_code_goes_to_the_address_in_the_accounts_language(client, account, outbox):
    start(client)
    message = outbox.last(EMAIL)
    assert (message.language, message.subject) == ("fr", "Réinitialiser votre mot de passe")


def test_an_unknown_address_gets_the_same_answer_and_no_message(client, account, outbox):
    known, unknown = start(client).json, start(client, "nobody@example.ca").json
    assert (set(known["data"]), known["success"]) == (set(unknown["data"]), unknown["success"])
    assert outbox.messages("nobody@example.ca") == []


def test_an_unknown_address_can_never_get_past_the_email_code(client, account):
    start(client, "nobody@example.ca")
    response = post(client, "/recovery/verify", otp="123456")
    assert response.json["message"] == "14"


def test_the_email_code_sends_the_two_step_code_to_the_accounts_phone_at_once(client, account, outbox):
    start(client)
    response = post(client, "/recovery/verify", otp=outbox.code(EMAIL))
    data = response.json["data"]
    assert (data["phoneNumber"], data["type"]) == ("******5678", "smsotp")
    assert data["journey"]["screen"] == "forgotpassword/verification"
    assert outbox.last(PHONE).code


def test_the_two_step_code_may_come_by_the_other_channel(client, account, outbox, time_machine):
    from datetime import datetime

    time_machine.move_to(datetime.now(UTC), tick=False)
    start(client)
    post(client, "/recovery/verify", otp=outbox.code(EMAIL))
    time_machine.shift(10)
    assert post(client, "/recovery/code/send", otpType="voice").json["data"]["type"] == "voiceotp"
    assert outbox.last(PHONE).channel == "voice"


def test_the_new_password_needs_the_phone_code_first(client, account, outbox):
    start(client)
    post(client, "/recovery/verify", otp=outbox.code(EMAIL))
    response = post(client, "/recovery/password", password=NEW_PASSWORD)
    assert (response.status_code, response.json["message"]) == (409, "20")


def test_the_phone_code_needs_the_email_code_first(client, account):
    start(client)
    response = post(client, "/recovery/code/send", otpType="sms")
    assert (response.status_code, response.json["message"]) == (409, "20")


def test_a_new_password_without_any_recovery_is_out_of_order(client, account):
    response = post(client, "/recovery/password", password=NEW_PASSWORD)
    assert (response.status_code, response.json["message"]) == (401, "46")


def test_a_wrong_phone_code_is_refused_with_14(client, account, outbox):
    start(client)
    post(client, "/recovery/verify", otp=outbox.code(EMAIL))
    response = post(client, "/recovery/code/verify", otp=wrong(outbox.code(PHONE)))
    assert response.json["message"] == "14"


def test_an_account_without_a_phone_recovers_by_email_and_then_finishes_its_sign_up(client, account, outbox, app):
    with app.app_context():
        # a sign-up that stopped before the phone (a complete account whose lost phone was
        # removed is tests/api/test_lost_phone.py's: its address alone never resets the password)
        db.session.execute(db.delete(PhoneCredential))
        db.session.execute(db.update(User).values(profile_completed_at=None))
        db.session.commit()
    start(client)
    verified = post(client, "/recovery/verify", otp=outbox.code(EMAIL))
    assert verified.json["data"]["journey"]["screen"] == "forgotpassword/newpassword"
    response = post(client, "/recovery/password", password=NEW_PASSWORD)
    assert "redirectTo" not in response.json["data"]
    assert response.json["data"]["journey"]["screen"] == "signUp/verificationsetup"
    assert client.get("/v1/profile").status_code == 401


def test_the_new_password_follows_the_strength_check(client, account, outbox):
    through_phone(client, outbox)
    response = post(client, "/recovery/password", password="password1234")
    assert (response.status_code, response.json["message"], response.json["data"]) == (
        400,
        "21",
        {"reason": "breached"},
    )


def test_the_new_password_follows_the_length_policy(client, account, outbox):
    through_phone(client, outbox)
    response = post(client, "/recovery/password", password="short")
    assert response.json["message"] == "5"


def test_recovery_signs_the_browser_in_with_the_new_password(client, account, outbox, signin):
    through_phone(client, outbox)
    response = post(client, "/recovery/password", password=NEW_PASSWORD)
    assert response.json["data"]["redirectTo"] == "/fr/profilehome"
    assert client.get("/v1/profile").status_code == 200
    assert signin.login(password=NEW_PASSWORD).status_code == 200


def test_the_old_password_no_longer_signs_in(client, account, outbox, signin):
    through_phone(client, outbox)
    post(client, "/recovery/password", password=NEW_PASSWORD)
    assert signin.login().status_code == 401


def test_every_other_session_of_the_account_ends(client, account, outbox, app):
    with app.app_context():
        before = db.session.scalar(db.select(db.func.count()).select_from(BrowserSession).filter_by(user_id=account))
    through_phone(client, outbox)
    post(client, "/recovery/password", password=NEW_PASSWORD)
    with app.app_context():
        left = db.session.scalars(db.select(BrowserSession).filter_by(user_id=account)).all()
    assert (before, [row.id for row in left]) == (1, [newest_session_id(app)])


def test_every_token_a_relying_service_holds_for_the_account_is_revoked(client, account, outbox, app):
    from datetime import timedelta

    from idp.clock import now
    from idp.models import Token
    from tests.support.grants import service_holds_a_token

    with app.app_context():
        service_holds_a_token(account, refresh_token_hash="r" * 64, refresh_token_expires_at=now() + timedelta(days=30))
        db.session.commit()
    through_phone(client, outbox)
    post(client, "/recovery/password", password=NEW_PASSWORD)
    with app.app_context():
        assert [token.revoked_at is not None for token in db.session.scalars(db.select(Token))] == [True]


def test_the_password_change_is_announced_and_audited(client, account, outbox, app):
    through_phone(client, outbox)
    post(client, "/recovery/password", password=NEW_PASSWORD)
    assert outbox.last(EMAIL).subject == "Votre mot de passe a été modifié"
    # The browser where the account was made ends first (the sessions' door writes that).
    assert audit_actions(app) == [
        "signup_completed",
        "recovery_requested",
        "sessions_ended",
        "password_reset",
        "recovery_completed",
    ]


def test_the_audit_event_holds_no_secret(client, account, outbox, app):
    from idp.models import AuditEvent

    through_phone(client, outbox)
    post(client, "/recovery/password", password=NEW_PASSWORD)
    with app.app_context():
        event = db.session.scalar(db.select(AuditEvent).filter_by(action="password_reset"))
        assert NEW_PASSWORD not in str(event.details)
        assert event.details == {"other_sessions_ended": 1, "tokens_revoked": 0}


def test_recovery_hands_off_to_a_waiting_relying_service(client, account, outbox, app):
    from idp.sessions import interaction

    through_phone(client, outbox)
    with app.test_request_context():
        browser_session = db.session.scalar(db.select(BrowserSession).order_by(BrowserSession.id.desc()).limit(1))
        waiting = interaction.start(browser_session, "reservations", {"client_id": "reservations"})
        db.session.commit()
        uid = waiting.uid
    response = post(client, "/recovery/password", password=NEW_PASSWORD)
    assert response.json["data"]["redirectTo"] == f"/authorize/resume/{uid}"


def test_recovery_codes_asked_from_other_browsers_follow_the_anonymous_send_gates(app, client, account):
    """Sign-up already sent the address one code; past ten sends in ten minutes each further one
    costs a hard proof of work, whoever asks."""
    stranger = app.test_client()
    for _ in range(9):
        stranger.delete_cookie("idp_session")
        assert start(stranger).status_code == 200
    stranger.delete_cookie("idp_session")
    asked = start(stranger)
    assert (asked.status_code, asked.json["message"]) == (428, "43")
    assert asked.json["data"]["challenge"]["maxNumber"] == app.config["IDP"]["limits"]["proof_of_work_hard_max_number"]


def test_strangers_asking_to_recover_an_account_never_stop_its_owners_trusted_device(
    app, client, account, outbox, frozen
):
    strangers = [start(app.test_client()) for _ in range(12)]
    assert strangers[-1].status_code == 428
    assert start(client).status_code == 200
    assert post(client, "/recovery/verify", otp=outbox.code(EMAIL)).status_code == 200


def _from(app, address: str):
    browser = app.test_client()
    browser.environ_base["REMOTE_ADDR"] = address
    return browser


def test_strangers_at_35_addresses_never_block_the_owners_recovery_from_a_new_browser(app, account, outbox, frozen):
    for n in range(35):
        stranger = _from(app, f"198.51.100.{n + 1}")
        with_proof(lambda stranger=stranger: start(stranger), stranger)
    owner = _from(app, "203.0.113.7")
    started = with_proof(lambda: start(owner), owner)
    assert started.status_code == 200
    assert post(owner, "/recovery/verify", otp=outbox.code(EMAIL)).status_code == 200


def test_past_a_days_recovery_emails_to_one_address_each_costs_a_hard_proof_never_a_block(
    app, client, account, outbox, frozen, monkeypatch
):
    monkeypatch.setitem(app.config["IDP"]["limits"], "max_recovery_emails_per_day", 3)
    answers = []
    for _ in range(4):
        answers.append(start(app.test_client()).status_code)
        frozen.shift(app.config["IDP"]["limits"]["window_seconds"] + 1)
    assert answers == [200, 200, 200, 428]
    assert len(outbox.messages(EMAIL)) - 1 == 3  # the sign-up's own code, then three recovery codes
    browser = app.test_client()
    assert with_proof(lambda: start(browser), browser).status_code == 200
    assert len(outbox.messages(EMAIL)) - 1 == 4
    frozen.shift(86400)
    assert start(app.test_client()).status_code == 200
