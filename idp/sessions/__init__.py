"""Server-side browser sessions: the one door through which a session is opened, touched,
rotated and ended.

The cookie carries a random 256-bit token; the database keeps only its HMAC, so a
leaked table cannot be replayed as cookies. The token is rotated when the person
authenticates (no session fixation); the session's sid, its name for relying services,
never changes. A row dies after an idle or an absolute timeout.

Every end of a session, whatever asks for it (sign-out here or at a relying service, a
change of factor, expiry, housekeeping), goes through `_end`: one DELETE, then the audit
trail, the security event and the metric, with the reason. tests/foundation/test_one_door.py
fails when another module deletes sessions.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from flask import Flask, current_app, g, request
from sqlalchemy import bindparam, delete, literal, or_, select, update

from idp import metrics
from idp.clock import now
from idp.errors import Errors
from idp.extensions import db, hold
from idp.models import BrowserSession, Device
from idp.models.session import USER_AGENT_LENGTH
from idp.sessions import cookie, devices, interaction, requester
from idp.sessions.ended import ENDED, Ended, Reason
from idp.store import audit, journeys

_UNSET = object()
SEEN_EVERY = timedelta(minutes=1)


# The session and the browser's trusted device (devices.py), which a sign-in's steps read
# too, in one statement; each may be missing.
_ONE_ROW = select(literal(1).label("one")).subquery()
_WITH_DEVICE = (
    select(BrowserSession, Device)
    .select_from(_ONE_ROW)
    .outerjoin(BrowserSession, BrowserSession.token_hash == bindparam("token_hash"))
    .outerjoin(Device, Device.id == bindparam("device_id"))
)

_BY_TOKEN = select(BrowserSession).where(BrowserSession.token_hash == bindparam("token_hash"))


def _load_from_cookie() -> BrowserSession | None:
    token = request.cookies.get(cookie.cookie_name())
    device_id = devices.named_id(requester.current().device_token)
    if device_id is not None:
        browser_session, device = db.session.execute(
            _WITH_DEVICE, {"token_hash": cookie.token_hash(token) if token else None, "device_id": device_id}
        ).one()
        hold(device)
    elif token:
        browser_session = db.session.scalar(_BY_TOKEN, {"token_hash": cookie.token_hash(token)})
    else:
        return None
    if browser_session is None:
        return None
    moment = now()
    idle = timedelta(seconds=cookie.settings()["idle_timeout_seconds"])
    if browser_session.expires_at <= moment or browser_session.last_seen_at + idle <= moment:
        _end(BrowserSession.id == browser_session.id, Reason.EXPIRED)
        db.session.commit()
        return None
    if moment - browser_session.last_seen_at >= SEEN_EVERY:
        # Any request, a read too, keeps the session alive; written at most once a minute,
        # and at once, so a page that only reads still counts.
        db.session.execute(
            update(BrowserSession)
            .where(BrowserSession.id == browser_session.id)
            .values(last_seen_at=moment)
            .execution_options(synchronize_session=False)
        )
        db.session.commit()
        browser_session.last_seen_at = moment
    return browser_session


def current(create: bool = False) -> BrowserSession | None:
    """The browser session of this request; a new one is made when create is true."""
    found = g.get("browser_session", _UNSET)
    if found is _UNSET:
        found = _load_from_cookie()
        g.browser_session = found
    if found is None and create:
        found = _new_session()
    return found


def why_absent() -> tuple[Errors, dict] | None:
    """Why this request has no session, as a person can act on it; None when it has one. A
    cookie that names no live session (its idle or absolute time passed, or it was ended
    since) is a page that expired; no cookie at all is a browser that lost it (cookies cleared
    or blocked)."""
    if current() is not None:
        return None
    if request.cookies.get(cookie.cookie_name()):
        # whole minutes, rounded up: a timeout of 90 s is not "1 minute", nor 20 s "0 minutes"
        return Errors.PAGE_EXPIRED, {"minutes": -(-cookie.settings()["idle_timeout_seconds"] // 60)}
    return Errors.SESSION_LOST, {}


def _new_session() -> BrowserSession:
    moment = now()
    known_as = cookie.browser_key()
    # Always a fresh token: a row never takes a token the browser brought (no fixation).
    token = secrets.token_urlsafe(32)
    browser_session = BrowserSession(
        token_hash=cookie.token_hash(token),
        created_at=moment,
        last_seen_at=moment,
        expires_at=moment + timedelta(seconds=cookie.settings()["absolute_timeout_seconds"]),
        user_agent=request.user_agent.string[:USER_AGENT_LENGTH] or None,
    )
    db.session.add(browser_session)
    db.session.flush()
    journeys.session_made(browser_session.id)
    interaction.adopt(browser_session, known_as)
    g.browser_session = browser_session
    g.browser_session_cookie = token
    return browser_session


def authenticate(browser_session: BrowserSession, user_id: str, amr: list[str], acr: str | None = None) -> None:
    """Mark the session signed in and rotate its token. The caller commits."""
    token = secrets.token_urlsafe(32)
    browser_session.token_hash = cookie.token_hash(token)
    browser_session.user_id = user_id
    strengthen(browser_session, amr, acr)
    g.browser_session = browser_session
    g.browser_session_cookie = token


def strengthen(browser_session: BrowserSession, amr: list[str], acr: str | None) -> None:
    """The person proved it is them (at sign-in, or again, more strongly): the session says
    how, and when. The caller commits."""
    # proving it is you is a use of the session: its last use is never before its sign-in
    browser_session.auth_time = browser_session.last_seen_at = now()
    browser_session.amr = list(amr)
    browser_session.acr = acr


def _end(condition, reason: Reason) -> list[Ended]:
    """End every session that matches: the one place sessions are deleted. The caller commits."""
    rows = db.session.execute(
        delete(BrowserSession)
        .where(condition)
        .returning(BrowserSession.id, BrowserSession.sid, BrowserSession.user_id, BrowserSession.clients)
        .execution_options(synchronize_session=False)
    ).all()
    ended = [Ended(*row) for row in rows]
    if not ended:
        return ended
    metrics.SESSIONS_ENDED.labels(reason.value).inc(len(ended))
    if reason is Reason.EXPIRED:
        # Expiry is no event of the person's: counted, not written to their history.
        return ended
    for user_id in sorted({session.user_id for session in ended if session.user_id is not None}):
        count = sum(1 for session in ended if session.user_id == user_id)
        audit.record(user_id, None, "sessions_ended", reason=reason.value, count=count)
    ENDED.send(current_app._get_current_object(), ended=ended)
    return ended


def end(browser_session: BrowserSession | None, reason: Reason = Reason.SIGNED_OUT) -> list[Ended]:
    """End this browser's session and clear its cookie. The caller commits."""
    ended = []
    if browser_session is not None:
        ended = _end(BrowserSession.id == browser_session.id, reason)
        # The row is gone: nothing may write it back.
        if browser_session in db.session:
            db.session.expunge(browser_session)
    g.browser_session = None
    g.browser_session_cookie = ""
    return ended


def end_others(user_id: str, keep: BrowserSession, reason: Reason) -> list[Ended]:
    """End every session of the account but the one kept. The caller commits."""
    return _end((BrowserSession.user_id == user_id) & (BrowserSession.id != keep.id), reason)


def end_all(user_id: str, reason: Reason) -> list[Ended]:
    """End every session of the account. The caller commits."""
    return _end(BrowserSession.user_id == user_id, reason)


def end_chosen(user_id: str, sid: str, keep: BrowserSession) -> list[Ended]:
    """End the account's session named sid, never the one kept (the browser asking). The
    caller commits."""
    return _end(
        (BrowserSession.user_id == user_id) & (BrowserSession.sid == sid) & (BrowserSession.id != keep.id),
        Reason.ENDED_BY_OWNER,
    )


def end_expired(expired_before, seen_before) -> int:
    """End the sessions that expired before the first moment or were last seen before the
    second (housekeeping). The caller commits."""
    return len(
        _end(or_(BrowserSession.expires_at < expired_before, BrowserSession.last_seen_at < seen_before), Reason.EXPIRED)
    )


def init_app(app: Flask) -> None:
    cookie.init_app(app)
