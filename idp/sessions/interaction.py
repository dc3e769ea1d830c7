"""The hand-off between a sign-in/sign-up flow and a waiting authorization request.

A browser that has a session row keeps its waiting requests as rows (interactions). One that
has none yet — every anonymous /authorize — keeps them in a cookie of its own, sealed (Fernet,
idp/sealed.py) and bound to the browser's cookie token: a flood of /authorize writes nothing.
The cookie keeps the newest requests that fit in it, not only the last: a service's sign-in
opened in two tabs has two requests waiting, and the tab signed in second goes on to its own
(session_info's followTo) instead of losing it to the first. The session made at the
browser's first step of a flow turns the cookie's requests into rows (adopt()). A request too
big for a cookie is a row at once.
"""
from __future__ import annotations

import json
import secrets
from datetime import datetime, timedelta

from cryptography.fernet import InvalidToken
from flask import Flask, Response, current_app, g, request
from sqlalchemy import bindparam, delete, exists, inspect, update

from idp import cookies, sealed
from idp.clock import now
from idp.extensions import db
from idp.models import AuthorizationCode, BrowserSession, Interaction
from idp.store import writes

COOKIE = "idp_waiting"
# Browsers keep cookies of 4,096 bytes; a bigger request waits as a row.
COOKIE_MAX_BYTES = 3800

# The parameters an Interaction keeps; anything else a client sends is ignored.
KEPT_PARAMETERS = (
    "response_type", "client_id", "redirect_uri", "scope", "state", "nonce", "code_challenge",
    "code_challenge_method", "prompt", "max_age", "ui_locales", "login_hint", "acr_values",
)


def _box():
    return sealed.box(current_app.config["SECRET_KEY"], "idp waiting authorization request")


def _sealed(interactions: list[Interaction]) -> str:
    return _box().encrypt(json.dumps([{
        "uid": interaction.uid, "browser_key": interaction.browser_key, "client_id": interaction.client_id,
        "params": interaction.params, "created_at": interaction.created_at.isoformat(),
        "expires_at": interaction.expires_at.isoformat(),
    } for interaction in interactions]).encode()).decode()


def _from_cookie(browser_key: str | None) -> list[Interaction]:
    """The requests this browser's cookie keeps, unexpired and bound to its cookie token,
    newest first."""
    kept_cookie = request.cookies.get(cookies.host_cookie(COOKIE))
    if not kept_cookie or browser_key is None:
        return []
    try:
        kept = json.loads(_box().decrypt(kept_cookie.encode()))
    except (InvalidToken, ValueError):
        return []
    # a cookie sealed before the cookie kept several requests holds one
    waiting = []
    for one in kept if isinstance(kept, list) else [kept]:
        expires_at = datetime.fromisoformat(one["expires_at"])
        if one.get("browser_key") == browser_key and expires_at > now():
            waiting.append(Interaction(uid=one["uid"], browser_key=browser_key, client_id=one["client_id"], params=one["params"],
                                       created_at=datetime.fromisoformat(one["created_at"]), expires_at=expires_at))
    return waiting


def pending_for(browser_session: BrowserSession | None, browser_key: str | None = None) -> Interaction | None:
    """The newest unexpired Interaction of this browser (its session, else its cookie's
    browser_key while it has no session), if a relying service waits."""
    if browser_session is not None:
        adopted = _adopted(browser_session)
        if adopted is not None:
            return adopted
        owner = Interaction.browser_session_id == browser_session.id
    elif browser_key is not None:
        kept = _from_cookie(browser_key)
        if kept:
            return kept[0]
        owner = (Interaction.browser_key == browser_key) & Interaction.browser_session_id.is_(None)
    else:
        return None
    return db.session.scalar(_newest_waiting(owner, now()))


def _newest_waiting(owner, moment):
    return db.select(Interaction).filter(owner, Interaction.expires_at > moment).order_by(Interaction.created_at.desc()).limit(1)


def start(browser_session: BrowserSession | None, client_id: str, params: dict[str, str], browser_key: str | None = None) -> Interaction:
    """Keep a validated authorization request until the person has signed in, for the
    browser's session or, when it has none, in its cookie (bound to its browser_key). The
    caller commits."""
    moment = now()
    lifetime = timedelta(seconds=current_app.config["IDP"]["oauth"]["interaction_lifetime_seconds"])
    interaction = Interaction(
        uid=secrets.token_urlsafe(32),
        browser_session_id=browser_session.id if browser_session else None,
        browser_key=browser_key,
        client_id=client_id,
        params=params,
        created_at=moment,
        expires_at=moment + lifetime,
    )
    if browser_session is None:
        kept = [interaction, *_from_cookie(browser_key)]
        while kept:
            kept_cookie = _sealed(kept)
            if len(kept_cookie) <= COOKIE_MAX_BYTES:
                g.waiting_cookie = (kept_cookie, int(lifetime.total_seconds()))
                return interaction
            kept.pop()  # the oldest request makes room
        # the row is now this browser's newest request: the cookie never holds an older one
        g.waiting_cookie = ("", 0)
    db.session.add(interaction)
    return interaction


