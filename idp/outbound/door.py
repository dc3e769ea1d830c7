"""The door of one outbound policy ([outbound] of config/settings.toml) in one process: single
flight per key, failure memory, the cap of calls at once, each call counted by its outcome
(idp/outbound/__init__.py says each rule; it keeps one Door per policy per process).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from idp import metrics
from idp.outbound.answers import Answer, OutboundError, Unusable


@dataclass(frozen=True)
class Policy:
    """[outbound] of config/settings.toml, read by policy(settings) (development: allow_private)."""

    deadline_seconds: float = 3
    max_bytes: int = 64 * 1024
    max_concurrent: int = 2
    failure_memory_seconds: float = 30
    allow_private: bool = False


def policy(settings: dict) -> Policy:
    outbound = settings["outbound"]
    return Policy(
        outbound["deadline_seconds"],
        outbound["max_bytes"],
        outbound["max_concurrent"],
        outbound["failure_memory_seconds"],
        outbound["allow_private_destinations"] or settings["server"]["environment"] == "development",
    )


@dataclass
class _Flight:
    deadline: float
    done: threading.Event = field(default_factory=threading.Event)
    value: Any = None
    error: OutboundError | None = None


class Door:
    """The calls of one process under one policy (`door_for(policy)`)."""

    def __init__(self, chosen: Policy, at_once: int = 0):
        self.policy = chosen
        self.cap = max(chosen.max_concurrent, at_once)
        self._slots = threading.BoundedSemaphore(self.cap)
        self._lock = threading.Lock()
        self._flights: dict[str, _Flight] = {}
        self._failures: dict[str, tuple[float, OutboundError]] = {}
        # Each thread's client, made by its first call (network.py: httpx is imported then)
        self._clients = threading.local()

    def call(
        self,
        purpose: str,
        method: str,
        url: str,
        *,
        key: str | None = None,
        deadline_seconds: float | None = None,
        parse: Callable[[Answer], Any] = lambda answer: answer,
        **request,
    ) -> Any:
        """One call (httpx's request arguments in `request`); raises OutboundError. `parse`, run
        once by the call that fetches, turns the answer into what every call of its flight gets;
        Unusable, or any other error it raises, fails the call as invalid."""
        seconds = deadline_seconds or self.policy.deadline_seconds
        outcome = "ok"
        try:
            with self._lock:
                self._remembered(key)
            with self.slot():
                with self._lock:
                    self._remembered(key)
                    flight = self._flights.get(key) if key else None
                    leading = flight is None
                    if leading:
                        flight = _Flight(time.monotonic() + seconds)
                        if key:
                            self._flights[key] = flight
                if leading:
                    return self._lead(key, flight, seconds, method, url, parse, request)
                outcome = "joined"
                if not flight.done.wait(max(0.0, flight.deadline - time.monotonic()) + 1):
                    raise OutboundError("timeout", "the call in flight did not end in time")
                if flight.error is not None:
                    raise OutboundError(flight.error.outcome, flight.error.reason, flight.error.status)
                return flight.value
        except OutboundError as error:
            outcome = "joined" if outcome == "joined" else error.outcome
            raise
        finally:
            metrics.OUTBOUND_CALLS.labels(purpose, outcome).inc()

    @contextmanager
    def slot(self) -> Iterator[None]:
        """One of the process's max_concurrent slots, or OutboundError("busy") at once."""
        if not self._slots.acquire(blocking=False):
            raise OutboundError("busy", f"{self.cap} outbound calls already in progress")
        try:
            yield
        finally:
            self._slots.release()

    def _lead(
        self, key: str | None, flight: _Flight, seconds: float, method: str, url: str, parse, request: dict
    ) -> Any:
        try:
            answer = self._fetch(method, url, flight.deadline, seconds, request)
            try:
                flight.value = parse(answer)
            except Exception as refused:  # whatever the caller's parser refused
                reason = (
                    str(refused) if isinstance(refused, Unusable) else f"an unusable answer ({type(refused).__name__})"
                )
                raise OutboundError("invalid", reason) from None
            return flight.value
        except OutboundError as error:
            flight.error = error
            if key and self.policy.failure_memory_seconds > 0:
                with self._lock:
                    self._failures[key] = (time.monotonic() + self.policy.failure_memory_seconds, error)
            raise
        finally:
            if key:
                with self._lock:
                    self._flights.pop(key, None)
            flight.done.set()

    def _remembered(self, key: str | None) -> None:
        """Under the lock: OutboundError("remembered") while the key's last failure is remembered."""
        until, error = self._failures.get(key, (0.0, None)) if key else (0.0, None)
        if error is not None and time.monotonic() < until:
            raise OutboundError(
                "remembered", f"{error.reason}, less than {self.policy.failure_memory_seconds:g} s ago", error.status
            )
        self._failures.pop(key, None)

    def _fetch(self, method: str, url: str, moment: float, seconds: float, request: dict) -> Answer:
        from idp.outbound import network

        client = getattr(self._clients, "client", None)
        if client is None:
            client = self._clients.client = network.client(self.policy.allow_private)
        return network.fetch(client, method, url, moment, seconds, request, self.policy.max_bytes)
