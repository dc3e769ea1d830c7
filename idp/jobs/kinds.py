"""Job kinds: what a kind of job is, and the app's registry of them (see idp/jobs/__init__.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from flask import Flask, current_app

EXTENSION = "idp.jobs"
QUEUE = "idp.queue"


class Failed(Exception):
    """One attempt at a job failed. Its text is kept with a failed job, so it must name no
    person: say what failed (a channel, a provider), never to whom. A delivery that failed
    says what it was (idp_delivery_attempts_failed_total{channel,provider}). permanent: another
    attempt would fail the same way, so there is none."""

    def __init__(self, reason: str, delivery: Delivered | None = None, permanent: bool = False):
        super().__init__(reason)
        self.delivery, self.permanent = delivery, permanent


class QueueUnavailable(Exception):
    """The queue did not take the job: nothing was queued."""


@dataclass(frozen=True)
class Delivered:
    """What a job handed on, and to whom: a channel (email, sms, voice) and a provider."""

    channel: str
    provider: str


@dataclass(frozen=True)
class Kind:
    """One kind of job and its retry rule; the numbers come from the settings of its owner."""

    name: str
    # Does one job: gets the payload given to enqueue(); raises to fail the attempt. A kind
    # that delivers something answers what it delivered (the delivery-latency series).
    handler: Callable[[Any], Delivered | None]
    # Attempts in all, and the wait before each retry (seconds; the last one repeats).
    attempts: Callable[[], int]
    backoff: Callable[[], list[int]]
    # Without a queue: done within the request (its failure is the request's), or after the answer.
    within_request: bool = False
    timeout_seconds: int = 120
    # Called with the payload once the queue will not try the job again (its last attempt
    # failed, or a failure time will not mend): a message's code is marked undeliverable.
    gave_up: Callable[[Any], None] | None = None


@dataclass
class Registry:
    kinds: dict[str, Kind] = field(default_factory=dict)
    # Called with queue.concurrency as a `jobs work` process starts (jobs.on_work).
    on_work: list[Callable[[int], None]] = field(default_factory=list)


def retried_by_the_queue(app: Flask, name: str, handler: Callable[[Any], Delivered | None], **options) -> Kind:
    """A kind retried by the queue's own rule ([queue] in config/settings.toml): max_attempts
    in all, waiting retry_backoff_seconds, doubling, between them."""
    queue = app.config["IDP"]["queue"]
    return Kind(
        name,
        handler,
        attempts=lambda: queue["max_attempts"],
        backoff=lambda: [queue["retry_backoff_seconds"] * 2**attempt for attempt in range(queue["max_attempts"] - 1)],
        **options,
    )


def register(app: Flask, kind: Kind) -> None:
    app.extensions.setdefault(EXTENSION, Registry()).kinds[kind.name] = kind


def kind_of(name: str) -> Kind:
    return current_app.extensions[EXTENSION].kinds[name]
