"""The job worker survives its engine, and its death loses no job. Redis stops for a while
under traffic, again and again, at any moment of the worker's loop: once it is back every code sent
afterwards is delivered, by the same worker process, and meanwhile sends answer 503 with code 25 and
/readyz says the queue is unreachable. Redis loses its data under traffic: only the jobs not yet
taken are lost, and counted. An idle worker keeps its loop. A worker killed mid-job: its job is
found and retried by the next worker (or kept as failed, and counted, when it was the last attempt),
and it stops counting as alive at once. Its calls count in the machine's /metrics, a killed
worker's too, when it shares the web server's metrics folder; that folder full never stops a
code from being sent and delivered. Real processes: a redis-server of this test's own on a
free port, the provider, the worker, SMTP on loopback."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace

import pytest
import redis
import requests

from idp.jobs.queue import QUEUE_NAME
from idp.jobs.rq_worker import Clock
from tests.conftest import free_port
from tests.support.disks import fill, small_tmpfs
from tests.support.engines import RedisServer
from tests.support.servers import ROOT, Management, Server, environment, migrate

OUTAGE_SECONDS = 20
# RQ's registry of the jobs in hand (rq.registry.StartedJobRegistry), read raw: its count() would
# clean it up, which is the workers' business.
STARTED = f"rq:wip:{QUEUE_NAME}"
# The workers beat every second (queue.heartbeat_seconds; 5 in production), and every wait of theirs
# follows: what takes half a minute in production takes seconds here.
BEAT_SECONDS = 1


def abandoned_found_within(clock: Clock) -> int:
    """A job whose worker was killed is found within this many seconds of the kill: its claim lapses
    clock.claim after the worker's last beat, and a live worker's maintenance looks every
    clock.maintenance, waking from its wait for jobs every clock.dequeue."""
    return clock.claim + clock.maintenance + clock.dequeue


@pytest.fixture
def redis_server(tmp_path, request):
    """Without persistence, unless a test's parameter says persistent (indirect=True)."""
    with RedisServer(tmp_path, persistent=getattr(request, "param", False)) as server:
        yield server


