"""Server-side browser sessions.

The cookie carries a random 256-bit token; the database keeps only its HMAC, so a
leaked table cannot be replayed as cookies. The token is rotated when the person
authenticates (no session fixation), and a row dies after an idle or an absolute
timeout. Sign-out deletes the row.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import timedelta

from flask import Flask, Response, current_app, g, request
from sqlalchemy import update

from idp.clock import now
from idp.extensions import db
from idp.models import BrowserSession

_UNSET = object()
SEEN_EVERY = timedelta(minutes=1)


def _hash(token: str) -> str:
    key = current_app.config["SECRET_KEY"].encode()
    return hmac.new(key, token.encode(), hashlib.sha256).hexdigest()


def _settings() -> dict:
    return current_app.config["IDP"]["session"]


def _load_from_cookie() -> BrowserSession | None:
    token = request.cookies.get(_settings()["cookie_name"])
    if not token:
        return None
    browser_session = db.session.scalar(db.select(BrowserSession).filter_by(token_hash=_hash(token)))
    if browser_session is None:
        return None
    moment = now()
    idle = timedelta(seconds=_settings()["idle_timeout_seconds"])
    if browser_session.expires_at <= moment or browser_session.last_seen_at + idle <= moment:
        db.session.delete(browser_session)
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


def _new_session() -> BrowserSession:
    moment = now()
    token = secrets.token_urlsafe(32)
    browser_session = BrowserSession(
        token_hash=_hash(token),
        created_at=moment,
        last_seen_at=moment,
        expires_at=moment + timedelta(seconds=_settings()["absolute_timeout_seconds"]),
    )
    db.session.add(browser_session)
    db.session.flush()
    g.browser_session = browser_session
    g.browser_session_cookie = token
    return browser_session


def authenticate(browser_session: BrowserSession, user_id: str, amr: list[str], acr: str | None = None) -> None:
    """Mark the session signed in and rotate its token. The caller commits."""
    token = secrets.token_urlsafe(32)
    browser_session.token_hash = _hash(token)
    browser_session.user_id = user_id
    browser_session.auth_time = now()
    browser_session.amr = list(amr)
    browser_session.acr = acr
    g.browser_session = browser_session
    g.browser_session_cookie = token


def end(browser_session: BrowserSession | None) -> None:
    """Sign out: delete the row and clear the cookie. The caller commits."""
    if browser_session is not None:
        db.session.delete(browser_session)
    g.browser_session = None
    g.browser_session_cookie = ""


def _write_cookie(response: Response) -> Response:
    token = g.pop("browser_session_cookie", None)
    if token is None:
        return response
    settings = _settings()
    secure = current_app.config["IDP"]["server"]["environment"] != "development"
    if token == "":
        response.delete_cookie(settings["cookie_name"], httponly=True, samesite="Lax", secure=secure)
    else:
        response.set_cookie(
            settings["cookie_name"],
            token,
            max_age=settings["absolute_timeout_seconds"],
            httponly=True,
            samesite="Lax",
            secure=secure,
        )
    return response


def init_app(app: Flask) -> None:
    app.after_request(_write_cookie)
