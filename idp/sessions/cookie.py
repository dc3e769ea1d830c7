"""The browser session's cookie: the random token it carries, of which the database keeps only
the HMAC (token_hash), the browser's key while it has no session row (browser_key), writing the
cookie when a session was made or its token rotated, and Flask's own signed-cookie session,
which stays closed."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from flask import Flask, Response, current_app, g, request
from flask.sessions import NullSession, SessionInterface
from sqlalchemy import inspect

from idp import cookies


def token_hash(token: str) -> str:
    key = current_app.config["SECRET_KEY"].encode()
    return hmac.new(key, token.encode(), hashlib.sha256).hexdigest()


def settings() -> dict:
    return current_app.config["IDP"]["session"]


def cookie_name() -> str:
    return cookies.host_cookie(settings()["cookie_name"])


def browser_key(create: bool = False) -> str | None:
    """The HMAC of this browser's cookie token: what ties an authorization request to a
    browser that has no session row. With create, a browser without a cookie gets one, and
    still no row: an anonymous /authorize costs no session until the person starts a flow."""
    token = g.get("browser_session_cookie") or request.cookies.get(cookie_name())
    if not token and create:
        token = secrets.token_urlsafe(32)
        g.browser_session_cookie = token
    return token_hash(token) if token else None


def write(response: Response) -> Response:
    token = g.pop("browser_session_cookie", None)
    made = g.get("browser_session")
    if made is not None and inspect(made).transient:
        # The session made by this request was rolled back with the step that failed: the
        # browser keeps the token it came with, which still binds its waiting request.
        return response
    if token is not None:
        cookies.write_cookie(response, settings()["cookie_name"], token, settings()["absolute_timeout_seconds"])
    return response


class _ClosedSession(NullSession):
    def _fail(self, *args, **kwargs):
        raise RuntimeError("Flask's cookie session is closed: a browser's session is idp/sessions/ (the session door)")

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
    app.after_request(write)