def adopt(browser_session: BrowserSession, browser_key: str | None) -> None:
    """The browser's first session row takes over the requests its cookie kept, else the rows
    kept for its browser_key (requests too big for the cookie, which then holds none: the
    cookie is always the newest request, start()). The caller commits."""
    kept = _from_cookie(browser_key)
    if kept:
        for waiting in kept:
            waiting.browser_session_id = browser_session.id
            db.session.add(waiting)
        # written with the step's commit; until then pending_for and complete_login find the
        # newest here (the cookie always holds the newest)
        g.adopted_interaction = kept[0]
        g.waiting_cookie = ("", 0)
    elif browser_key is not None:
        db.session.execute(
            update(Interaction)
            .where(Interaction.browser_key == browser_key, Interaction.browser_session_id.is_(None))
            .values(browser_session_id=browser_session.id)
        )


def _adopted(browser_session: BrowserSession) -> Interaction | None:
    """The request adopt() gave this session in this request: its newest, written with the
    step's commit."""
    adopted = g.get("adopted_interaction")
    return adopted if adopted is not None and adopted.browser_session_id == browser_session.id else None


# whether a code of the request's service already carries its nonce (idp/oauth/token.py's
# OpenIDConnect.exists_nonce), read by the same statement
_NONCE_SEEN = exists().where(
    AuthorizationCode.client_id == Interaction.client_id,
    AuthorizationCode.nonce == Interaction.params["nonce"].as_string(),
).correlate(Interaction)
_TAKE = (
    delete(Interaction)
    .where(Interaction.uid == bindparam("uid"), Interaction.browser_session_id == bindparam("browser_session_id"),
           Interaction.expires_at > bindparam("moment"))
    .returning(Interaction, _NONCE_SEEN)
    .execution_options(synchronize_session=False)
)


def take(uid: str, browser_session: BrowserSession | None) -> tuple[Interaction, bool] | None:
    """Remove and return the Interaction, only for the browser session that started it, and
    whether its nonce was already used by a code of its service.

    One conditional DELETE … RETURNING: the resume link is single-use even when two requests race.
    """
    if browser_session is None:
        return None
    return db.session.execute(_TAKE, {"uid": uid, "browser_session_id": browser_session.id, "moment": now()}).one_or_none()


_COMPLETE_LOGIN = (
    update(Interaction)
    .where(Interaction.uid == _newest_waiting(Interaction.browser_session_id == bindparam("waiting_session_id"), bindparam("moment"))
           .with_only_columns(Interaction.uid).scalar_subquery())
    .values(login_completed_at=bindparam("moment"))
    .returning(Interaction.uid).execution_options(synchronize_session=False)
)


def complete_login(browser_session: BrowserSession) -> writes.Answer:
    """Called by a flow right after sessions.authenticate(): the completed login is bound to
    the waiting Interaction, so that resuming it does not ask again for a login that
    prompt=login or max_age demanded. Written with the commit, which the caller makes; the
    Answer is then the Interaction's uid, None when no request waits (where_next)."""
    adopted = _adopted(browser_session)
    if adopted is not None:
        adopted.login_completed_at = now()
        return writes.Answer.known(adopted.uid)
    # pending_for's choice, found and marked in one statement
    return writes.with_commit(_COMPLETE_LOGIN, waiting_session_id=browser_session.id, moment=now())


def where_next(waiting: writes.Answer, language: str, destination: str | None = None) -> str:
    """Where a browser goes once signed in: the waiting request's resume, else the page the
    person opened signed out (a local page, checked when the sign-in began), else their
    profile home."""
    if waiting.value is None:
        return destination or f"/{language}/profilehome"
    return f"/authorize/resume/{waiting.value}"


def _write_cookie(response: Response) -> Response:
    waiting = g.pop("waiting_cookie", None)
    adopted = g.get("adopted_interaction")
    if adopted is not None and inspect(adopted).transient:
        # rolled back with the step that failed: the cookie still keeps the request
        return response
    if waiting is not None:
        cookies.write_cookie(response, COOKIE, *waiting)
    return response


def init_app(app: Flask) -> None:
    app.after_request(_write_cookie)
