"""A way back for a lost phone, where one factor never stands in for two (login.gov's account
reset, GOV.UK One Login's help desk).

A person whose only strong method is the phone on the account (no app, passkey or backup
codes: the server decides, from the account) may say at sign-in, after the password, "I no
longer have this phone". A code to the account's address then proves the address, and the
phone's removal is *requested*: it takes effect after `profile.lost_phone_wait_seconds`. At
once the address AND the phone on file are told, in the person's language, what was asked,
when it takes effect and how to cancel (a single-use link whose token is stored hashed; a
signed-in person may cancel from the account pages too). Whoever knows the password and reads
the mailbox is then still not in: the owner, who has the phone, has the whole wait to say no.

Once the wait is over, the next sign-in with the password removes the phone (audited, told
by e-mail, every session ended and the services' tokens revoked) and goes on as a sign-up
that stopped before the phone step: a code by e-mail, then a new phone (signup.resume).

The help desk's removal (idp/console/support.py) is a reset of its own, complete at once,
after the identity check docs/console.md defines.
"""
from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from flask import current_app

from idp import notify
from idp.clock import iso, now
from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.flows import accounts, methods, otp, screens, validation
from idp.flows.journey import Event
from idp.models import AuditEvent, BrowserSession, Journey, OtpTransaction, OutboxMessage, PasskeyCredential, PhoneReset, User
from idp.store import audit, writes

SELF, OPERATOR = "self", "operator"
# The notice to the phone on file, by channel.
PHONE_NOTICES = {"sms": "phone_reset_requested_text", "voice": "phone_reset_requested_voice"}


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def send_email_code(current: Journey, user: User) -> dict:
    """"I no longer have this phone" at sign-in: a code to the account's address (again, on a
    resend)."""
    _ensure_offered(user)
    return otp.send(
        current, Event.SEND_LOST_PHONE_CODE, "email", user.email, user.language, "lost_phone_code",
        user_id=user.id, own_factor=True,
    )


def verify_email_code(current: Journey, user: User, code: str, transaction_id: str | None) -> dict:
    """The address proved: the phone's removal is asked, and both the address and the phone
    told. A request already waiting stays as it was (no new notices, the same answer)."""
    _ensure_offered(user)
    otp.check(current, Event.VERIFY_LOST_PHONE_CODE, code, transaction_id, "email")
    if _waiting_after_the_others(user) is None:
        _request(user, current.browser_session_id)
        writes.flush(PhoneReset, AuditEvent, OutboxMessage)
        # read again by the answer, which says when the removal takes effect
        db.session.expire(user, ["waiting_phone_reset"])
    answer = {"journey": screens.view(current)}
    writes.commit(Journey, OtpTransaction, PhoneReset, AuditEvent, OutboxMessage)
    return answer


def _waiting_after_the_others(user: User) -> PhoneReset | None:
    """The account's waiting request, read again once the account's row is locked: two
    browsers asking at the same moment take turns, and the second finds the first's request
    (the same answer as a repeat) instead of making one more, with notices and a link of its
    own. SQLite's writers take turns already (idp/database.py)."""
    db.session.execute(db.select(User.id).where(User.id == user.id).with_for_update())
    db.session.expire(user, ["waiting_phone_reset"])
    return user.waiting_phone_reset


def _ensure_offered(user: User) -> None:
    if not methods.only_the_phone(user):
        raise FlowError(Errors.LOST_PHONE_NOT_OFFERED)


def _request(user: User, browser_session_id: int) -> None:
    moment = now()
    token = secrets.token_urlsafe(32)
    reset = PhoneReset(
        user_id=user.id, requested_at=moment, requested_by=SELF, cancel_token_hash=_token_hash(token),
        effective_at=moment + timedelta(seconds=current_app.config["IDP"]["profile"]["lost_phone_wait_seconds"]),
    )
    db.session.add(reset)
    audit.record(user.id, browser_session_id, "phone_reset_requested")
    settings = current_app.config["IDP"]
    values = {
        "when": notify.moment_in_words(reset.effective_at, user.language),
        # the token in the fragment: browsers never send it, so no server or proxy logs it
        "link": f"{settings['server']['issuer']}/{user.language}/phonereset/cancel#{token}",
    }
    otp.deliver("email", user.email, "phone_reset_requested", user.language, **values)
    # a text carries the link; where texts are not offered (notify.channels), a call says it
    channel = "sms" if "sms" in validation.offered_channels() else "voice"
    otp.notify_phone(channel, methods.verified_phone(user).e164, PHONE_NOTICES[channel], user.language, **values)


