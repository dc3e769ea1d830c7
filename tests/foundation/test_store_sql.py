"""The SQL every call of a whole journey sends is the SQL idp/store/sql/journey.<dialect>.sql
shows people (tests/support/statements.py): a change of what a hot call sends — a statement
more, a column, a condition — fails here until `make store-sql` writes the file again, and
the change is read in its diff. The journey runs over real HTTP against this process, on
PostgreSQL in CI and `make test` (SQLite's file when run on SQLite)."""

from __future__ import annotations

import difflib

from tests.conftest import LiveServer
from tests.support import statements
from tests.support.servers import CLIENT_SECRET, CLIENTS


def test_every_call_of_a_journey_sends_the_sql_its_file_shows(app, tmp_path, monkeypatch):
    from idp import create_app

    clients = tmp_path / "clients.toml"
    clients.write_text(CLIENTS, encoding="utf-8")
    monkeypatch.setenv("IDP_CLIENTS_FILE", str(clients))
    monkeypatch.setenv("OPS_TEST_CLIENT_SECRET", CLIENT_SECRET)
    dialect, sent = statements.journey_sql(create_app({"TESTING": True}), LiveServer)
    shown = statements.path(dialect).read_text(encoding="utf-8")
    difference = "".join(
        difflib.unified_diff(shown.splitlines(True), sent.splitlines(True), "the file", "what the code sends")
    )
    assert sent == shown, (
        f"the code sends other SQL than {statements.path(dialect).name} shows (make store-sql):\n{difference}"
    )


def test_each_statement_sent_on_the_driver_is_its_file_as_the_core_says_it():
    from idp.store import driver

    for name, compiled in statements.named_statements().items():
        shown = driver.path(name).read_text(encoding="utf-8")
        assert shown == compiled, (
            f"{driver.path(name).name} is not what the Core of {name} compiles to (make store-sql)"
        )


def test_the_layout_of_a_driver_s_statement_changes_only_white_space():
    from sqlalchemy.dialects.postgresql import psycopg

    from idp.store import people, tokens

    for statement in (*tokens.ONE_STATEMENT.values(), people.BEARER):
        compiled = str(statement.compile(dialect=psycopg.dialect()))
        assert statements.layout(compiled).split() == compiled.split()
