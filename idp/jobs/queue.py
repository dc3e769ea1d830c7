"""The job queue: RQ on Redis.

A web process puts each job on the queue; `flask --app idp jobs work` does it with the
handler of its kind, retries a failure by the kind's rule, then keeps the job in RQ's
failed registry for queue.failed_ttl_seconds so an operator can inspect or requeue it.

A job may carry a code or an address, so its whole payload travels sealed (idp/sealed.py, a
Fernet key derived from server.secret_key): a job read from Redis, failed or waiting, shows
neither. Putting a job on the queue happens inside the request, before anything is
committed: when Redis does not answer within queue.timeout_seconds the request fails and
keeps nothing.
"""
from __future__ import annotations

import json
import logging
import os
import socket
import threading
import time
from dataclasses import dataclass, field
from datetime import timezone
from math import nan as NAN
from typing import Any

from flask import current_app
from redis import Redis
from redis.exceptions import RedisError
from rq import Queue, Retry, SimpleWorker
from rq.job import Job
from rq.exceptions import StopRequested

from idp import sealed
from idp.jobs.kinds import QUEUE, Failed, Kind, QueueUnavailable, kind_of

QUEUE_NAME = "idp-deliveries"
# Each worker process says it is alive under its own key, refreshed every HEARTBEAT_SECONDS
# and gone HEARTBEAT_TTL_SECONDS after its last beat: /readyz and /metrics count the keys.
HEARTBEAT_PREFIX = "idp:worker:"
HEARTBEAT_SECONDS = 10
HEARTBEAT_TTL_SECONDS = 30
# The longest wait between two tries at reaching Redis again.
RECONNECT_MAX_SECONDS = 30
# What the workers count, kept in Redis so that /metrics on any web instance reads it
# (idp/metrics.py:QueueCollector). Redis holds nothing durable: a flush restarts the counts,
# which Prometheus reads as a counter reset.
FAILED_ATTEMPTS_KEY = "idp:jobs:failed-attempts"
# Redis losing its data (a flush, a restart without persistence) loses the jobs not yet
# taken. The workers keep a sentinel key; the one that finds it gone and sets it again counts
# one loss and, as the jobs lost, those it saw waiting at its previous beat (HEARTBEAT_SECONDS
# before at most): LOSSES_KEY's "resets" and "jobs".
SENTINEL_KEY = "idp:queue:alive"
LOSSES_KEY = "idp:queue:losses"
LATENCY_KEY = "idp:deliveries:latency"
LATENCY_BUCKETS = (1.0, 2.0, 5.0, 10.0, 30.0, 60.0, 300.0, 900.0, float("inf"))
# Each bound as Prometheus names it (le="...").
BUCKET_NAMES = tuple("+Inf" if bound == float("inf") else str(bound) for bound in LATENCY_BUCKETS)

log = logging.getLogger("idp.jobs")


class AttemptFailed(Exception):
    """One attempt at a job failed, as RQ keeps it: the kind's own words (jobs.Failed), or
    the name of what was raised — never its text, which may name a person."""


@dataclass
class Histogram:
    buckets: list[tuple[str, float]]
    sum: float


@dataclass
class QueueNumbers:
    """The queue's numbers at one moment (idp/metrics.py); NaN and empty when Redis does not answer."""

    waiting: float = NAN
    failed: float = NAN
    oldest_seconds: float = NAN
    workers: float = NAN
    failed_attempts: dict[str, int] = field(default_factory=dict)
    latency: dict[tuple[str, str], Histogram] = field(default_factory=dict)
    resets: float = NAN
    jobs_lost: float = NAN


