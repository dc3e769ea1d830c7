"""The server processes' series under gunicorn are true across worker recycles: the pools'
capacity is every worker's pool (the master, which serves nothing, counts none), and the CPU
counter never falls when gunicorn replaces a worker (max_requests), since the CPU of a worker
it reaped still counts. A real gunicorn with two workers, recycled every few requests."""
from __future__ import annotations

import time

import pytest
import requests
from prometheus_client.parser import text_string_to_metric_families

from tests.support.servers import Server, environment, migrate

# SQLAlchemy's QueuePool by default: 5 connections and 10 more when they are all lent.
POOL_PER_PROCESS = 15


def _numbers(base: str) -> dict[str, float]:
    answer = requests.get(f"{base}/metrics", timeout=30)
    assert answer.status_code == 200, (answer.status_code, answer.text[:2000])
    text = answer.text
    return {sample.name: sample.value for family in text_string_to_metric_families(text) for sample in family.samples
            if not sample.labels}


def _capacity_once_settled(gunicorn) -> float:
    """The capacity once no worker is being replaced: gunicorn forks its workers one after
    another (and a recycled one is reaped before its successor is forked), so for a moment
    only one worker's pool is there to count, and rightly so."""
    deadline = time.monotonic() + 20
    while True:
        capacity = _numbers(gunicorn.url)["idp_db_pool_capacity"]
        if capacity == 2 * POOL_PER_PROCESS or time.monotonic() > deadline:
            return capacity
        time.sleep(0.2)


@pytest.fixture
def gunicorn(tmp_path):
    env = environment(tmp_path, f"sqlite:///{tmp_path / 'idp.sqlite3'}", WEB_CONCURRENCY="2", IDP_THREADS="2")
    migrate(env)
    server = Server(tmp_path, env, gunicorn=True)
    # each worker is replaced after 15 requests
    server.command += ["--max-requests", "15", "--max-requests-jitter", "1"]
    server.start()
    yield server
    server.stop()


def test_the_pools_capacity_is_the_sum_of_the_workers_pools(gunicorn):
    assert _capacity_once_settled(gunicorn) == 2 * POOL_PER_PROCESS


def test_the_cpu_counter_never_falls_when_gunicorn_replaces_a_worker(gunicorn):
    seen, previous = [], 0.0
    for _ in range(40):
        for _ in range(3):
            requests.get(f"{gunicorn.url}/v1/password/policy", timeout=30)
        cpu = _numbers(gunicorn.url)["idp_process_cpu_seconds_total"]
        seen.append(cpu)
        assert cpu >= previous, seen
        previous = cpu
    recycled = [line for line in gunicorn.lines() if "Autorestarting worker" in line]
    assert len(recycled) >= 4, "no worker was replaced: the test proves nothing"
    assert _capacity_once_settled(gunicorn) == 2 * POOL_PER_PROCESS
