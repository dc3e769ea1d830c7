"""A way back for a lost phone where one factor never stands in for two: after the password, a
person whose only strong method is the phone may say they lost it; a code to the address asks
for its removal, which waits (profile.lost_phone_wait_seconds) while the address and the phone
are told how to cancel; the next sign-in after the wait removes it and asks for a new phone."""

from __future__ import annotations

import re
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from idp.extensions import db
from idp.flows import resets as resets_flow
from idp.models import Reset, Token
from tests.api.account_helpers import add_backup_codes, audit_actions, post, user
from tests.api.conftest import RESET_WAIT
from tests.conftest import TEST_DATABASE_URL
from tests.support.grants import service_holds_a_token
from tests.support.journeys import EMAIL, PHONE, SignIn, SignUp, wrong

WAIT = RESET_WAIT


@pytest.fixture
def stranger(app, outbox):
    """Another browser, where the person who lost the phone signs in."""
    return SignIn(app.test_client(), outbox)


def lost_phone(signin: SignIn):
    return post(signin.client, "/otp/lostphone/send", userName=EMAIL)


def lost_phone_code(signin: SignIn, code: str):
    return post(signin.client, "/otp/lostphone/verify", userName=EMAIL, otp=code)


def request_removal(signin: SignIn, outbox):
    assert signin.login().status_code == 200
    assert lost_phone(signin).status_code == 200
    return lost_phone_code(signin, outbox.code(EMAIL))


def resets(app) -> list[Reset]:
    with app.app_context():
        found = db.session.scalars(db.select(Reset)).all()
        db.session.expunge_all()
        return found


def cancel_token(outbox) -> str:
    notice = next(message for message in outbox.messages(EMAIL) if "/phonereset/cancel#" in message.body)
    return re.search(r"/phonereset/cancel#(\S+)", notice.body).group(1)


def test_the_option_is_offered_to_a_person_whose_only_strong_method_is_the_phone(owner, stranger):
    assert stranger.login().json["data"]["journey"]["lostPhone"] is True


def test_the_option_is_not_offered_to_a_person_with_backup_codes(owner, client, outbox, stranger):
    add_backup_codes(client, outbox)
    assert "lostPhone" not in stranger.login().json["data"]["journey"]


def test_a_browser_cannot_claim_the_option_for_an_account_that_has_other_methods(owner, client, outbox, stranger):
    add_backup_codes(client, outbox)
    stranger.login()
    sent_before = len(outbox.messages(EMAIL))
    refused = lost_phone(stranger)
    assert (refused.status_code, refused.json["message"]) == (409, "47")
    assert len(outbox.messages(EMAIL)) == sent_before


def test_the_code_to_the_address_is_required(owner, stranger, outbox, app):
    stranger.login()
    lost_phone(stranger)
    refused = lost_phone_code(stranger, wrong(outbox.code(EMAIL)))
    assert (refused.status_code, refused.json["message"]) == (400, "14")
    assert resets(app) == []


def test_the_removal_waits_the_configured_period(owner, stranger, outbox, app):
    journey = request_removal(stranger, outbox).json["data"]["journey"]
    assert journey["screen"] == "signIn/lostphone/requested"
    [reset] = resets(app)
    assert reset.effective_at - reset.requested_at == timedelta(seconds=WAIT)
    assert (
        datetime.fromisoformat(journey["waitingReset"]["effectiveAt"].replace("Z", "+00:00")).replace(tzinfo=None)
        == reset.effective_at
    )


def test_the_address_and_the_phone_are_told_at_once_in_the_persons_language(owner, stranger, outbox):
    request_removal(stranger, outbox)
    email = next(message for message in outbox.messages(EMAIL) if "/phonereset/cancel#" in message.body)
    [text] = [message for message in outbox.messages(PHONE) if "/phonereset/cancel#" in message.body]
    assert email.subject == "Le téléphone de votre compte sera retiré" and "/fr/phonereset/cancel#" in email.body
    assert text.body.startswith("Quelqu'un a demandé de retirer ce téléphone") and text.code is None


def test_where_texts_are_not_offered_a_call_tells_the_phone(owner, stranger, outbox, app, monkeypatch):
    monkeypatch.setitem(app.config["IDP"]["notify"], "channels", "email,voice")
    request_removal(stranger, outbox)
    [call] = [
        message
        for message in outbox.messages(PHONE)
        if message.channel == "voice" and "retirer ce téléphone" in message.body
    ]
    assert call.code is None


