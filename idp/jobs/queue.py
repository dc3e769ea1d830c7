"""The job queue: RQ on Redis.

A web process puts each job on the queue; `flask --app idp jobs work` does it with the
handler of its kind, retries a failure by the kind's rule, then keeps the job in RQ's
failed registry for queue.failed_ttl_seconds so an operator can inspect or requeue it. The
worker's side: its process (loop, beat) in idp/jobs/worker.py, RQ's worker in rq_worker.py.

A job may carry a code or an address, so its whole payload travels sealed (idp/sealed.py, a
Fernet key derived from server.secret_key): a job read from Redis, failed or waiting, shows
neither. Putting a job on the queue happens inside the request, before anything is
committed: when Redis does not answer within queue.timeout_seconds the request fails and
keeps nothing.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from datetime import UTC
from typing import Any

from flask import current_app
from redis import Redis
from redis.exceptions import RedisError, ResponseError
from rq import Queue, Retry
from rq.job import Job, get_current_job

from idp import sealed
from idp.jobs.kinds import QUEUE, Delivered, Failed, Kind, QueueUnavailable, kind_of
from idp.jobs.numbers import QueueNumbers, count_failed, observe_latency, read_counts
from idp.jobs.rq_worker import Clock, Worker, WorkQueue

QUEUE_NAME = "idp-deliveries"
# Each worker process says it is alive under a key of its own, which names a connection of that
# process (CLIENT SETNAME), so Redis itself tells when the process has died (live_workers).
HEARTBEAT_PREFIX = "idp:worker:"
PRESENCE_PREFIX = "idp-worker:"

log = logging.getLogger("idp.jobs")


class AttemptFailed(Exception):
    """One attempt at a job failed, as RQ keeps it: the kind's own words (jobs.Failed), or
    the name of what was raised — never its text, which may name a person."""


class JobQueue:
    def __init__(self, settings: dict[str, Any], secret: str):
        queue = settings["queue"]
        timeout = queue["timeout_seconds"]
        # Two clients, neither connected before it is used. A request must never hang on Redis:
        # the web's gives up after timeout_seconds. The worker's waits for jobs blocked in Redis,
        # which a socket giving up that soon would cut short, ending RQ's loop (rq_worker.py).
        self.connection = Redis.from_url(queue["redis_url"], socket_timeout=timeout, socket_connect_timeout=timeout)
        self.clock = Clock(queue["heartbeat_seconds"])
        self.work_connection = Redis.from_url(
            queue["redis_url"], socket_timeout=self.clock.socket_timeout, socket_connect_timeout=timeout
        )
        self.queue = Queue(QUEUE_NAME, connection=self.connection)
        self.box = sealed.box(secret, "idp queued messages")
        self.failed_ttl = queue["failed_ttl_seconds"]
        self.concurrency = queue["concurrency"]

    def put(self, kind: Kind, payload: Any, correlation_id: str) -> None:
        """Queue one job of the kind, retried by its rule. QueueUnavailable when Redis does not take it."""
        sealed = self.box.encrypt(json.dumps(payload).encode()).decode()
        retries = kind.attempts() - 1
        backoff = kind.backoff()
        try:
            self.queue.enqueue_call(
                run_job,
                args=(kind.name, sealed, correlation_id, time.time()),
                timeout=kind.timeout_seconds,
                result_ttl=0,
                failure_ttl=self.failed_ttl,
                description=f"{kind.name} {correlation_id}",
                retry=Retry(max=retries, interval=backoff) if retries else None,
            )
        except RedisError as error:
            log.warning(
                "queue unavailable",
                extra={"error": type(error).__name__, "kind": kind.name, "correlation_id": correlation_id},
            )
            raise QueueUnavailable(kind.name) from None

    def open(self, sealed: str) -> Any:
        return json.loads(self.box.decrypt(sealed.encode()))

    def numbers(self) -> QueueNumbers:
        """Jobs waiting (retries not yet due included), the age of the oldest one waiting to be
        taken, failed jobs kept, live workers, failed attempts by kind and delivery latency."""
        try:
            oldest = 0.0
            first = self.queue.get_job_ids(0, 0)
            job = Job.fetch(first[0], connection=self.connection) if first else None
            if job is not None and job.enqueued_at is not None:
                oldest = max(0.0, time.time() - job.enqueued_at.replace(tzinfo=UTC).timestamp())
            return QueueNumbers(
                waiting=self.waiting(),
                failed=self.queue.failed_job_registry.count,
                oldest_seconds=oldest,
                workers=self.live_workers(),
                **read_counts(self.connection),
            )
        except RedisError:
            return QueueNumbers()

    def count_failed_attempt(self, kind_name: str, delivery: Delivered | None = None) -> None:
        count_failed(self.connection, kind_name, delivery)

    def observe_delivery(self, channel: str, provider: str, seconds: float) -> None:
        observe_latency(self.connection, channel, provider, seconds)

    def worker(self, stopped: threading.Event | None = None) -> Worker:
        """RQ's worker, on the worker's client (`jobs work` builds one for each run of its loop),
        with queue.concurrency hands."""
        return Worker(
            WorkQueue(QUEUE_NAME, connection=self.work_connection),
            self.count_failed_attempt,
            self.concurrency,
            self.clock,
            stopped,
        )

    def waiting(self) -> int:
        """Jobs waiting, retries not yet due included. RedisError when Redis does not answer."""
        return self.queue.count + self.queue.scheduled_job_registry.count

    def live_workers(self) -> int:
        """Worker processes alive: each heartbeat key (it lapses after the worker's last beat)
        whose connection Redis still holds, gone the moment the worker dies. A key naming no
        connection (its worker could not name one) counts until it lapses. RedisError when
        Redis does not answer."""
        keys = list(self.connection.scan_iter(match=f"{HEARTBEAT_PREFIX}*", count=100))
        holders = [holder.decode() for holder in self.connection.mget(keys) if holder is not None] if keys else []
        if not any(holder.startswith(PRESENCE_PREFIX) for holder in holders):
            return len(holders)
        connected = self.connected()
        if connected is None:  # the keys' TTL alone says
            return len(holders)
        return sum(1 for holder in holders if holder in connected or not holder.startswith(PRESENCE_PREFIX))

    def connected(self) -> set[str] | None:
        """The names of the connections Redis holds, which say the worker processes naming them
        are alive; None when a Redis ACL refuses CLIENT LIST. RedisError when Redis does not answer."""
        try:
            return {client["name"] for client in self.connection.client_list(_type="normal")}
        except ResponseError:
            return None


def run_job(kind_name: str, sealed: str, correlation_id: str, queued_at: float | None = None) -> None:
    """The worker's side: open the payload and hand it to its kind's handler. (Jobs queued
    before queued_at was passed have none: they count in no latency.)"""
    kind = kind_of(kind_name)
    jobs: JobQueue = current_app.extensions[QUEUE]
    payload = jobs.open(sealed)
    try:
        delivered = kind.handler(payload)
    except Failed as failure:
        jobs.count_failed_attempt(kind_name, failure.delivery)
        _last_attempt(kind, payload, failure.permanent)
        log.warning(
            "job attempt failed",
            extra={
                "kind": kind_name,
                "error": str(failure),
                "correlation_id": correlation_id,
                "permanent": failure.permanent,
            },
        )
        raise AttemptFailed(str(failure)) from None
    except Exception as error:  # an unforeseen failure: its text may carry personal data
        jobs.count_failed_attempt(kind_name)
        _last_attempt(kind, payload, False)
        log.warning(
            "job attempt failed",
            extra={"kind": kind_name, "error": type(error).__name__, "correlation_id": correlation_id},
        )
        raise AttemptFailed(f"{kind_name}: {type(error).__name__}") from None
    if delivered is not None and queued_at is not None:
        jobs.observe_delivery(delivered.channel, delivered.provider, max(0.0, time.time() - queued_at))
    log.info("job done", extra={"kind": kind_name, "correlation_id": correlation_id})


def _last_attempt(kind: Kind, payload: Any, permanent: bool) -> None:
    """A failed attempt that is the job's last — its retries spent, or a failure time will not
    mend, which then gets none (RQ keeps the job as failed) — tells the kind it was given up."""
    job = get_current_job()
    if job is not None and permanent:
        job.retries_left = 0
    if kind.gave_up is None or (job is not None and job.retries_left):
        return
    try:
        kind.gave_up(payload)
    except Exception as error:  # the failure stays the job's own; this one is logged beside it
        log.warning("a job given up could not say so", extra={"kind": kind.name, "error": type(error).__name__})
