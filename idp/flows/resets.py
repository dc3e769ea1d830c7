"""Resets that wait: the way back of a person who lost a way in, where one factor never stands
in for two (login.gov's account reset, GOV.UK One Login's help desk).

Two kinds, one mechanism:

- **phone** (lost_phone.py): after the password, a person whose only strong method is the
  phone proves the address and asks for the phone's removal; once due, the next sign-in with
  the password removes it and asks a new phone.
- **account** (recovery.py, then idp/account/deletion.py): a person who proved the address in
  "I forgot my password" and can prove no other way in asks to delete the account and start
  again; once due, a new code to the address offers the deletion.

What they share, here: a request waits `profile.lost_phone_wait_seconds` or
`profile.account_reset_wait_seconds`, told at once to every channel the account has (the
address, and the phone by text or call), in the person's language, the moment said in the
service's time zone, each notice with a single-use link that cancels it (its token stored as a
hash). At most one waits per account (the schema's partial unique index; the account row's
lock makes a second request find the first). Then:

- **It yields to its owner.** A proof of a strong factor of the account while it waits — a
  sign-in, recovery's second factor or proving it is you before a change, by the phone, an
  app, a passkey or a backup code (second_factor.check) — cancels it: whoever asked lacked
  that factor, and the owner showed they have it. The phone is told what was cancelled and
  why; the address is told only that it was cancelled (what any cancellation says), since
  whoever asked may read it.
- **A new request after the owner said no goes to the help desk.** Within
  `profile.reset_after_cancel_seconds` (30 days) of a cancellation — by the link, the account
  pages or a proof — a request of either kind is refused (RESET_NEEDS_HELP_DESK) before any
  code or notice goes out. A request made again at once is the shape of someone who holds the
  password or the mailbox and hopes the owner misses a message; a longer wait would still ask
  the owner to react again and again, while the help desk's identity check (docs/console.md)
  does not depend on anyone missing a text.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from flask import current_app

from idp import moments
from idp.clock import now
from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.flows import messages, methods, screens, validation
from idp.models import AuditEvent, OutboxMessage, Reset, User
from idp.store import audit, writes

PHONE, ACCOUNT = "phone", "account"
SELF, OPERATOR = "self", "operator"
# The setting of each kind's wait ([profile]).
WAITS = {PHONE: "lost_phone_wait_seconds", ACCOUNT: "account_reset_wait_seconds"}
# The notices: to the address when asked and when cancelled; to the phone when asked (a text,
# or a call where texts are not offered) and when its owner's proof cancelled it.
ASKED = {PHONE: "phone_reset_requested", ACCOUNT: "account_reset_requested"}
CANCELLED = {PHONE: "phone_reset_cancelled", ACCOUNT: "account_reset_cancelled"}
YIELDED = "reset_yielded"
BY_CHANNEL = {"sms": "_text", "voice": "_voice"}


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _refused_lately(user: User) -> bool:
    """The owner cancelled a reset within profile.reset_after_cancel_seconds."""
    seconds = current_app.config["IDP"]["profile"]["reset_after_cancel_seconds"]
    if not seconds:
        return False
    since = now() - timedelta(seconds=seconds)
    return (
        db.session.scalar(db.select(Reset.id).where(Reset.user_id == user.id, Reset.cancelled_at >= since).limit(1))
        is not None
    )


def ensure_may_ask(user: User, kind: str | None = None) -> Reset | None:
    """Before a request, or the code that leads to one: RESET_WAITING when a reset of another
    kind waits (kind None: any that waits), RESET_NEEDS_HELP_DESK when the owner cancelled one
    lately. Answers the reset of this kind that waits, which a request answers as it is."""
    waiting = user.waiting_reset
    if waiting is not None and waiting.kind != kind:
        raise FlowError(Errors.RESET_WAITING, data=screens.waiting_reset(user))
    if waiting is None and _refused_lately(user):
        raise FlowError(Errors.RESET_NEEDS_HELP_DESK)
    return waiting


def request(user: User, kind: str, browser_session_id: int) -> None:
    """Ask the reset, unless one already waits (the same answer, nothing told again); not
    committed. Two browsers asking at the same moment take turns on the account's row, and
    the second finds the first's request instead of making another with notices and a link
    of its own; SQLite's writers take turns already (idp/database.py)."""
    db.session.execute(db.select(User.id).where(User.id == user.id).with_for_update())
    db.session.expire(user, ["waiting_reset"])
    if ensure_may_ask(user, kind) is None:
        _make(user, kind, browser_session_id)
        # read again by the answer, which says when it takes effect
        db.session.expire(user, ["waiting_reset"])


