"""The job worker, `flask --app idp jobs work`: RQ's loop, kept going in one process.

Whatever ends RQ's loop, the process builds a new RQ worker (its constructor calls Redis) and
starts it again, all of it inside the same reconnect logic: when Redis does not answer it logs
`queue unreachable` and tries again (1 s, doubling up to RECONNECT_MAX_SECONDS, sooner once Redis
answers) until a signal says stop. Beside the loop run RQ's scheduler (retries falling due:
idp/jobs/scheduling.py) and the beat, every queue.heartbeat_seconds (rq_worker.Clock), which
says this process is alive (a heartbeat key naming a connection of this process, which Redis
drops the moment it dies: JobQueue.live_workers), renews the claims on the jobs in hand
(queue.concurrency hands: idp/jobs/hands.py, rq_worker.py), also while a stopping worker
finishes them, and notices Redis losing its data.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import socket
import threading
import time

from redis.exceptions import RedisError, ResponseError
from rq.exceptions import StopRequested

from idp.jobs.numbers import LOSSES_KEY
from idp.jobs.queue import HEARTBEAT_PREFIX, PRESENCE_PREFIX, JobQueue
from idp.jobs.rq_worker import Worker
from idp.jobs.scheduling import schedule_until_stopped

# The longest wait between two tries at building RQ's worker.
RECONNECT_MAX_SECONDS = 30
# Redis losing its data (a flush, a restart without persistence) loses the jobs not yet taken.
# The workers keep a sentinel key; the one that finds it gone and sets it again counts one loss
# and, as the jobs lost, those it saw waiting at its previous beat (a beat before at most):
# LOSSES_KEY's "resets" and "jobs".
SENTINEL_KEY = "idp:queue:alive"

log = logging.getLogger("idp.jobs")


def work_until_stopped(jobs: JobQueue) -> None:
    """Do jobs until a signal says stop (SIGTERM, SIGINT: the jobs in hand are finished first;
    a second signal stops at once, and RQ retries the jobs then in hand once their claims lapse)."""
    WorkerProcess(jobs).run()


class WorkerProcess:
    """One `jobs work` process: RQ's loop, run again and again, and the threads beside it."""

    def __init__(self, jobs: JobQueue):
        self.jobs = jobs
        self.stopped = threading.Event()
        # Set once RQ's loop has ended for good, the jobs in hand at a stop finished: the beat
        # renews their claims until then, or a call longer than a claim would be done again.
        self.finished = threading.Event()
        here = f"{socket.gethostname()}:{os.getpid()}"
        self.key = f"{HEARTBEAT_PREFIX}{here}"
        self.name = f"{PRESENCE_PREFIX}{here}"
        # RQ's worker of the moment, whose hands' jobs the beat keeps claimed
        self.worker: Worker | None = None

    def run(self) -> None:
        self._listen_for_signals()
        # RQ logs each of its maintenances: every 10 s here (rq_worker.py), not every 10 minutes.
        logging.getLogger("rq.worker").addFilter(lambda record: "cleaning registries" not in str(record.msg))
        threads = [
            threading.Thread(target=self._beat, daemon=True, name="heartbeat"),
            threading.Thread(
                target=schedule_until_stopped, args=(self.jobs, self.name, self.stopped), daemon=True, name="scheduler"
            ),
        ]
        for thread in threads:
            thread.start()
        wait = 1
        try:
            while not self.stopped.is_set():
                started = time.monotonic()
                unreachable = self._work()
                if self.stopped.is_set():
                    break
                if time.monotonic() - started > RECONNECT_MAX_SECONDS:
                    wait = 1
                log.warning("worker loop ended: trying the queue again", extra={"in_seconds": wait})
                self._pause(wait, unreachable)
                wait = min(wait * 2, RECONNECT_MAX_SECONDS)
        except StopRequested:
            pass  # a signal to RQ's handler, still in place as its loop ended
        finally:
            self.stopped.set()
            self.finished.set()
            for thread in threads:
                thread.join(timeout=self.jobs.clock.beat)

    def _work(self) -> bool:
        """One run of RQ's loop, the building of its worker included. Whether Redis failed it."""
        try:
            self.worker = self.jobs.worker(self.stopped)
            self.worker.work()
        except RedisError as error:
            log.warning("queue unreachable", extra={"error": type(error).__name__})
            return True
        finally:
            self.worker = None
            self._listen_for_signals()
        return False

    def _pause(self, seconds: int, unreachable: bool) -> None:
        """The wait before the next try: seconds, or only until Redis answers again once it has
        failed to (a ping each second)."""
        for _ in range(seconds):
            if self.stopped.wait(1):
                return
            try:
                self.jobs.connection.ping()
            except RedisError:
                unreachable = True
            else:
                if unreachable:
                    return

    def _listen_for_signals(self) -> None:
        """Between runs of RQ's loop (which installs its own handlers), a signal only says stop."""
        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, lambda *_: self.stopped.set())

    def _beat(self) -> None:
        # Jobs waiting at the previous beat; None until this process has seen the sentinel.
        seen_waiting: int | None = None
        while True:
            try:
                self._renew_claim()
                self._say_alive()
                if self.jobs.connection.set(SENTINEL_KEY, int(time.time()), nx=True) and seen_waiting is not None:
                    self._count_loss(seen_waiting)
                seen_waiting = self.jobs.waiting()
            except RedisError:
                pass  # the loop says so; the beat resumes with Redis
            if self.finished.wait(self.jobs.clock.beat):
                break
        with contextlib.suppress(RedisError):
            self.jobs.connection.delete(self.key)

    def _renew_claim(self) -> None:
        """Clock.claim more for each job in hand, and RQ's records of the worker and of the hand
        with it; each only while still there, as the job may have ended meanwhile."""
        worker = self.worker
        hands = worker.hands.in_hand() if worker is not None else []
        if not hands:
            return
        pipeline = self.jobs.connection.pipeline(transaction=False)
        claim = self.jobs.clock.claim
        for hand, execution in hands:
            worker.queues[0].started_job_registry.add_execution(execution, pipeline, ttl=claim, xx=True)
            pipeline.expire(execution.key, claim)
            pipeline.expire(hand.key, claim)
        pipeline.expire(worker.key, worker.worker_ttl + 60)
        pipeline.execute()

    def _say_alive(self) -> None:
        """The heartbeat key names a connection of this process, named again at each beat (one
        made again after a fault has lost its name)."""
        pipeline = self.jobs.connection.pipeline(transaction=False)
        pipeline.client_setname(self.name)
        pipeline.set(self.key, self.name, ex=self.jobs.clock.presence)
        named, _ = pipeline.execute(raise_on_error=False)
        if isinstance(named, ResponseError):  # CLIENT SETNAME refused (a Redis ACL): the key's TTL alone
            self.jobs.connection.set(self.key, int(time.time()), ex=self.jobs.clock.presence)

    def _count_loss(self, jobs: int) -> None:
        log.error(
            "queue data lost: Redis was flushed or restarted without persistence", extra={"jobs_lost_about": jobs}
        )
        pipeline = self.jobs.connection.pipeline(transaction=False)
        pipeline.hincrby(LOSSES_KEY, "resets", 1)
        pipeline.hincrby(LOSSES_KEY, "jobs", jobs)
        pipeline.execute()
