"""The SQL every call of the full journey sends (tests/support/full_journey.py: sign-up for a
waiting service, tokens, userinfo, refresh, logout, sign-in with a wrong password and a wrong
code first), as idp/store/sql/journey.<dialect>.sql holds it for people to read: each route,
then each distinct statement it sent, in the order first sent, laid out (layout). The
values are bound parameters, so the text is the code's and nothing else.

    .venv/bin/python -m tests.support.statements --write     # or: make store-sql

writes the file of the dialect of IDP_TEST_DATABASE_URL (PostgreSQL), else SQLite's; the
test tests/foundation/test_store_sql.py fails when the code sends other SQL than its file.
"""

from __future__ import annotations

import argparse
import os
import re
from collections import defaultdict
from pathlib import Path

from flask import has_request_context, request
from sqlalchemy import event

from idp.oauth import exchange
from idp.store import driver

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


NAMED_HEADER = """\
-- {name}: the statement idp/store/driver.py sends as it reads here, on PostgreSQL, in
-- autocommit. Written by `make store-sql` from the Core of {source};
-- tests/foundation/test_store_sql.py fails when the two differ. Values are bound parameters;
-- a doubled percent sign is one, to psycopg.

"""


def path(dialect: str) -> Path:
    return FOLDER / f"journey.{dialect}.sql"


# Where a line of a statement starts (layout): before each clause, and after each common table
# expression. Statement texts hold no keyword in a string literal.
_CLAUSE = re.compile(
    r"\s+(?=(?:SET|WHERE|AND|RETURNING|SELECT|(?<!DISTINCT )FROM|(?<!OUTER )JOIN|LEFT OUTER JOIN|VALUES|ON CONFLICT|"
    r"LIMIT|ORDER BY|GROUP BY)\b)|(?<=\),)\s+(?=\w+ AS \()"
)
_LISTS = ("SELECT ", "RETURNING ")


def _items(text: str) -> list[str]:
    """A column list cut at its own commas (not those inside parentheses or a CASE)."""
    items, depth, start = [], 0, 0
    for match in re.finditer(r"\(|\)|\bCASE\b|\bEND\b|,", text):
        token = match.group()
        if token in ("(", "CASE"):
            depth += 1
        elif token in (")", "END"):
            depth -= 1
        elif depth == 0:
            items.append(text[start : match.end()].strip())
            start = match.end()
    return [*items, text[start:].strip()]


def layout(sql: str) -> str:
    """A clause per line, a column per line, indented by depth; only white space changes (a
    driver's file is what is sent). sqlparse's layout of an INSERT … SELECT ran hundreds of
    columns wide."""
    lines, depth = [], 0
    for piece in _CLAUSE.split(sql.strip()):
        piece = " ".join(piece.split())
        if not piece:
            continue
        indent = "    " * depth + ("  " if piece.startswith("AND ") else "")
        keyword = next((keyword for keyword in _LISTS if piece.startswith(keyword)), None)
        if keyword is None:
            lines.append(indent + piece)
        else:
            first, *rest = _items(piece[len(keyword) :])
            lines += [indent + keyword + first, *(indent + " " * len(keyword) + item for item in rest)]
        depth += piece.count("(") - piece.count(")")
    return "\n".join(lines)


def named_statements() -> dict[str, str]:
    """What each of driver.py's files should hold: its statement compiled from Core for
    PostgreSQL (psycopg), laid out."""
    from sqlalchemy.dialects.postgresql import psycopg

    from idp.store import people, tokens

    sources = {
        name: (statement, "idp/store/tokens.py (ONE_STATEMENT)") for name, statement in tokens.ONE_STATEMENT.items()
    }
    sources["bearer"] = (people.BEARER, "idp/store/people.py (BEARER)")
    dialect = psycopg.dialect()
    return {
        name: NAMED_HEADER.format(name=name, source=source) + layout(str(statement.compile(dialect=dialect))) + "\n"
        for name, (statement, source) in sources.items()
    }


class Recorder:
    """Listens to an engine: the distinct statements each route sends, in order."""

    def __init__(self, engine):
        self.engine = engine
        self.sent: dict[str, list[str]] = defaultdict(list)
        event.listen(engine, "before_cursor_execute", self._record)
        driver.SENT.connect(self._on_the_driver)

    def _record(self, conn, cursor, statement, parameters, context, executemany):
        self._on_the_driver(statement)

    def _on_the_driver(self, statement: str) -> None:
        if has_request_context():
            route = f"{request.method} {request.url_rule.rule if request.url_rule else request.path}"
        else:
            route = exchange.SERVING.get()
        if (
            route is None
            or route.split(" ", 1)[1] in NOT_CALLS
            or statement.lstrip().upper().startswith(TRANSACTION_CONTROL)
        ):
            return
        text = " ".join(statement.split())
        if text not in self.sent[route]:
            self.sent[route].append(text)

    def close(self) -> None:
        event.remove(self.engine, "before_cursor_execute", self._record)
        driver.SENT.disconnect(self._on_the_driver)

    def text(self) -> str:
        sections = []
        for route, statements in self.sent.items():
            laid_out = [layout(statement) + ";" for statement in statements]
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
    os.environ.update(
        {
            "IDP_SERVER_ENVIRONMENT": "development",
            "IDP_INSTANCE_PATH": str(folder),
            "IDP_SERVER_SECRET_KEY": "store-sql-secret-key-that-is-long-enough-0123456789",
            "DATABASE_URL": database_url or f"sqlite:///{folder / 'journey.sqlite3'}",
            "IDP_CLIENTS_FILE": str(folder / "clients.toml"),
            "OPS_TEST_CLIENT_SECRET": CLIENT_SECRET,
        }
    )
    if arguments.write:
        from idp.store import driver

        for name, sql in named_statements().items():
            driver.path(name).write_text(sql, encoding="utf-8")
            print(f"wrote {driver.path(name).relative_to(ROOT)}")
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
