"""`flask --app idp housekeeping purge`: delete what has expired, on a schedule (README.md,
docs/operations.md: every 15 minutes from one machine).

Rows are kept housekeeping.keep_expired_seconds after they expire, so a late request
still meets a clear "expired" rather than "unknown", and a redeemed authorization code
is still recognised when it is replayed. Each table is purged by its own expiry, and the
rows left without their browser session are purged too (SQLite does not cascade).
Audit events are the account's history, shown to its owner (idp/account/activity.py): they
are kept account.activity_retention_days, not by an expiry. The analytics events of finished days
are rolled up into daily counts, then purged (idp/insight/rollup.py).
"""

from __future__ import annotations

import json
from datetime import timedelta

import click
from flask import current_app
from flask.cli import AppGroup
from sqlalchemy import delete, or_, select

from idp import sessions as browser_sessions
from idp.clock import now
from idp.extensions import db
from idp.flows import ceilings
from idp.insight import rollup
from idp.models import (
    AuditEvent,
    AuthorizationCode,
    BrowserSession,
    Interaction,
    Journey,
    LimitCounter,
    OtpTransaction,
    OutboxMessage,
    PushedRequest,
    Token,
)
from idp.sessions import devices

group = AppGroup(
    "housekeeping",
    help="Delete expired sessions, requests, codes, journeys, counters, tokens and the activity past its retention.",
)


def purge() -> dict[str, int]:
    """Delete every expired row; answers how many of each kind. Commits."""
    settings = current_app.config["IDP"]
    keep = timedelta(seconds=settings["housekeeping"]["keep_expired_seconds"])
    moment = now()
    before = moment - keep
    idle = timedelta(seconds=settings["session"]["idle_timeout_seconds"])
    # a counter goes once the longest window a counter may have is over (a destination's day)
    limits = settings["limits"]
    window = timedelta(
        seconds=max(limits["window_seconds"], limits["phone_messages_window_seconds"], ceilings.DAY_SECONDS)
    )
    history = timedelta(days=settings["account"]["activity_retention_days"])
    ended = browser_sessions.end_expired(before, before - idle)
    sessions = select(BrowserSession.id)
    statements = {
        "interactions": delete(Interaction).where(
            or_(Interaction.expires_at < before, Interaction.browser_session_id.not_in(sessions))
        ),
        "codes": delete(OtpTransaction).where(
            or_(OtpTransaction.expires_at < before, OtpTransaction.browser_session_id.not_in(sessions))
        ),
        "journeys": delete(Journey).where(Journey.browser_session_id.not_in(sessions)),
        "counters": delete(LimitCounter).where(
            LimitCounter.window_started_at < before - window,
            or_(LimitCounter.blocked_until.is_(None), LimitCounter.blocked_until < before),
        ),
        "authorization_codes": delete(AuthorizationCode).where(AuthorizationCode.expires_at < before),
        "pushed_requests": delete(PushedRequest).where(PushedRequest.expires_at < before),
        "tokens": delete(Token).where(
            Token.access_token_expires_at < before,
            or_(Token.refresh_token_expires_at.is_(None), Token.refresh_token_expires_at < before),
        ),
        "outbox_messages": delete(OutboxMessage).where(OutboxMessage.created < before),
        "audit_events": delete(AuditEvent).where(AuditEvent.at < moment - history),
    }
    counts = {"sessions": ended, "devices": devices.purge(before)} | {
        name: db.session.execute(statement.execution_options(synchronize_session=False)).rowcount
        for name, statement in statements.items()
    }
    db.session.commit()
    return counts | rollup.run()


@group.command("purge")
def purge_command() -> None:
    """Prints one JSON line: how many rows of each kind were deleted."""
    click.echo(json.dumps(purge()))
