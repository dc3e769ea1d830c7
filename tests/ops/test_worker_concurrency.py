"""One job worker keeps queue.concurrency provider calls in flight, and keeps the queue's rules
while it does: a worker with N hands holds N calls at once and no more; SIGTERM finishes the jobs
in hand, claimed however long they take, and leaves the others waiting; a worker killed with
calls in flight loses none (each is retried by the next worker: delivered at least once, at
most once more); failed attempts are retried by the kind's rule and given up as before. Real
processes: the web server, the worker (`flask --app idp jobs work`), the Redis at
IDP_TEST_REDIS_URL, and a stand-in GC Notify on loopback that holds each call until the test
lets it answer, counting the calls in flight."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import threading
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
import redis
from rq.scheduler import SCHEDULER_LOCKING_KEY_TEMPLATE

from idp.jobs.queue import QUEUE_NAME
from idp.jobs.rq_worker import Clock
from tests.conftest import free_port, serve_in_thread
from tests.ops.conftest import REDIS_URL
from tests.ops.test_queue_faults import abandoned_found_within, metric, send_code, wait_for
from tests.support.fakes import notify_settings
from tests.support.servers import ROOT, Server, environment, migrate

# More than outbound.max_concurrent (2): a worker's door lets every hand make its call.
HANDS = 3
# The longest a test lets the provider hold a call; the worker's deadline is longer (NOTIFY_TIMEOUT).
HOLD_SECONDS = 25
NOTIFY_TIMEOUT = "40"
# Beats of 2 s (5 in production): claims of 6 s, a killed worker's jobs found within 12 s.
BEAT = Clock(2)
ABANDONED_FOUND_WITHIN = abandoned_found_within(BEAT)


class StandIn:
    """GC Notify's API: each call is counted as received when it comes, then held until `gate`
    opens (HOLD_SECONDS at most) and answered `status`."""

    def __init__(self):
        self.gate = threading.Event()
        self.status = 201
        self.lock = threading.Lock()
        self.received: list[str] = []
        self.in_flight = self.most_in_flight = 0

    def handler(self) -> type[BaseHTTPRequestHandler]:
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                with stand_in.lock:
                    stand_in.received.append(body["email_address"])
                    stand_in.in_flight += 1
                    stand_in.most_in_flight = max(stand_in.most_in_flight, stand_in.in_flight)
                stand_in.gate.wait(HOLD_SECONDS)
                with stand_in.lock:
                    stand_in.in_flight -= 1
                answer = json.dumps(
                    {"id": "00000000-0000-0000-0000-000000000000"}
                    if stand_in.status == 201
                    else {"errors": [{"error": "Error", "message": "no"}], "status_code": stand_in.status}
                ).encode()
                try:
                    self.send_response(stand_in.status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(answer)))
                    self.end_headers()
                    self.wfile.write(answer)
                except OSError:
                    pass  # the worker was killed meanwhile

            def log_message(self, *args):
                pass

        return Handler

    def times(self, address: str) -> int:
        with self.lock:
            return Counter(self.received)[address]


class Site:
    def __init__(self, tmp_path, stand_in_url: str, **settings: str):
        self.folder = tmp_path
        self.database = tmp_path / "idp.sqlite3"
        self.env = environment(
            tmp_path,
            f"sqlite:///{self.database}",
            IDP_QUEUE_REDIS_URL=REDIS_URL,
            IDP_QUEUE_CONCURRENCY=str(HANDS),
            IDP_QUEUE_RETRY_BACKOFF_SECONDS="1",
            IDP_QUEUE_HEARTBEAT_SECONDS=str(BEAT.beat),
            IDP_NOTIFY_TIMEOUT_SECONDS=NOTIFY_TIMEOUT,
            IDP_LIMITS_PROOF_OF_WORK_AFTER_SENDS="1000",
            **notify_settings(stand_in_url),
            **settings,
        )
        migrate(self.env)
        self.idp = Server(tmp_path, self.env).start()
        self.workers: list[subprocess.Popen] = []

    def start_worker(self) -> subprocess.Popen:
        with (self.folder / f"worker-{len(self.workers) + 1}.log").open("w") as log:
            self.workers.append(
                subprocess.Popen(
                    [sys.executable, "-m", "flask", "--app", "idp", "jobs", "work"],
                    cwd=ROOT,
                    env={**self.env, "IDP_SERVER_ISSUER": self.idp.url},
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
            )
        return self.workers[-1]

    def send(self, numbers: range) -> list[str]:
        assert [send_code(self.idp.url, n).status_code for n in numbers] == [200] * len(numbers)
        return [f"person{n}@example.ca" for n in numbers]

    def given_up(self) -> int:
        with sqlite3.connect(self.database) as connection:
            return connection.execute(
                "SELECT count(*) FROM otp_transactions WHERE delivery_failed_at IS NOT NULL"
            ).fetchone()[0]

    def close(self) -> None:
        for worker in self.workers:
            if worker.poll() is None:
                worker.kill()
                worker.wait(timeout=10)
        self.idp.stop()


@pytest.fixture
def stand_in():
    provider = StandIn()
    server = ThreadingHTTPServer(("127.0.0.1", free_port()), provider.handler())
    server.daemon_threads = True
    serve_in_thread(server)
    provider.url = f"http://127.0.0.1:{server.server_port}"
    yield provider
    provider.gate.set()
    server.shutdown()


@pytest.fixture
def site_with(tmp_path, stand_in, redis_queue):
    made: list[Site] = []

    def make(**settings: str) -> Site:
        made.append(Site(tmp_path, stand_in.url, **settings))
        made[-1].start_worker()
        return made[-1]

    yield make
    stand_in.gate.set()
    for site in made:
        site.close()


def test_a_worker_holds_as_many_provider_calls_in_flight_as_its_concurrency_and_no_more(site_with, stand_in):
    site = site_with()
    everyone = site.send(range(2 * HANDS))
    assert wait_for(lambda: stand_in.in_flight == HANDS, HOLD_SECONDS), f"{stand_in.in_flight} calls in flight"
    assert not wait_for(lambda: stand_in.most_in_flight > HANDS, 2), f"{stand_in.most_in_flight} calls at once"
    assert metric(site.idp.url, "idp_queue_depth") == HANDS, "the jobs not in hand wait in the queue"
    stand_in.gate.set()
    assert wait_for(lambda: len(stand_in.received) == len(everyone), HOLD_SECONDS)
    assert [stand_in.times(address) for address in everyone] == [1] * len(everyone)
    assert stand_in.most_in_flight == HANDS


def test_sigterm_finishes_the_calls_in_flight_and_leaves_the_other_jobs_waiting(site_with, stand_in):
    site = site_with()
    everyone = site.send(range(HANDS + 2))
    assert wait_for(lambda: stand_in.in_flight == HANDS, HOLD_SECONDS)
    in_flight = list(stand_in.received)
    worker = site.workers[-1]
    worker.send_signal(signal.SIGTERM)
    assert not wait_for(lambda: worker.poll() is not None, 2), "the worker stopped with calls in flight"
    stand_in.gate.set()
    assert worker.wait(timeout=HOLD_SECONDS) == 0
    assert sorted(stand_in.received) == sorted(in_flight), "the stopping worker took another job"
    assert metric(site.idp.url, "idp_queue_depth") == 2
    site.start_worker()
    assert wait_for(lambda: len(stand_in.received) == len(everyone), 30)
    assert [stand_in.times(address) for address in everyone] == [1] * len(everyone)


def test_a_stopping_worker_keeps_its_claims_on_the_calls_it_finishes_however_long_they_take(site_with, stand_in):
    """Another worker's maintenance would find a claim lapsed and do the job again: the stopping
    worker's beat renews the claims until its last call ends."""
    site = site_with()
    everyone = site.send(range(HANDS))
    assert wait_for(lambda: stand_in.in_flight == HANDS, HOLD_SECONDS)
    stopping = site.workers[-1]
    stopping.send_signal(signal.SIGTERM)
    site.start_worker()
    assert not wait_for(lambda: stopping.poll() is not None, ABANDONED_FOUND_WITHIN + 2), "it stopped mid-call"
    stand_in.gate.set()
    assert stopping.wait(timeout=HOLD_SECONDS) == 0
    assert not wait_for(lambda: len(stand_in.received) > len(everyone), 3), Counter(stand_in.received)
    failed = metric(site.idp.url, 'idp_job_attempts_failed_total{kind="message"}')
    assert not failed > 0, f"{failed} attempts counted failed (none yet is not a series)"