def _make(user: User, kind: str, browser_session_id: int) -> None:
    moment = now()
    token = secrets.token_urlsafe(32)
    wait = current_app.config["IDP"]["profile"][WAITS[kind]]
    reset = Reset(
        user_id=user.id,
        kind=kind,
        requested_at=moment,
        requested_by=SELF,
        cancel_token_hash=_token_hash(token),
        effective_at=moment + timedelta(seconds=wait),
    )
    db.session.add(reset)
    audit.record(user.id, browser_session_id, f"{kind}_reset_requested")
    values = {
        "when": moments.said(reset.effective_at, user.language),
        # the token in the fragment: browsers never send it, so no server or proxy logs it
        "link": f"{current_app.config['IDP']['server']['issuer']}/{user.language}/{kind}reset/cancel#{token}",
    }
    messages.deliver("email", user.email, ASKED[kind], user.language, **values)
    _tell_the_phone(user, ASKED[kind], **values)
    writes.flush(Reset, AuditEvent, OutboxMessage)


def _tell_the_phone(user: User, template: str, **values) -> None:
    """The account's phone, when it has one: a text carries the link; where texts are not
    offered (notify.channels), a call says it; a number [phone] now refuses gets nothing
    (messages.notify_phone), and the address, told the same, is the one warned."""
    phone = methods.verified_phone(user)
    if phone is None:
        return
    channel = "sms" if "sms" in validation.offered_channels() else "voice"
    messages.notify_phone(channel, phone.e164, template + BY_CHANNEL[channel], user.language, **values)


def end_waiting(user_id: str, kind: str | None = None, **ended) -> None:
    """The account's waiting reset (of that kind, or any) ends (cancelled_at or completed_at),
    its link with it."""
    db.session.execute(
        db.update(Reset)
        .where(
            Reset.user_id == user_id,
            Reset.cancelled_at.is_(None),
            Reset.completed_at.is_(None),
            *([Reset.kind == kind] if kind else []),
        )
        .values(cancel_token_hash=None, **ended)
        .execution_options(synchronize_session=False)
    )


def _cancel(user: User, reset: Reset, browser_session_id: int | None, by: str) -> dict:
    """Not committed."""
    end_waiting(user.id, cancelled_at=now())
    db.session.expire(user, ["waiting_reset"])
    audit.record(user.id, browser_session_id, f"{reset.kind}_reset_cancelled", by=by)
    messages.deliver("email", user.email, CANCELLED[reset.kind], user.language)
    return {"cancelled": True, "kind": reset.kind}


def cancel_by_link(browser_session_id: int | None, token: str) -> dict:
    """The link of the notices: once, and only while the reset waits."""
    reset = db.session.scalar(db.select(Reset).where(Reset.cancel_token_hash == _token_hash(token)))
    if reset is None or reset.cancelled_at is not None or reset.completed_at is not None:
        raise FlowError(Errors.PHONE_RESET_LINK_INVALID)
    answer = _cancel(db.session.get(User, reset.user_id), reset, browser_session_id, "link")
    writes.commit(Reset, AuditEvent, OutboxMessage)
    return answer


def cancel_signed_in(user: User, browser_session_id: int) -> dict:
    reset = user.waiting_reset
    if reset is None:
        raise FlowError(Errors.NOT_FOUND)
    answer = _cancel(user, reset, browser_session_id, "account")
    writes.commit(Reset, AuditEvent, OutboxMessage)
    return answer


def yield_to_proof(user: User, browser_session_id: int | None, method: str) -> None:
    """The owner proved a strong factor of the account (method: sms, voice, app, backup,
    passkey): a reset that waits is cancelled, and the phone told why. Not committed: it is
    written with the step that proved it."""
    reset = user.waiting_reset
    if reset is None:
        return
    kind = reset.kind
    _cancel(user, reset, browser_session_id, "proof")
    _tell_the_phone(user, YIELDED, kind=kind, method=method)


def due(user: User, kind: str) -> Reset | None:
    """The account's reset of this kind whose wait is over, if one waits."""
    reset = user.waiting_reset
    return reset if reset is not None and reset.kind == kind and reset.effective_at <= now() else None
