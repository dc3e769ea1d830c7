"""The SQL every call of the full journey sends (tests/support/full_journey.py: sign-up for a
waiting service, tokens, userinfo, refresh, logout, sign-in with a wrong password and a wrong
code first), as idp/store/sql/journey.<dialect>.sql holds it for people to read: each route,
then each distinct statement it sent, in the order first sent, laid out by sqlparse. The
values are bound parameters, so the text is the code's and nothing else.

    .venv/bin/python -m tests.support.statements --write     # or: make store-sql

writes the file of the dialect of IDP_TEST_DATABASE_URL (PostgreSQL), else SQLite's; the
test tests/foundation/test_store_sql.py fails when the code sends other SQL than its file.
"""
from __future__ import annotations

import argparse
import os
from collections import defaultdict
from pathlib import Path

import sqlparse
from flask import has_request_context, request
from sqlalchemy import event

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "idp" / "store" / "sql"
TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE")
# What the journey reads to act as a person, not one of the product's calls.
NOT_CALLS = ("/dev/outbox.json",)
HEADER = """\
-- The SQL every call of a whole journey sends to {dialect}, in the order each statement is
-- first sent: sign-up for a waiting service, tokens, userinfo, refresh, logout, sign-in with a
-- wrong password and a wrong code first, then the tokens again (tests/support/full_journey.py).
-- Written by `make store-sql`; tests/foundation/test_store_sql.py fails when the code sends
-- other SQL. Values are bound parameters (%(name)s on PostgreSQL, ? on SQLite).
"""


def path(dialect: str) -> Path:
    return FOLDER / f"journey.{dialect}.sql"


class Recorder:
    """Listens to an engine: the distinct statements each route sends, in order."""

    def __init__(self, engine):
        self.engine = engine
        self.sent: dict[str, list[str]] = defaultdict(list)
        event.listen(engine, "before_cursor_execute", self._record)

    def _record(self, conn, cursor, statement, parameters, context, executemany):
        if not has_request_context() or statement.lstrip().upper().startswith(TRANSACTION_CONTROL):
            return
        route = f"{request.method} {request.url_rule.rule if request.url_rule else request.path}"
        if route.split(" ", 1)[1] in NOT_CALLS:
            return
        text = " ".join(statement.split())
        if text not in self.sent[route]:
            self.sent[route].append(text)

    def close(self) -> None:
        event.remove(self.engine, "before_cursor_execute", self._record)

    def text(self) -> str:
        sections = []
        for route, statements in self.sent.items():
            laid_out = [sqlparse.format(statement, reindent=True).strip() + ";" for statement in statements]
            sections.append(f"-- {route}\n" + "\n\n".join(laid_out))
        return HEADER.format(dialect=self.engine.dialect.name) + "\n" + "\n\n\n".join(sections) + "\n"


def journey_sql(app, live_server_class) -> tuple[str, str]:
    """Runs the journey against app (served by live_server_class): its dialect and its SQL."""
    from idp.extensions import db
    from tests.support.full_journey import FullJourney

    server = live_server_class(app).start()
    app.config["IDP"]["server"]["issuer"] = server.url
    with app.app_context():
        engine = db.engine
    recorder = Recorder(engine)
    try:
        FullJourney([server.url], server.url).run()
    finally:
        recorder.close()
        server.stop()
    return engine.dialect.name, recorder.text()


def main() -> None:
    import tempfile

    from flask_migrate import upgrade
    from sqlalchemy import create_engine, text

    from idp import create_app
    from tests.conftest import LiveServer
    from tests.support.servers import CLIENT_SECRET, CLIENTS

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write the dialect's file (else print the SQL)")
    arguments = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="idp-store-sql-"))
    (folder / "clients.toml").write_text(CLIENTS, encoding="utf-8")
    database_url = os.environ.get("IDP_TEST_DATABASE_URL", "").strip()
    if database_url:
        # a database of its own, made empty
        url = database_url.replace("postgresql://", "postgresql+psycopg://", 1)
        admin = create_engine(url.rsplit("/", 1)[0] + "/postgres", isolation_level="AUTOCOMMIT")
        with admin.connect() as connection:
            connection.execute(text('DROP DATABASE IF EXISTS "idp_store_sql" WITH (FORCE)'))
            connection.execute(text('CREATE DATABASE "idp_store_sql"'))
        admin.dispose()
        database_url = database_url.rsplit("/", 1)[0] + "/idp_store_sql"
    os.environ.update({
        "IDP_SERVER_ENVIRONMENT": "development", "IDP_INSTANCE_PATH": str(folder),
        "IDP_SERVER_SECRET_KEY": "store-sql-secret-key-that-is-long-enough-0123456789",
        "DATABASE_URL": database_url or f"sqlite:///{folder / 'journey.sqlite3'}",
        "IDP_CLIENTS_FILE": str(folder / "clients.toml"), "OPS_TEST_CLIENT_SECRET": CLIENT_SECRET,
    })
    app = create_app({"TESTING": True})
    with app.app_context():
        upgrade()
    dialect, sql = journey_sql(app, LiveServer)
    if arguments.write:
        path(dialect).write_text(sql, encoding="utf-8")
        print(f"wrote {path(dialect).relative_to(ROOT)}")
    else:
        print(sql)


if __name__ == "__main__":
    main()
