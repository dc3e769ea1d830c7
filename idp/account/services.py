"""Connected services: the relying services this account has signed in to and not
disconnected (its grants that stand, idp/store/grants.py), what each receives, and
disconnecting one.

Disconnecting revokes the grant and every token the service holds for the account (one door:
grants.revoke, reason `disconnected`), and tells the service, by back-channel logout, to end
every session it holds for the account: a logout token naming the account's sub, or, for a
service that registered backchannel_logout_session_required, one naming each browser session
it signed in through (idp/oauth/backchannel.py). The browser sessions go on. The next sign-in
to it is a first one again (a fresh grant). No re-authentication: taking access away protects
the person.
"""

from __future__ import annotations

from sqlalchemy import select

from idp import moments
from idp.clients import query_client
from idp.clock import iso
from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.flows import accounts
from idp.models import BrowserSession, Grant
from idp.sessions import relying
from idp.store import audit, grants

# What each scope gives a service, in the order the page says it (the UI words each).
RECEIVES = ("openid", "profile", "email", "phone", "offline_access")


def listed(browser_session: BrowserSession | None, language: str) -> dict:
    """The services, the first signed in to first: name in the page's language, address,
    first and last sign-in, and what they receive."""
    user = accounts.signed_in_user(browser_session)
    services = []
    for grant in grants.connected(user.id):
        client = query_client(grant.client_id)
        if client is None:
            # no longer registered: nothing to show or to disconnect from
            continue
        service = client.service.in_language(language)
        granted = set(grant.scope.split())
        services.append(
            {
                "id": client.client_id,
                "name": service["title"],
                "url": service["url"],
                "firstSignIn": iso(grant.first_used_at),
                "firstSignInSaid": moments.day_said(grant.first_used_at, language),
                "lastSignIn": iso(grant.last_used_at),
                "lastSignInSaid": moments.day_said(grant.last_used_at, language),
                "receives": [scope for scope in RECEIVES if scope in granted],
            }
        )
    return {"services": services}


def disconnect(browser_session: BrowserSession | None, client_id: str) -> int:
    """Disconnect the account from the service; answers how many tokens were revoked. A
    service the account is not connected to (or another account's): NOT_FOUND, nothing changed."""
    user = accounts.signed_in_user(browser_session)
    grant_id = db.session.scalar(
        select(Grant.id).where(Grant.user_id == user.id, Grant.client_id == client_id, Grant.revoked_at.is_(None))
    )
    if grant_id is None:
        raise FlowError(Errors.NOT_FOUND)
    revoked = grants.revoke(grants.Reason.DISCONNECTED, grant_id=grant_id)
    relying.leave(user.id, client_id)
    audit.record(user.id, browser_session.id, "service_disconnected", service=client_id, tokens_revoked=revoked.tokens)
    db.session.commit()
    return revoked.tokens
