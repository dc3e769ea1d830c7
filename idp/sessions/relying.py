"""The relying services a browser session signed in to (browser_sessions.clients): written at
a session's first sign-in to each, so that when it ends they are told (back-channel logout,
even after its codes and tokens are purged); and forgotten when the account leaves a service.
"""
from __future__ import annotations

from flask import current_app
from sqlalchemy import bindparam, update
from sqlalchemy.orm.attributes import set_committed_value

from idp.extensions import db
from idp.models import BrowserSession
from idp.sessions import LEFT
from idp.store import writes

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


def leave(user_id: str, client_id: str) -> None:
    """The account was disconnected from a service: its sessions forget that the service signed
    in through them, and the service is told (back-channel logout) to end every session it holds
    for the account. The logout token names the account (its sub), not the browser sessions,
    which go on: a live sid announced as ended would have the service refuse every later
    sign-in through that browser. The caller commits."""
    for row in db.session.scalars(db.select(BrowserSession).filter_by(user_id=user_id)):
        if client_id in (row.clients or []):
            row.clients = [known for known in row.clients if known != client_id]
    LEFT.send(current_app._get_current_object(), user_id=user_id, client_ids=[client_id])
