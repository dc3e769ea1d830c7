"""The job queue: RQ on Redis.

A web process puts each job on the queue; `flask --app idp jobs work` does it with the
handler of its kind, retries a failure by the kind's rule, then keeps the job in RQ's
failed registry for queue.failed_ttl_seconds so an operator can inspect or requeue it.

A job may carry a code or an address, so its whole payload travels sealed (Fernet, with a
key derived from server.secret_key): a job read from Redis, failed or waiting, shows
neither. Putting a job on the queue happens inside the request, before anything is
committed: when Redis does not answer within queue.timeout_seconds the request fails and
keeps nothing.
"""
from __future__ import annotations

import base64
import json
import logging
import os
import socket
import threading
import time
from typing import Any

from cryptography.fernet import Fernet
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from flask import current_app
from redis import Redis
from redis.exceptions import RedisError
from rq import Queue, Retry, SimpleWorker
from rq.exceptions import StopRequested

from idp.jobs.kinds import QUEUE, Failed, Kind, QueueUnavailable, kind_of

QUEUE_NAME = "idp-deliveries"
# Each worker process says it is alive under its own key, refreshed every HEARTBEAT_SECONDS
# and gone HEARTBEAT_TTL_SECONDS after its last beat: /readyz and /metrics count the keys.
HEARTBEAT_PREFIX = "idp:worker:"
HEARTBEAT_SECONDS = 10
HEARTBEAT_TTL_SECONDS = 30
# The longest wait between two tries at reaching Redis again.
RECONNECT_MAX_SECONDS = 30

log = logging.getLogger("idp.jobs")


class AttemptFailed(Exception):
    """One attempt at a job failed, as RQ keeps it: the kind's own words (jobs.Failed), or
    the name of what was raised — never its text, which may name a person."""


def job_box(secret: str) -> Fernet:
    key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=b"idp queued messages").derive(secret.encode())
    return Fernet(base64.urlsafe_b64encode(key))


class JobQueue:
    def __init__(self, settings: dict[str, Any], secret: str):
        queue = settings["queue"]
        timeout = queue["timeout_seconds"]
        self.connection = Redis.from_url(queue["redis_url"], socket_timeout=timeout, socket_connect_timeout=timeout)
        self.queue = Queue(QUEUE_NAME, connection=self.connection)
        self.box = job_box(secret)
        self.failed_ttl = queue["failed_ttl_seconds"]

    def put(self, kind: Kind, payload: Any, correlation_id: str) -> None:
        """Queue one job of the kind, retried by its rule. QueueUnavailable when Redis does not take it."""
        sealed = self.box.encrypt(json.dumps(payload).encode()).decode()
        retries = kind.attempts() - 1
        backoff = kind.backoff()
        try:
            self.queue.enqueue_call(
                run_job,
                args=(kind.name, sealed, correlation_id),
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

    def numbers(self) -> tuple[float, float]:
        """(jobs waiting, including retries not yet due; failed jobs kept), NaN when Redis
        does not answer."""
        try:
            return self.queue.count + self.queue.scheduled_job_registry.count, self.queue.failed_job_registry.count
        except RedisError:
            return float("nan"), float("nan")

    def worker(self) -> "Worker":
        # SimpleWorker runs each job in this process, inside the app context of the
        # `jobs work` command; RQ's scheduler moves retries back when they are due.
        return Worker([self.queue], connection=self.connection)

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
        while not stop.is_set():
            try:
                self.connection.set(key, int(time.time()), ex=HEARTBEAT_TTL_SECONDS)
            except RedisError:
                pass  # the worker loop says so; the beat resumes with Redis
            stop.wait(HEARTBEAT_SECONDS)
        try:
            self.connection.delete(key)
        except RedisError:
            pass


class Worker(SimpleWorker):
    """RQ's worker, which remembers that a signal (not a lost connection) ended its loop."""

    stopping = False

    def request_stop(self, signum, frame):
        self.stopping = True
        super().request_stop(signum, frame)


def run_job(kind_name: str, sealed: str, correlation_id: str) -> None:
    """The worker's side: open the payload and hand it to its kind's handler."""
    kind = kind_of(kind_name)
    payload = current_app.extensions[QUEUE].open(sealed)
    try:
        kind.handler(payload)
    except Failed as failure:
        log.warning("job attempt failed", extra={"kind": kind_name, "error": str(failure), "correlation_id": correlation_id})
        raise AttemptFailed(str(failure)) from None
    except Exception as error:  # an unforeseen failure: its text may carry personal data
        log.warning("job attempt failed", extra={"kind": kind_name, "error": type(error).__name__, "correlation_id": correlation_id})
        raise AttemptFailed(f"{kind_name}: {type(error).__name__}") from None
    log.info("job done", extra={"kind": kind_name, "correlation_id": correlation_id})
