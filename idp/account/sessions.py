"""Where you're signed in: the account's live browser sessions, in words, and ending them.

This browser's session comes first, then the others, last used first. Each session says the
browser and system it began in (parsed from its user agent by the user-agents library,
ua-parser's rules: never by hand), when the person signed in, when it was last used, how they
proved it was them (from its amr) and whether it is this browser.
Ending one, or every one but this browser's, goes through idp/sessions/__init__.py (its one door:
the audit trail, the metric, back-channel logout to the services signed in through it) and
revokes the tokens those services were given through it (idp/store/grants.py). Protecting
oneself needs no re-authentication (login.gov and GOV.UK One Login ask none for it).

The list is read a page at a time by keyset (last used, then id, newest first): an account
with a thousand sessions reads one page as fast as one with two.
"""

from __future__ import annotations

import base64
import binascii
from datetime import datetime, timedelta

from flask import current_app
from sqlalchemy import and_, or_, select
from user_agents import parse

from idp import moments, sessions
from idp.clock import iso, now
from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.flows import accounts
from idp.models import BrowserSession
from idp.store import grants

# How a session was proved, from its amr (RFC 8176), the strongest named first: the UI words each.
PROOFS = (("hwk", "passkey"), ("swk", "passkey"), ("sms", "sms"), ("tel", "voice"), ("mfa", "code"), ("otp", "email"))


def _settings() -> dict:
    return current_app.config["IDP"]


def proof_of(amr: list[str] | None) -> str | None:
    """passkey | sms | voice | code (an app or a backup code) | email, or None (unknown)."""
    held = set(amr or ())
    return next((proof for reference, proof in PROOFS if reference in held), None)


def device_of(user_agent: str | None) -> dict:
    """The browser, the system and the kind of device, as ua-parser names them; None for
    what it does not recognise (the UI says "unknown browser")."""
    if not user_agent:
        return {"browser": None, "system": None, "kind": None}
    parsed = parse(user_agent)
    kind = "phone" if parsed.is_mobile else "tablet" if parsed.is_tablet else "computer" if parsed.is_pc else None
    known = lambda family: None if family in ("Other", "") else family  # noqa: E731
    return {"browser": known(parsed.browser.family), "system": known(parsed.os.family), "kind": kind}


def _cursor(row: BrowserSession) -> str:
    return base64.urlsafe_b64encode(f"{row.last_seen_at.isoformat()}|{row.id}".encode()).decode().rstrip("=")


def _after(cursor: str | None):
    """The keyset condition of the page after `cursor`; a cursor that is not one of ours is BAD_REQUEST."""
    if not cursor:
        return True
    try:
        seen, _, row_id = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode().partition("|")
        last_seen, row_id = datetime.fromisoformat(seen), int(row_id)
        # ours are naive UTC and a row's id (a 32-bit integer on PostgreSQL)
        if last_seen.tzinfo is not None or not 0 < row_id < 2**31:
            raise ValueError(cursor)
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise FlowError(Errors.BAD_REQUEST, data={"field": "after"}) from None
    return or_(
        BrowserSession.last_seen_at < last_seen,
        and_(BrowserSession.last_seen_at == last_seen, BrowserSession.id < row_id),
    )


def shown(row: BrowserSession, current: BrowserSession, language: str) -> dict:
    signed_in = row.auth_time or row.created_at
    return {
        "id": row.sid,
        "current": row.id == current.id,
        **device_of(row.user_agent),
        "signedInAt": iso(signed_in),
        "signedInSaid": moments.said(signed_in, language),
        "lastUsedAt": iso(row.last_seen_at),
        "lastUsedSaid": moments.said(row.last_seen_at, language),
        "proof": proof_of(row.amr),
    }


def listed(browser_session: BrowserSession | None, after: str | None, language: str) -> dict:
    """A page of the account's live sessions: this browser's first (on the first page), then
    the others, last used first."""
    user = accounts.signed_in_user(browser_session)
    settings = _settings()
    moment = now()
    idle = timedelta(seconds=settings["session"]["idle_timeout_seconds"])
    size = settings["account"]["page_size"]
    rows = db.session.scalars(
        select(BrowserSession)
        .where(
            BrowserSession.user_id == user.id,
            BrowserSession.id != browser_session.id,
            BrowserSession.expires_at > moment,
            BrowserSession.last_seen_at > moment - idle,
            _after(after),
        )
        .order_by(BrowserSession.last_seen_at.desc(), BrowserSession.id.desc())
        .limit(size + 1)
    ).all()
    page = ([] if after else [browser_session]) + rows[:size]
    return {
        "sessions": [shown(row, browser_session, language) for row in page],
        "next": _cursor(rows[size - 1]) if len(rows) > size else None,
    }


def revoke_tokens_of(ended: list[sessions.Ended]) -> None:
    """The tokens the services were given through these sessions go with them."""
    for session in ended:
        grants.revoke(grants.Reason.SESSION_ENDED, sid=session.sid)


def end_one(browser_session: BrowserSession | None, sid: str) -> int:
    """End one of the account's other sessions (this browser signs out with its own button).
    Another account's session, this browser's or an unknown one: NOT_FOUND, nothing changed."""
    user = accounts.signed_in_user(browser_session)
    ended = sessions.end_chosen(user.id, sid, keep=browser_session)
    if not ended:
        raise FlowError(Errors.NOT_FOUND)
    revoke_tokens_of(ended)
    db.session.commit()
    return len(ended)


def end_others(browser_session: BrowserSession | None) -> int:
    """End every session of the account but this browser's; answers how many ended."""
    user = accounts.signed_in_user(browser_session)
    ended = sessions.end_others(user.id, browser_session, sessions.Reason.ENDED_BY_OWNER)
    revoke_tokens_of(ended)
    db.session.commit()
    return len(ended)
