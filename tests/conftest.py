"""Shared fixtures: the app on a migrated database, its client, and a live server.

The database is SQLite in a temporary folder, or the PostgreSQL named by
IDP_TEST_DATABASE_URL (as in CI). The schema is built once per run by the Alembic
migrations, never by create_all(), and every test starts from empty tables.

`make test` runs the suite in several processes (pytest-xdist). Each worker gets a
database and a Redis database of its own, derived from the ones named (idp_test_gw1,
Redis database 8 beside 7...), so workers never empty each other's tables or queues.
"""

from __future__ import annotations

import itertools
import os
import random
import socket
import threading
import time
import uuid
from pathlib import Path

import pytest
from flask_migrate import upgrade
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from werkzeug.serving import make_server

from idp import create_app
from idp.extensions import db

# Fixtures of stand-in outside services, for any test that asks for one by name: the SMTP and GC Notify
# fakes, the server that never answers, and AWS's voice API.
pytest_plugins = ["tests.support.fakes", "tests.support.aws_voice"]

WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")


def _per_worker(variable: str, derive) -> str:
    """The value of a test variable for this worker, written back to the environment so that
    every module (and every process a test starts) reads the worker's own. Derived from the
    value the run was given (kept beside it), since this file is imported twice — by pytest as
    a conftest and by the tests as tests.conftest — and must not derive from its own result."""
    given = os.environ.get(f"{variable}_GIVEN") or os.environ.get(variable, "").strip()
    if not (given and WORKER):
        return given
    os.environ[f"{variable}_GIVEN"] = given
    os.environ[variable] = derive(given, int(WORKER.removeprefix("gw")))
    return os.environ[variable]


def _worker_database(url: str, index: int) -> str:
    parsed = make_url(url)
    return parsed.set(database=f"{parsed.database}_gw{index}").render_as_string(hide_password=False)


def _worker_redis(url: str, index: int) -> str:
    base, _, number = url.rpartition("/")
    # Redis has databases 0-15: worker n takes the n-th one after the one named.
    return f"{base}/{(int(number or 0) + index) % 16}"


TEST_DATABASE_URL = _per_worker("IDP_TEST_DATABASE_URL", _worker_database)
TEST_REDIS_URL = _per_worker("IDP_TEST_REDIS_URL", _worker_redis)


def _ensure_postgres_database(url: str) -> None:
    """The worker's database exists (CI creates only the one it names)."""
    target = make_url(url.replace("postgresql://", "postgresql+psycopg://", 1))
    admin = create_engine(target.set(database="postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        exists = connection.scalar(text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": target.database})
        if not exists:
            connection.execute(text(f'CREATE DATABASE "{target.database}"'))
    admin.dispose()


def pytest_configure(config) -> None:
    # Set once by the process that starts the run; its workers inherit it.
    os.environ.setdefault("IDP_TEST_RUN_STARTED", str(time.time()))


@pytest.fixture(scope="session")
def run_started() -> float:
    """When this run began (the same moment in every worker)."""
    return float(os.environ["IDP_TEST_RUN_STARTED"])


def _reset_postgres_schema(url: str) -> None:
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    with engine.begin() as connection:
        connection.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
        connection.execute(text("CREATE SCHEMA public"))
    engine.dispose()


