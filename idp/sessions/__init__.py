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

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import timedelta
from enum import StrEnum

from flask import Flask, Response, current_app, g, request
from flask.sessions import NullSession, SessionInterface
from sqlalchemy import bindparam, delete, inspect, literal, or_, select, update
from sqlalchemy.orm.attributes import set_committed_value

from idp import cookies, metrics
from idp.clock import now
from idp.extensions import db, hold
from idp.flows import journey
from idp.models import BrowserSession, Device
from idp.models.session import USER_AGENT_LENGTH
from idp.oauth import backchannel, interaction
from idp.sessions import devices, requester
from idp.store import audit, writes

_UNSET = object()
SEEN_EVERY = timedelta(minutes=1)


class Reason(StrEnum):
    """Why a session ended (the audit trail, the security event and the metric say it)."""

    SIGNED_OUT = "signed_out"
    # A sign-in factor changed: whoever else held a session of the account loses it.
    FACTOR_CHANGED = "factor_changed"
    # The idle or the absolute timeout passed.
    EXPIRED = "expired"
    # The person ended it from their list of sessions (idp/account/sessions.py).
    ENDED_BY_OWNER = "ended_by_owner"
    # The person did not recognise an event of their activity (idp/account/activity.py).
    REPORTED_NOT_ME = "reported_not_me"
    # The person deleted their account (idp/account/deletion.py).
    ACCOUNT_DELETED = "account_deleted"
    # The help desk ended them, at the person's request (idp/console/support.py).
    ENDED_BY_SUPPORT = "ended_by_support"


@dataclass(frozen=True)
class Ended:
    """A session that ended: what later steps (revocation, telling relying services) need."""

    id: int
    sid: str
    user_id: str | None
    # the relying services signed in through it
    clients: list[str] | None


def _hash(token: str) -> str:
    key = current_app.config["SECRET_KEY"].encode()
    return hmac.new(key, token.encode(), hashlib.sha256).hexdigest()


def _settings() -> dict:
    return current_app.config["IDP"]["session"]


def cookie_name() -> str:
    return cookies.host_cookie(_settings()["cookie_name"])


# The session and the browser's trusted device (devices.py), which a sign-in's steps read
# too, in one statement; each may be missing.
_ONE_ROW = select(literal(1).label("one")).subquery()
_WITH_DEVICE = (
    select(BrowserSession, Device).select_from(_ONE_ROW)
    .outerjoin(BrowserSession, BrowserSession.token_hash == bindparam("token_hash"))
    .outerjoin(Device, Device.id == bindparam("device_id"))
)

_BY_TOKEN = select(BrowserSession).where(BrowserSession.token_hash == bindparam("token_hash"))


