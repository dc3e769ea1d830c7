"""What each of the token endpoint's two extra paths earns: the lean WSGI path in front of Flask
(idp/oauth/exchange.py) and the driver's own connection for its statements (idp/store/driver.py),
measured on the calls they serve — a code exchange, a refresh, a /userinfo — against the path
every other call takes (Flask; SQLAlchemy).

    .venv/bin/python bench/paths.py [--calls 1500] [--rounds 5]

In this process, on a fresh PostgreSQL database, the app's WSGI callable called directly (no
server, no socket): CPU of this process per call (PostgreSQL's backend apart), the least of
several rounds that take the variants in turn, for

- lean + driver: production's path;
- Flask + driver: the lean path taken out (every request handed to the framework);
- lean + SQLAlchemy Core, autocommit: the same statement compiled from Core and run on a
  SQLAlchemy connection in autocommit (one round trip, as on the driver);
- lean + SQLAlchemy, in a transaction: the same statement in the session's transaction and its
  COMMIT, as every other call's statements go (three round trips).

idp/store/README.md quotes these figures beside the paths they keep.
"""

from __future__ import annotations

import argparse
import base64
import logging
import os
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlencode

import harness
import pipeline
import token_exchange


def environ(method: str, path: str, body: bytes = b"", **headers: str) -> dict:
    """pipeline.py's request, with a form's content type and these headers."""
    request = pipeline.environ(method, path, body)
    request["HTTP_USER_AGENT"] = "bench/paths"
    if body:
        request["CONTENT_TYPE"] = "application/x-www-form-urlencoded"
    return request | {f"HTTP_{name.upper()}": value for name, value in headers.items()}


def cpu_per_call(app, requests: list[dict]) -> float:
    """Milliseconds of this process's CPU per call; every answer must be a 200."""
    statuses = []

    def start_response(status, headers, exc_info=None):
        statuses.append(status)

    started = time.process_time()
    for request in requests:
        b"".join(app(request, start_response))
    spent = time.process_time() - started
    assert set(statuses) == {"200 OK"}, set(statuses)
    return spent / len(requests) * 1000


@contextmanager
def flask_path():
    """Every request handed to the framework, as on SQLite and for every refusal."""
    from idp.oauth import exchange

    call = exchange.Exchange.__call__
    exchange.Exchange.__call__ = lambda self, environ, start_response: self.framework(environ, start_response)
    try:
        yield
    finally:
        exchange.Exchange.__call__ = call


@contextmanager
def sqlalchemy_statements(in_transaction: bool):
    """driver.row's statements sent through SQLAlchemy: the Core that writes each file."""
    from idp.extensions import db
    from idp.store import driver, people, tokens

    statements = {**tokens.ONE_STATEMENT, "bearer": people.BEARER}

    def row(engine, name, parameters):
        if in_transaction:
            found = db.session.execute(statements[name], parameters).one_or_none()
            db.session.commit()
            return found
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            return connection.execute(statements[name], parameters).one_or_none()

    original, driver.row = driver.row, row
    try:
        yield
    finally:
        driver.row = original


def code_requests(user_id: str, count: int, folder: Path) -> list[dict]:
    token_exchange.mint_ours(user_id, count, folder / "codes.txt")
    authorization = "Basic " + base64.b64encode(f"{harness.CLIENT_ID}:{harness.CLIENT_SECRET}".encode()).decode()
    requests = []
    for line in (folder / "codes.txt").read_text().split("\n"):
        if line:
            code, verifier = line.split()
            body = urlencode(
                {
                    "grant_type": "authorization_code",
                    "code": code,
                    "redirect_uri": harness.REDIRECT_URI,
                    "code_verifier": verifier,
                }
            ).encode()
            requests.append(environ("POST", "/token", body, authorization=authorization))
    return requests


def refresh_requests(user_id: str, count: int, folder: Path) -> list[dict]:
    token_exchange.mint_refresh_ours(user_id, count, folder / "refresh.txt")
    authorization = "Basic " + base64.b64encode(f"{harness.CLIENT_ID}:{harness.CLIENT_SECRET}".encode()).decode()
    return [
        environ(
            "POST",
            "/token",
            urlencode({"grant_type": "refresh_token", "refresh_token": token}).encode(),
            authorization=authorization,
        )
        for token in (folder / "refresh.txt").read_text().split("\n")
        if token
    ]


def userinfo_requests(app, user_id: str, count: int, folder: Path) -> list[dict]:
    import json

    first = code_requests(user_id, 1, folder)[0]
    answer = []
    body = b"".join(app(first, lambda status, headers, exc_info=None: answer.append(status)))
    access_token = json.loads(body)["access_token"]
    return [environ("GET", "/userinfo", authorization=f"Bearer {access_token}") for _ in range(count)]


VARIANTS = {
    "lean + driver (production)": lambda: (None, None),
    "Flask + driver": lambda: (flask_path(), None),
    "lean + SQLAlchemy Core, autocommit": lambda: (None, sqlalchemy_statements(False)),
    "lean + SQLAlchemy, in a transaction": lambda: (None, sqlalchemy_statements(True)),
}


def measure(app, user_id: str, calls: int, rounds: int) -> list[str]:
    """Each variant in turn, `rounds` times over: the least CPU per call each round gave, as the
    machine is shared and a round can be slowed by what else runs; a warm-up round first."""
    from contextlib import ExitStack

    lines = []
    folder = Path(tempfile.mkdtemp(prefix="idp-bench-paths-"))
    per_round = max(calls // rounds, 1)
    kinds = {
        "code exchange": lambda: code_requests(user_id, per_round, folder),
        "refresh": lambda: refresh_requests(user_id, per_round, folder),
        "userinfo": lambda: userinfo_requests(app, user_id, per_round, folder),
    }
    for kind, make in kinds.items():
        figures: dict[str, list[float]] = {variant: [] for variant in VARIANTS}
        for round_number in range(rounds + 1):
            for variant, contexts in VARIANTS.items():
                requests = make()
                with ExitStack() as stack:
                    for context in contexts():
                        if context is not None:
                            stack.enter_context(context)
                    figure = cpu_per_call(app, requests)
                if round_number:
                    figures[variant].append(figure)
        base = min(figures["lean + driver (production)"])
        for variant, measured in figures.items():
            least = min(measured)
            median = sorted(measured)[len(measured) // 2]
            lines.append(
                f"{kind:<14} {variant:<38} {least:6.3f} ms of CPU per call (median {median:6.3f})"
                f"   {least / base:5.2f}x production's"
            )
    return lines


def main(argv=None) -> harness.Report:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=1500, help="calls of each kind and variant, over all rounds")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    report = harness.Report("What the lean path and the driver's statements earn (CPU per call, in process)")
    port, database_url, env = harness.prepared("idp_bench_paths")
    with harness.provider_app(env) as app:
        for handler in logging.getLogger("idp").handlers:
            handler.setStream(open(os.devnull, "w"))  # noqa: SIM115
        user_id = token_exchange.create_account()
        for line in measure(app, user_id, args.calls, args.rounds):
            report.figure(line)
    return report


if __name__ == "__main__":
    main()
