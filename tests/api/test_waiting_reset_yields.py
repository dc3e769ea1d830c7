"""Issue 50, point 1: a waiting removal yields to its phone.

Who holds what, what they try, what they must get:

- **The requester holds the password and the mailbox, the owner holds the phone.** The
  requester asks for the phone's removal; the owner goes on signing in *with that phone*
  during the wait — proof it is not lost. The sign-in proven by the phone cancels the removal
  at once (audited, by "proof"); the phone is told what was cancelled and why, the mailbox
  only that it was cancelled (what any cancellation says); after the wait, the requester's
  password sign-in removes nothing and asks the phone's code.
- **The owner proves the phone elsewhere than at sign-in** — recovery's second factor, or
  proving it is them before a change (re-authentication): each is a proof of the phone and
  cancels the same way.
- **The requester proves only the mailbox.** The lost phone's own e-mail code, or a code the
  mailbox reads in any flow, proves nothing about the phone: the removal stays.
- **The requester asks again at once after the owner said no** (by the link, the account
  page or a sign-in with the phone): the owner would be asked to react again and again. A
  self-service request within `profile.reset_after_cancel_seconds` of the owner's
  cancellation is refused before any code goes to the mailbox (409, code 55: the help desk's
  identity check is the way); after that time the request is possible again.
- **The requester (or the owner) signs in while a removal waits.** Sign-in does not offer
  "I no longer have this phone" again (a browser that asks anyway is refused, 409 code 56,
  and nothing is sent); it says a removal waits, when it takes effect in words naming the
  time zone, the same day as the e-mail and the text say, in both languages.
"""

from __future__ import annotations

import pytest

from idp.extensions import db
from idp.models import Reset
from tests.api.account_helpers import audit_actions, post, user
from tests.api.test_lost_phone import WAIT, cancel_token, lost_phone, request_removal
from tests.support.journeys import EMAIL, PASSWORD, PHONE, SignIn

# A month: profile.reset_after_cancel_seconds's default.
AFTER_CANCEL = 30 * 86400


@pytest.fixture
def requester(app, outbox):
    """Another browser: whoever holds the password and reads the mailbox."""
    return SignIn(app.test_client(), outbox)


@pytest.fixture
def owners_phone(app, outbox):
    """The owner, in a browser of their own, signing in with the phone in their hand."""
    return SignIn(app.test_client(), outbox)


def resets(app) -> list[Reset]:
    with app.app_context():
        found = db.session.scalars(db.select(Reset).order_by(Reset.requested_at)).all()
        db.session.expunge_all()
        return found


def sign_in_with_the_phone(signin: SignIn):
    assert signin.login().status_code == 200
    assert signin.send().status_code == 200
    return signin.verify()


def test_a_sign_in_proven_with_the_phone_cancels_the_waiting_removal(owner, requester, owners_phone, outbox, app):
    request_removal(requester, outbox)
    assert sign_in_with_the_phone(owners_phone).status_code == 200
    [reset] = resets(app)
    assert reset.cancelled_at is not None and reset.cancel_token_hash is None
    assert audit_actions(app).count("phone_reset_cancelled") == 1


def test_after_the_wait_the_requesters_password_removes_nothing_once_the_phone_signed_in(
    owner, requester, owners_phone, outbox, app, frozen
):
    request_removal(requester, outbox)
    sign_in_with_the_phone(owners_phone)
    frozen.shift(WAIT + 1)
    assert requester.login().json["data"]["otpType"] == "sms"
    assert user(app).phone is not None and resets(app)[0].completed_at is None


def test_the_phone_is_told_what_was_cancelled_and_why_the_mailbox_only_that_it_was(
    owner, requester, owners_phone, outbox
):
    request_removal(requester, outbox)
    told_before = len(outbox.messages(PHONE))
    sign_in_with_the_phone(owners_phone)
    text = next(
        message
        for message in outbox.messages(PHONE)[: len(outbox.messages(PHONE)) - told_before]
        if message.code is None
    )
    assert "annulé" in text.body and "connecté" in text.body
    [email] = [
        message for message in outbox.messages(EMAIL) if message.subject == "Le retrait de votre téléphone est annulé"
    ]
    assert "connecté" not in email.body


