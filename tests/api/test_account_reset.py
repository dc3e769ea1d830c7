"""Issue 50, point 4: a way back for a person who lost both the phone and the password.

The choice, as login.gov's account reset makes it: whoever proves the account's address in
"I forgot my password" and cannot prove any other way in may ask to **delete the account and
start again**. The deletion waits (`profile.account_reset_wait_seconds`, 24 hours), told at once
to every channel the account has (the address, and the phone by text or call) with a link
that cancels it; the owner's sign-in with any of their methods cancels it too (the edges of
point 1). Once the wait is over, a new code to the address offers the deletion; confirmed, the
account goes as "Delete my account" takes it (services told, tokens revoked, sessions ended,
a last e-mail), and the address may sign up again as a new person. Nothing of the old account
is handed to anyone: a help desk reset would need the identity check of docs/console.md for a
person the service never identified, so the service gives back a clean start, not access.

Who holds what, what they try, what they must get:

- **The person lost the phone and the password, and reads the mailbox.** Recovery's address
  code, then "I can't use any of these": the deletion is asked and waits; the address and the
  phone are told, in the account's language, with a cancel link; after the wait, a new
  address code offers the deletion, which deletes the account; the address signs up again.
- **A stranger reads the mailbox, the owner still has the phone.** The owner is told on the
  phone and by e-mail; signing in with the phone (or an app, or a passkey) cancels the
  deletion; after a cancellation, asking again within `profile.reset_after_cancel_seconds`
  needs the help desk (409, code 55), and no code or notice goes out.
- **A browser that only typed the address** (no code) cannot ask (409, code 20), and nothing is
  sent; **before the wait is over** the deletion is not offered and a crafted call deletes
  nothing (409, code 20); **a browser that asked 24 hours ago** cannot come back and delete
  without a fresh code to the address.
- **A request while another waits** answers what waits and sends nothing new.
- **A complete account whose lost phone was removed** (its address is all it has left, code
  49's dead end) may ask the same deletion from recovery instead of being told to call.
"""

from __future__ import annotations

import re

import pytest

from idp.extensions import db
from idp.models import Reset, Token, User
from tests.api.account_helpers import add_app, audit_actions, post
from tests.api.conftest import RESET_WAIT
from tests.support.grants import service_holds_a_token
from tests.support.journeys import EMAIL, PHONE, SignIn, SignUp

WAIT = RESET_WAIT
AFTER_CANCEL = 30 * 86400


@pytest.fixture
def mailbox(app):
    """A browser of whoever reads the account's mailbox (the owner without their phone, or not)."""
    return app.test_client()


def recover(client, outbox):
    """I forgot my password: the address and its code; the second factor is then asked."""
    assert post(client, "/recovery/send", userName=EMAIL, language="fr").status_code == 200
    return post(client, "/recovery/verify", otp=outbox.code(EMAIL))


def ask_deletion(client, outbox):
    assert recover(client, outbox).status_code == 200
    return post(client, "/recovery/accountreset")


def resets(app) -> list[Reset]:
    with app.app_context():
        found = db.session.scalars(db.select(Reset).order_by(Reset.requested_at)).all()
        db.session.expunge_all()
        return found


def account_exists(app) -> bool:
    with app.app_context():
        return db.session.scalar(db.select(User.id).filter_by(email=EMAIL)) is not None


def cancel_link(outbox) -> str:
    notice = next(message for message in outbox.messages(EMAIL) if "/accountreset/cancel#" in message.body)
    return re.search(r"(\S+/accountreset/cancel#\S+)", notice.body).group(1)


def test_after_the_address_code_the_deletion_may_be_asked_and_waits(owner, mailbox, outbox, app):
    journey = ask_deletion(mailbox, outbox).json["data"]["journey"]
    assert (journey["state"], journey["screen"]) == ("ACCOUNT_RESET_REQUESTED", "forgotpassword/accountreset/requested")
    [reset] = resets(app)
    assert reset.kind == "account" and (reset.effective_at - reset.requested_at).total_seconds() == WAIT
    assert journey["waitingReset"]["kind"] == "account" and journey["waitingReset"]["when"]["fr"]
    assert "account_reset_requested" in audit_actions(app) and account_exists(app)


def test_the_address_and_the_phone_are_told_at_once_with_a_link_that_cancels(owner, mailbox, outbox, app):
    ask_deletion(mailbox, outbox)
    email = next(message for message in outbox.messages(EMAIL) if "/accountreset/cancel#" in message.body)
    [text] = [message for message in outbox.messages(PHONE) if "/accountreset/cancel#" in message.body]
    assert email.subject == "Votre compte sera supprimé" and "/fr/accountreset/cancel#" in email.body
    assert text.code is None and resets(app)[0].effective_at is not None
    token = cancel_link(outbox).partition("#")[2]
    assert token not in resets(app)[0].cancel_token_hash


