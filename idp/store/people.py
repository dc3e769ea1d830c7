"""What a token's claims say of an account (its person, with their phone when they have one),
read in the very statement that redeems the token (tokens.py) or checks it (bearer: /userinfo),
sent on PostgreSQL on the driver's connection in autocommit (driver.py)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Select, bindparam, select

from idp.extensions import db
from idp.models import PhoneCredential, Token, User
from idp.store import driver

_users, _phones, _tokens = User.__table__, PhoneCredential.__table__, Token.__table__


@dataclass(frozen=True, slots=True)
class Person:
    """What the claims of a token say of an account (idp/oauth/claims.py)."""

    id: str
    email: str
    email_verified: bool
    first_name: str | None
    last_name: str | None
    language: str
    phone_number: str | None
    phone_number_verified: bool | None

    @classmethod
    def of(cls, row) -> Person:
        return cls(
            row.user_id,
            row.email,
            bool(row.email_verified),
            row.first_name,
            row.last_name,
            row.language,
            row.phone_e164,
            None if row.phone_e164 is None else row.phone_verified_at is not None,
        )


_PERSON = (
    _users.c.email,
    _users.c.email_verified,
    _users.c.first_name,
    _users.c.last_name,
    _users.c.language,
    _phones.c.e164.label("phone_e164"),
    _phones.c.verified_at.label("phone_verified_at"),
)


def with_person(source, user_id, *columns) -> Select:
    """The columns of the source (a table or a join) and the person user_id names, with their
    phone when they have one."""
    return select(*columns, *_PERSON).select_from(
        source.join(_users, _users.c.id == user_id).outerjoin(_phones, _phones.c.user_id == _users.c.id)
    )


BEARER = with_person(
    _tokens,
    _tokens.c.user_id,
    _tokens.c.user_id,
    _tokens.c.client_id,
    _tokens.c.scope,
    _tokens.c.access_token_expires_at,
    _tokens.c.revoked_at,
).where(_tokens.c.access_token_hash == bindparam("presented_access_token_hash"))


def bearer(access_token_hash: str):
    """The access token's row and its person, or None: one statement, no transaction."""
    engine = db.engine
    if engine.dialect.name == "postgresql":
        row = driver.row(engine, "bearer", {"presented_access_token_hash": access_token_hash})
    else:
        row = db.session.execute(BEARER, {"presented_access_token_hash": access_token_hash}).one_or_none()
    return None if row is None else (row, Person.of(row))