@pytest.fixture
def scratch_postgres_url():
    """A database of its own on the test server (a postgresql+psycopg:// URL), dropped afterwards."""
    if not TEST_DATABASE_URL:
        pytest.skip("IDP_TEST_DATABASE_URL is not set")
    server_url = make_url(TEST_DATABASE_URL.replace("postgresql://", "postgresql+psycopg://", 1))
    name = f"idp_ops_{uuid.uuid4().hex[:12]}"
    admin = create_engine(server_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    yield server_url.set(database=name).render_as_string(hide_password=False)
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture(scope="session")
def test_environment(tmp_path_factory) -> dict[str, str]:
    """Environment variables of the app under test; restored after the run."""
    instance = tmp_path_factory.mktemp("instance")
    values = {
        "IDP_INSTANCE_PATH": str(instance),
        "IDP_SERVER_ENVIRONMENT": "development",
        "IDP_SERVER_SECRET_KEY": "test-secret-key-that-is-long-enough-0123456789",
        "DATABASE_URL": TEST_DATABASE_URL or f"sqlite:///{Path(instance) / 'test.sqlite3'}",
    }
    saved = {key: os.environ.get(key) for key in values}
    os.environ.update(values)
    if TEST_DATABASE_URL:
        _ensure_postgres_database(TEST_DATABASE_URL)
        _reset_postgres_schema(TEST_DATABASE_URL)
    yield values
    for key, old in saved.items():
        if old is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = old


@pytest.fixture(scope="session")
def migrated_app(test_environment):
    app = create_app({"TESTING": True})
    with app.app_context():
        upgrade()
    return app


def _empty_all_tables(app) -> None:
    with app.app_context():
        db.session.remove()
        with db.engine.begin() as connection:
            for table in reversed(db.metadata.sorted_tables):
                connection.execute(table.delete())


@pytest.fixture
def app(migrated_app):
    _empty_all_tables(migrated_app)
    yield migrated_app
    with migrated_app.app_context():
        db.session.remove()


@pytest.fixture
def frozen(time_machine):
    """The clock stopped at a known moment; tests move it with frozen.shift(seconds)."""
    time_machine.move_to("2030-01-01 12:00:00", tick=False)
    return time_machine


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


# free_port()'s ports: below reserved_port's and the ephemeral range, a slice of its own for each
# worker, handed out in turn. The system's own choice (a bind to port 0) once gave two workers the
# same port between the probe and their servers' binds: granian binds with SO_REUSEPORT, so both
# servers listened on it and shared its connections (a stopped server seemed to answer, a browser's
# step reached another test's product and was refused as out of date).
FREE_PORTS_FROM, FREE_PORTS_PER_WORKER = 10000, 1000
_turns = itertools.count(random.randrange(FREE_PORTS_PER_WORKER))


def free_port() -> int:
    """A port of this worker's slice on which nothing listens (nor lingers) now."""
    first = FREE_PORTS_FROM + int(WORKER.removeprefix("gw") or 0) % 10 * FREE_PORTS_PER_WORKER
    for _ in range(FREE_PORTS_PER_WORKER):
        port = first + next(_turns) % FREE_PORTS_PER_WORKER
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
        return port
    raise RuntimeError(f"no free port in {first}-{first + FREE_PORTS_PER_WORKER - 1}")


def reserved_port(number: int) -> int:
    """A port for a service the tests' configuration names long before it listens (a client's
    jwks_uri, its backchannel_logout_uri), number 0-3 of this worker's: above free_port()'s and
    below the ephemeral range (32768-60999), so no port handed out meanwhile (free_port(), any
    process's outgoing connection) is it, and apart for each worker and, most likely, each run."""
    run = int(float(os.environ.get("IDP_TEST_RUN_STARTED", "0")) * 1000) % 380
    return 20000 + run * 32 + int(WORKER.removeprefix("gw") or 0) * 4 + number


# How often a test's server in a thread looks for its shutdown: socketserver's 0.5 s by default
# kept every test that stopped one waiting that long, with the CPU idle (the client authentication
# tests, which stop a key server each: 32 s against 9 s).
SHUTDOWN_POLL_SECONDS = 0.02


def serve_in_thread(server) -> threading.Thread:
    """A socketserver (http.server's, werkzeug's) serving in a daemon thread until its shutdown()."""
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": SHUTDOWN_POLL_SECONDS}, daemon=True)
    thread.start()
    return thread


class LiveServer:
    """A WSGI app served on 127.0.0.1 in a thread, for real HTTP clients."""

    def __init__(self, wsgi_app, port: int | None = None):
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._server = make_server("127.0.0.1", self.port, wsgi_app, threaded=True)
        self._thread: threading.Thread | None = None

    def start(self) -> LiveServer:
        self._thread = serve_in_thread(self._server)
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._thread.join(timeout=5)


@pytest.fixture
def live_server(app):
    server = LiveServer(app).start()
    yield server
    server.stop()