def test_a_browser_that_did_not_prove_the_address_cannot_ask(owner, mailbox, outbox, app):
    post(mailbox, "/recovery/send", userName=EMAIL, language="fr")
    sent = len(outbox.messages(EMAIL))
    refused = post(mailbox, "/recovery/accountreset")
    assert (refused.status_code, refused.json["message"]) == (409, "20")
    assert resets(app) == [] and len(outbox.messages(EMAIL)) == sent


def test_before_the_wait_is_over_nothing_deletes_the_account(owner, mailbox, outbox, app, frozen):
    ask_deletion(mailbox, outbox)
    frozen.shift(WAIT - 1)
    again = app.test_client()
    journey = recover(again, outbox).json["data"]["journey"]
    assert journey["screen"] == "forgotpassword/verification" and journey["waitingReset"]["kind"] == "account"
    refused = post(again, "/recovery/accountreset/delete")
    assert (refused.status_code, refused.json["message"]) == (409, "20")
    assert account_exists(app)


def test_the_browser_that_asked_cannot_delete_without_a_new_code_to_the_address(owner, mailbox, outbox, app, frozen):
    ask_deletion(mailbox, outbox)
    frozen.shift(WAIT)
    refused = post(mailbox, "/recovery/accountreset/delete")
    assert (refused.status_code, refused.json["message"]) == (409, "20")
    assert account_exists(app)


def test_after_the_wait_a_new_address_code_offers_the_deletion_which_deletes_everything(
    owner, client, mailbox, outbox, app, frozen
):
    with app.app_context():
        service_holds_a_token(owner.user_id)
        db.session.commit()
    ask_deletion(mailbox, outbox)
    frozen.shift(WAIT)
    journey = recover(mailbox, outbox).json["data"]["journey"]
    assert (journey["state"], journey["screen"]) == ("ACCOUNT_RESET_DUE", "forgotpassword/accountreset/delete")
    deleted = post(mailbox, "/recovery/accountreset/delete")
    assert deleted.status_code == 200 and deleted.json["data"]["journey"]["screen"] == "account/deleted"
    assert not account_exists(app) and resets(app) == []
    assert client.get("/v1/profile").status_code == 401
    with app.app_context():
        assert db.session.scalar(db.select(Token)) is None
    assert audit_actions(app) == ["account_deleted"]
    assert outbox.last(EMAIL).subject == "Votre compte a été supprimé"


def test_the_address_signs_up_again_as_a_new_person(owner, mailbox, outbox, app, frozen):
    old_id = owner.user_id
    ask_deletion(mailbox, outbox)
    frozen.shift(WAIT)
    recover(mailbox, outbox)
    post(mailbox, "/recovery/accountreset/delete")
    again = SignUp(app.test_client(), outbox)
    again.through("profile")
    assert again.user_id != old_id


def test_the_owners_sign_in_with_the_phone_cancels_the_deletion(owner, mailbox, outbox, app, frozen):
    ask_deletion(mailbox, outbox)
    phone = SignIn(app.test_client(), outbox)
    journey = phone.login().json["data"]["journey"]
    assert journey["waitingReset"]["kind"] == "account"
    phone.send()
    assert phone.verify().status_code == 200
    assert resets(app)[0].cancelled_at is not None
    assert any(
        "supprimer votre compte" in message.body and "annul" in message.body for message in outbox.messages(PHONE)
    )
    frozen.shift(WAIT)
    journey = recover(app.test_client(), outbox).json["data"]["journey"]
    assert journey["screen"] == "forgotpassword/verification" and "waitingReset" not in journey


def test_an_app_code_is_the_owner_too_and_cancels_the_deletion(owner, client, mailbox, outbox, app, frozen):
    secret = add_app(client, outbox)
    ask_deletion(mailbox, outbox)
    import pyotp

    signin = SignIn(app.test_client(), outbox)
    signin.login()
    assert post(signin.client, "/otp/otp/send", userName=EMAIL, otpType="app").status_code == 200
    frozen.shift(60)
    assert (
        post(signin.client, "/otp/otp/verify", userName=EMAIL, otpType="app", otp=pyotp.TOTP(secret).now()).status_code
        == 200
    )
    assert resets(app)[0].cancelled_at is not None


