"""A way back for a lost phone, where one factor never stands in for two (login.gov's account
reset, GOV.UK One Login's help desk): a reset of kind "phone" (resets.py, which it shares with
the account's deletion).

A person whose only strong method is the phone on the account (no app, passkey or backup
codes: the server decides, from the account) may say at sign-in, after the password, "I no
longer have this phone". A code to the account's address then proves the address, and the
phone's removal is *requested*: it takes effect after `profile.lost_phone_wait_seconds`, told
at once to the address AND the phone with a link that cancels it. Whoever knows the password
and reads the mailbox is then still not in: the owner, who has the phone, has the whole wait to
say no — and saying it is signing in with the phone, which cancels the removal (resets.py).

Once the wait is over, the next sign-in with the password removes the phone (audited, told
by e-mail, every session ended and the services' tokens revoked) and goes on as a sign-up
that stopped before the phone step: a code by e-mail, then a new phone (signup.resume).

The help desk's removal (idp/console/support.py) is a reset of its own, complete at once,
after the identity check docs/console.md defines.
"""

from __future__ import annotations

from idp.clock import now
from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.flows import accounts, messages, methods, otp, resets, screens
from idp.flows.resets import OPERATOR, PHONE, SELF
from idp.flows.steps import Event
from idp.models import (
    AuditEvent,
    BrowserSession,
    Journey,
    OtpTransaction,
    OutboxMessage,
    PasskeyCredential,
    Reset,
    User,
)
from idp.store import audit, writes


def send_email_code(current: Journey, user: User) -> dict:
    """ "I no longer have this phone" at sign-in: a code to the account's address (again, on a
    resend). Refused while a reset waits (sign-in says so instead of offering this) and when
    the owner cancelled one lately (resets.py), before anything is sent."""
    _ensure_offered(user)
    resets.ensure_may_ask(user)
    return otp.send(
        current,
        Event.SEND_LOST_PHONE_CODE,
        "email",
        user.email,
        user.language,
        "lost_phone_code",
        user_id=user.id,
        own_factor=True,
    )


def verify_email_code(current: Journey, user: User, code: str, transaction_id: str | None) -> dict:
    """The address proved: the phone's removal is asked, and both the address and the phone
    told. A request already waiting stays as it was (no new notices, the same answer)."""
    _ensure_offered(user)
    otp.check(current, Event.VERIFY_LOST_PHONE_CODE, code, transaction_id, "email")
    resets.request(user, PHONE, current.browser_session_id)
    answer = {"journey": screens.view(current)}
    writes.commit(Journey, OtpTransaction, Reset, AuditEvent, OutboxMessage)
    return answer


def _ensure_offered(user: User) -> None:
    if not methods.only_the_phone(user):
        raise FlowError(Errors.LOST_PHONE_NOT_OFFERED)


def complete_if_due(user: User, browser_session: BrowserSession) -> None:
    """At a sign-in whose password was right: a request whose wait is over removes the phone,
    so the sign-in goes on to a code by e-mail and a new phone. Nothing happens early. The
    request was loaded with the person's methods (methods.WITH_METHODS): no statement more."""
    if resets.due(user, PHONE) is None:
        return
    resets.end_waiting(user.id, PHONE, completed_at=now())
    audit.record(user.id, browser_session.id, "phone_reset_completed", **_remove(user, browser_session, SELF))


def removed_by_operator(user: User, operator: User, reason: str) -> dict:
    """The help desk's removal of the phone and the passkeys, after its identity check: a reset
    complete at once (a removal that waited is done with it; a deletion that waits stays the
    owner's to cancel or confirm). Answers the details of the operator's
    audit event; not committed."""
    moment = now()
    resets.end_waiting(user.id, PHONE, completed_at=moment)
    db.session.add(
        Reset(
            user_id=user.id,
            kind=PHONE,
            requested_at=moment,
            effective_at=moment,
            completed_at=moment,
            requested_by=OPERATOR,
            operator_id=operator.id,
            reason=reason,
        )
    )
    passkeys_removed = db.session.execute(
        db.delete(PasskeyCredential).where(PasskeyCredential.user_id == user.id)
    ).rowcount
    return {"passkeys": passkeys_removed, **_remove(user, None, OPERATOR)}


def _remove(user: User, browser_session: BrowserSession | None, by: str) -> dict:
    """The phone goes, the person is told, and whoever holds a way in loses it (every session
    but the one signing in, every token). Answers the counts for the audit trail."""
    methods.remove_phone(user)
    # the person's methods were loaded with them: what was just removed goes too
    db.session.expire(user, ["phone", "passkeys", "waiting_reset"])
    if user.preferred_method in ("phone", "passkey"):
        user.preferred_method = None
    messages.deliver("email", user.email, "phone_reset_done", user.language, by=by)
    return accounts.after_factor_change(user, browser_session)
