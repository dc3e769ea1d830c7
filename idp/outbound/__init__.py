"""The one door for every outbound call: a client's key set (jwks_uri), a back-channel logout
token, GC Notify, and anything later. Built on httpx, whose timeouts bound each read, not a call;
the door adds what a call to a party we do not control needs ([outbound] in config/settings.toml):

- a total deadline per call: every connect, TLS handshake, write and read waits at most the time
  left to the call's deadline (network.py): a server that drips a byte a second is cut off at the
  deadline wherever it drips, status line and headers included;
- a size cap (max_bytes, announced or read: "too_large"); no redirects (a 3xx fails: "redirect");
- the destination: in production only globally routable addresses (no private, loopback,
  link-local, shared, reserved, multicast or unspecified one, nor one written in IPv6 through
  NAT64, 6to4, Teredo or another prefix that carries an IPv4 address: addresses.py) unless the
  operator sets allow_private_destinations; development allows them (`make run`'s services are on localhost).
  Checked on each address before it is tried and on the peer of the connection made, before a
  byte is sent ("refused_destination"). No proxy from the environment;
- single flight per key: calls naming the key of a call in flight (a client's jwks_uri) wait for
  it, no longer than its deadline, and share its result ("joined");
- failure memory: a keyed call that failed is remembered failure_memory_seconds, during which the
  key fails at once, without a call ("remembered");
- a cap per process: at most max_concurrent calls at once, waiters included; one more fails at
  once ("busy") rather than holding a request thread until a slot frees. A job worker's threads
  exist to make calls: its cap is its concurrency (allow_at_once, queue.concurrency);
- idp_outbound_calls_total{purpose,outcome} counts every call by its outcome (OUTCOMES).

Single flight, failure memory and the cap are per process: under the web server each worker fetches a
failing key set at most once per failure_memory_seconds. SMTP is not HTTP: `held` gives it a slot
and its count, and its provider keeps a total deadline of its own (idp/notify/providers.py).

The one call that does not pass here: the management process's probe of its own machine's web
server (idp/management.py's web_server_answers), a loopback address this door refuses in
production by design, to a server we run.
"""
from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from idp import metrics
from idp.outbound.answers import Answer, OutboundError

# ok; status (answered other than 2xx); redirect; too_large; timeout (the deadline passed);
# unreachable (no connection made); broken (the exchange failed midway: a body cut short);
# refused_destination; invalid (the caller could not use the answer); busy (the cap was full);
# remembered (the key failed moments ago: no call); joined (shared the key's call in flight)
OUTCOMES = ("ok", "status", "redirect", "too_large", "timeout", "unreachable", "broken", "refused_destination",
            "invalid", "busy", "remembered", "joined")


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
    return Policy(outbound["deadline_seconds"], outbound["max_bytes"], outbound["max_concurrent"],
                  outbound["failure_memory_seconds"],
                  outbound["allow_private_destinations"] or settings["server"]["environment"] == "development")


class Unusable(Exception):
    """Raised by a call's `parse` when the answer cannot be used; its text is the reason."""


@dataclass
class _Flight:
    deadline: float
    done: threading.Event = field(default_factory=threading.Event)
    value: Any = None
    error: OutboundError | None = None


class Door:
    """The calls of one process under one policy (`door_for(policy)`)."""

    def __init__(self, chosen: Policy):
        self.policy = chosen
        self.cap = max(chosen.max_concurrent, _at_once)
        self._slots = threading.BoundedSemaphore(self.cap)
        self._lock = threading.Lock()
        self._flights: dict[str, _Flight] = {}
        self._failures: dict[str, tuple[float, OutboundError]] = {}
        # Each thread's client, made by its first call (network.py: httpx is imported then)
        self._clients = threading.local()

    def call(self, purpose: str, method: str, url: str, *, key: str | None = None, deadline_seconds: float | None = None,
             parse: Callable[[Answer], Any] = lambda answer: answer, **request) -> Any:
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

    def _lead(self, key: str | None, flight: _Flight, seconds: float, method: str, url: str, parse, request: dict) -> Any:
        try:
            answer = self._fetch(method, url, flight.deadline, seconds, request)
            try:
                flight.value = parse(answer)
            except Exception as refused:  # whatever the caller's parser refused
                reason = str(refused) if isinstance(refused, Unusable) else f"an unusable answer ({type(refused).__name__})"
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
            raise OutboundError("remembered", f"{error.reason}, less than {self.policy.failure_memory_seconds:g} s ago", error.status)
        self._failures.pop(key, None)

    def _fetch(self, method: str, url: str, moment: float, seconds: float, request: dict) -> Answer:
        from idp.outbound import network

        client = getattr(self._clients, "client", None)
        if client is None:
            client = self._clients.client = network.client(self.policy.allow_private)
        return network.fetch(client, method, url, moment, seconds, request, self.policy.max_bytes)


@contextmanager
def held(purpose: str, chosen: Policy) -> Iterator[None]:
    """A call that is not HTTP (SMTP) under the door: a slot of the cap (else "busy" at once),
    counted by its outcome; the caller keeps its own deadline and raises OutboundError to fail."""
    outcome = "ok"
    try:
        with door_for(chosen).slot():
            yield
    except OutboundError as error:
        outcome = error.outcome
        raise
    finally:
        metrics.OUTBOUND_CALLS.labels(purpose, outcome).inc()


_doors: dict[Policy, Door] = {}
_lock = threading.Lock()
_at_once = 0


def allow_at_once(calls: int) -> None:
    """This process may make `calls` calls at once whatever a policy's max_concurrent: a job
    worker, whose every thread makes one call at a time. Doors made before are made again."""
    global _at_once
    with _lock:
        if calls != _at_once:
            _at_once = calls
            _doors.clear()


def door_for(chosen: Policy) -> Door:
    """This process's door of the policy (one in production: the settings')."""
    with _lock:
        if chosen not in _doors:
            _doors[chosen] = Door(chosen)
        return _doors[chosen]


def call(purpose: str, method: str, url: str, chosen: Policy, **options) -> Any:
    """Door.call through this process's door of the policy."""
    return door_for(chosen).call(purpose, method, url, **options)


def forget() -> None:
    """Forget every failure remembered (tests; the clients file read anew)."""
    with _lock:
        doors = list(_doors.values())
    for door in doors:
        with door._lock:
            door._failures.clear()


def _after_fork() -> None:
    """A forked process (a web worker, an RQ work horse) starts with no door, connection
    or thread of its parent's (network.py forgets its own)."""
    global _lock
    _lock = threading.Lock()
    _doors.clear()


os.register_at_fork(after_in_child=_after_fork)