def test_the_cancel_token_is_stored_only_as_a_hash(owner, stranger, outbox, app):
    request_removal(stranger, outbox)
    [reset] = resets(app)
    assert cancel_token(outbox) not in reset.cancel_token_hash and len(reset.cancel_token_hash) == 64


def test_a_second_request_while_one_waits_is_refused_before_any_code_goes(owner, stranger, outbox, app, frozen):
    request_removal(stranger, outbox)
    told = (len(outbox.messages(EMAIL)), len(outbox.messages(PHONE)))
    frozen.shift(60)
    again = SignIn(app.test_client(), outbox)
    again.login()
    refused = lost_phone(again)
    assert (refused.status_code, refused.json["message"], refused.json["data"]["kind"]) == (409, "56", "phone")
    assert len(resets(app)) == 1 and (len(outbox.messages(EMAIL)), len(outbox.messages(PHONE))) == told


def test_opening_the_cancel_link_changes_nothing(owner, stranger, outbox, app):
    request_removal(stranger, outbox)
    page = stranger.client.get(f"/fr/phonereset/cancel#{cancel_token(outbox)}")
    assert page.status_code == 200
    [reset] = resets(app)
    assert reset.cancelled_at is None


def test_the_link_cancels_once_audited_and_told(owner, stranger, outbox, app):
    request_removal(stranger, outbox)
    token = cancel_token(outbox)
    assert post(stranger.client, "/resets/cancel", token=token).json["data"] == {"cancelled": True, "kind": "phone"}
    [reset] = resets(app)
    assert reset.cancelled_at is not None and reset.cancel_token_hash is None
    assert "phone_reset_cancelled" in audit_actions(app)
    assert outbox.last(EMAIL).subject == "Le retrait de votre téléphone est annulé"
    again = post(stranger.client, "/resets/cancel", token=token)
    assert (again.status_code, again.json["message"]) == (404, "48")


def test_the_signed_in_owner_sees_the_removal_and_cancels_it(owner, client, stranger, outbox, app):
    request_removal(stranger, outbox)
    assert client.get("/v1/profile").json["data"]["reset"]["effectiveAt"]
    assert post(client, "/profile/reset/cancel").json["data"] == {"cancelled": True, "kind": "phone"}
    assert client.get("/v1/profile").json["data"]["reset"] is None
    assert resets(app)[0].cancelled_at is not None


def test_nothing_happens_before_the_wait_is_over(owner, stranger, outbox, app, frozen):
    request_removal(stranger, outbox)
    frozen.shift(WAIT - 1)
    assert stranger.login().json["data"]["otpType"] == "sms"
    assert user(app).phone is not None and resets(app)[0].completed_at is None


def test_a_due_removal_ends_every_session_and_asks_a_code_by_email(owner, client, stranger, outbox, app, frozen):
    request_removal(stranger, outbox)
    frozen.shift(WAIT)
    data = stranger.login().json["data"]
    assert (data["otpType"], data["journey"]["screen"]) == ("email", "signIn/verification/email")
    assert user(app).phone is None and resets(app)[0].completed_at is not None
    assert client.get("/v1/profile").status_code == 401
    assert "phone_reset_completed" in audit_actions(app)
    assert any(message.subject == "Le téléphone a été retiré de votre compte" for message in outbox.messages(EMAIL))


def at_the_new_phone(stranger: SignIn, outbox, frozen) -> dict:
    """The removal asked, its wait over, the password and the code by e-mail: the journey."""
    request_removal(stranger, outbox)
    frozen.shift(WAIT)
    stranger.trxn = stranger.login().json["data"]["trxnId"]
    stranger.channel = "email"
    return stranger.verify(code=outbox.code(EMAIL)).json["data"]["journey"]


def new_phone(stranger: SignIn, outbox):
    signup = SignUp(stranger.client, outbox)
    assert signup.send_phone(phone="+15142345678").status_code == 200
    return signup.verify_phone()


def test_a_due_removal_revokes_the_tokens_the_services_hold(owner, stranger, outbox, app, frozen):
    with app.app_context():
        service_holds_a_token(owner.user_id)
        db.session.commit()
    request_removal(stranger, outbox)
    frozen.shift(WAIT)
    stranger.login()
    with app.app_context():
        assert db.session.scalar(db.select(Token.revoked_at)) is not None


