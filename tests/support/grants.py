"""A relying service that holds a token for an account, as the token endpoint leaves it: the
account's grant to that service, and the token under it."""

from __future__ import annotations

from datetime import timedelta

from idp.clock import now
from idp.extensions import db
from idp.models import Grant, Token


def service_holds_a_token(account: str, client_id: str = "reservations", **fields) -> Token:
    """Adds the grant (when missing) and one token to the session; the caller commits."""
    grant = db.session.scalar(db.select(Grant).filter_by(user_id=account, client_id=client_id))
    if grant is None:
        grant = Grant(user_id=account, client_id=client_id, scope=fields.get("scope", "openid"))
        db.session.add(grant)
        db.session.flush()
    token = Token(
        client_id=client_id,
        user_id=account,
        grant_id=grant.id,
        scope="openid",
        issued_at=now(),
        access_token_hash=fields.pop("access_token_hash", "a" * 64),
        access_token_expires_at=fields.pop("access_token_expires_at", now() + timedelta(hours=1)),
        **fields,
    )
    db.session.add(token)
    return token
