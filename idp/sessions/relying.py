"""The relying services a browser session signed in to (browser_sessions.clients): written at
a session's first sign-in to each, so that when it ends they are told (back-channel logout,
even after its codes and tokens are purged), and which of the account's live sessions signed in
to a service (`sessions_of`); forgotten when the account leaves a service.
"""

from __future__ import annotations

from flask import current_app
from sqlalchemy import bindparam, update
from sqlalchemy.orm.attributes import set_committed_value

from idp.extensions import db
from idp.models import BrowserSession
from idp.sessions.ended import LEFT
from idp.store import writes

_SIGNED_IN_TO = (
    update(BrowserSession)
    .where(BrowserSession.id == bindparam("session_id"))
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


def _of(user_id: str):
    return db.session.scalars(db.select(BrowserSession).filter_by(user_id=user_id))


def sessions_of(user_id: str, client_id: str) -> set[str]:
    """The sids of the account's live sessions that signed in to the service."""
    return {row.sid for row in _of(user_id) if client_id in (row.clients or [])}


def leave(user_id: str, client_id: str) -> None:
    """The account was disconnected from a service: the service is told (back-channel logout)
    to end every session it holds for the account, then the account's sessions forget that it
    signed in through them (told first: a service that identifies its sessions by sid is told
    the ones that did, idp/oauth/backchannel.py). The browser sessions go on here. The caller
    commits."""
    LEFT.send(current_app._get_current_object(), user_id=user_id, client_ids=[client_id])
    for row in _of(user_id):
        if client_id in (row.clients or []):
            row.clients = [known for known in row.clients if known != client_id]
