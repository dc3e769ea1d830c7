"""The production command behind PgBouncer in transaction mode, where a site with thousands of web
processes puts it: Debian's PgBouncer (1.18 on Debian 12), started by the test in front of the
test server's PostgreSQL, lends each transaction whichever of its few PostgreSQL connections is
free.

What goes wrong there, and what the service must do:
- A statement that psycopg prepared on one PostgreSQL connection (it prepares any statement run 5
  times on a connection) is sent again by a transaction that PgBouncer lent another connection:
  "prepared statement "_pg3_0" does not exist", or "already exists" where another client prepared
  its own under that name; the person gets 503 (code 35) in the middle of a sign-in. PgBouncer
  follows prepared statements only from 1.21 (max_prepared_statements). With
  database.transaction_pooling the service prepares nothing: every call of people signing up and
  in at once succeeds.
- The web server asks PostgreSQL for its statement timeout in the connection's startup options;
  PgBouncer refuses such a connection outright ("unsupported startup parameter: options"), so
  every request would answer 503. Behind the pooler the service sends none, and PgBouncer sets
  the timeout on its own connections (connect_query): a statement of the web server past it is
  still cancelled.
- More people at once than PostgreSQL connections: their transactions wait their turn in
  PgBouncer (never refused), PostgreSQL sees at most PgBouncer's pool, while the web processes
  keep their own pools of connections to PgBouncer.
"""

from __future__ import annotations

import threading
import time

import psycopg
import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError

from idp import create_app
from idp.extensions import db
from tests.support.engines import PgBouncer, engine_folder, remove_folder
from tests.support.people import LIMITS_LIFTED, Person, at_once
from tests.support.servers import Server, environment, migrate

pytestmark = pytest.mark.postgres

POSTGRES_CONNECTIONS = 2
PEOPLE = 8
TIMEOUT_MS = 1000


@pytest.fixture
def pgbouncer(scratch_postgres_url):
    """PgBouncer in front of the scratch database, named idp there, the web server's statement
    timeout set on every PostgreSQL connection it opens."""
    server = make_url(scratch_postgres_url)
    folder = engine_folder("pgbouncer")
    bouncer = PgBouncer(
        folder,
        {
            "idp": f"host={server.host} port={server.port or 5432} dbname={server.database} "
            f"connect_query='SET statement_timeout = {TIMEOUT_MS}'",
        },
        default_pool_size=str(POSTGRES_CONNECTIONS),
        max_client_conn="200",
    ).start()
    yield bouncer, scratch_postgres_url
    bouncer.stop()
    remove_folder(folder)


def _postgres_connections(direct_url: str, database: str) -> int:
    with psycopg.connect(direct_url.replace("+psycopg", ""), autocommit=True) as watcher:
        return watcher.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()", (database,)
        ).fetchone()[0]


def test_people_signing_up_and_in_at_once_through_pgbouncer_all_succeed_on_its_few_connections(tmp_path, pgbouncer):
    bouncer, direct = pgbouncer
    env = environment(tmp_path, bouncer.url("idp"), IDP_DATABASE_TRANSACTION_POOLING="true", **LIMITS_LIFTED)
    migrate(env)
    server = Server(tmp_path, env, production=True).start()
    most, running = [0], [True]

    def watch() -> None:
        while running[0]:
            most[0] = max(most[0], _postgres_connections(direct, make_url(direct).database))
            time.sleep(0.05)

    watcher = threading.Thread(target=watch)
    watcher.start()
    people = [Person(server.url, number) for number in range(PEOPLE)]
    try:
        raised = at_once(people, lambda someone: (someone.sign_up(), someone.sign_in(), someone.sign_in()))
    finally:
        running[0] = False
        watcher.join()
        server.stop()
    answers = [answer for someone in people for answer in someone.answers]
    assert not raised, raised[:3]
    assert {answer.status for answer in answers} == {200}
    assert most[0] <= POSTGRES_CONNECTIONS
    clients = [line for line in bouncer.log.read_text().splitlines() if "login attempt" in line]
    assert len(clients) > POSTGRES_CONNECTIONS, (
        "the web server held no more connections than PostgreSQL: the pooler proved nothing"
    )
    print(
        f"\n{len(answers)} calls of {PEOPLE} people at once, all 200; PostgreSQL saw at most {most[0]} connections, "
        f"the web server opened {len(clients)} to PgBouncer"
    )


def test_a_statement_of_the_web_server_past_the_timeout_is_cancelled_behind_pgbouncer(tmp_path, pgbouncer, monkeypatch):
    bouncer, _ = pgbouncer
    for name, value in environment(tmp_path, bouncer.url("idp"), IDP_DATABASE_TRANSACTION_POOLING="true").items():
        monkeypatch.setenv(name, value)
    web = create_app(migrations=False)
    with web.app_context(), pytest.raises(OperationalError, match="statement timeout"):
        db.session.execute(text("SELECT pg_sleep(3)"))
