"""Account activity: the account's security events, newest first, in words, and "This
wasn't me".

The events are the audit trail's (idp/store/audit.py): each says when, from which browser
(its user agent, worded by device_of) and whether it went the person's way. SHOWN names the
ones a person reads, whether each is a failure and whether a stranger could be its cause; the
UI words each by its name (login-ui's account.activity.events), and the help desk reads the
same words (in_words). The rest (a token revoked as the chain of a change, say) are the
operators' and stay out.

"This wasn't me" on an event the person does not recognise, where a stranger could be its
cause (SHOWN's reportable), is one step: every other session of the account ends, with the
tokens the services were given through them, and the person is then asked to change their
password (which needs them to prove it is them). Protecting oneself needs no
re-authentication. An event that is not the account's, not shown or the person's own act is
NOT_FOUND: the same answer as an unknown one.

The list is read a page at a time by keyset (the event's id, newest first) through the index
on (user_id, id): an account with 100,000 events reads one page as fast as one with ten.
"""

from __future__ import annotations

from typing import NamedTuple

from flask import current_app
from sqlalchemy import select

from idp import catalogue, moments, sessions
from idp.account.sessions import device_of, proof_of, revoke_tokens_of
from idp.clients import query_client
from idp.clock import iso
from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.flows import accounts
from idp.models import AuditEvent, BrowserSession
from idp.store import audit


class Shown(NamedTuple):
    # a failure (a wrong password, a lock), which the page marks as such
    failed: bool
    # a stranger could be its cause (a sign-in or an attempt at one, a change of the account's
    # factors, address or details): "This wasn't me" is offered beside it. An act that only
    # takes access away (signing out, disconnecting a service, a report itself, the help
    # desk's acts at the person's call) or the account's creation is the person's own.
    reportable: bool


# The events a person reads, by the audit trail's name.
SHOWN: dict[str, Shown] = {
    "signin_completed": Shown(failed=False, reportable=True),
    "recovery_completed": Shown(failed=False, reportable=True),
    "signup_completed": Shown(failed=False, reportable=False),
    "password_wrong": Shown(failed=True, reportable=True),
    "code_wrong": Shown(failed=True, reportable=True),
    "sign_in_slowed": Shown(failed=True, reportable=True),
    "account_locked": Shown(failed=True, reportable=True),
    "recovery_requested": Shown(failed=False, reportable=True),
    "password_reset": Shown(failed=False, reportable=True),
    "new_email_code_sent": Shown(failed=False, reportable=True),
    "new_phone_code_sent": Shown(failed=False, reportable=True),
    "name_changed": Shown(failed=False, reportable=True),
    "email_changed": Shown(failed=False, reportable=True),
    "phone_changed": Shown(failed=False, reportable=True),
    "password_changed": Shown(failed=False, reportable=True),
    "language_changed": Shown(failed=False, reportable=True),
    "app_added": Shown(failed=False, reportable=True),
    "passkey_added": Shown(failed=False, reportable=True),
    "backup_codes_created": Shown(failed=False, reportable=True),
    "phone_removed": Shown(failed=False, reportable=True),
    "app_removed": Shown(failed=False, reportable=True),
    "passkey_removed": Shown(failed=False, reportable=True),
    "backup_removed": Shown(failed=False, reportable=True),
    "backup_code_used": Shown(failed=False, reportable=True),
    "information_downloaded": Shown(failed=False, reportable=True),
    "sessions_ended": Shown(failed=False, reportable=False),
    "service_disconnected": Shown(failed=False, reportable=False),
    "reported_not_me": Shown(failed=False, reportable=False),
    # a lost phone's removal: asked (by someone with the password and the address: a stranger
    # could), cancelled (the owner's act), done
    "phone_reset_requested": Shown(failed=False, reportable=True),
    "phone_reset_cancelled": Shown(failed=False, reportable=False),
    "phone_reset_completed": Shown(failed=False, reportable=True),
    # the account's deletion asked by whoever proved the address (a stranger could), cancelled
    # (the owner's act, or the owner's sign-in); done, it leaves no account to show it
    "account_reset_requested": Shown(failed=False, reportable=True),
    "account_reset_cancelled": Shown(failed=False, reportable=False),
    # the help desk's acts at the person's request (idp/console/support.py)
    "support_unlocked": Shown(failed=False, reportable=False),
    "support_ended_sessions": Shown(failed=False, reportable=False),
    "support_required_new_password": Shown(failed=False, reportable=False),
    "support_removed_phone": Shown(failed=False, reportable=False),
}
REPORTABLE = tuple(name for name, shown in SHOWN.items() if shown.reportable)

