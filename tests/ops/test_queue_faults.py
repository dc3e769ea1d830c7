"""The job worker survives its engine. Redis stops for a while under traffic: once it is back
every code sent afterwards is delivered, by the same worker process, and meanwhile sends answer
503 with code 25 and /readyz says the queue is unreachable. Redis loses its data under traffic:
only the jobs not yet taken are lost, and counted. Real processes: a redis-server of this test's
own on a free port, the provider, the worker, SMTP on loopback."""
from __future__ import annotations

import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
import redis
import requests

from tests.conftest import free_port
from tests.support.fakes import smtp_server  # noqa: F401 (fixture)
from tests.support.servers import ROOT, Server, environment, migrate

OUTAGE_SECONDS = 20


class RedisServer:
    def __init__(self, folder: Path):
        self.port = free_port()
        self.folder = folder
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> "RedisServer":
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(self.folder)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("redis-server did not start")

    def __enter__(self) -> "RedisServer":
        return self.start()

    def __exit__(self, *exception) -> None:
        self.stop()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


@pytest.fixture
def redis_server(tmp_path):
    with RedisServer(tmp_path) as server:
        yield server


@dataclass
class Site:
    idp: Server
    worker: subprocess.Popen
    handler: object  # the SMTP server's Collect


@pytest.fixture
def site(tmp_path, redis_server, smtp_server):
    """The provider (SQLite, SMTP on loopback, the queue on this test's Redis) and its worker."""
    controller, handler = smtp_server
    env = environment(tmp_path, f"sqlite:///{tmp_path / 'idp.sqlite3'}", IDP_QUEUE_REDIS_URL=redis_server.url,
                      IDP_QUEUE_TIMEOUT_SECONDS="1", IDP_NOTIFY_PROVIDER="smtp", IDP_NOTIFY_SMTP_PORT=str(controller.port),
                      # the traffic comes from one address: no proof of work (tests/api/test_proof_of_work.py)
                      IDP_LIMITS_PROOF_OF_WORK_AFTER_SENDS="1000")
    migrate(env)
    idp = Server(tmp_path, env).start()
    log = (tmp_path / "worker.log").open("w")
    worker = subprocess.Popen([sys.executable, "-m", "flask", "--app", "idp", "jobs", "work"], cwd=ROOT,
                              env={**env, "IDP_SERVER_ISSUER": idp.url}, stdout=log, stderr=subprocess.STDOUT)
    try:
        yield Site(idp, worker, handler)
    finally:
        stop_worker(worker)
        log.close()
        idp.stop()


def stop_worker(worker: subprocess.Popen) -> None:
    if worker.poll() is None:
        worker.terminate()
        worker.wait(timeout=30)


def send_code(base: str, n: int) -> requests.Response:
    browser = requests.Session()
    headers = {"Origin": base}
    browser.post(f"{base}/v1/signup/privacy", json={}, headers=headers, timeout=30)
    return browser.post(f"{base}/v1/otp/transient_otp/send", headers=headers, timeout=30,
                        json={"userName": f"person{n}@example.ca", "otpType": "email", "language": "eng"})


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
    assert wait_for(lambda: all(delivered_to(handler, address) for address in everyone), 60), "codes sent after the outage were lost"
    assert worker.poll() is None, "the codes were delivered by another process than the worker that saw the outage"
    assert not delivered_to(handler, "person1@example.ca")
    stop_worker(worker)
    assert worker.returncode == 0, "SIGTERM stops the worker cleanly"


def metric(base: str, name: str) -> float:
    for line in requests.get(f"{base}/metrics", timeout=10).text.splitlines():
        if line.startswith(f"{name} "):
            return float(line.split()[1])
    return float("nan")


def test_a_redis_flush_under_traffic_loses_only_the_jobs_not_yet_taken_and_counts_them(site, redis_server):
    idp, worker, handler = site.idp, site.worker, site.handler
    assert send_code(idp.url, 0).status_code == 200
    assert wait_for(lambda: delivered_to(handler, "person0@example.ca"), 30)
    # A provider that takes a second per message: the queue holds jobs not yet taken.
    handler.delay_seconds = 1.0
    traffic = range(1, 21)
    assert [send_code(idp.url, n).status_code for n in traffic] == [200] * len(traffic)
    time.sleep(11)  # a worker's beat (every 10 s) has seen jobs waiting
    redis.Redis.from_url(redis_server.url).flushall()
    flushed_at = time.monotonic()

    assert wait_for(lambda: metric(idp.url, "idp_queue_resets_total") == 1, 30), "the loss was not counted"
    handler.delay_seconds = 0.0
    after = range(21, 24)
    assert [send_code(idp.url, n).status_code for n in after] == [200] * len(after)
    assert wait_for(lambda: all(delivered_to(handler, f"person{n}@example.ca") for n in after), 60), \
        "codes sent after the flush were not delivered"
    assert worker.poll() is None
    lost = [n for n in traffic if not delivered_to(handler, f"person{n}@example.ca")]
    counted = metric(idp.url, "idp_queue_jobs_lost_total")
    assert lost, "the flush came after every job was taken: the test proves nothing"
    assert counted >= len(lost), (counted, lost)
    print(f"\nflush {time.monotonic() - flushed_at:.0f} s before the end: {len(lost)} jobs lost, {counted:.0f} counted")
