"""RQ's worker as `flask --app idp jobs work` runs it (idp/jobs/worker.py): its timeouts, the
hands it gives its jobs to (idp/jobs/hands.py), their claims on the jobs in hand, and what
becomes of a job whose worker died mid-job.

A job in hand is claimed in RQ's started-job registry for Clock.claim past the worker's last
beat. The claim of a worker killed mid-job lapses; RQ's maintenance, which every worker runs
every Clock.maintenance, then finds the job (AbandonedJobError), retries it by its kind's rule
or keeps it as failed, and the attempt counts as failed.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from flask import current_app
from rq import Queue, SimpleWorker
from rq.exceptions import AbandonedJobError
from rq.job import Job

from idp.jobs.hands import Hands

# RQ's lock on cleaning a queue's registries lasts 899 s: a worker killed or cut off from Redis
# while cleaning (milliseconds) would keep every other from finding abandoned jobs that long.
MAINTENANCE_LOCK_SECONDS = 60
# RQ's own tries at reaching Redis while it waits for jobs (1 s, doubling up to this): an idle
# worker resumes within this long of Redis answering again.
IDLE_RETRY_MAX_SECONDS = 5

log = logging.getLogger("idp.jobs")


@dataclass(frozen=True)
class Clock:
    """Every wait of a `jobs work` process, from its beat (queue.heartbeat_seconds): every 5 s in
    production; the fault tests beat every second, to see in seconds what takes half a minute."""

    beat: int

    @property
    def claim(self) -> int:
        """The claim on the job in hand lasts this long past a beat, which renews it."""
        return 3 * self.beat

    @property
    def presence(self) -> int:
        """The heartbeat key that says the process is alive lasts this long past a beat."""
        return 3 * self.beat

    @property
    def dequeue(self) -> int:
        """RQ waits for a job this long at a time, blocked in Redis: the longest an idle worker
        takes to run its maintenance."""
        return self.beat

    @property
    def socket_timeout(self) -> int:
        """RQ's connection_timeout: its blocking wait and 10 s more. A socket that gives up sooner
        ends RQ's loop ('Redis connection timeout, quitting...') each time the queue stays empty that long."""
        return self.dequeue + 10

    @property
    def maintenance(self) -> int:
        return 2 * self.beat


class WorkQueue(Queue):
    """The queue as a worker holds it, with a maintenance lock of MAINTENANCE_LOCK_SECONDS."""

    def acquire_maintenance_lock(self) -> bool:
        return bool(self.connection.set(self.registry_cleaning_key, 1, nx=True, ex=MAINTENANCE_LOCK_SECONDS))


class Worker(SimpleWorker):
    """RQ's loop, taking a job each time one of its hands is free and giving it to that hand,
    which does it in this process. A hand's claim on its job lasts Clock.claim, renewed by the
    beat: RQ's own lasts the job's whole timeout and a minute more, so long would a killed
    worker's job wait to be found. A stop request is the process's (stopped), whichever run of
    RQ's loop got the signal; the loop then ends once every job given to a hand is done."""

    max_connection_wait_time = IDLE_RETRY_MAX_SECONDS

    def __init__(
        self,
        queue: Queue,
        count_failed_attempt: Callable[[str], None],
        concurrency: int,
        clock: Clock,
        stopped: threading.Event | None = None,
    ):
        self.count_failed_attempt = count_failed_attempt
        self.clock = clock
        self.stopped = stopped or threading.Event()
        # RQ's dequeue timeout is worker_ttl - 15 s
        super().__init__(
            [queue],
            connection=queue.connection,
            worker_ttl=clock.dequeue + 15,
            maintenance_interval=clock.maintenance,
            exception_handlers=[self._abandoned],
        )
        self.hands = Hands(queue, concurrency, self.name, clock.claim)
        self._beaten = 0.0

    def work(self, *args, **kwargs) -> bool:
        self.hands.start(current_app._get_current_object())
        return super().work(*args, **kwargs)

    def dequeue_job_and_maintain_ttl(
        self, timeout: int | None, max_idle_time: int | None = None
    ) -> tuple[Job, Queue] | None:
        self.hands.reserve()
        taken = None
        try:
            taken = super().dequeue_job_and_maintain_ttl(timeout, max_idle_time)
        finally:
            if taken is None:
                self.hands.release()
        return taken

    def execute_job(self, job: Job, queue: Queue) -> None:
        self.hands.give(job, queue)

    # RQ writes the loop's state and beat to Redis around every job it takes (seven round trips),
    # which made the loop, not the hands, the bound of a busy worker: both are written when they
    # change, the beat at most once a second (its record lives worker_ttl, 20 s, and more).
    def set_state(self, state: str, pipeline=None) -> None:
        if state != self._state or pipeline is not None:
            super().set_state(state, pipeline)

    def heartbeat(self, timeout: int | None = None, pipeline=None) -> None:
        if pipeline is None and timeout is None and time.monotonic() - self._beaten < 1:
            return
        self._beaten = time.monotonic()
        super().heartbeat(timeout, pipeline)

    def request_stop(self, signum, frame):
        self.stopped.set()
        super().request_stop(signum, frame)

    def teardown(self):
        self.hands.finish()
        try:
            super().teardown()
        finally:
            # RQ stops its thread listening for commands only after telling Redis of the worker's
            # death: when Redis is away, the thread would stay, retrying for a worker long gone.
            if self.pubsub_thread is not None:
                self.pubsub_thread.stop()

    def _abandoned(self, job: Job, exc_type, exc_value, traceback) -> None:
        """RQ's maintenance found the job's claim lapsed, its worker gone mid-job: the attempt
        failed. RQ then retries the job or keeps it as failed. (Other failures: run_job counts.)
        RQ keeps the dead attempt in the job's executions a minute longer than the attempt
        itself, and the retry that succeeds within it fails on finding it missing: forgotten."""
        if exc_type is not AbandonedJobError:
            return
        job.connection.delete(job.execution_registry.key)
        kind_name, _, correlation_id = job.args[:3]
        self.count_failed_attempt(kind_name)
        log.warning(
            "job attempt abandoned: its worker stopped mid-job",
            extra={"kind": kind_name, "correlation_id": correlation_id, "retried": bool(job.retries_left)},
        )
