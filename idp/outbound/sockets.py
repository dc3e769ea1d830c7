"""The sockets under the door's HTTP client (network.py): httpcore's own, through a network
backend that

- narrows every wait of a connection — connect, TLS handshake, each write and each read — to the
  time left until the deadline of the call using it (`deadline`), so that no answer, dripped
  byte by byte in its status line, headers or body, outlives the call's deadline;
- resolves the name itself (a lookup waits no longer than the deadline either), tries only the
  addresses the destination policy allows (addresses.py), and checks the peer of the connection
  made again before a byte is sent: what is checked is the address actually connected to.
"""

from __future__ import annotations

import ipaddress
import os
import socket
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as ResolutionTimeout
from contextlib import contextmanager
from typing import Any

import httpcore

from idp.outbound.addresses import public


class Refusal(Exception):
    """What the door refuses; `outcome` is its name among the door's OUTCOMES."""

    outcome = "invalid"


class DestinationRefused(Refusal):
    """The address is not one this process may call (the destination policy)."""

    outcome = "refused_destination"


_call = threading.local()  # .deadline: the time.monotonic() by which this thread's call ends


@contextmanager
def deadline(moment: float) -> Iterator[None]:
    """The socket operations of this thread end by `moment` (time.monotonic())."""
    _call.deadline = moment
    try:
        yield
    finally:
        _call.deadline = None


def _left(timeout: float | None, expired: type[Exception]) -> float | None:
    """The wait a socket operation may take: no longer than the time left to the call."""
    moment = getattr(_call, "deadline", None)
    if moment is None:
        return timeout
    left = moment - time.monotonic()
    if left <= 0:
        raise expired("the call's deadline passed")
    return left if timeout is None else min(timeout, left)


class _Stream(httpcore.NetworkStream):
    """A connection each of whose waits ends by the deadline of the call using it."""

    def __init__(self, inner: httpcore.NetworkStream):
        self._inner = inner

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._inner.read(max_bytes, _left(timeout, httpcore.ReadTimeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._inner.write(buffer, _left(timeout, httpcore.WriteTimeout))

    def close(self) -> None:
        self._inner.close()

    def start_tls(self, ssl_context, server_hostname=None, timeout=None) -> httpcore.NetworkStream:
        return _Stream(self._inner.start_tls(ssl_context, server_hostname, _left(timeout, httpcore.ConnectTimeout)))

    def get_extra_info(self, info: str) -> Any:
        return self._inner.get_extra_info(info)


class Backend(httpcore.NetworkBackend):
    """httpcore's own sockets, to the addresses the policy allows, within the call's deadline."""

    def __init__(self, allow_private: bool):
        self._allow_private, self._inner = allow_private, httpcore.SyncBackend()

    def _allowed(self, address: str) -> bool:
        return self._allow_private or public(address)

    def connect_tcp(self, host, port, timeout=None, local_address=None, socket_options=None) -> httpcore.NetworkStream:
        failure: Exception = DestinationRefused(f"refused destination: {host} has no public address")
        for address in _resolve(host, port):
            if not self._allowed(address):
                continue
            try:
                stream = self._inner.connect_tcp(
                    address, port, _left(timeout, httpcore.ConnectTimeout), local_address, socket_options
                )
            except httpcore.ConnectError as error:
                failure = error
                continue
            if not self._allowed(stream.get_extra_info("server_addr")[0]):
                stream.close()
                raise DestinationRefused(f"refused destination: {host} connected to an address that is not public")
            return _Stream(stream)
        raise failure

    def connect_unix_socket(self, path, timeout=None, socket_options=None) -> httpcore.NetworkStream:
        raise DestinationRefused("refused destination: no unix sockets")

    def sleep(self, seconds: float) -> None:
        self._inner.sleep(seconds)


_lookups: list[ThreadPoolExecutor] = []  # one per process, made at its first lookup
_lookups_lock = threading.Lock()


def _resolve(host: str, port: int) -> list[str]:
    try:
        return [str(ipaddress.ip_address(host))]
    except ValueError:
        pass
    with _lookups_lock:
        if not _lookups:
            _lookups.append(ThreadPoolExecutor(max_workers=4, thread_name_prefix="outbound-resolve"))
        lookup = _lookups[0].submit(socket.getaddrinfo, host, port, type=socket.SOCK_STREAM)
    try:
        found = lookup.result(timeout=_left(None, httpcore.ConnectTimeout))
    except ResolutionTimeout:
        raise httpcore.ConnectTimeout("the name was not resolved in time") from None
    except OSError as error:
        raise httpcore.ConnectError(f"the name was not resolved ({type(error).__name__})") from None
    return list(dict.fromkeys(entry[4][0] for entry in found))


def after_fork() -> None:
    """A forked process has none of its parent's lookup threads."""
    global _lookups_lock
    _lookups_lock = threading.Lock()
    _lookups.clear()


os.register_at_fork(after_in_child=after_fork)
