"""Losing the PostgreSQL primary for good under traffic, and its standby taking over: a cluster made
by the test (initdb) and its streaming standby (pg_basebackup, another port), the standby
synchronous (a commit returns once the standby has it on disk); the production command reaches
whichever is the primary through libpq's URL of both servers with target_session_attrs=read-write.
People sign up and sign in without pause while the primary stops at once, as on a crash
(`pg_ctl stop -m immediate`: no shutdown, nothing more sent to the standby), and the standby is
promoted — what a failover manager (Patroni, a cloud's) does once it has decided the primary is
gone, which takes it its own detection time before this test's window begins.

What goes wrong there, and what the service must do:
- The pooled connections to the dead primary fail their next statement, and the standby refuses a
  read-write session until it is promoted: meanwhile every call that needs the database answers
  503 with code 35 and Retry-After — never a 500, never another code — and the person's click
  again after it succeeds once the standby is primary, in the same web processes (no restart,
  no operator).
- A sign-up the service answered (its account made) is on the new primary: none is lost. With
  asynchronous replication the last commits the primary acknowledged before it died may never
  have reached the standby (docs/operations.md says to run synchronous).
- A call in flight at the crash whose answer was 503 made either nothing or its whole account
  (one transaction): no account without its address proven or its password. Its commit may have
  reached the standby while its answer was lost with the primary (a commit in doubt, as with any
  database): the person's click again then gets the clear answer of what was done — "the page
  expired, start again" (401, code 45) for a sign-in whose last step renewed the browser's session,
  a refusal of a sign-up step already taken, whose account is there — and starting again signs them
  in.
"""

from __future__ import annotations

import itertools
import threading
import time

import pytest

from tests.support.engines import Cluster, engine_folder, remove_folder
from tests.support.people import LIMITS_LIFTED, Answer, Person, Refused
from tests.support.servers import Server, environment, migrate

SIGNING_UP, SIGNING_IN = 3, 2
BEFORE_SECONDS, AFTER_SECONDS = 4, 6
UNAVAILABLE = {"success": False, "message": "35", "data": {"retryAfter": 5}}


def in_doubt(someone: Person) -> list[Answer]:
    """A clear refusal (4xx with its catalogue code) of a step tried again after a 503: the first
    try's commit reached the standby but its answer was lost with the primary."""
    return [
        answer
        for before, answer in itertools.pairwise(someone.answers)
        if before.status == 503
        and before.step == answer.step
        and 400 <= answer.status < 500
        and answer.body.get("message")
    ]


@pytest.fixture
def primary_and_standby():
    folder = engine_folder("failover")
    primary = Cluster(folder, "primary").init().start()
    standby = None
    try:
        with primary.connect() as connection:
            connection.execute("CREATE DATABASE idp")
        standby = primary.standby("standby").start()
        primary.wait_for_commits_on("standby")
        yield primary, standby
    finally:
        for cluster in (primary, standby):
            if cluster is not None:
                cluster.stop_if_running()
        remove_folder(folder)


