"""Every statement of a hot call is one the code issues where it says so (no autoflush), and
each hot call keeps to a budget of statements and, on PostgreSQL, of round trips to the
database (statements plus BEGIN, COMMIT and liveness pings, counted on the wire by
tests/support/wire.py): counts, not times (bench/ measures time). A call over its budget
fails here; lower a budget when a change saves statements.

The journey is the whole one of tests/support/full_journey.py (sign-up for a waiting
service, tokens, userinfo, refresh, logout, sign-in with a wrong password and a wrong code
first, then the tokens again), over real HTTP against this process, so that the engine's
events see every statement of every call. Transaction control (BEGIN, COMMIT) is not counted.
"""

from __future__ import annotations

import threading
from collections import defaultdict

import pytest
from sqlalchemy import event
from sqlalchemy.engine.default import NO_CACHE_KEY
from werkzeug.exceptions import HTTPException

from idp import create_app
from idp.extensions import db
from idp.store import driver
from tests.conftest import TEST_DATABASE_URL, LiveServer
from tests.support.full_journey import FullJourney
from tests.support.servers import CLIENT_SECRET, CLIENTS
from tests.support.wire import RoundTrips

# The most statements one call of the route may issue (the calls of a route differ: a wrong
# code costs more than a right one). On PostgreSQL a flush's plain writes and the writes handed
# to the commit are one statement (idp/store/writes.py); SQLite sends them one by one.
PG = bool(TEST_DATABASE_URL)
BUDGETS = {
    "/authorize": 1,
    # a session's first sign-in to a service writes it to the session's list (back-channel
    # logout); on PostgreSQL the code, its grant and that list are one statement, sent with
    # the commit (idp/store/tokens.py); the nonce is checked as the request is taken
    "/authorize/resume/<uid>": 3 if PG else 5,
    # one statement on PostgreSQL; SQLite takes the same steps one by one (idp/store/tokens.py)
    "/token": 1 if PG else 3,
    "/userinfo": 1,
    "/logout": 4,
    "/v1/session": 1,
    # the waiting authorization request leaves its cookie for a row (/authorize writes nothing),
    # written with the commit; a session made by the call has no journey to read
    "/v1/signup/privacy": 3 if PG else 4,
    # a phone code spends the anonymous ceilings of texts: in all, its country's, its range's;
    # an anonymous code reads its address's count (past a threshold, a proof of work); its
    # destination's day takes it before it goes (budgets.Budgets.admits)
    "/v1/otp/transient_otp/send": 10 if PG else 13,
    "/v1/otp/transient_otp/verify": 7 if PG else 8,
    "/v1/users/create": 4,
    # the end of a sign-up and of a sign-in each write one event of the account's activity
    "/v1/users/createcoreprofile": 7 if PG else 13,
    "/v1/otp/users/login": 5 if PG else 6,
    # the number's day takes the text before it goes, then its send budgets and the ceilings of
    # texts, two windows, one statement on PostgreSQL
    "/v1/otp/otp/send": 7 if PG else 10,
    "/v1/otp/otp/verify": 7 if PG else 10,
}
TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE")
# The most round trips to PostgreSQL one call may make (issue 25: a code exchange in at most
# two; the token endpoint's and userinfo's statements are sent in autocommit, idp/store/tokens.py).
# A sign-in's code send and check: their statements, BEGIN and COMMIT.
ROUND_TRIP_BUDGETS = {
    "/token": 1,
    "/userinfo": 1,
    "/v1/otp/users/login": 7,
    # the code is written with the commit, which holds the send's counters locked until it ends
    # (and the number's day, taken before the text goes)
    "/v1/otp/otp/send": 9,
    "/v1/otp/otp/verify": 9,
}


@pytest.fixture
def counted(app, tmp_path, monkeypatch):
    """The provider with the journey's relying service, live, and the statements of each call:
    those SQLAlchemy sends and those sent on the driver's connection (idp/store/driver.py, the
    token endpoint's and userinfo's, answered before Flask by idp/oauth/exchange.py)."""
    clients = tmp_path / "clients.toml"
    clients.write_text(CLIENTS, encoding="utf-8")
    monkeypatch.setenv("IDP_CLIENTS_FILE", str(clients))
    monkeypatch.setenv("OPS_TEST_CLIENT_SECRET", CLIENT_SECRET)
    provider = create_app({"TESTING": True})
    server = LiveServer(provider).start()
    provider.config["IDP"]["server"]["issuer"] = server.url
    calls: dict[str, list[int]] = defaultdict(list)
    trips: dict[str, list[int]] = defaultdict(list)
    uncached: set[tuple[str, str]] = set()
    serving = threading.local()
    routes = provider.url_map.bind("localhost")

    def tally(statement: str) -> bool:
        if getattr(serving, "route", None) is None or statement.lstrip().upper().startswith(TRANSACTION_CONTROL):
            return False
        serving.statements += 1
        return True

    def count(conn, cursor, statement, parameters, context, executemany):
        if tally(statement) and getattr(context, "cache_hit", None) is NO_CACHE_KEY:
            uncached.add((serving.route, " ".join(statement.split())[:120]))

    with provider.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", count)
    driver.SENT.connect(tally)
    wire = RoundTrips(engine) if engine.dialect.name == "postgresql" else None
    serve = provider.wsgi_app

    def counting(environ, start_response):
        try:
            route = routes.match(environ["PATH_INFO"], environ["REQUEST_METHOD"], return_rule=True)[0].rule
        except HTTPException:
            route = environ["PATH_INFO"]
        serving.route, serving.statements = route, 0
        # The journey's calls come one at a time: the count's growth is this call's.
        before = wire.count() if wire else 0
        try:
            return list(serve(environ, start_response))
        finally:
            calls[route].append(serving.statements)
            if wire:
                trips[route].append(wire.count() - before)
            serving.route = None

    provider.wsgi_app = counting
    yield server, calls, trips, uncached
    event.remove(engine, "before_cursor_execute", count)
    driver.SENT.disconnect(tally)
    server.stop()
    if wire:
        wire.close()


def test_each_hot_call_keeps_to_its_budget_of_statements(counted):
    server, calls, _, _ = counted
    FullJourney([server.url], server.url).run()
    assert set(BUDGETS) <= set(calls), "the journey no longer makes every budgeted call"
    over = {route: max(calls[route]) for route in BUDGETS if max(calls.get(route, [0])) > BUDGETS[route]}
    assert over == {}


def test_each_hot_call_keeps_to_its_budget_of_round_trips_to_postgresql(counted, app):
    server, _, trips, _ = counted
    if not TEST_DATABASE_URL:
        pytest.skip("round trips are counted on PostgreSQL (IDP_TEST_DATABASE_URL)")
    FullJourney([server.url], server.url).run()
    assert set(ROUND_TRIP_BUDGETS) <= set(trips), "the journey no longer makes every budgeted call"
    over = {route: max(trips[route]) for route in ROUND_TRIP_BUDGETS if max(trips[route]) > ROUND_TRIP_BUDGETS[route]}
    assert over == {}, "; ".join(f"{route} {counts}" for route, counts in trips.items())


def test_every_statement_of_a_hot_call_is_one_sqlalchemy_compiles_once(counted):
    # A statement without a cache key (a VALUES list of several rows, for one) is compiled
    # again at each call: more CPU than PostgreSQL spends running it.
    server, _, _, uncached = counted
    FullJourney([server.url], server.url).run()
    assert {(route, statement) for route, statement in uncached if route in BUDGETS} == set()
