"""The network side of the door (idp/outbound/__init__.py): httpx over httpcore's own sockets,
with a network backend that

- narrows every wait of a connection — connect, TLS handshake, each write and each read — to the
  time left until the deadline of the call using it (`deadline`), so that no answer, dripped
  byte by byte in its status line, headers or body, outlives the call's deadline;
- resolves the name itself (a lookup waits no longer than the deadline either), tries only the
  addresses the destination policy allows (addresses.py), and checks the peer of the connection made again
  before a byte is sent: what is checked is the address actually connected to.

`fetch` makes one call on a door's client (`client`) and reads its body within the size cap,
inflating gzip or deflate within it.

This module, and httpx with it (about 3 MiB), is imported by a process's first outbound call:
a web worker whose clients' keys are all in the clients file never makes one.
"""
from __future__ import annotations

import functools
import ipaddress
import os
import socket
import ssl
import threading
import time
import zlib
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as ResolutionTimeout
from contextlib import contextmanager
from typing import Any

import httpcore
import httpx

from idp.outbound.addresses import public
from idp.outbound.answers import Answer, OutboundError


class Refusal(Exception):
    """What the door refuses; `outcome` is its name among the door's OUTCOMES."""

    outcome = "invalid"


class DestinationRefused(Refusal):
    """The address is not one this process may call (the destination policy)."""

    outcome = "refused_destination"


class TooLarge(Refusal):
    """The answer's body is larger than the cap."""

    outcome = "too_large"


class Undecodable(Refusal):
    """The answer's body is in an encoding that is not read."""


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


class _Backend(httpcore.NetworkBackend):
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
                stream = self._inner.connect_tcp(address, port, _left(timeout, httpcore.ConnectTimeout), local_address, socket_options)
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


@functools.cache
def _tls() -> ssl.SSLContext:
    """The process's TLS settings and trusted certificates, loaded once (tens of milliseconds of
    CPU) and shared by every thread's client."""
    return httpx.create_ssl_context(trust_env=False)


class Transport(httpx.HTTPTransport):
    """httpx's transport (no proxy from the environment) over the guarded backend."""

    def __init__(self, allow_private: bool):
        super().__init__(trust_env=False)
        # httpx offers no way to name its pool's network backend: the same pool, built with ours. A
        # pool of one thread's calls: one connection (httpcore looks at each of a pool's connections,
        # with a system call, at every request: one pool shared by a job worker's 64 threads took a
        # tenth of its CPU, bench/delivery.py --profile).
        self._pool = httpcore.ConnectionPool(ssl_context=_tls(),
                                             network_backend=_Backend(allow_private), max_connections=1,
                                             max_keepalive_connections=1, keepalive_expiry=5.0)


def read_body(response: httpx.Response, cap: int) -> bytes:
    """The body, if it is at most `cap` bytes (announced or read; inflated, for gzip and deflate)."""
    announced = response.headers.get("Content-Length", "")
    if announced.isdigit() and int(announced) > cap:
        raise TooLarge(f"an answer of more than {cap} bytes")
    encoding = response.headers.get("Content-Encoding", "identity").strip().lower() or "identity"
    if encoding not in ("identity", "gzip", "deflate"):
        raise Undecodable(f"an answer in {encoding} encoding")
    inflate = zlib.decompressobj(wbits=47) if encoding != "identity" else None
    body = bytearray()
    for chunk in response.iter_raw():
        body += inflate.decompress(chunk, cap + 1 - len(body)) if inflate else chunk
        if len(body) > cap:
            raise TooLarge(f"an answer of more than {cap} bytes")
    return bytes(body)


def client(allow_private: bool) -> httpx.Client:
    """A client of one thread's calls through a door: no redirects followed, nothing taken from
    the environment, one call at a time on one connection, kept open for the next."""
    return httpx.Client(transport=Transport(allow_private), follow_redirects=False, trust_env=False)


def fetch(client: httpx.Client, method: str, url: str, moment: float, seconds: float, request: dict,
          cap: int) -> Answer:
    """One call, whole by `moment`; every failure as the door's OutboundError."""
    headers = {"Accept-Encoding": "identity", **request.pop("headers", {})}
    try:
        with deadline(moment), client.stream(
            method, url, headers=headers, timeout=httpx.Timeout(max(0.001, moment - time.monotonic())), **request
        ) as response:
            if 300 <= response.status_code < 400:
                raise OutboundError("redirect", f"answered {response.status_code} (redirects are not followed)", response.status_code)
            if not 200 <= response.status_code < 300:
                raise OutboundError("status", f"answered {response.status_code}", response.status_code)
            return Answer(response.status_code, response.headers, read_body(response, cap))
    except httpx.TimeoutException:
        raise OutboundError("timeout", f"no whole answer within {seconds:g} s") from None
    except Refusal as refusal:
        raise OutboundError(refusal.outcome, str(refusal)) from None
    except (httpx.HTTPError, httpx.InvalidURL, zlib.error, OSError, ValueError) as error:
        unreachable = isinstance(error, httpx.ConnectError)
        raise OutboundError("unreachable" if unreachable else "broken",
                            f"{'unreachable' if unreachable else 'the exchange failed'} ({type(error).__name__})") from None


os.register_at_fork(after_in_child=after_fork)