def test_recovery_proven_with_the_phone_cancels_the_waiting_removal(owner, requester, app, outbox):
    request_removal(requester, outbox)
    recovering = app.test_client()
    post(recovering, "/recovery/send", userName=EMAIL, language="fr")
    assert post(recovering, "/recovery/verify", otp=outbox.code(EMAIL)).status_code == 200
    assert post(recovering, "/recovery/code/verify", otp=outbox.code(PHONE)).status_code == 200
    assert resets(app)[0].cancelled_at is not None


def test_proving_it_is_you_with_the_phone_before_a_change_cancels_the_waiting_removal(
    owner, client, requester, app, outbox
):
    request_removal(requester, outbox)
    assert post(client, "/profile/password/password", password=PASSWORD).status_code == 200
    assert post(client, "/profile/password/code/verify", otp=outbox.code(PHONE)).status_code == 200
    assert resets(app)[0].cancelled_at is not None


def test_the_mailbox_alone_never_cancels_the_removal(owner, requester, app, outbox):
    request_removal(requester, outbox)
    recovering = app.test_client()
    post(recovering, "/recovery/send", userName=EMAIL, language="fr")
    assert post(recovering, "/recovery/verify", otp=outbox.code(EMAIL)).status_code == 200
    assert resets(app)[0].cancelled_at is None


def test_sign_in_shows_the_waiting_removal_instead_of_offering_it_again(owner, requester, owners_phone, outbox, app):
    request_removal(requester, outbox)
    journey = owners_phone.login().json["data"]["journey"]
    assert "lostPhone" not in journey
    waiting = journey["waitingReset"]
    [reset] = resets(app)
    assert waiting["kind"] == "phone" and waiting["effectiveAt"].startswith(reset.effective_at.isoformat()[:16])
    email = next(message for message in outbox.messages(EMAIL) if "/phonereset/cancel#" in message.body)
    assert waiting["when"]["fr"] in email.body
    assert waiting["when"]["en"].endswith("(Eastern Time)") or "Eastern" in waiting["when"]["en"]


def test_a_browser_that_asks_for_a_second_removal_while_one_waits_is_refused_and_nothing_is_sent(
    owner, requester, outbox
):
    request_removal(requester, outbox)
    other = SignIn(requester.client.application.test_client(), outbox)
    other.login()
    sent = len(outbox.messages(EMAIL))
    refused = lost_phone(other)
    assert (refused.status_code, refused.json["message"]) == (409, "56")
    assert refused.json["data"]["when"]["en"]
    assert len(outbox.messages(EMAIL)) == sent


@pytest.mark.parametrize("how", ["link", "account", "phone"])
def test_a_new_request_after_the_owner_cancelled_needs_the_help_desk(
    owner, client, requester, owners_phone, outbox, app, frozen, how
):
    request_removal(requester, outbox)
    if how == "link":
        assert post(requester.client, "/resets/cancel", token=cancel_token(outbox)).status_code == 200
    elif how == "account":
        assert post(client, "/profile/reset/cancel").status_code == 200
    else:
        sign_in_with_the_phone(owners_phone)
    frozen.shift(3600)
    again = SignIn(app.test_client(), outbox)
    again.login()
    sent = len(outbox.messages(EMAIL))
    refused = lost_phone(again)
    assert (refused.status_code, refused.json["message"]) == (409, "55")
    assert len(outbox.messages(EMAIL)) == sent and len(resets(app)) == 1


def test_once_the_time_after_a_cancellation_has_passed_the_person_may_ask_again(
    owner, requester, owners_phone, outbox, app, frozen
):
    request_removal(requester, outbox)
    sign_in_with_the_phone(owners_phone)
    frozen.shift(AFTER_CANCEL + 1)
    again = SignIn(app.test_client(), outbox)
    assert request_removal(again, outbox).status_code == 200
    assert len(resets(app)) == 2 and resets(app)[1].cancelled_at is None
