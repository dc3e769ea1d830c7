"""The hand-off between a sign-in/sign-up flow and a waiting authorization request.

A browser that has a session row keeps its waiting requests as rows (interactions). One that
has none yet — every anonymous /authorize — keeps them in a cookie of its own, sealed and bound
to the browser's cookie token (waiting_cookie.py): a flood of /authorize writes nothing.
The cookie keeps the newest requests that fit in it, not only the last: a service's sign-in
opened in two tabs has two requests waiting, and the tab signed in second goes on to its own
(session_info's followTo) instead of losing it to the first. The session made at the
browser's first step of a flow turns the cookie's requests into rows (adopt()). A request too
big for a cookie is a row at once.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from flask import Flask, current_app, g
from sqlalchemy import bindparam, delete, exists, update

from idp.clock import now
from idp.extensions import db
from idp.models import AuthorizationCode, BrowserSession, Interaction
from idp.sessions import waiting_cookie
from idp.store import writes

# The parameters an Interaction keeps; anything else a client sends is ignored.
KEPT_PARAMETERS = (
    "response_type",
    "client_id",
    "redirect_uri",
    "scope",
    "state",
    "nonce",
    "code_challenge",
    "code_challenge_method",
    "prompt",
    "max_age",
    "ui_locales",
    "login_hint",
    "acr_values",
)


def pending_for(browser_session: BrowserSession | None, browser_key: str | None = None) -> Interaction | None:
    """The newest unexpired Interaction of this browser (its session, else its cookie's
    browser_key while it has no session), if a relying service waits."""
    if browser_session is not None:
        adopted = _adopted(browser_session)
        if adopted is not None:
            return adopted
        owner = Interaction.browser_session_id == browser_session.id
    elif browser_key is not None:
        kept = waiting_cookie.kept(browser_key)
        if kept:
            return kept[0]
        owner = (Interaction.browser_key == browser_key) & Interaction.browser_session_id.is_(None)
    else:
        return None
    return db.session.scalar(_newest_waiting(owner, now()))


def _newest_waiting(owner, moment):
    return (
        db.select(Interaction)
        .filter(owner, Interaction.expires_at > moment)
        .order_by(Interaction.created_at.desc())
        .limit(1)
    )


def start(
    browser_session: BrowserSession | None, client_id: str, params: dict[str, str], browser_key: str | None = None
) -> Interaction:
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
    if browser_session is None and waiting_cookie.keep([interaction, *waiting_cookie.kept(browser_key)], lifetime):
        return interaction
    db.session.add(interaction)
    return interaction


def adopt(browser_session: BrowserSession, browser_key: str | None) -> None:
    """The browser's first session row takes over the requests its cookie kept, else the rows
    kept for its browser_key (requests too big for the cookie, which then holds none: the
    cookie is always the newest request, start()). The caller commits."""
    kept = waiting_cookie.kept(browser_key)
    if kept:
        for waiting in kept:
            waiting.browser_session_id = browser_session.id
            db.session.add(waiting)
        # written with the step's commit; until then pending_for and complete_login find the
        # newest here (the cookie always holds the newest)
        g.adopted_interaction = kept[0]
        waiting_cookie.empty()
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


# whether a code of the request's service already carries its nonce (OpenIDConnect.exists_nonce,
# idp/oauth/authorization_request.py), read by the same statement
_NONCE_SEEN = (
    exists()
    .where(
        AuthorizationCode.client_id == Interaction.client_id,
        AuthorizationCode.nonce == Interaction.params["nonce"].as_string(),
    )
    .correlate(Interaction)
)
_TAKE = (
    delete(Interaction)
    .where(
        Interaction.uid == bindparam("uid"),
        Interaction.browser_session_id == bindparam("browser_session_id"),
        Interaction.expires_at > bindparam("moment"),
    )
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
    return db.session.execute(
        _TAKE, {"uid": uid, "browser_session_id": browser_session.id, "moment": now()}
    ).one_or_none()


_COMPLETE_LOGIN = (
    update(Interaction)
    .where(
        Interaction.uid
        == _newest_waiting(Interaction.browser_session_id == bindparam("waiting_session_id"), bindparam("moment"))
        .with_only_columns(Interaction.uid)
        .scalar_subquery()
    )
    .values(login_completed_at=bindparam("moment"))
    .returning(Interaction.uid)
    .execution_options(synchronize_session=False)
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


def init_app(app: Flask) -> None:
    app.after_request(waiting_cookie.write)
