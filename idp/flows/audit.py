"""Audit trail of account changes: who, what, when, from which browser session.

Details name what changed, never a secret: no password, no code, no full phone number.
"""
from __future__ import annotations

from idp import observability
from idp.clock import now
from idp.extensions import db
from idp.models import AuditEvent


def record(user_id: str, browser_session_id: int | None, action: str, **details) -> AuditEvent:
    """Add the event to the caller's transaction (it is kept only if the change is)."""
    event = AuditEvent(at=now(), user_id=user_id, browser_session_id=browser_session_id, action=action, details=details or None)
    db.session.add(event)
    observability.security_event(action, user_id, **details)
    return event
