"""A redemption (tokens.py says what each kind spends and by which rule) in its two forms, built
once from Core: on PostgreSQL one statement — the spend as an `UPDATE … RETURNING`, the new token
as an `INSERT … SELECT` from it and the person as a `SELECT` joining it, data-modifying common
table expressions sent on the driver's own connection in autocommit (driver.py, its file
sql/<kind>.postgresql.sql); on SQLite, which cannot put an UPDATE in a WITH, the same three
statements one after the other in the request's transaction, the spent row standing in for the CTE.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Select, bindparam, case, insert, literal_column, select

from idp.extensions import db
from idp.models import Token
from idp.store import driver, people

_tokens = Token.__table__

# The scope that earns a refresh token (OpenID Connect Core section 11).
OFFLINE = "offline_access"


def _grants_offline(scope):
    """SQL: true when the space-separated scope holds offline_access. The constants are written
    in the SQL (not bound) so that the statement's file reads whole (driver.py)."""
    return (literal_column("' '").concat(scope).concat(literal_column("' '"))).like(literal_column(f"'% {OFFLINE} %'"))


def _token_values(source, scope) -> Select:
    """The new token's row, from the code or refresh token it comes from. A refresh token is
    written when the client may refresh (:refresh_token_hash given) and the scope is offline."""
    column = _tokens.c
    values = {
        "client_id": bindparam("caller", type_=column.client_id.type),
        "user_id": source.c.user_id,
        "grant_id": source.c.grant_id,
        "sid": source.c.sid,
        "authorization_code_id": source.c.chain,
        "access_token_hash": bindparam("new_access_token_hash", type_=column.access_token_hash.type),
        "refresh_token_hash": case(
            (_grants_offline(scope), bindparam("new_refresh_token_hash", type_=column.refresh_token_hash.type)),
            else_=None,
        ),
        "scope": scope,
        "issued_at": bindparam("moment", type_=column.issued_at.type),
        "access_token_expires_at": bindparam("new_access_token_expires_at", type_=column.access_token_expires_at.type),
        "refresh_token_expires_at": case(
            (
                _grants_offline(scope),
                bindparam("new_refresh_token_expires_at", type_=column.refresh_token_expires_at.type),
            ),
            else_=None,
        ),
    }
    return select(*(value.label(name) for name, value in values.items())).select_from(source)


def _insert_token(source, scope):
    values = _token_values(source, scope)
    return insert(_tokens).from_select([column.key for column in values.selected_columns], values)


def one_statement(spend, spent_columns, scope_of) -> Select:
    """PostgreSQL: spend, write the new token and read the person, in one statement."""
    spent = spend.returning(*spent_columns).cte("spent")
    scope = scope_of(spent)
    issued = (
        _insert_token(spent, scope)
        .returning(
            _tokens.c.user_id,
            _tokens.c.scope,
            _tokens.c.refresh_token_hash.is_not(None).label("refreshable"),
        )
        .cte("issued")
    )
    return people.with_person(
        spent.join(issued, issued.c.user_id == spent.c.user_id),
        spent.c.user_id,
        spent,
        issued.c.refreshable,
        issued.c.scope.label("token_scope"),
    )


def in_steps(spend, spent_columns, scope_of):
    """SQLite: the same three steps one after the other, the spent row standing in for the CTE."""
    table = spend.table
    row = select(*spent_columns).where(table.c.id == bindparam("spent_id")).subquery("spent")
    write = _insert_token(row, scope_of(row)).returning(_tokens.c.id)
    new_token = _tokens.alias("issued")
    read = people.with_person(
        row.join(new_token, new_token.c.id == bindparam("issued_id")),
        row.c.user_id,
        row,
        new_token.c.refresh_token_hash.is_not(None).label("refreshable"),
        new_token.c.scope.label("token_scope"),
    )
    return spend.returning(table.c.id), write, read


@dataclass(frozen=True, slots=True)
class Issued:
    """What one redemption gave: the row it spent (its chain, grant, session and claims), the
    new token's scope, whether a refresh token was written, and the person."""

    row: Any
    person: people.Person

    @property
    def refreshable(self) -> bool:
        return bool(self.row.refreshable)

    @property
    def scope(self) -> str:
        return self.row.token_scope


def spend(kind: str, steps: tuple, parameters: dict) -> Issued | None:
    """Spend, write the new token and read the person: the kind's statement on PostgreSQL, its
    steps (in_steps) elsewhere. None when nothing was spent; nothing changed then."""
    engine = db.engine
    if engine.dialect.name == "postgresql":
        row = driver.row(engine, kind, parameters)
    else:
        spend, write, read = steps
        connection = db.session.connection()
        spent_id = connection.execute(spend, parameters).scalar_one_or_none()
        if spent_id is None:
            return None
        issued_id = connection.execute(write, {**parameters, "spent_id": spent_id}).scalar_one()
        row = connection.execute(read, {"spent_id": spent_id, "issued_id": issued_id}).one()
    return None if row is None else Issued(row, people.Person.of(row))