def test_the_standby_takes_over_under_traffic_and_no_answered_sign_up_is_lost(tmp_path, primary_and_standby):
    primary, standby = primary_and_standby
    url = f"postgresql://postgres@127.0.0.1:{primary.port},127.0.0.1:{standby.port}/idp?target_session_attrs=read-write"
    env = environment(tmp_path, url, IDP_DATABASE_CONNECT_TIMEOUT_SECONDS="2", **LIMITS_LIFTED)
    migrate(env)
    server = Server(tmp_path, env, production=True).start()
    pid = server.process.pid
    numbers = itertools.count()
    end = time.monotonic() + 60
    returning = [Person(server.url, next(numbers), retry_until=end) for _ in range(SIGNING_IN)]
    for someone in returning:
        someone.sign_up()
    stop = threading.Event()
    newcomers: list[Person] = []
    refused: list[tuple[Person, Refused]] = []

    def keep_signing_up() -> None:
        while not stop.is_set():
            someone = Person(server.url, next(numbers), retry_until=end)
            newcomers.append(someone)
            try:
                someone.create_account()
            except Refused as error:
                refused.append((someone, error))

    def keep_signing_in(someone: Person) -> None:
        while not stop.is_set():
            try:
                someone.sign_in()
            except Refused as error:
                refused.append((someone, error))

    threads = [threading.Thread(target=keep_signing_up) for _ in range(SIGNING_UP)]
    threads += [threading.Thread(target=keep_signing_in, args=(someone,)) for someone in returning]
    for thread in threads:
        thread.start()
    try:
        time.sleep(BEFORE_SECONDS)
        crashed = time.monotonic()
        primary.stop("immediate")
        standby.promote()
        promoted = time.monotonic()
        time.sleep(AFTER_SECONDS)
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
        server.stop()

    people = returning + newcomers
    answers = sorted((answer for someone in people for answer in someone.answers), key=lambda answer: answer.at)
    failed = [answer for answer in answers if answer.status != 200]
    unavailable = [answer for answer in failed if answer.status == 503 and answer.body == UNAVAILABLE]
    assert unavailable, "no call met the failover: the test proves nothing"
    doubted = {id(answer): someone for someone in people for answer in in_doubt(someone)}
    assert all(answer in unavailable or id(answer) in doubted for answer in failed), {
        (answer.step, answer.status, str(answer.body))
        for answer in failed
        if answer not in unavailable and id(answer) not in doubted
    }
    assert {id(error.answer) for _, error in refused} <= set(doubted), refused[:3]
    for someone in returning:
        last_doubt = max((answer.at for answer in in_doubt(someone)), default=0)
        assert any(
            answer.at > last_doubt and answer.step == "/otp/otp/verify" and answer.status == 200
            for answer in someone.answers
        ), "a person whose answer was lost could not sign in again"
    back = next(answer for answer in answers if answer.at > unavailable[-1].at and answer.status == 200)
    assert any(
        answer.at > promoted and answer.step == "/users/create" and answer.status == 200 for answer in answers
    ), "no account was made on the new primary"
    assert any(
        answer.at > promoted and answer.step == "/otp/otp/verify" and answer.status == 200 for answer in answers
    ), "nobody signed in on the new primary"
    assert server.process.pid == pid

    with standby.connect("idp") as connection:
        made = {row[0]: row[1:] for row in connection.execute("SELECT email, password_hash, email_verified FROM users")}
    answered = {someone.email for someone in people if someone.account_id}
    assert answered <= set(made), f"answered sign-ups lost: {answered - set(made)}"
    assert all(hashed and verified for hashed, verified in made.values()), "an account half made"
    unanswered = set(made) - answered
    in_flight = {
        someone.email
        for someone in newcomers
        if any(answer.step == "/users/create" and answer.status == 503 for answer in someone.answers)
    }
    assert unanswered <= in_flight, unanswered - in_flight
    assert {
        someone.email for someone in newcomers if any(answer.step == "/users/create" for answer in in_doubt(someone))
    } <= set(made), "a sign-up whose answer was lost, and whose click again was refused, made no account"
    lost = sorted(
        f"{answer.step} {answer.status} code {answer.body['message']}"
        for someone in people
        for answer in in_doubt(someone)
    )
    print(
        f"\nprimary stopped at once; standby promoted in {promoted - crashed:.2f} s; calls failing (503, code 35) from "
        f"{unavailable[0].at - crashed:+.2f} s to {unavailable[-1].at - crashed:+.2f} s after the crash "
        f"({len(unavailable)} calls), "
        f"the first call served again at {back.at - crashed:+.2f} s; {len(answered)} sign-ups answered, "
        "all on the new primary "
        f"({len(unanswered)} made by a call answered 503); answers to a click again after a lost answer: {lost}; "
        f"{len(answers)} calls in all"
    )
