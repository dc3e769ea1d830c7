"""Delivery off the request path: RQ on Redis.

A web process puts each message on the queue; `flask --app idp deliveries work` sends
it through the provider, retries a failure after queue.retry_backoff_seconds (doubled
each time) up to queue.max_attempts, then keeps the job in RQ's failed registry for
queue.failed_ttl_seconds so an operator can inspect or requeue it.

A queued message must carry its code to be delivered, so the whole message (address,
text, code) travels encrypted (Fernet, with a key derived from server.secret_key): a
job read from Redis, failed or waiting, shows neither code nor address. Putting the
message on the queue happens inside the request, before the code is committed: when
Redis does not answer within queue.timeout_seconds the request fails and keeps nothing.
"""
from __future__ import annotations

import base64
import json
import logging
from dataclasses import asdict
from typing import Any

from cryptography.fernet import Fernet
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from flask import current_app
from redis import Redis
from redis.exceptions import RedisError
from rq import Queue, Retry, SimpleWorker

from idp.notify.providers import DeliveryError, Message

QUEUE_NAME = "idp-deliveries"
EXTENSION = "idp.queue"
# The longest one attempt may run before RQ stops it (providers time out well before).
JOB_TIMEOUT_SECONDS = 120

log = logging.getLogger("idp.deliveries")


class AttemptFailed(Exception):
    """A delivery attempt failed. Raised without its cause, whose text may name the
    address, because RQ keeps the exception of a failed job."""


def message_box(secret: str) -> Fernet:
    key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=b"idp queued messages").derive(secret.encode())
    return Fernet(base64.urlsafe_b64encode(key))


class DeliveryQueue:
    def __init__(self, settings: dict[str, Any], secret: str):
        queue = settings["queue"]
        timeout = queue["timeout_seconds"]
        self.connection = Redis.from_url(queue["redis_url"], socket_timeout=timeout, socket_connect_timeout=timeout)
        self.queue = Queue(QUEUE_NAME, connection=self.connection)
        self.box = message_box(secret)
        self.max_attempts = queue["max_attempts"]
        self.backoff = queue["retry_backoff_seconds"]
        self.failed_ttl = queue["failed_ttl_seconds"]

    def put(self, message: Message | None, correlation_id: str) -> None:
        """Queue one message (None: a decoy the worker drops, so that a request that sends
        nothing costs what one that sends does). DeliveryError when Redis does not take it."""
        sealed = self.box.encrypt(json.dumps(asdict(message) if message else None).encode()).decode()
        retries = self.max_attempts - 1
        try:
            self.queue.enqueue_call(
                deliver_job,
                args=(sealed, correlation_id),
                timeout=JOB_TIMEOUT_SECONDS,
                result_ttl=0,
                failure_ttl=self.failed_ttl,
                description=f"delivery {correlation_id}",
                retry=Retry(max=retries, interval=[self.backoff * 2**attempt for attempt in range(retries)]) if retries else None,
            )
        except RedisError as error:
            log.warning("queue unavailable", extra={"error": type(error).__name__, "correlation_id": correlation_id})
            raise DeliveryError("queue") from None

    def open(self, sealed: str) -> Message | None:
        fields = json.loads(self.box.decrypt(sealed.encode()))
        return Message(**fields) if fields else None

    def numbers(self) -> tuple[float, float]:
        """(messages waiting, including retries not yet due; failed jobs kept), NaN when
        Redis does not answer."""
        try:
            return self.queue.count + self.queue.scheduled_job_registry.count, self.queue.failed_job_registry.count
        except RedisError:
            return float("nan"), float("nan")

    def worker(self) -> SimpleWorker:
        # SimpleWorker runs each job in this process, inside the app context of the
        # `deliveries work` command; RQ's scheduler moves retries back when they are due.
        return SimpleWorker([self.queue], connection=self.connection)


def deliver_job(sealed: str, correlation_id: str) -> None:
    """The worker's side: open the message and hand it to the provider of its channel."""
    queue: DeliveryQueue = current_app.extensions[EXTENSION]
    message = queue.open(sealed)
    if message is None:
        return
    providers = current_app.extensions["idp_notify"]
    try:
        providers[message.channel].deliver(message)
    except DeliveryError as error:
        log.warning("delivery attempt failed", extra={"channel": message.channel, "provider": str(error), "correlation_id": correlation_id})
        raise AttemptFailed(f"{message.channel} delivery through {error} failed") from None
    log.info("delivered", extra={"channel": message.channel, "correlation_id": correlation_id})
