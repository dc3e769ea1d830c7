"""The token endpoint's and userinfo's reads and writes: the hot paths of the provider, as
plain SQL statements built once, each in one round trip to PostgreSQL.

A relying service redeems a code or a refresh token on every sign-in and reads /userinfo
right after; at those rates the ORM's unit of work and a transaction's BEGIN and COMMIT cost
more than PostgreSQL's work (bench/RESULTS.md, issue 25). So on PostgreSQL:

- `redeem_code`: one statement consumes the code, writes the token under its grant and
  session and reads the person — an `UPDATE … RETURNING` (the code row stays, redeemed, so
  that a replay is recognised), an `INSERT … SELECT` from it and a `SELECT` joining the
  person, as data-modifying common table expressions: atomic on their own, sent in autocommit.
- `rotate_refresh_token`: the same for a refresh token, spent and replaced in one statement.
- `bearer` (people.py): an access token with its person, one `SELECT`.
Each is said here in Core and sent as its file, sql/<name>.postgresql.sql, on the driver's
connection (driver.py). (A code is written under its grant by grants.issue_code.)

Every condition of a good request is in the `UPDATE`'s WHERE (code of this client, not spent,
not expired, the same redirect_uri, the PKCE challenge of the verifier), so a miss changes
nothing; `refused_code` and `refused_refresh_token`, beside each statement, read the row
again and say which condition failed, in the same order, so that the grant
(idp/oauth/token.py) answers the error of that step, replays included. Of two requests racing
with one code, PostgreSQL lets one UPDATE win; the other waits on the row, finds it spent and
is a replay.

SQLite, the embedded default, cannot put an UPDATE in a WITH: the same statements run one
after the other in the request's transaction, reading from the table instead of the CTE.
redemptions.py builds both forms of each kind from its rule here, and sends them.

A connection dropped under a statement (PostgreSQL restarted) is retried once on a fresh one
(driver.py) rather than pinging every connection before use (idp/database.py). A redemption that did
reach PostgreSQL before the drop is then found spent: the retry answers it as a replay,
which fails closed.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import bindparam, case, select, update

from idp.extensions import db
from idp.models import AuthorizationCode, Token
from idp.store import grants, redemptions

_codes, _tokens = AuthorizationCode.__table__, Token.__table__


class Refused(StrEnum):
    """Why a code or a refresh token was not spent: the first condition it failed."""

    UNKNOWN = "unknown"  # none of this client's (a refresh token: none at all)
    SPENT = "spent"  # spent before: a replay
    EXPIRED = "expired"
    REDIRECT_URI = "redirect_uri"
    VERIFIER = "verifier"  # the PKCE challenge of the verifier is not the code's
    OTHER_CLIENT = "other_client"  # a refresh token of another client


# The rule of a redeemable code, twice, side by side: as SQL, the UPDATE spends only a code
# that meets every condition; in Python, refused_code reads the row again only when it did not
# and names the first condition it failed, in the same order. Change them together.
_REDEEMABLE = (
    _codes.c.code_hash == bindparam("presented_code_hash"),
    _codes.c.client_id == bindparam("caller"),
    _codes.c.redeemed_at.is_(None),
    _codes.c.expires_at > bindparam("moment"),
    _codes.c.redirect_uri == bindparam("asked_redirect_uri"),
    _codes.c.code_challenge.is_not_distinct_from(bindparam("verifier_challenge", type_=_codes.c.code_challenge.type)),
    _codes.c.code_challenge_method.is_not_distinct_from(
        bindparam("verifier_method", type_=_codes.c.code_challenge_method.type)
    ),
)
_REDEEM = update(_codes).where(*_REDEEMABLE).values(redeemed_at=bindparam("moment"))
_CODE_OF_CLIENT = select(AuthorizationCode).where(
    AuthorizationCode.code_hash == bindparam("presented_code_hash"), AuthorizationCode.client_id == bindparam("caller")
)


def refused_code(parameters: dict) -> tuple[Refused, AuthorizationCode | None]:
    """Why redeem_code(parameters) spent no code, and the code when there is one."""
    found = db.session.scalar(_CODE_OF_CLIENT, {name: parameters[name] for name in ("presented_code_hash", "caller")})
    if found is None:
        return Refused.UNKNOWN, None
    if found.redeemed_at is not None:
        return Refused.SPENT, found
    if found.expires_at <= parameters["moment"]:
        return Refused.EXPIRED, found
    if found.redirect_uri != parameters["asked_redirect_uri"]:
        return Refused.REDIRECT_URI, found
    return Refused.VERIFIER, found


# What a spent code gives its token and the ID token: the chain (the code itself), grant,
# session, person and the claims of the sign-in.
_SPENT_CODE = (
    _codes.c.id.label("chain"),
    _codes.c.user_id,
    _codes.c.grant_id,
    _codes.c.sid,
    _codes.c.scope,
    _codes.c.nonce,
    _codes.c.auth_time,
    _codes.c.amr,
    _codes.c.acr,
)

# The rule of a refresh token that may be spent, as SQL here (with grants' own: unrevoked), and
# as Python in refused_refresh_token, in the same order.
_SPEND = grants.spending_refresh_token(
    _tokens.c.refresh_token_hash == bindparam("presented_refresh_token_hash"),
    _tokens.c.client_id == bindparam("caller"),
    _tokens.c.refresh_token_expires_at > bindparam("moment", type_=_tokens.c.revoked_at.type),
)
_REFRESH_TOKEN = select(Token).where(Token.refresh_token_hash == bindparam("presented_refresh_token_hash"))


def refused_refresh_token(
    presented_refresh_token_hash: str, caller: str, moment: datetime
) -> tuple[Refused | None, Token | None]:
    """Why rotate_refresh_token would spend no token (None: it would), and the token."""
    found = db.session.scalar(_REFRESH_TOKEN, {"presented_refresh_token_hash": presented_refresh_token_hash})
    if found is None:
        return Refused.UNKNOWN, None
    if found.revoked_at is not None:
        return Refused.SPENT, found
    if found.refresh_token_expires_at <= moment:
        return Refused.EXPIRED, found
    if found.client_id != caller:
        return Refused.OTHER_CLIENT, found
    return None, found


_SPENT_TOKEN = (
    _tokens.c.authorization_code_id.label("chain"),
    _tokens.c.user_id,
    _tokens.c.grant_id,
    _tokens.c.sid,
    _tokens.c.scope.label("granted_scope"),
)


def _refresh_scope(spent):
    """The new pair's scope: the one asked (already checked to be within the grant), else the old."""
    asked = bindparam("asked_scope", type_=_tokens.c.scope.type)
    return case((asked.is_(None), spent.c.granted_scope), else_=bindparam("asked_scope"))


