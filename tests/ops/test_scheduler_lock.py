"""RQ's scheduler lock, which says which worker process puts the retries due on the queue
(idp/jobs/scheduling.py): a worker killed while holding it holds back no retry for the lock's
minute. Who holds what: a live worker (its beat's connection named after it), a killed one (its
name on the lock, no connection bearing it), RQ's own scheduler (a lock named otherwise)."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest
import redis
from rq.scheduler import SCHEDULER_LOCKING_KEY_TEMPLATE

from idp.jobs.queue import PRESENCE_PREFIX
from idp.jobs.scheduling import release_if_holder_died, schedule_until_stopped
from tests.ops.conftest import REDIS_URL

DEAD = f"{PRESENCE_PREFIX}a-machine:4242"
LIVE = f"{PRESENCE_PREFIX}a-machine:4343"


@pytest.fixture
def jobs(app_with, redis_queue):
    return app_with(IDP_QUEUE_REDIS_URL=REDIS_URL).extensions["idp.queue"]


@pytest.fixture
def lock(jobs) -> str:
    return SCHEDULER_LOCKING_KEY_TEMPLATE % jobs.queue.name


def test_the_lock_of_a_worker_whose_connection_is_gone_is_released(jobs, lock):
    jobs.connection.set(lock, DEAD, ex=61)
    assert release_if_holder_died(jobs, lock, f"{PRESENCE_PREFIX}here:1")
    assert jobs.connection.get(lock) is None


def test_the_lock_of_a_live_worker_is_kept(jobs, lock):
    alive = redis.Redis.from_url(REDIS_URL)
    alive.client_setname(LIVE)
    jobs.connection.set(lock, LIVE, ex=61)
    assert not release_if_holder_died(jobs, lock, f"{PRESENCE_PREFIX}here:1")
    assert jobs.connection.get(lock) == LIVE.encode()
    alive.close()


@pytest.mark.parametrize("holder", ["a1b2c3d4e5f6", f"{PRESENCE_PREFIX}here:1"], ids=["rqs-own", "this-process"])
def test_a_lock_named_otherwise_or_held_by_this_process_is_left_to_its_lifetime(jobs, lock, holder):
    jobs.connection.set(lock, holder, ex=61)
    assert not release_if_holder_died(jobs, lock, f"{PRESENCE_PREFIX}here:1")
    assert jobs.connection.ttl(lock) > 55


def test_a_retry_falling_due_is_queued_within_seconds_of_its_schedulers_death(jobs, lock, redis_queue):
    jobs.connection.set(lock, DEAD, ex=61)
    job = redis_queue.enqueue_in(timedelta(seconds=1), print, "due")
    stopped = threading.Event()
    here = f"{PRESENCE_PREFIX}here:1"
    scheduling = threading.Thread(target=schedule_until_stopped, args=(jobs, here, stopped), daemon=True)
    scheduling.start()
    try:
        deadline = time.monotonic() + 10
        while job.id not in redis_queue.job_ids and time.monotonic() < deadline:
            time.sleep(0.2)
        assert job.id in redis_queue.job_ids, "the retry waited for the dead scheduler's lock"
        assert jobs.connection.get(lock) == here.encode()
    finally:
        stopped.set()
        scheduling.join(timeout=5)
    assert jobs.connection.get(lock) is None, "a stopping worker releases the lock"
