"""The web server processes' series are true across worker replacements: the pools' capacity
is every worker's pool (the master, which serves nothing, counts none), and the CPU counter
never falls when granian replaces its workers (as it does when their lifetime ends, or on
SIGHUP), since the CPU of a worker it reaped still counts. Production's web server with two
workers, /metrics on its own port (no management port), every worker replaced twice."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest
import requests
from prometheus_client.parser import text_string_to_metric_families

from idp.processes import children
from tests.support.servers import Server, environment, migrate

# SQLAlchemy's QueuePool by default: 5 connections and 10 more when they are all lent.
POOL_PER_PROCESS = 15


def _numbers(base: str) -> dict[str, float]:
    answer = requests.get(f"{base}/metrics", timeout=30)
    assert answer.status_code == 200, (answer.status_code, answer.text[:2000])
    text = answer.text
    return {
        sample.name: sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
        if not sample.labels
    }


def _capacity_once_settled(web) -> float:
    """The capacity once no worker is being replaced: granian starts a worker's successor before
    it stops the worker, so for a moment three workers' pools are there to count, and rightly so."""
    deadline = time.monotonic() + 20
    while True:
        capacity = _numbers(web.url)["idp_db_pool_capacity"]
        if capacity == 2 * POOL_PER_PROCESS or time.monotonic() > deadline:
            return capacity
        time.sleep(0.2)


@pytest.fixture
def web(tmp_path):
    env = environment(tmp_path, f"sqlite:///{tmp_path / 'idp.sqlite3'}", WEB_CONCURRENCY="2", IDP_THREADS="2")
    migrate(env)
    server = Server(tmp_path, env, production=True).start()
    yield server
    server.stop()


def test_the_pools_capacity_is_the_sum_of_the_workers_pools(web):
    assert _capacity_once_settled(web) == 2 * POOL_PER_PROCESS


def _replaced(web) -> int:
    return sum("Stopped old worker" in line for line in web.lines())


def _asked_again_if_reset(web) -> None:
    """A request, sent once more if its connection was reset: granian resets the connections
    queued at a worker it replaces unless the kernel's net.ipv4.tcp_migrate_req is on
    (docs/operations.md), as a client or a balancer would retry."""
    try:
        requests.get(f"{web.url}/v1/password/policy", timeout=30)
    except requests.ConnectionError:
        requests.get(f"{web.url}/v1/password/policy", timeout=30)


def test_the_cpu_counter_never_falls_when_granian_replaces_its_workers(web):
    seen, hups, deadline = [0.0], 0, time.monotonic() + 60
    while _replaced(web) < 4 and time.monotonic() < deadline:
        # every worker replaced, one after the other, twice
        if len(seen) == 5 or (hups == 1 and _replaced(web) == 2):
            os.kill(web.process.pid, signal.SIGHUP)
            hups += 1
        for _ in range(3):
            _asked_again_if_reset(web)
        seen.append(_numbers(web.url)["idp_process_cpu_seconds_total"])
        assert seen == sorted(seen), seen
        time.sleep(0.2)
    assert _replaced(web) >= 4, "no worker was replaced: the test proves nothing"
    assert _capacity_once_settled(web) == 2 * POOL_PER_PROCESS


def test_the_workers_run_with_the_allocator_tuned(web):
    """config/web.py starts itself again with glibc's tunables (the hash's 19 MiB handed back,
    in huge pages) when they were not given: the master and every worker run with them."""
    master = web.process.pid
    workers = children(master)
    assert workers
    for pid in [master, *workers]:
        assert set(_tunables(pid)) >= {
            "glibc.malloc.mmap_threshold=131072",
            "glibc.malloc.arena_max=2",
            "glibc.malloc.hugetlb=1",
        }


def _tunables(pid: int) -> list[str]:
    """The process's GLIBC_TUNABLES as it started. glibc reads them in place, writing a NUL over
    each colon, so /proc shows each setting after the first as an entry of its own."""
    entries = Path(f"/proc/{pid}/environ").read_bytes().decode().split("\0")
    first = next(index for index, entry in enumerate(entries) if entry.startswith("GLIBC_TUNABLES="))
    settings = [entries[first].partition("=")[2]]
    for entry in entries[first + 1 :]:
        if not entry.startswith("glibc."):
            break
        settings.append(entry)
    return settings
