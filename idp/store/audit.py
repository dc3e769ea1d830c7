"""Audit trail of account changes: who, what, when, from which browser session and browser.

Details name what changed, never a secret: no password, no code, no full phone number. The
account's owner reads their events on the account activity page (idp/account/activity.py);
they are kept account.activity_retention_days, then purged by housekeeping.
"""

from __future__ import annotations

from flask import has_request_context, request

from idp import observability
from idp.clock import now
from idp.extensions import db
from idp.models import AuditEvent
from idp.models.session import USER_AGENT_LENGTH


def record(
    user_id: str | None, browser_session_id: int | None, action: str, private: dict | None = None, **details
) -> AuditEvent:
    """Add the event to the caller's transaction (it is kept only if the change is). private:
    details the owner's activity shows and the log never carries (a passkey's name, which people
    write: "Jeanne's phone")."""
    user_agent = request.user_agent.string[:USER_AGENT_LENGTH] or None if has_request_context() else None
    event = AuditEvent(
        at=now(),
        user_id=user_id,
        browser_session_id=browser_session_id,
        action=action,
        details={**details, **(private or {})} or None,
        user_agent=user_agent,
    )
    db.session.add(event)
    observability.security_event(action, user_id, **details)
    return event
