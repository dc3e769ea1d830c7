"""The hand-off between a sign-in/sign-up flow and a waiting authorization request."""
from __future__ import annotations

import secrets
from datetime import timedelta

from flask import current_app
from sqlalchemy import delete

from idp.clock import now
from idp.extensions import db
from idp.models import BrowserSession, Interaction


def pending_for(browser_session: BrowserSession | None, browser_key: str | None = None) -> Interaction | None:
    """The newest unexpired Interaction of this browser (its session, else its cookie's
    browser_key while it has no session), if a relying service waits."""
    if browser_session is not None:
        owner = Interaction.browser_session_id == browser_session.id
    elif browser_key is not None:
        owner = (Interaction.browser_key == browser_key) & Interaction.browser_session_id.is_(None)
    else:
        return None
    return db.session.scalar(
        db.select(Interaction).filter(owner, Interaction.expires_at > now()).order_by(Interaction.created_at.desc()).limit(1)
    )


def start(browser_session: BrowserSession | None, client_id: str, params: dict[str, str], browser_key: str | None = None) -> Interaction:
    """Keep a validated authorization request until the person has signed in, for the
    browser's session or, when it has none, for its browser_key. The caller commits."""
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
    db.session.add(interaction)
    return interaction


def take(uid: str, browser_session: BrowserSession | None) -> Interaction | None:
    """Remove and return the Interaction, only for the browser session that started it.

    The conditional DELETE makes the resume link single-use even when two requests race.
    """
    if browser_session is None:
        return None
    interaction = db.session.scalar(
        db.select(Interaction).filter(
            Interaction.uid == uid,
            Interaction.browser_session_id == browser_session.id,
            Interaction.expires_at > now(),
        )
    )
    if interaction is None:
        return None
    db.session.expunge(interaction)
    deleted = db.session.execute(delete(Interaction).where(Interaction.uid == uid))
    return interaction if deleted.rowcount == 1 else None


def complete_login(browser_session: BrowserSession, language: str) -> str:
    """Called by a flow right after sessions.authenticate(); answers where the browser goes next.

    The completed login is bound to the waiting Interaction, so that resuming it does not
    ask again for a login that prompt=login or max_age demanded. The caller commits.
    """
    interaction = pending_for(browser_session)
    if interaction is None:
        return f"/{language}/profilehome"
    interaction.login_completed_at = now()
    return f"/authorize/resume/{interaction.uid}"
