"""idp/store/README.md says which path each call takes — its entry (the lean WSGI path or Flask),
its statements (the driver or SQLAlchemy), its commit (autocommit, one CTE or the unit of work)
and the file of its SQL; a whole journey run over real HTTP against this process reads the same
facts from the running code (tests/support/paths.py), and a call whose path changed fails here
until its row does. On PostgreSQL the rows are compared as written; on SQLite, the README's
rule for SQLite."""

from __future__ import annotations

import pytest

from tests.conftest import TEST_DATABASE_URL, LiveServer
from tests.support import paths
from tests.support.servers import CLIENT_SECRET, CLIENTS


@pytest.fixture
def observed(app, tmp_path, monkeypatch) -> dict[str, tuple[str, str, str, str]]:
    from idp import create_app

    clients = tmp_path / "clients.toml"
    clients.write_text(CLIENTS, encoding="utf-8")
    monkeypatch.setenv("IDP_CLIENTS_FILE", str(clients))
    monkeypatch.setenv("OPS_TEST_CLIENT_SECRET", CLIENT_SECRET)
    return paths.observe(create_app({"TESTING": True}), LiveServer)


def on_sqlite(row: tuple[str, str, str, str]) -> tuple[str, str, str, str]:
    """The README's rule: Flask, SQLAlchemy, the unit of work where PostgreSQL writes."""

    def commits(way: str) -> str:
        return "none" if way == "none" else "unit of work"

    ways = dict.fromkeys(commits(way) for way in row[2].split(" / "))
    return "Flask", "SQLAlchemy", " / ".join(ways), "—"


def test_every_call_takes_the_path_its_row_in_the_store_readme_says(observed):
    shown = paths.table(paths.README.read_text(encoding="utf-8"))
    if not TEST_DATABASE_URL:
        shown = {call: on_sqlite(row) for call, row in shown.items()}
    columns = paths.HEADER[1:]
    differences = [
        f"{call}: the README says {dict(zip(columns, shown.get(call, ()), strict=False))}, "
        f"the code does {dict(zip(columns, facts, strict=False))}"
        for call, facts in observed.items()
        if shown.get(call) != facts
    ] + [f"{call}: a row of the README that no call of the journey made" for call in shown.keys() - observed.keys()]
    assert not differences, "idp/store/README.md and the code differ:\n" + "\n".join(differences)


def test_the_readme_table_is_read_as_people_read_it():
    rows = paths.table(
        "text\n\n| call | entry | statements | commit | own file |\n|---|---|---|---|---|\n"
        "| `GET /userinfo` | lean | driver | none | bearer.postgresql.sql |\n\nafter\n| a | b |\n"
    )
    assert rows == {"GET /userinfo": ("lean", "driver", "none", "bearer.postgresql.sql")}


def test_a_statement_that_writes_is_told_from_one_that_reads():
    assert paths.writes_rows("WITH w0 AS (INSERT INTO interactions (uid) VALUES (%(w0_uid)s)) SELECT 1")
    assert paths.writes_rows("UPDATE limit_counters SET count=%(count)s WHERE limit_counters.key = %(key)s")
    assert paths.writes_rows("DELETE FROM resume_links WHERE token_hash = ?")
    assert not paths.writes_rows("SELECT users.id FROM users WHERE users.id = %(id)s FOR UPDATE")
