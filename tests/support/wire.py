"""Round trips to PostgreSQL, counted on the wire.

libpq writes every message a connection exchanges with the server to a trace file (PQtrace,
through psycopg's `pgconn.trace`). Each simple Query and each Sync of the extended protocol
waits for the server's answer: their number is the number of round trips, BEGIN, COMMIT and
the pool's liveness pings included — what an ORM-level count of statements cannot see.
Used by the statement budgets (tests/api/test_statement_budgets.py) and bench/scale.py.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from psycopg import pq
from sqlalchemy import event
from sqlalchemy.engine import Engine

WAITING_FOR_AN_ANSWER = ("Query", "Sync")


class RoundTrips:
    """Traces every connection the engine opens from now on (its pool is emptied, so that
    none escapes); `count()` is the total so far."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self.folder = Path(tempfile.mkdtemp(prefix="idp-wire-"))
        self.files = []
        event.listen(engine, "connect", self._trace)
        engine.dispose()

    def _trace(self, dbapi_connection, record) -> None:
        stream = open(self.folder / f"{len(self.files)}.trace", "w", encoding="utf-8")  # noqa: SIM115 (kept open for libpq)
        self.files.append(stream)
        dbapi_connection.pgconn.trace(stream.fileno())
        dbapi_connection.pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS | pq.Trace.REGRESS_MODE)

    def count(self) -> int:
        total = 0
        for stream in self.files:
            for line in Path(stream.name).read_text(encoding="utf-8", errors="replace").splitlines():
                fields = line.split("\t")
                total += len(fields) > 2 and fields[0] == "F" and fields[2].strip() in WAITING_FOR_AN_ANSWER
        return total

    def close(self) -> None:
        event.remove(self.engine, "connect", self._trace)
        # libpq writes to these files until its connections close.
        self.engine.dispose()
        for stream in self.files:
            stream.close()
