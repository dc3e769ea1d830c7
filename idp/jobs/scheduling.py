"""RQ's scheduler, which puts each retry on the queue when it falls due: run in a thread of every
`jobs work` process (idp/jobs/worker.py), one process at a time holding its lock.

RQ's lock lasts a minute past its holder's last refresh, so a killed worker's lock would hold back
every retry that long, the retries of the jobs it was killed with first. The lock names its holder
as the holder's beat names its Redis connection (queue.PRESENCE_PREFIX): a process that finds no
such connection, the holder dead as JobQueue.live_workers counts it, takes the lock over at once.
It runs in this thread rather than the process RQ forks for it: that process outlives a killed
worker, holding a copy of the connection that says the worker is alive.
"""

from __future__ import annotations

import logging
import threading

from redis.exceptions import RedisError
from rq.scheduler import RQScheduler

from idp.jobs.queue import PRESENCE_PREFIX, JobQueue

# Deletes the lock only while the dead holder still has it: another process may have taken it meanwhile.
RELEASE_IF_STILL_HELD_BY = (
    "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0"
)

log = logging.getLogger("idp.jobs")


def schedule_until_stopped(jobs: JobQueue, presence: str, stopped: threading.Event) -> None:
    """Every second (RQ's interval): hold the lock, or take it once its holder is dead, and while
    holding it put the retries due on the queue. The lock is released when stopped is set."""
    scheduler = RQScheduler([jobs.queue.name], connection=jobs.work_connection, name=presence)
    lock = scheduler.get_locking_key(jobs.queue.name)
    while not stopped.wait(scheduler.interval):
        try:
            if not scheduler.acquired_locks:
                release_if_holder_died(jobs, lock, presence)
                if scheduler.acquire_locks():
                    scheduler.register_birth()
            if scheduler.acquired_locks:
                scheduler.heartbeat()
                scheduler.enqueue_scheduled_jobs()
        except RedisError:
            pass  # the worker's loop says so; scheduling resumes with Redis
    try:
        scheduler.release_locks()
        scheduler.register_death()
    except RedisError:
        pass


def release_if_holder_died(jobs: JobQueue, lock: str, presence: str) -> bool:
    """Deletes the lock when it names a worker's presence that is not this process's and that no
    connection Redis holds bears. Whether it did. (A lock named otherwise, RQ's own, or CLIENT
    LIST refused by a Redis ACL: the lock's own lifetime decides.)"""
    holder = (jobs.connection.get(lock) or b"").decode()
    if holder == presence or not holder.startswith(PRESENCE_PREFIX):
        return False
    connected = jobs.connected()
    if connected is None or holder in connected:
        return False
    released = bool(jobs.connection.eval(RELEASE_IF_STILL_HELD_BY, 1, lock, holder))
    if released:
        log.warning("scheduler lock taken over: its holder stopped without releasing it")
    return released
