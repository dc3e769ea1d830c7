"""The hand-off between a sign-in/sign-up flow and a waiting authorization request."""
from __future__ import annotations

from idp.clock import now
from idp.extensions import db
from idp.models import BrowserSession, Interaction


def pending_for(browser_session: BrowserSession | None) -> Interaction | None:
    """The newest unexpired Interaction of this browser session, if a relying service waits."""
    if browser_session is None:
        return None
    return db.session.scalar(
        db.select(Interaction)
        .filter(Interaction.browser_session_id == browser_session.id, Interaction.expires_at > now())
        .order_by(Interaction.created_at.desc())
        .limit(1)
    )


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
