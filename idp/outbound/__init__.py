"""The one door for every outbound call: a client's key set (jwks_uri), a back-channel logout
token, GC Notify, and anything later. Built on httpx, whose timeouts bound each read, not a call;
the door adds what a call to a party we do not control needs ([outbound] in config/settings.toml):

- a total deadline per call: every connect, TLS handshake, write and read waits at most the time
  left to the call's deadline (sockets.py): a server that drips a byte a second is cut off at the
  deadline wherever it drips, status line and headers included;
- a size cap (max_bytes, announced or read: "too_large"); no redirects (a 3xx fails: "redirect");
- the destination: in production only globally routable addresses (no private, loopback,
  link-local, shared, reserved, multicast or unspecified one, nor one written in IPv6 through
  NAT64, 6to4, Teredo or another prefix that carries an IPv4 address: addresses.py) unless the
  operator sets allow_private_destinations; development allows them (`make run`'s services are on
  localhost).
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

Single flight, failure memory and the cap are per process (door.py: the Door of a policy): under
the web server each worker fetches a failing key set at most once per failure_memory_seconds.
SMTP is not HTTP: `held` gives it a slot and its count, and its provider keeps a total deadline
of its own (idp/notify/providers.py).

The one call that does not pass here: the management process's probe of its own machine's web
server (idp/management.py's web_server_answers), a loopback address this door refuses in
production by design, to a server we run.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from idp import metrics
from idp.outbound.answers import Answer, OutboundError, Unusable
from idp.outbound.door import Door, Policy, policy

# ok; status (answered other than 2xx); redirect; too_large; timeout (the deadline passed);
# unreachable (no connection made); broken (the exchange failed midway: a body cut short);
# refused_destination; invalid (the caller could not use the answer); busy (the cap was full);
# remembered (the key failed moments ago: no call); joined (shared the key's call in flight)
OUTCOMES = (
    "ok",
    "status",
    "redirect",
    "too_large",
    "timeout",
    "unreachable",
    "broken",
    "refused_destination",
    "invalid",
    "busy",
    "remembered",
    "joined",
)
# what the package answers with (its callers name them outbound.<name>)
__all__ = [
    "OUTCOMES",
    "Answer",
    "Door",
    "OutboundError",
    "Policy",
    "Unusable",
    "allow_at_once",
    "call",
    "door_for",
    "forget",
    "held",
    "policy",
]


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
            _doors[chosen] = Door(chosen, _at_once)
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
    or thread of its parent's (sockets.py forgets its own)."""
    global _lock
    _lock = threading.Lock()
    _doors.clear()


os.register_at_fork(after_in_child=_after_fork)