@dataclass
class Site:
    """The provider (SQLite, SMTP on loopback, the queue on this test's Redis) and its workers,
    each `flask --app idp jobs work` in a session of its own, with its own log."""

    idp: Server
    handler: object  # the SMTP server's Collect
    env: dict[str, str]
    folder: Path
    workers: list[subprocess.Popen] = field(default_factory=list)

    @property
    def clock(self) -> Clock:
        return Clock(int(self.env["IDP_QUEUE_HEARTBEAT_SECONDS"]))

    @property
    def worker(self) -> subprocess.Popen:
        """The worker started last."""
        return self.workers[-1]

    def start_worker(self) -> subprocess.Popen:
        with (self.folder / f"worker-{len(self.workers) + 1}.log").open("w") as log:
            worker = subprocess.Popen(
                [sys.executable, "-m", "flask", "--app", "idp", "jobs", "work"],
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self.workers.append(worker)
        return worker

    def worker_log(self, worker: subprocess.Popen) -> list[str]:
        """What the worker logged: each line's message (or the line itself, when it is not JSON)."""
        path = self.folder / f"worker-{self.workers.index(worker) + 1}.log"
        return [_message(line) for line in path.read_text(encoding="utf-8").splitlines()]

    def close(self) -> None:
        for worker in self.workers:
            stop_worker(worker)
            with contextlib.suppress(ProcessLookupError):
                os.killpg(worker.pid, signal.SIGKILL)  # whatever the worker left behind in its session
        self.idp.stop()


def _message(line: str) -> str:
    try:
        return json.loads(line)["message"]
    except (ValueError, KeyError, TypeError):
        return line


@pytest.fixture
def site_with(tmp_path, redis_server, smtp_server):
    """Makes the site with these settings (IDP_* variables) and starts its first worker."""
    controller, handler = smtp_server
    made: list[Site] = []

    def make(**settings: str) -> Site:
        env = environment(
            tmp_path,
            f"sqlite:///{tmp_path / 'idp.sqlite3'}",
            IDP_QUEUE_REDIS_URL=redis_server.url,
            IDP_QUEUE_TIMEOUT_SECONDS="1",
            IDP_NOTIFY_PROVIDER="smtp",
            IDP_NOTIFY_SMTP_PORT=str(controller.port),
            # the traffic comes from one address: no proof of work (tests/api/test_proof_of_work.py)
            IDP_LIMITS_PROOF_OF_WORK_AFTER_SENDS="1000",
            **({"IDP_QUEUE_HEARTBEAT_SECONDS": str(BEAT_SECONDS)} | settings),
        )
        migrate(env)
        idp = Server(tmp_path, env).start()
        site = Site(idp, handler, {**env, "IDP_SERVER_ISSUER": idp.url}, tmp_path)
        made.append(site)
        site.start_worker()
        return site

    yield make
    for site in made:
        site.close()


@pytest.fixture
def site(site_with):
    return site_with()


# A worker does queue.concurrency jobs at once: for jobs to wait behind a slow provider, a test
# sends more than that. Two hands, so that the faults still meet several jobs in hand.
FEW_HANDS = {"IDP_QUEUE_CONCURRENCY": "2"}


@pytest.fixture
def busy_site(site_with):
    return site_with(**FEW_HANDS)


def stop_worker(worker: subprocess.Popen) -> None:
    if worker.poll() is None:
        worker.terminate()
        worker.wait(timeout=30)


def send_code(base: str, n: int) -> requests.Response:
    browser = requests.Session()
    headers = {"Origin": base}
    browser.post(f"{base}/v1/signup/privacy", json={}, headers=headers, timeout=30)
    return browser.post(
        f"{base}/v1/otp/transient_otp/send",
        headers=headers,
        timeout=30,
        json={"userName": f"person{n}@example.ca", "otpType": "email", "language": "eng"},
    )


def delivered_to(handler, address: str) -> bool:
    return any(message["To"] == address for message in handler.received)


def wait_for(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.3)
    return False


def test_the_worker_comes_back_with_redis_and_delivers_every_code_sent_afterwards(site, redis_server):
    idp, worker, handler = site.idp, site.worker, site.handler
    assert send_code(idp.url, 0).status_code == 200
    assert wait_for(lambda: delivered_to(handler, "person0@example.ca"), 30), "the first code was not delivered"
    assert wait_for(lambda: requests.get(f"{idp.url}/readyz", timeout=10).json().get("workers") == 1, 30)

    redis_server.stop()
    started = time.monotonic()
    refused = send_code(idp.url, 1)
    assert (refused.status_code, refused.json()["message"]) == (503, "25")
    ready = requests.get(f"{idp.url}/readyz", timeout=10)
    assert (ready.status_code, ready.json()["queue"]) == (503, "unreachable")
    time.sleep(max(0.0, OUTAGE_SECONDS - (time.monotonic() - started)))
    assert worker.poll() is None, "the worker exited while Redis was away"

    redis_server.start()
    for n in range(2, 5):
        assert send_code(idp.url, n).status_code == 200
    everyone = [f"person{n}@example.ca" for n in range(2, 5)]
    assert wait_for(lambda: all(delivered_to(handler, address) for address in everyone), 60), (
        "codes sent after the outage were lost"
    )
    assert worker.poll() is None, "the codes were delivered by another process than the worker that saw the outage"
    assert not delivered_to(handler, "person1@example.ca")
    stop_worker(worker)
    assert worker.returncode == 0, "SIGTERM stops the worker cleanly"


def metric(base: str, name: str) -> float:
    for line in requests.get(f"{base}/metrics", timeout=10).text.splitlines():
        if line.startswith(f"{name} "):
            return float(line.split()[1])
    return float("nan")


def test_a_redis_flush_under_traffic_loses_only_the_jobs_not_yet_taken_and_counts_them(busy_site, redis_server):
    idp, worker, handler = busy_site.idp, busy_site.worker, busy_site.handler
    assert send_code(idp.url, 0).status_code == 200
    assert wait_for(lambda: delivered_to(handler, "person0@example.ca"), 30)
    # A provider that takes a second per message: the queue holds jobs not yet taken.
    handler.delay_seconds = 1.0
    traffic = range(1, 21)
    assert [send_code(idp.url, n).status_code for n in traffic] == [200] * len(traffic)
    time.sleep(busy_site.clock.beat + 1)  # a worker's beat has seen jobs waiting
    redis.Redis.from_url(redis_server.url).flushall()
    flushed_at = time.monotonic()

    assert wait_for(lambda: metric(idp.url, "idp_queue_resets_total") == 1, 30), "the loss was not counted"
    handler.delay_seconds = 0.0
    after = range(21, 24)
    assert [send_code(idp.url, n).status_code for n in after] == [200] * len(after)
    assert wait_for(lambda: all(delivered_to(handler, f"person{n}@example.ca") for n in after), 60), (
        "codes sent after the flush were not delivered"
    )
    assert worker.poll() is None
    lost = [n for n in traffic if not delivered_to(handler, f"person{n}@example.ca")]
    counted = metric(idp.url, "idp_queue_jobs_lost_total")
    assert lost, "the flush came after every job was taken: the test proves nothing"
    assert counted >= len(lost), (counted, lost)
    print(f"\nflush {time.monotonic() - flushed_at:.0f} s before the end: {len(lost)} jobs lost, {counted:.0f} counted")


SCHEDULED = f"rq:scheduled:{QUEUE_NAME}"  # RQ's registry of the jobs waiting for their retry


def _restart_with_jobs_waiting(site, redis_server) -> range:
    """A code whose attempt failed waits for its retry, codes wait behind a slow provider, the
    workers' beat has seen them: then Redis dies (SIGKILL) and starts again on its files. Answers
    the codes sent."""
    handler = site.handler
    handler.refuse, handler.reply = True, "451 4.3.0 try again later"
    assert send_code(site.idp.url, 0).status_code == 200
    assert wait_for(lambda: handler.refused, 30), "the first attempt was not made"
    handler.refuse, handler.delay_seconds = False, 1.0
    traffic = range(1, 11)
    assert [send_code(site.idp.url, n).status_code for n in traffic] == [200] * len(traffic)
    time.sleep(site.clock.beat + 1)
    store = redis.Redis.from_url(redis_server.url)
    assert store.zcard(SCHEDULED) == 1 and store.llen(f"rq:queue:{QUEUE_NAME}"), (
        "nothing was waiting: the test proves nothing"
    )
    redis_server.crash()
    redis_server.start()
    handler.delay_seconds = 0.0
    return range(0, 11)


@pytest.mark.parametrize("redis_server", [True], indirect=True)
def test_a_redis_restart_with_persistence_keeps_every_job_waiting_and_counts_no_loss(busy_site, redis_server):
    traffic = _restart_with_jobs_waiting(busy_site, redis_server)
    everyone = [f"person{n}@example.ca" for n in traffic]
    assert wait_for(lambda: all(delivered_to(busy_site.handler, address) for address in everyone), 60), [
        address for address in everyone if not delivered_to(busy_site.handler, address)
    ]
    assert busy_site.worker.poll() is None
    time.sleep(busy_site.clock.beat + 1)  # a beat after the restart, which would count a loss
    url = busy_site.idp.url
    assert (metric(url, "idp_queue_resets_total"), metric(url, "idp_queue_jobs_lost_total")) == (0, 0)
    assert not any("queue data lost" in line for line in busy_site.worker_log(busy_site.worker))


def test_a_redis_restart_without_persistence_loses_the_jobs_waiting_and_counts_them(busy_site, redis_server):
    traffic = _restart_with_jobs_waiting(busy_site, redis_server)
    assert wait_for(lambda: metric(busy_site.idp.url, "idp_queue_resets_total") == 1, 30), "the loss was not counted"
    assert send_code(busy_site.idp.url, 99).status_code == 200
    assert wait_for(lambda: delivered_to(busy_site.handler, "person99@example.ca"), 30), (
        "a code sent after the restart was lost"
    )
    lost = [n for n in traffic if not delivered_to(busy_site.handler, f"person{n}@example.ca")]
    assert 0 in lost, "the retry waiting at the restart was kept without persistence"
    assert metric(busy_site.idp.url, "idp_queue_jobs_lost_total") >= len(lost)


def deliveries(handler, address: str) -> int:
    return sum(1 for message in handler.received if message["To"] == address)


def test_outages_under_load_at_any_moment_leave_the_same_worker_delivering_every_code_sent_after(
    busy_site, redis_server
):
    """Redis stops while jobs are in hand: the hands whose bookkeeping it cuts short drop their jobs,
    and RQ's loop, when the outage meets it between two jobs, ends and the worker builds a new RQ
    worker (RQ's constructor calls Redis); one outage comes back for half a second and goes again,
    so a rebuild may meet it too. Each restart is an empty Redis (no persistence): the jobs not yet
    taken are lost, which the other test counts."""
    idp, worker, handler = busy_site.idp, busy_site.worker, busy_site.handler
    assert send_code(idp.url, 0).status_code == 200
    assert wait_for(lambda: delivered_to(handler, "person0@example.ca"), 30)
    handler.delay_seconds = 1.0  # a provider taking a second per message: jobs are in hand when Redis goes
    sent = 1
    for outage in ((5.0,), (3.0, 3.0), (10.0,)):
        assert [send_code(idp.url, n).status_code for n in range(sent, sent + 6)] == [200] * 6
        sent += 6
        time.sleep(1.5)
        for number, seconds in enumerate(outage):
            if number:
                redis_server.start()
                time.sleep(0.5)
            redis_server.stop()
            time.sleep(seconds)
        redis_server.start()
        assert worker.poll() is None, f"the worker exited after an outage:\n{busy_site.worker_log(worker)[-12:]}"

    handler.delay_seconds = 0.0
    after = range(sent, sent + 5)
    assert [send_code(idp.url, n).status_code for n in after] == [200] * len(after)
    assert wait_for(lambda: all(delivered_to(handler, f"person{n}@example.ca") for n in after), 60), (
        f"codes sent after the last outage were lost:\n{busy_site.worker_log(worker)[-12:]}"
    )
    assert worker.poll() is None, "the codes were delivered by another process than the worker that saw the outages"
    said = busy_site.worker_log(worker)
    met = ("queue unreachable", "job dropped from its hand")
    assert any(fault in line for line in said for fault in met), "no outage met a job in hand: the test proves nothing"
    # RQ's thread listening for commands subscribes again once Redis answers, after its own back-off
    store = redis.Redis.from_url(redis_server.url)
    assert wait_for(lambda: len(store.pubsub_channels("rq:pubsub:*")) == 1, 15), (
        f"not one RQ worker listening for commands: {store.pubsub_channels('rq:pubsub:*')}"
    )
    stop_worker(worker)
    assert worker.returncode == 0, "SIGTERM stops the worker cleanly"


IDLE_SECONDS = 25


def test_idle_workers_keep_their_loops(site_with):
    """RQ blocks on Redis for its dequeue timeout (Clock.dequeue) at a time: a client whose
    socket gives up sooner ends RQ's loop with 'Redis connection timeout, quitting...'. Two
    workers, one that has done a job and one just started, each builds its Redis connections in
    its own order. They beat as in production: its wait for jobs, its sockets' timeouts."""
    site = site_with(IDP_QUEUE_HEARTBEAT_SECONDS="5")
    idp, handler = site.idp, site.handler
    assert send_code(idp.url, 0).status_code == 200
    assert wait_for(lambda: delivered_to(handler, "person0@example.ca"), 30)
    site.start_worker()
    time.sleep(IDLE_SECONDS)
    for worker in site.workers:
        said = site.worker_log(worker)
        ended = [line for line in said if "quitting" in line or "loop ended" in line]
        assert not ended, f"an idle worker's loop ended {len(ended)} times in {IDLE_SECONDS} s: {ended[:4]}"
        assert sum("started with PID" in line for line in said) == 1, "an idle worker built RQ's worker again"
        assert worker.poll() is None


def kill_mid_delivery(site: Site, redis_server, address_number: int, monkeypatch) -> float:
    """Sends a code, kills the worker with SIGKILL while the SMTP server holds its message (the
    server keeps it: a first delivery nobody saw succeed), and starts another worker. When."""
    handler = site.handler
    holding = threading.Event()
    deliver = handler.handle_message

    def slowly(message):
        holding.set()
        deliver(message)

    monkeypatch.setattr(handler, "handle_message", slowly)
    handler.delay_seconds = 5.0
    assert send_code(site.idp.url, address_number).status_code == 200
    assert holding.wait(30), "the worker never took the job"
    assert redis.Redis.from_url(redis_server.url).zcard(STARTED) == 1, "the job in hand is not in RQ's started registry"
    killed = site.worker
    killed.send_signal(signal.SIGKILL)
    killed.wait(timeout=10)
    killed_at = time.monotonic()
    handler.delay_seconds = 0.0
    site.start_worker()
    return killed_at


def test_a_worker_killed_mid_job_has_its_job_retried_by_the_next_worker(site_with, redis_server, monkeypatch):
    site = site_with(IDP_QUEUE_RETRY_BACKOFF_SECONDS="1")
    address = "person1@example.ca"
    killed_at = kill_mid_delivery(site, redis_server, 1, monkeypatch)
    # one delivery by the killed worker (its SMTP conversation finished without it), one by the retry
    found_within = abandoned_found_within(site.clock)
    assert wait_for(lambda: deliveries(site.handler, address) == 2, found_within + 30), (
        f"the killed worker's job was never retried:\n{site.worker_log(site.worker)[-8:]}"
    )
    took = time.monotonic() - killed_at
    assert took < found_within + 1 + 5, f"retried {took:.0f} s after the kill"
    time.sleep(5)  # longer than the next retry's wait (2 s): the retry that succeeded was the last
    assert deliveries(site.handler, address) == 2, "the job was done again after its retry succeeded"
    assert metric(site.idp.url, "idp_queue_depth") == 0
    assert metric(site.idp.url, 'idp_job_attempts_failed_total{kind="message"}') == 1, (
        "the abandoned attempt is not counted"
    )
    assert metric(site.idp.url, "idp_deliveries_failed") == 0
    assert any("job attempt abandoned" in line for line in site.worker_log(site.worker))
    print(f"\nretried and delivered {took:.0f} s after the kill")


def test_a_worker_killed_mid_job_on_its_last_attempt_has_its_job_kept_as_failed_and_counted(
    site_with, redis_server, monkeypatch
):
    site = site_with(IDP_QUEUE_MAX_ATTEMPTS="1")
    killed_at = kill_mid_delivery(site, redis_server, 1, monkeypatch)
    found_within = abandoned_found_within(site.clock)
    assert wait_for(lambda: metric(site.idp.url, "idp_deliveries_failed") == 1, found_within + 30), (
        f"the killed worker's job is kept nowhere:\n{site.worker_log(site.worker)[-8:]}"
    )
    took = time.monotonic() - killed_at
    assert took < found_within + 5, f"kept as failed {took:.0f} s after the kill"
    assert metric(site.idp.url, 'idp_job_attempts_failed_total{kind="message"}') == 1
    assert redis.Redis.from_url(redis_server.url).zcard(STARTED) == 0
    # the killed worker's message, which the SMTP server took 5 s to accept, whatever the kill
    assert wait_for(lambda: deliveries(site.handler, "person1@example.ca") == 1, 10)
    assert not wait_for(lambda: deliveries(site.handler, "person1@example.ca") > 1, 2), (
        "a job out of attempts was tried again"
    )


def test_a_killed_worker_stops_counting_as_alive_at_once_and_the_count_never_rises(site_with):
    # beats of 2 s: a scrape of /metrics on a busy machine may take most of a second
    site = site_with(IDP_QUEUE_HEARTBEAT_SECONDS="2")
    idp, beat = site.idp, site.clock.beat
    counted: list[float] = []

    def workers() -> float:
        counted.append(metric(idp.url, "idp_queue_workers"))
        return counted[-1]

    assert wait_for(lambda: workers() == 1, 30)
    site.worker.send_signal(signal.SIGKILL)
    site.worker.wait(timeout=10)
    assert wait_for(lambda: workers() == 0, beat), (
        f"a killed worker still counted {beat} s (one beat) after the kill: {counted}"
    )
    assert requests.get(f"{idp.url}/readyz", timeout=10).json()["workers"] == 0
    site.start_worker()
    assert wait_for(lambda: workers() == 1, 30), "the new worker is not counted"
    deadline = time.monotonic() + 2 * beat
    while time.monotonic() < deadline:
        workers()
        time.sleep(0.3)
    assert max(counted) == 1, f"one worker alive at a time, yet counted {max(counted):.0f}: {counted}"


def test_the_workers_calls_count_in_the_machines_metrics_and_outlive_a_killed_worker(site_with, tmp_path):
    """The job worker's unit (docs/operations.md) shares the web server's metrics folder: its
    calls to SMTP count in the management port's /metrics beside the web workers' counts."""
    folder = tmp_path / "metrics"
    folder.mkdir()
    site = site_with(PROMETHEUS_MULTIPROC_DIR=str(folder))
    management = Management(
        tmp_path, SimpleNamespace(env={**site.env, "IDP_MANAGEMENT_BIND": f"127.0.0.1:{free_port()}"})
    )
    management.start(ready_path="/metrics")
    try:
        assert send_code(site.idp.url, 1).status_code == 200
        assert wait_for(lambda: delivered_to(site.handler, "person1@example.ca"), 30)
        smtp_ok = 'idp_outbound_calls_total{outcome="ok",purpose="smtp"}'
        assert wait_for(lambda: metric(management.url, smtp_ok) == 1, 10), requests.get(
            f"{management.url}/metrics", timeout=10
        ).text
        site.worker.send_signal(signal.SIGKILL)
        site.worker.wait(timeout=10)
        assert metric(management.url, smtp_ok) == 1
    finally:
        management.stop()


def test_codes_are_sent_and_delivered_while_the_metrics_folder_is_full(site_with, tmp_path):
    """The worker's counts (its calls to SMTP) and the server's (the codes sent) need room in the
    metrics folder they share, which another program's file has taken."""
    with small_tmpfs(tmp_path / "disk", "1m") as disk:
        (disk / "idp").mkdir()
        site = site_with(PROMETHEUS_MULTIPROC_DIR=str(disk / "idp"))
        assert wait_for(lambda: requests.get(f"{site.idp.url}/readyz", timeout=10).json().get("workers") == 1, 30)
        fill(disk)
        for n in range(3):
            assert send_code(site.idp.url, n).status_code == 200
        assert wait_for(lambda: all(delivered_to(site.handler, f"person{n}@example.ca") for n in range(3)), 30)
        assert site.worker.poll() is None
