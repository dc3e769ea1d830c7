"""Grants: what one account gave one relying service, and the one way anything is revoked.

A grant row (idp/models/grant.py) is written when a service receives an authorization code
for the account (`record`): its scopes and its last use, the first use kept; `issue_code`
writes the code under it, in one statement on PostgreSQL, with the request's commit. Codes and
tokens point to their grant and to the browser session (sid) that obtained them, which outlives
the session (`sessions_named`: whom a service that identifies sessions by sid is told). The
person's connected services are the grants not revoked (`connected`); housekeeping purges
expired tokens, never a grant.

`revoke` is the only code that revokes: a token, a refresh chain, a grant (the service is
disconnected: its tokens go too), what was issued through a browser session, or every token
of an account. Each call is an audit event, a security event and a metric, with its reason.
tests/foundation/test_one_door.py fails when another module writes revoked_at.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from enum import StrEnum

from sqlalchemy import bindparam, case, delete, insert, select, union, update

from idp import metrics
from idp.clock import now
from idp.database import upsert
from idp.extensions import db
from idp.models import AuthorizationCode, Grant, Token
from idp.store import audit, writes


def digest(value: str) -> str:
    """What is kept of a code or a token: its SHA-256."""
    return hashlib.sha256(value.encode()).hexdigest()


class Reason(StrEnum):
    # A spent code or refresh token came back: whoever holds a copy loses the chain.
    REPLAYED = "replayed"
    # A sign-in factor changed: the services sign the person in again.
    FACTOR_CHANGED = "factor_changed"
    # The service itself revoked a token it held (RFC 7009).
    CLIENT_REVOKED = "client_revoked"
    # The person ended the browser session the tokens were issued through (their account page).
    SESSION_ENDED = "session_ended"
    # The person disconnected the service from their account (their account page).
    DISCONNECTED = "disconnected"
    # The person deleted their account: its services are told, then every row goes (erase).
    ACCOUNT_DELETED = "account_deleted"


_grants, _tokens, _codes = Grant.__table__, Token.__table__, AuthorizationCode.__table__


def _record(dialect: str):
    """One statement: the grant of an account and a service, made or brought up to date.
    A revoked grant granted again starts afresh, as a first sign-in."""
    moment = bindparam("moment")
    statement = upsert(dialect, Grant).values(
        user_id=bindparam("user_id"),
        client_id=bindparam("client_id"),
        scope=bindparam("scope"),
        first_used_at=moment,
        last_used_at=moment,
    )
    revoked = _grants.c.revoked_at.is_not(None)
    return statement.on_conflict_do_update(
        index_elements=[_grants.c.user_id, _grants.c.client_id],
        set_={
            "scope": statement.excluded.scope,
            "last_used_at": statement.excluded.last_used_at,
            "first_used_at": case((revoked, statement.excluded.first_used_at), else_=_grants.c.first_used_at),
            "revoked_at": None,
            "revoked_reason": None,
        },
    ).returning(_grants.c.id)


RECORD = {dialect: _record(dialect) for dialect in ("postgresql", "sqlite")}


def record(user_id: str, client_id: str, scope: str) -> int:
    """The grant an authorization code is issued under; answers its id. The caller commits."""
    dialect = db.session.get_bind().dialect.name
    return db.session.execute(
        RECORD[dialect], {"user_id": user_id, "client_id": client_id, "scope": scope, "moment": now()}
    ).scalar_one()


_CODE_COLUMNS = (
    "code_hash",
    "client_id",
    "user_id",
    "sid",
    "redirect_uri",
    "scope",
    "nonce",
    "code_challenge",
    "code_challenge_method",
    "auth_time",
    "amr",
    "acr",
    "created_at",
    "expires_at",
)


def _code_under_grant():
    """grants.record's upsert as a common table expression, the code's INSERT selecting its id;
    the two share :user_id, :client_id and :scope (:moment is the code's created_at)."""
    granted = RECORD["postgresql"].cte("granted")
    values = [bindparam(name, type_=_codes.c[name].type) for name in _CODE_COLUMNS]
    return insert(_codes).from_select([*_CODE_COLUMNS, "grant_id"], select(*values, granted.c.id))


ISSUE_CODE = _code_under_grant()
_INSERT_CODE = insert(_codes)


def issue_code(parameters: dict) -> None:
    """An authorization code (parameters: _CODE_COLUMNS) under the grant of its account and
    service, written with the request's commit: nothing in the request reads it again. The
    caller commits."""
    connection = db.session.connection()
    if connection.dialect.name == "postgresql":
        writes.with_commit(ISSUE_CODE, **parameters, moment=parameters["created_at"])
        return
    grant_id = record(parameters["user_id"], parameters["client_id"], parameters["scope"])
    connection.execute(_INSERT_CODE, {**parameters, "grant_id": grant_id})


def spending_refresh_token(*conditions):
    """Rotation: the UPDATE that revokes a refresh token as it is used, where it is unspent
    and meets the conditions, so that of two requests racing with it exactly one wins.
    idp/store/tokens.py runs it with the new token's INSERT (:moment is when)."""
    return update(_tokens).where(*conditions, _tokens.c.revoked_at.is_(None)).values(revoked_at=bindparam("moment"))


def sessions_named(user_id: str, client_id: str) -> set[str]:
    """The browser sessions (sids) through which the account signed in to the service, as its
    codes and tokens name them: ended sessions too, until housekeeping purges the rows."""
    named = union(
        *(
            select(table.c.sid).where(
                table.c.user_id == user_id, table.c.client_id == client_id, table.c.sid.is_not(None)
            )
            for table in (_codes, _tokens)
        )
    )
    return set(db.session.scalars(named))


def connected(user_id: str) -> list[Grant]:
    """The account's grants that stand: the services it is connected to, oldest first."""
    return db.session.scalars(
        db.select(Grant).filter_by(user_id=user_id, revoked_at=None).order_by(Grant.first_used_at, Grant.id)
    ).all()


@dataclass(frozen=True)
class Revoked:
    tokens: int
    grants: int


def revoke(
    reason: Reason,
    *,
    token_id: int | None = None,
    chain: int | None = None,
    grant_id: int | None = None,
    sid: str | None = None,
    user_id: str | None = None,
) -> Revoked:
    """Revoke exactly one of: a token, the refresh chain of an authorization code, a grant
    (and every token under it), what was issued through a browser session (by its sid), or
    every token of an account (its grants stand: the services sign the person in again).
    The caller commits."""
    targets = {
        "token": Token.id == token_id,
        "chain": Token.authorization_code_id == chain,
        "grant": Token.grant_id == grant_id,
        "session": Token.sid == sid,
        "account": Token.user_id == user_id,
    }
    given = {"token": token_id, "chain": chain, "grant": grant_id, "session": sid, "account": user_id}
    chosen = [name for name, value in given.items() if value is not None]
    if len(chosen) != 1:
        raise ValueError("revoke takes exactly one of token_id, chain, grant_id, sid, user_id")
    moment = now()
    tokens = (
        db.session.execute(
            update(Token)
            .where(targets[chosen[0]], Token.revoked_at.is_(None))
            .values(revoked_at=moment)
            .returning(Token.user_id)
            .execution_options(synchronize_session=False)
        )
        .scalars()
        .all()
    )
    disconnected = None
    if grant_id is not None:
        disconnected = db.session.execute(
            update(Grant)
            .where(Grant.id == grant_id, Grant.revoked_at.is_(None))
            .values(revoked_at=moment, revoked_reason=reason.value)
            .returning(Grant.user_id)
            .execution_options(synchronize_session=False)
        ).scalar_one_or_none()
    metrics.TOKENS_REVOKED.labels(reason.value).inc(len(tokens))
    for owner in sorted(set(tokens) | ({disconnected} if disconnected else set())):
        audit.record(
            owner,
            None,
            "tokens_revoked",
            reason=reason.value,
            of=chosen[0],
            tokens_revoked=tokens.count(owner),
            grant_revoked=owner == disconnected,
        )
    return Revoked(tokens=len(tokens), grants=int(disconnected is not None))


def erase(user_id: str) -> None:
    """The account is deleted: its codes, tokens and grants go, once revoked (the services
    were told). The caller commits."""
    for model in (Token, AuthorizationCode, Grant):
        db.session.execute(delete(model).where(model.user_id == user_id).execution_options(synchronize_session=False))
