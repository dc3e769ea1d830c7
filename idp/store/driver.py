"""The hottest statements on PostgreSQL, sent on the driver's own connection (psycopg), with no
SQLAlchemy layer in between: each is the SQL of its file, sql/<name>.postgresql.sql, run as it
reads there, in autocommit (one round trip, no BEGIN nor COMMIT).

Why past SQLAlchemy: a code exchange, a refresh and a /userinfo are one statement each, and
SQLAlchemy's connection, execution options and result around that statement cost as much as
psycopg's own work — 0.15 ms of CPU against 0.075 ms per statement, measured by running the
bearer read both ways (the whole exchange costs about 1 ms: bench/RESULTS.md, issue 41). The
connection still comes from SQLAlchemy's pool (its limits, its metrics, its ping after idle
time), and goes back to it as it was lent (not in autocommit).

The files are written from the Core statements that say each rule (tokens.ONE_STATEMENT,
people.BEARER) by `make store-sql`; tests/foundation/test_store_sql.py fails when a file and
its statement differ. SENT tells listeners each statement sent (the tests that count the
statements of a call); nothing in the service listens.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import psycopg
from blinker import Namespace
from psycopg.rows import namedtuple_row
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError

FOLDER = Path(__file__).resolve().parent / "sql"
SENT = Namespace().signal("statement sent on the driver")


def path(name: str) -> Path:
    return FOLDER / f"{name}.postgresql.sql"


@cache
def sql(name: str) -> str:
    """The file's statement, without its heading comment (what the file says is for people)."""
    lines = path(name).read_text(encoding="utf-8").splitlines()
    return "\n".join(line for line in lines if not line.startswith("--")).strip()


def row(engine: Engine, name: str, parameters: dict):
    """The one row (attributes by column name) of the named statement, or None. A connection
    dropped under it (PostgreSQL restarted) is replaced and the statement sent once more; a
    failure is raised as SQLAlchemy's (OperationalError...), which the app answers (503)."""
    statement = sql(name)
    try:
        return _once(engine, statement, parameters)
    except DBAPIError as error:
        if not error.connection_invalidated:
            raise
    return _once(engine, statement, parameters)


def _once(engine: Engine, statement: str, parameters: dict):
    try:
        lent = engine.raw_connection()
    except psycopg.Error as error:
        # the pool's connect raises the driver's own error (a Connection would wrap it)
        raise DBAPIError.instance(statement, parameters, error, psycopg.Error, hide_parameters=True) from None
    connection: psycopg.Connection = lent.driver_connection
    try:
        connection.autocommit = True
        SENT.send(statement)
        with connection.cursor(row_factory=namedtuple_row) as cursor:
            cursor.execute(statement, parameters)
            return cursor.fetchone()
    except psycopg.Error as error:
        broken = connection.broken or connection.closed
        if broken:
            lent.invalidate()
        raise DBAPIError.instance(
            statement, parameters, error, psycopg.Error, hide_parameters=True, connection_invalidated=broken
        ) from None
    finally:
        if not connection.closed:
            connection.autocommit = False
        lent.close()
