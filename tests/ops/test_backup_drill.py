"""The backup drill of docs/operations.md, for real: a pg_dump of a database in use, restored
with pg_restore into a fresh database, serves an existing person's sign-in (password, then the
code texted to their phone) as the original did."""

from __future__ import annotations

import subprocess

from idp import create_app
from tests.conftest import TEST_DATABASE_URL
from tests.support.contract import ContractClient
from tests.support.journeys import Outbox, SignIn, SignUp


def libpq(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


def test_a_dump_restored_into_a_fresh_database_signs_an_existing_person_in(
    app, scratch_postgres_url, monkeypatch, tmp_path
):
    app.test_client_class = ContractClient
    SignUp(app.test_client(), Outbox(app)).through("profile")
    dump = tmp_path / "idp.dump"
    subprocess.run(
        ["pg_dump", "--format=custom", "--no-owner", f"--file={dump}", libpq(TEST_DATABASE_URL)],
        check=True,
        capture_output=True,
    )
    subprocess.run(
        ["pg_restore", "--no-owner", "--exit-on-error", f"--dbname={libpq(scratch_postgres_url)}", str(dump)],
        check=True,
        capture_output=True,
    )

    monkeypatch.setenv("DATABASE_URL", libpq(scratch_postgres_url))
    restored = create_app({"TESTING": True})
    restored.test_client_class = ContractClient
    signin = SignIn(restored.test_client(), Outbox(restored))
    answer = signin.through("verify")
    assert answer.json["success"] is True
    assert answer.json["data"]["journey"]["flow"] == "signin"
