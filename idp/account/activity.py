"""Account activity: the account's security events, newest first, in words, and "This
wasn't me".

The events are the audit trail's (idp/store/audit.py): each says when, from which browser
(its user agent, worded by device_of) and whether it went the person's way. SHOWN names the
ones a person reads, and whether each is a failure; the UI words each by its name. The rest
(a token revoked as the chain of a change, say) are the operators' and stay out.

"This wasn't me" on an event the person does not recognise is one step: every other session
of the account ends, with the tokens the services were given through them, and the person is
then asked to change their password (which needs them to prove it is them). Protecting
oneself needs no re-authentication. An event that is not the account's, or not shown, is
NOT_FOUND: the same answer as an unknown one.

The list is read a page at a time by keyset (the event's id, newest first) through the index
on (user_id, id): an account with 100,000 events reads one page as fast as one with ten.
"""
from __future__ import annotations

from flask import current_app
from sqlalchemy import select

from idp import sessions
from idp.account.sessions import device_of, proof_of, revoke_tokens_of
from idp.clients import query_client
from idp.clock import iso
from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.flows import accounts
from idp.models import AuditEvent, BrowserSession
from idp.store import audit

# The events a person reads, by the audit trail's name: True where it is a failure (a wrong
# password, a lock), which the page marks as such.
SHOWN: dict[str, bool] = {
    "signin_completed": False,
    "recovery_completed": False,
    "signup_completed": False,
    "password_wrong": True,
    "code_wrong": True,
    "sign_in_slowed": True,
    "account_locked": True,
    "recovery_requested": False,
    "password_reset": False,
    "new_email_code_sent": False,
    "new_phone_code_sent": False,
    "name_changed": False,
    "email_changed": False,
    "phone_changed": False,
    "password_changed": False,
    "language_changed": False,
    "app_added": False,
    "passkey_added": False,
    "backup_codes_created": False,
    "phone_removed": False,
    "app_removed": False,
    "passkey_removed": False,
    "backup_removed": False,
    "backup_code_used": False,
    "sessions_ended": False,
    "service_disconnected": False,
    "reported_not_me": False,
    "information_downloaded": False,
    # a lost phone's removal: asked (by someone with the password and the address), cancelled, done
    "phone_reset_requested": False,
    "phone_reset_cancelled": False,
    "phone_reset_completed": False,
    # the help desk's acts at the person's request (idp/console/support.py)
    "support_unlocked": False,
    "support_ended_sessions": False,
    "support_required_new_password": False,
    "support_removed_phone": False,
}

# What of an event's details the page may show (the rest are the operators'): nothing
# personal — how the person proved it was them, the last four digits of a new phone (the
# person typed it), how many sessions ended and why, which service.
_SHOWN_DETAILS = ("channel", "ending", "count", "reason", "service")

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
        "failed": SHOWN[event.action],
        "at": iso(event.at),
        **device_of(event.user_agent),
        "proof": proof_of(details.get("amr")) if "amr" in details else None,
        **{name: details[name] for name in _SHOWN_DETAILS if name in details},
    }


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
        "timeZone": settings["time_zone"],
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
                AuditEvent.id == int(event_id), AuditEvent.user_id == user.id, AuditEvent.action.in_(SHOWN)
            )
        )
    if found is None:
        raise FlowError(Errors.NOT_FOUND)
    ended = sessions.end_others(user.id, browser_session, sessions.Reason.REPORTED_NOT_ME)
    revoke_tokens_of(ended)
    audit.record(user.id, browser_session.id, "reported_not_me", audit_event=found, count=len(ended))
    db.session.commit()
    return len(ended)