def test_the_link_cancels_the_deletion_once(owner, mailbox, outbox, app):
    ask_deletion(mailbox, outbox)
    token = cancel_link(outbox).partition("#")[2]
    assert post(app.test_client(), "/resets/cancel", token=token).json["data"] == {"cancelled": True, "kind": "account"}
    assert resets(app)[0].cancelled_at is not None and "account_reset_cancelled" in audit_actions(app)
    assert outbox.last(EMAIL).subject == "La suppression de votre compte est annulée"
    again = post(app.test_client(), "/resets/cancel", token=token)
    assert (again.status_code, again.json["message"]) == (404, "48")


def test_a_session_of_the_owner_sees_the_deletion_and_cancels_it(owner, client, mailbox, outbox, app):
    ask_deletion(mailbox, outbox)
    waiting = client.get("/v1/profile").json["data"]["reset"]
    assert waiting["kind"] == "account" and waiting["when"]["en"]
    assert post(client, "/profile/reset/cancel").json["data"] == {"cancelled": True, "kind": "account"}
    assert client.get("/v1/profile").json["data"]["reset"] is None


def test_after_a_cancellation_asking_again_needs_the_help_desk_and_sends_nothing(owner, mailbox, outbox, app, frozen):
    ask_deletion(mailbox, outbox)
    post(app.test_client(), "/resets/cancel", token=cancel_link(outbox).partition("#")[2])
    frozen.shift(3600)
    again = app.test_client()
    recover(again, outbox)
    told = (len(outbox.messages(EMAIL)), len(outbox.messages(PHONE)))
    refused = post(again, "/recovery/accountreset")
    assert (refused.status_code, refused.json["message"]) == (409, "55")
    assert (len(outbox.messages(EMAIL)), len(outbox.messages(PHONE))) == told and len(resets(app)) == 1


def test_a_request_while_one_waits_answers_what_waits_and_sends_nothing_new(owner, mailbox, outbox, app, frozen):
    first = ask_deletion(mailbox, outbox).json["data"]["journey"]["waitingReset"]
    frozen.shift(60)
    again = ask_deletion(app.test_client(), outbox).json["data"]["journey"]["waitingReset"]
    notices = [message for message in outbox.messages() if "/accountreset/cancel#" in message.body]
    assert again == first and len(resets(app)) == 1 and len(notices) == 2  # one e-mail, one text


def test_an_account_whose_sign_up_stopped_has_nothing_to_delete_for(app, signup, outbox, wait):
    signup.through("create")
    browser = app.test_client()
    journey = recover(browser, outbox).json["data"]["journey"]
    assert journey["screen"] == "forgotpassword/newpassword"
    refused = post(browser, "/recovery/accountreset")
    assert (refused.status_code, refused.json["message"]) == (409, "20")


def test_a_complete_account_whose_lost_phone_was_removed_may_ask_the_deletion(owner, mailbox, outbox, app, frozen):
    from tests.api.test_lost_phone import request_removal

    request_removal(SignIn(app.test_client(), outbox), outbox)
    frozen.shift(WAIT)
    SignIn(app.test_client(), outbox).login()  # the due removal is done at the password
    journey = recover(mailbox, outbox).json["data"]["journey"]
    assert (journey["state"], journey["screen"]) == ("ADDRESS_ONLY", "forgotpassword/accountreset")
    refused = post(mailbox, "/recovery/password", password="Granite-Maple-Lantern-58")
    assert (refused.status_code, refused.json["message"]) == (409, "20")
    assert post(mailbox, "/recovery/accountreset").json["data"]["journey"]["state"] == "ACCOUNT_RESET_REQUESTED"
    assert [message for message in outbox.messages(PHONE) if "/accountreset/cancel#" in message.body] == []


def test_the_screen_the_email_and_the_text_name_the_same_day_near_midnight(owner, mailbox, outbox, app, monkeypatch):
    """Issue 51: one formatter. Asked at 12:00 UTC, due 16.5 hours later: 04:30 UTC the next day,
    which is 23:30 the same day in Toronto, the service's time zone."""
    monkeypatch.setitem(app.config["IDP"]["profile"], "account_reset_wait_seconds", 59400)
    when = ask_deletion(mailbox, outbox).json["data"]["journey"]["waitingReset"]["when"]
    assert "1 janvier 2030" in when["fr"] and "23 h 30" in when["fr"] and "January 1, 2030" in when["en"]
    email = next(message for message in outbox.messages(EMAIL) if "/accountreset/cancel#" in message.body)
    [text] = [message for message in outbox.messages(PHONE) if "/accountreset/cancel#" in message.body]
    assert when["fr"] in email.body and when["fr"] in text.body