def test_after_the_removal_the_email_code_leads_to_a_new_phone(owner, stranger, outbox, frozen):
    journey = at_the_new_phone(stranger, outbox, frozen)
    assert (journey["flow"], journey["screen"], journey["newPhone"]) == ("signup", "signUp/verificationsetup", True)


def test_a_complete_profile_with_its_new_phone_is_signed_in_without_its_name_asked_again(
    owner, stranger, outbox, frozen
):
    at_the_new_phone(stranger, outbox, frozen)
    finished = new_phone(stranger, outbox).json["data"]
    assert finished["redirectTo"] == "/fr/profilehome" and finished["journey"]["screen"] == "redirecttorp"


def test_the_new_phone_is_a_sign_in_in_the_activity_not_an_account_created(owner, stranger, outbox, app, frozen):
    at_the_new_phone(stranger, outbox, frozen)
    new_phone(stranger, outbox)
    actions = audit_actions(app)
    assert actions.count("signup_completed") == 1 and actions[-2:] == ["phone_changed", "signin_completed"]


def test_the_schema_holds_one_waiting_reset_per_account(owner, stranger, outbox, app):
    """What two browsers asking at the same moment would write without the account row's lock
    (the test below): the database itself refuses the second waiting row."""
    request_removal(stranger, outbox)
    with app.app_context():
        [first] = db.session.scalars(db.select(Reset)).all()
        db.session.add(
            Reset(
                user_id=first.user_id,
                kind="account",
                requested_at=first.requested_at,
                effective_at=first.effective_at,
                requested_by="self",
                cancel_token_hash="0" * 64,
            )
        )
        with pytest.raises(IntegrityError):
            db.session.commit()
        db.session.rollback()


def _someone_waits_for_a_lock(app) -> bool:
    with app.app_context():
        return bool(
            db.session.scalar(
                text(
                    "SELECT count(*) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND wait_event_type = 'Lock'"
                )
            )
        )


@pytest.mark.postgres
@pytest.mark.skipif(not TEST_DATABASE_URL, reason="IDP_TEST_DATABASE_URL is not set")
def test_two_browsers_asking_at_the_same_moment_make_one_request_told_once(owner, outbox, app, monkeypatch):
    browsers, codes = [SignIn(app.test_client(), outbox) for _ in range(2)], []
    for browser in browsers:
        assert browser.login().status_code == 200 and lost_phone(browser).status_code == 200
        codes.append(outbox.code(EMAIL))
    told = len(outbox.messages(PHONE))
    made, asking = [], resets_flow._make

    def held(user, kind, browser_session_id):
        # the first to ask holds on until the other waits for the account's row, or (were
        # nothing to make it wait) asks too
        made.append(browser_session_id)
        deadline = time.monotonic() + 10
        while len(made) == 1 and not _someone_waits_for_a_lock(app) and time.monotonic() < deadline:
            time.sleep(0.05)
        return asking(user, kind, browser_session_id)

    monkeypatch.setattr(resets_flow, "_make", held)
    with ThreadPoolExecutor(max_workers=2) as pool:
        answers = list(pool.map(lost_phone_code, browsers, codes))
    assert [answer.status_code for answer in answers] == [200, 200]
    assert answers[0].json["data"]["journey"]["waitingReset"] == answers[1].json["data"]["journey"]["waitingReset"]
    assert len(made) == 1 and len(resets(app)) == 1
    assert len(outbox.messages(PHONE)) == told + 1


def test_once_the_phone_is_removed_the_address_alone_never_resets_the_password(owner, stranger, outbox, app, frozen):
    at_the_new_phone(stranger, outbox, frozen)
    other = SignIn(app.test_client(), outbox)
    post(other.client, "/recovery/send", userName=EMAIL, language="fr")
    journey = post(other.client, "/recovery/verify", otp=outbox.code(EMAIL)).json["data"]["journey"]
    # the account's deletion is all the address may ask (test_account_reset.py)
    assert (journey["state"], journey["screen"]) == ("ADDRESS_ONLY", "forgotpassword/accountreset")
    refused = post(other.client, "/recovery/password", password="Granite-Maple-Lantern-58")
    assert (refused.status_code, refused.json["message"]) == (409, "20")