def _end_waiting(user_id: str, **ended) -> None:
    """Every removal of the account that waits ends (cancelled_at or completed_at), its link
    with it: two requests that raced from two browsers (before they took turns,
    _waiting_after_the_others) never leave one behind to fire later."""
    db.session.execute(
        db.update(PhoneReset)
        .where(PhoneReset.user_id == user_id, PhoneReset.cancelled_at.is_(None), PhoneReset.completed_at.is_(None))
        .values(cancel_token_hash=None, **ended)
        .execution_options(synchronize_session=False)
    )


def _cancel(user: User, browser_session_id: int | None, by: str) -> None:
    _end_waiting(user.id, cancelled_at=now())
    audit.record(user.id, browser_session_id, "phone_reset_cancelled", by=by)
    otp.deliver("email", user.email, "phone_reset_cancelled", user.language)
    writes.commit(PhoneReset, AuditEvent, OutboxMessage)


def cancel_by_link(browser_session_id: int | None, token: str) -> dict:
    """The link of the notices: once, and only while the removal waits."""
    reset = db.session.scalar(db.select(PhoneReset).where(PhoneReset.cancel_token_hash == _token_hash(token)))
    if reset is None or reset.cancelled_at is not None or reset.completed_at is not None:
        raise FlowError(Errors.PHONE_RESET_LINK_INVALID)
    _cancel(db.session.get(User, reset.user_id), browser_session_id, "link")
    return {"cancelled": True}


def cancel_signed_in(user: User, browser_session_id: int) -> dict:
    if user.waiting_phone_reset is None:
        raise FlowError(Errors.NOT_FOUND)
    _cancel(user, browser_session_id, "account")
    return {"cancelled": True}


def pending_of(user: User) -> dict | None:
    """What the account pages show of a waiting request: when it takes effect."""
    reset = user.waiting_phone_reset
    return {"effectiveAt": iso(reset.effective_at)} if reset else None


def complete_if_due(user: User, browser_session: BrowserSession) -> None:
    """At a sign-in whose password was right: a request whose wait is over removes the phone,
    so the sign-in goes on to a code by e-mail and a new phone. Nothing happens early. The
    request was loaded with the person's methods (methods.WITH_METHODS): no statement more."""
    reset = user.waiting_phone_reset
    if reset is None or reset.effective_at > now():
        return
    _end_waiting(user.id, completed_at=now())
    audit.record(user.id, browser_session.id, "phone_reset_completed", **_remove(user, browser_session, SELF))


def removed_by_operator(user: User, operator: User, reason: str) -> dict:
    """The help desk's removal of the phone and the passkeys, after its identity check: a reset
    complete at once (one that waited is done with it). Answers the details of the operator's
    audit event; not committed."""
    moment = now()
    _end_waiting(user.id, completed_at=moment)
    db.session.add(PhoneReset(
        user_id=user.id, requested_at=moment, effective_at=moment, completed_at=moment, requested_by=OPERATOR,
        operator_id=operator.id, reason=reason,
    ))
    passkeys_removed = db.session.execute(db.delete(PasskeyCredential).where(PasskeyCredential.user_id == user.id)).rowcount
    return {"passkeys": passkeys_removed, **_remove(user, None, OPERATOR)}


def _remove(user: User, browser_session: BrowserSession | None, by: str) -> dict:
    """The phone goes, the person is told, and whoever holds a way in loses it (every session
    but the one signing in, every token). Answers the counts for the audit trail."""
    methods.remove_phone(user)
    # the person's methods were loaded with them: what was just removed goes too
    db.session.expire(user, ["phone", "passkeys", "waiting_phone_reset"])
    if user.preferred_method in ("phone", "passkey"):
        user.preferred_method = None
    otp.deliver("email", user.email, "phone_reset_done", user.language, by=by)
    return accounts.after_factor_change(user, browser_session)