def test_a_worker_killed_with_calls_in_flight_loses_none_and_sends_none_more_than_once_again(site_with, stand_in):
    site = site_with()
    # killed holding RQ's scheduler lock, as a lone worker is a second after it starts
    store = redis.Redis.from_url(REDIS_URL)
    assert wait_for(lambda: store.get(SCHEDULER_LOCKING_KEY_TEMPLATE % QUEUE_NAME) is not None, 15), (
        "no scheduler lock taken"
    )
    everyone = site.send(range(HANDS + 2))
    assert wait_for(lambda: stand_in.in_flight == HANDS, HOLD_SECONDS)
    in_flight = set(stand_in.received)
    site.workers[-1].send_signal(signal.SIGKILL)
    site.workers[-1].wait(timeout=10)
    stand_in.gate.set()  # the provider took the held messages: deliveries nobody saw succeed
    site.start_worker()
    assert wait_for(
        lambda: all(stand_in.times(address) == (2 if address in in_flight else 1) for address in everyone),
        ABANDONED_FOUND_WITHIN + 30,
    ), Counter(stand_in.received)
    assert wait_for(lambda: metric(site.idp.url, "idp_queue_depth") == 0, 10)
    assert not wait_for(lambda: len(stand_in.received) > len(everyone) + HANDS, 3), (
        "a job was done again after its retry"
    )
    assert metric(site.idp.url, 'idp_job_attempts_failed_total{kind="message"}') == HANDS
    assert metric(site.idp.url, "idp_deliveries_failed") == 0
    # the retries came back through RQ's scheduler, whose lock the killed worker held for a minute more
    said = (site.folder / f"worker-{len(site.workers)}.log").read_text(encoding="utf-8")
    assert "scheduler lock taken over" in said, said[-2000:]


@pytest.mark.parametrize(("status", "attempts"), [(500, 3), (400, 1)], ids=["retryable", "permanent"])
def test_failed_calls_in_flight_together_are_retried_by_the_rule_then_given_up(site_with, stand_in, status, attempts):
    stand_in.status = status
    stand_in.gate.set()
    site = site_with(IDP_QUEUE_MAX_ATTEMPTS="3")
    everyone = site.send(range(HANDS + 1))
    assert wait_for(lambda: metric(site.idp.url, "idp_deliveries_failed") == len(everyone), 60), Counter(
        stand_in.received
    )
    assert not wait_for(lambda: len(stand_in.received) > attempts * len(everyone), 3), "an attempt beyond the rule"
    assert [stand_in.times(address) for address in everyone] == [attempts] * len(everyone)
    assert metric(site.idp.url, 'idp_job_attempts_failed_total{kind="message"}') == attempts * len(everyone)
    assert site.given_up() == len(everyone), "a code given up is not marked undeliverable"