class JobQueue:
    def __init__(self, settings: dict[str, Any], secret: str):
        queue = settings["queue"]
        timeout = queue["timeout_seconds"]
        self.connection = Redis.from_url(queue["redis_url"], socket_timeout=timeout, socket_connect_timeout=timeout)
        self.queue = Queue(QUEUE_NAME, connection=self.connection)
        self.box = sealed.box(secret, "idp queued messages")
        self.failed_ttl = queue["failed_ttl_seconds"]

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
            log.warning("queue unavailable", extra={"error": type(error).__name__, "kind": kind.name, "correlation_id": correlation_id})
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
                oldest = max(0.0, time.time() - job.enqueued_at.replace(tzinfo=timezone.utc).timestamp())
            losses = self.connection.hgetall(LOSSES_KEY)
            # fields "<channel> <provider> <bucket name or sum>"
            counted = {name.decode(): float(value) for name, value in self.connection.hgetall(LATENCY_KEY).items()}
            latency = {
                (channel, provider): Histogram(
                    [(bucket, counted.get(f"{channel} {provider} {bucket}", 0.0)) for bucket in BUCKET_NAMES],
                    counted.get(f"{channel} {provider} sum", 0.0),
                )
                for channel, provider in {tuple(name.split(" ")[:2]) for name in counted}
            }
            return QueueNumbers(
                waiting=self._waiting(),
                failed=self.queue.failed_job_registry.count,
                oldest_seconds=oldest,
                workers=self.live_workers(),
                failed_attempts={kind.decode(): int(count) for kind, count in self.connection.hgetall(FAILED_ATTEMPTS_KEY).items()},
                latency=latency,
                resets=int(losses.get(b"resets", 0)),
                jobs_lost=int(losses.get(b"jobs", 0)),
            )
        except RedisError:
            return QueueNumbers()

    def count_failed_attempt(self, kind_name: str) -> None:
        try:
            self.connection.hincrby(FAILED_ATTEMPTS_KEY, kind_name, 1)
        except RedisError:
            pass  # a count lost with Redis; the job's own retry is RQ's

    def observe_delivery(self, channel: str, provider: str, seconds: float) -> None:
        pipeline = self.connection.pipeline(transaction=False)
        for bound, bucket in zip(LATENCY_BUCKETS, BUCKET_NAMES):
            if seconds <= bound:
                pipeline.hincrby(LATENCY_KEY, f"{channel} {provider} {bucket}", 1)
        pipeline.hincrbyfloat(LATENCY_KEY, f"{channel} {provider} sum", seconds)
        try:
            pipeline.execute()
        except RedisError:
            pass

    def worker(self) -> "Worker":
        # SimpleWorker runs each job in this process, inside the app context of the
        # `jobs work` command; RQ's scheduler moves retries back when they are due.
        return Worker([self.queue], connection=self.connection)

    def _waiting(self) -> int:
        """Jobs waiting, retries not yet due included. RedisError when Redis does not answer."""
        return self.queue.count + self.queue.scheduled_job_registry.count

    def live_workers(self) -> int:
        """Worker processes that beat within HEARTBEAT_TTL_SECONDS. RedisError when Redis does not answer."""
        return sum(1 for _ in self.connection.scan_iter(match=f"{HEARTBEAT_PREFIX}*", count=100))

    def work_until_stopped(self) -> None:
        """Do jobs until a signal says stop (SIGTERM, SIGINT: the job in hand is finished
        first). When Redis goes away, RQ's loop ends: wait (1 s, doubling up to
        RECONNECT_MAX_SECONDS) and start it again, in this same process."""
        beating = threading.Event()
        threading.Thread(target=self._beat, args=(beating,), daemon=True, name="heartbeat").start()
        wait = 1
        try:
            while True:
                worker = self.worker()
                started = time.monotonic()
                try:
                    worker.work(with_scheduler=True)
                except RedisError as error:
                    log.warning("queue unreachable", extra={"error": type(error).__name__})
                if worker.stopping:
                    return
                if time.monotonic() - started > RECONNECT_MAX_SECONDS:
                    wait = 1
                log.warning("worker loop ended: trying the queue again", extra={"in_seconds": wait})
                try:
                    time.sleep(wait)
                except StopRequested:
                    return
                wait = min(wait * 2, RECONNECT_MAX_SECONDS)
        finally:
            beating.set()

    def _beat(self, stop: threading.Event) -> None:
        key = f"{HEARTBEAT_PREFIX}{socket.gethostname()}:{os.getpid()}"
        # Jobs waiting at this worker's previous beat; None until it has seen the sentinel.
        seen_waiting: int | None = None
        while not stop.is_set():
            try:
                self.connection.set(key, int(time.time()), ex=HEARTBEAT_TTL_SECONDS)
                if self.connection.set(SENTINEL_KEY, int(time.time()), nx=True) and seen_waiting is not None:
                    self._count_loss(seen_waiting)
                seen_waiting = self._waiting()
            except RedisError:
                pass  # the worker loop says so; the beat resumes with Redis
            stop.wait(HEARTBEAT_SECONDS)
        try:
            self.connection.delete(key)
        except RedisError:
            pass

    def _count_loss(self, jobs: int) -> None:
        log.error("queue data lost: Redis was flushed or restarted without persistence", extra={"jobs_lost_about": jobs})
        pipeline = self.connection.pipeline(transaction=False)
        pipeline.hincrby(LOSSES_KEY, "resets", 1)
        pipeline.hincrby(LOSSES_KEY, "jobs", jobs)
        pipeline.execute()


class Worker(SimpleWorker):
    """RQ's worker, which remembers that a signal (not a lost connection) ended its loop."""

    stopping = False

    def request_stop(self, signum, frame):
        self.stopping = True
        super().request_stop(signum, frame)


def run_job(kind_name: str, sealed: str, correlation_id: str, queued_at: float | None = None) -> None:
    """The worker's side: open the payload and hand it to its kind's handler. (Jobs queued
    before queued_at was passed have none: they count in no latency.)"""
    kind = kind_of(kind_name)
    jobs: JobQueue = current_app.extensions[QUEUE]
    payload = jobs.open(sealed)
    try:
        delivered = kind.handler(payload)
    except Failed as failure:
        jobs.count_failed_attempt(kind_name)
        log.warning("job attempt failed", extra={"kind": kind_name, "error": str(failure), "correlation_id": correlation_id})
        raise AttemptFailed(str(failure)) from None
    except Exception as error:  # an unforeseen failure: its text may carry personal data
        jobs.count_failed_attempt(kind_name)
        log.warning("job attempt failed", extra={"kind": kind_name, "error": type(error).__name__, "correlation_id": correlation_id})
        raise AttemptFailed(f"{kind_name}: {type(error).__name__}") from None
    if delivered is not None and queued_at is not None:
        jobs.observe_delivery(delivered.channel, delivered.provider, max(0.0, time.time() - queued_at))
    log.info("job done", extra={"kind": kind_name, "correlation_id": correlation_id})
