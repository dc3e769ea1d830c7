"""How the service talks to its database: bounded waits on PostgreSQL, and an embedded
SQLite that holds several people at once.

SQLite allows one writer at a time. In WAL mode readers never wait for it, the busy
timeout makes a second writer wait its turn instead of failing, and every transaction
starts with BEGIN IMMEDIATE: a transaction that read first and wrote later could
otherwise find that another wrote meanwhile and fail at once ("database is locked"),
which no timeout cures. Requests commit as soon as their change is made, so the write
lock is held briefly.
"""

from __future__ import annotations

import os
import time
import weakref
from typing import Any

from flask import Flask
from sqlalchemy import event
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DisconnectionError, SQLAlchemyError
from sqlalchemy.pool import QueuePool

from idp import metrics
from idp.extensions import db

# Seconds a client is asked to wait (Retry-After) when the database does not answer.
RETRY_AFTER_SECONDS = 5


class MeteredPool(QueuePool):
    """SQLAlchemy's pool, which says how full it is (idp/metrics.py): the connections lent out,
    the threads asking for one (waiting, when all are lent) and how many it may open.

    The capacity is that of the pools of the processes that serve requests: the web server builds
    the app in its master (config/web.py), whose pool every worker it forks inherits and none
    other uses, so each worker states the capacity for itself and the master says 0 (_after_fork);
    the management process's pool, which answers /readyz, counts too."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        _POOLS.add(self)
        _state_capacity()

    def _do_get(self):
        with metrics.DB_CONNECTIONS_WAITING.track_inprogress():
            record = super()._do_get()
        metrics.DB_CONNECTIONS_IN_USE.inc()
        return record

    def _do_return_conn(self, record) -> None:
        metrics.DB_CONNECTIONS_IN_USE.dec()
        super()._do_return_conn(record)


_POOLS: weakref.WeakSet[MeteredPool] = weakref.WeakSet()


def _state_capacity(serving: bool = True) -> None:
    metrics.DB_POOL_CAPACITY.set(sum(pool.size() + pool._max_overflow for pool in _POOLS) if serving else 0)


os.register_at_fork(after_in_parent=lambda: _state_capacity(serving=False), after_in_child=_state_capacity)


def engine_options(url: str, settings: dict[str, dict[str, Any]], web: bool = False) -> dict[str, Any]:
    """web: the web server's, whose statements PostgreSQL cancels past database.statement_timeout_seconds
    (granian has no time limit per request: a stuck statement would hold a thread for ever).
    Behind a pooler in transaction mode (database.transaction_pooling) nothing outlives a
    transaction on a connection: no statement is prepared, and the pooler sets the timeout."""
    database = settings["database"]
    if url.startswith("sqlite"):
        return {"poolclass": MeteredPool, "connect_args": {"timeout": database["sqlite_busy_timeout_seconds"]}}
    connect_args: dict[str, Any] = {"connect_timeout": database["connect_timeout_seconds"]}
    if database["transaction_pooling"]:
        connect_args["prepare_threshold"] = None
    elif web and database["statement_timeout_seconds"]:
        connect_args["options"] = f"-c statement_timeout={database['statement_timeout_seconds'] * 1000}"
    return {"poolclass": MeteredPool, "connect_args": connect_args}


def _ping_idle_connections(engine: Engine, idle_seconds: float) -> None:
    """A connection that rested in the pool longer than idle_seconds is pinged before it is
    lent, and replaced if dead (the server restarted, a proxy or firewall cut it), so that the
    same process recovers once the database is back. One busy a moment ago is lent as it is:
    a ping on every checkout was a sixth of the round trips of a token exchange. HikariCP
    does the same (aliveBypassWindowMs). A connection that dies in that moment fails its
    request once (503, code 35) and SQLAlchemy replaces the pool's older connections."""

    @event.listens_for(engine, "checkin")
    def rested(dbapi_connection, record) -> None:
        record.info["rested_since"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def lent(dbapi_connection, record, proxy) -> None:
        rested_since = record.info.pop("rested_since", None)
        if rested_since is None or time.monotonic() - rested_since <= idle_seconds:
            return
        try:
            alive = engine.dialect.do_ping(dbapi_connection)
        except engine.dialect.loaded_dbapi.Error:
            alive = False
        if not alive:
            # The pool then connects afresh and tries again.
            raise DisconnectionError("a pooled connection was found dead")


def _serialise_sqlite_writers(engine: Engine, busy_timeout_seconds: int) -> None:
    @event.listens_for(engine, "connect")
    def on_connect(connection, record):
        # SQLAlchemy emits BEGIN itself (below) rather than the driver's deferred one.
        connection.isolation_level = None
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA busy_timeout={busy_timeout_seconds * 1000}")
        # SQLite enforces foreign keys only when asked: without it, ON DELETE CASCADE does
        # nothing, and a new session that reuses the highest rowid of a deleted one would
        # find that session's journeys, codes and waiting requests.
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(connection):
        connection.exec_driver_sql("BEGIN IMMEDIATE")


def upsert(dialect: str, model):
    """INSERT … ON CONFLICT on the model's table: each dialect has its own construct."""
    return (postgresql.insert if dialect == "postgresql" else sqlite.insert)(model)


def rollback() -> None:
    """End the request's transaction, even when its connection is gone."""
    try:
        db.session.rollback()
    except SQLAlchemyError:
        db.session.invalidate()


def init_app(app: Flask) -> None:
    with app.app_context():
        engine = db.engine
    settings = app.config["IDP"]["database"]
    if engine.dialect.name == "sqlite":
        _serialise_sqlite_writers(engine, settings["sqlite_busy_timeout_seconds"])
    else:
        _ping_idle_connections(engine, settings["ping_connections_idle_ms"] / 1000)