def _load_from_cookie() -> BrowserSession | None:
    token = request.cookies.get(cookie_name())
    device_id = devices.named_id(requester.current().device_token)
    if device_id is not None:
        browser_session, device = db.session.execute(
            _WITH_DEVICE, {"token_hash": _hash(token) if token else None, "device_id": device_id}
        ).one()
        hold(device)
    elif token:
        browser_session = db.session.scalar(_BY_TOKEN, {"token_hash": _hash(token)})
    else:
        return None
    if browser_session is None:
        return None
    moment = now()
    idle = timedelta(seconds=_settings()["idle_timeout_seconds"])
    if browser_session.expires_at <= moment or browser_session.last_seen_at + idle <= moment:
        _end(BrowserSession.id == browser_session.id, Reason.EXPIRED)
        db.session.commit()
        return None
    if moment - browser_session.last_seen_at >= SEEN_EVERY:
        # Any request, a read too, keeps the session alive; written at most once a minute,
        # and at once, so a page that only reads still counts.
        db.session.execute(
            update(BrowserSession).where(BrowserSession.id == browser_session.id).values(last_seen_at=moment)
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


def browser_key(create: bool = False) -> str | None:
    """The HMAC of this browser's cookie token: what ties an authorization request to a
    browser that has no session row. With create, a browser without a cookie gets one, and
    still no row: an anonymous /authorize costs no session until the person starts a flow."""
    token = g.get("browser_session_cookie") or request.cookies.get(cookie_name())
    if not token and create:
        token = secrets.token_urlsafe(32)
        g.browser_session_cookie = token
    return _hash(token) if token else None


def _new_session() -> BrowserSession:
    moment = now()
    known_as = browser_key()
    # Always a fresh token: a row never takes a token the browser brought (no fixation).
    token = secrets.token_urlsafe(32)
    browser_session = BrowserSession(
        token_hash=_hash(token),
        created_at=moment,
        last_seen_at=moment,
        expires_at=moment + timedelta(seconds=_settings()["absolute_timeout_seconds"]),
        user_agent=request.user_agent.string[:USER_AGENT_LENGTH] or None,
    )
    db.session.add(browser_session)
    db.session.flush()
    journey.session_made(browser_session.id)
    interaction.adopt(browser_session, known_as)
    g.browser_session = browser_session
    g.browser_session_cookie = token
    return browser_session


def authenticate(browser_session: BrowserSession, user_id: str, amr: list[str], acr: str | None = None) -> None:
    """Mark the session signed in and rotate its token. The caller commits."""
    token = secrets.token_urlsafe(32)
    browser_session.token_hash = _hash(token)
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
        delete(BrowserSession).where(condition)
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
    backchannel.tell(ended)
    return ended


_SIGNED_IN_TO = (
    update(BrowserSession).where(BrowserSession.id == bindparam("session_id"))
    .values(clients=bindparam("signed_in_clients", type_=BrowserSession.__table__.c.clients.type))
    .execution_options(synchronize_session=False)
)


def signed_in_to(browser_session: BrowserSession, client_id: str) -> None:
    """Remember that a relying service signed in through this session (its first time only:
    a session's later sign-ins to the same service write nothing), with the commit, which
    the caller makes."""
    known = browser_session.clients or []
    if client_id in known:
        return
    clients = [*known, client_id]
    writes.with_commit(_SIGNED_IN_TO, session_id=browser_session.id, signed_in_clients=clients)
    # the row is written by the statement above: the object learns the value without a
    # second UPDATE at commit
    set_committed_value(browser_session, "clients", clients)


def leave_client(user_id: str, client_id: str) -> None:
    """The account was disconnected from a service: its sessions forget that the service signed
    in through them, and the service is told (back-channel logout) to end every session it holds
    for the account. The logout token names the account (its sub), not the browser sessions,
    which go on: a live sid announced as ended would have the service refuse every later
    sign-in through that browser. The caller commits."""
    for row in db.session.scalars(db.select(BrowserSession).filter_by(user_id=user_id)):
        if client_id in (row.clients or []):
            row.clients = [known for known in row.clients if known != client_id]
    backchannel.tell_subject(user_id, [client_id])


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
    return _end((BrowserSession.user_id == user_id) & (BrowserSession.sid == sid) & (BrowserSession.id != keep.id),
                Reason.ENDED_BY_OWNER)


def end_expired(expired_before, seen_before) -> int:
    """End the sessions that expired before the first moment or were last seen before the
    second (housekeeping). The caller commits."""
    return len(_end(or_(BrowserSession.expires_at < expired_before, BrowserSession.last_seen_at < seen_before), Reason.EXPIRED))


def _write_cookie(response: Response) -> Response:
    token = g.pop("browser_session_cookie", None)
    made = g.get("browser_session")
    if made is not None and inspect(made).transient:
        # The session made by this request was rolled back with the step that failed: the
        # browser keeps the token it came with, which still binds its waiting request.
        return response
    if token is not None:
        cookies.write_cookie(response, _settings()["cookie_name"], token, _settings()["absolute_timeout_seconds"])
    return response


class _ClosedSession(NullSession):
    def _fail(self, *args, **kwargs):
        raise RuntimeError("Flask's cookie session is closed: a browser's session is idp/sessions.py's")

    __setitem__ = __delitem__ = clear = pop = popitem = update = setdefault = _fail


class _NoFlaskSession(SessionInterface):
    """Flask's signed-cookie session stays closed: the browser's session is this module's.
    Opening it built a signer and read a cookie on every request (14-20 µs, bench/BEFORE.md),
    and anything writing to it fails loudly instead of setting a second cookie."""

    null_session_class = _ClosedSession

    def open_session(self, app, request):
        return self.make_null_session(app)

    def save_session(self, app, session, response) -> None:
        pass


def init_app(app: Flask) -> None:
    app.session_interface = _NoFlaskSession()
    app.after_request(_write_cookie)