# Each kind of redemption, by the name of its statement's file on PostgreSQL (driver.py): what
# it spends, what the spent row gives, the new token's scope.
_KINDS = {
    "redeem_code": (_REDEEM, _SPENT_CODE, lambda spent: spent.c.scope),
    "rotate_refresh_token": (_SPEND, _SPENT_TOKEN, _refresh_scope),
}
ONE_STATEMENT = {kind: redemptions.one_statement(*parts) for kind, parts in _KINDS.items()}
STEPS = {kind: redemptions.in_steps(*parts) for kind, parts in _KINDS.items()}


def redeem_code(parameters: dict) -> redemptions.Issued | None:
    """Spend the code and write its token (parameters: presented_code_hash, caller (the client),
    asked_redirect_uri, verifier_challenge and verifier_method, moment, and the new token's
    hashes and expiries). None when the code cannot be redeemed; nothing changed then.
    Parameters are never named after a column: SQLAlchemy would add them to the UPDATE's SET."""
    return redemptions.spend("redeem_code", STEPS["redeem_code"], parameters)


def rotate_refresh_token(parameters: dict) -> redemptions.Issued | None:
    """Spend a refresh token and write the new pair (parameters: presented_refresh_token_hash,
    caller, asked_scope or None, moment, the new hashes and expiries). None: nothing changed."""
    return redemptions.spend("rotate_refresh_token", STEPS["rotate_refresh_token"], parameters)