# What of an event's details the page may show (the rest are the operators'): nothing
# personal — how the person proved it was them, the last four digits of a new phone (the
# person typed it), how many sessions ended and why, which service.
_SHOWN_DETAILS = ("channel", "ending", "count", "reason", "service", "passkey")

# The longest cursor the list takes: an id's digits.
_CURSOR_LENGTH = 12


def _after(cursor: str | None):
    """The keyset condition of the page after `cursor` (an event's id); a cursor that is not
    one is BAD_REQUEST."""
    if not cursor:
        return True
    if len(cursor) > _CURSOR_LENGTH or not cursor.isdigit():
        raise FlowError(Errors.BAD_REQUEST, data={"field": "after"})
    return AuditEvent.id < int(cursor)


def _service_name(client_id: str, language: str) -> str:
    client = query_client(client_id)
    return client.service.in_language(language)["title"] if client is not None else client_id


def _shown(event: AuditEvent, language: str) -> dict:
    details = dict(event.details or {})
    if "service" in details:
        details["service"] = _service_name(details["service"], language)
    return {
        "id": str(event.id),
        "event": event.action,
        "failed": SHOWN[event.action].failed,
        "reportable": SHOWN[event.action].reportable,
        "at": iso(event.at),
        "atSaid": moments.said(event.at, language),
        **device_of(event.user_agent),
        "proof": proof_of(details.get("amr")) if "amr" in details else None,
        **{name: details[name] for name in _SHOWN_DETAILS if name in details},
    }


def in_words(event: AuditEvent, language: str) -> str:
    """The event as the person's activity page says it (the UI's account.activity.events, with
    the values the page gives them): the help desk reads the same words."""
    shown = _shown(event, language)
    return catalogue.say(
        language,
        f"account.activity.events.{event.action}",
        count=shown.get("count", 0),
        ending=shown.get("ending", ""),
        service=shown.get("service", ""),
    )


def listed(browser_session: BrowserSession | None, after: str | None, language: str) -> dict:
    """A page of the account's activity, newest first, services named in the page's language."""
    user = accounts.signed_in_user(browser_session)
    settings = current_app.config["IDP"]["account"]
    size = settings["page_size"]
    rows = db.session.scalars(
        select(AuditEvent)
        .where(AuditEvent.user_id == user.id, AuditEvent.action.in_(SHOWN), _after(after))
        .order_by(AuditEvent.id.desc())
        .limit(size + 1)
    ).all()
    return {
        "events": [_shown(row, language) for row in rows[:size]],
        "next": str(rows[size - 1].id) if len(rows) > size else None,
        "keptDays": settings["activity_retention_days"],
    }


def not_me(browser_session: BrowserSession | None, event_id: str) -> int:
    """The person does not recognise the event: every other session of the account ends (and
    the tokens issued through them). Answers how many ended; the UI then asks for a new password."""
    user = accounts.signed_in_user(browser_session)
    found = None
    if event_id.isdigit() and len(event_id) <= _CURSOR_LENGTH:
        found = db.session.scalar(
            select(AuditEvent.id).where(
                AuditEvent.id == int(event_id), AuditEvent.user_id == user.id, AuditEvent.action.in_(REPORTABLE)
            )
        )
    if found is None:
        raise FlowError(Errors.NOT_FOUND)
    ended = sessions.end_others(user.id, browser_session, sessions.Reason.REPORTED_NOT_ME)
    revoke_tokens_of(ended)
    audit.record(user.id, browser_session.id, "reported_not_me", audit_event=found, count=len(ended))
    db.session.commit()
    return len(ended)
