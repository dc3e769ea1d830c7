"""The network side of the door (idp/outbound/__init__.py): httpx over httpcore's own sockets,
with the network backend of sockets.py (every wait within the call's deadline, only the
addresses the destination policy allows).

`fetch` makes one call on a door's client (`client`) and reads its body within the size cap,
inflating gzip or deflate within it.

This module, and httpx with it (about 3 MiB), is imported by a process's first outbound call:
a web worker whose clients' keys are all in the clients file never makes one.
"""

from __future__ import annotations

import functools
import ssl
import time
import zlib

import httpcore
import httpx

from idp.outbound.answers import Answer, OutboundError
from idp.outbound.sockets import Backend, Refusal, deadline


class TooLarge(Refusal):
    """The answer's body is larger than the cap."""

    outcome = "too_large"


class Undecodable(Refusal):
    """The answer's body is in an encoding that is not read."""


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
        self._pool = httpcore.ConnectionPool(
            ssl_context=_tls(),
            network_backend=Backend(allow_private),
            max_connections=1,
            max_keepalive_connections=1,
            keepalive_expiry=5.0,
        )


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


def fetch(
    client: httpx.Client, method: str, url: str, moment: float, seconds: float, request: dict, cap: int
) -> Answer:
    """One call, whole by `moment`; every failure as the door's OutboundError."""
    headers = {"Accept-Encoding": "identity", **request.pop("headers", {})}
    try:
        with (
            deadline(moment),
            client.stream(
                method, url, headers=headers, timeout=httpx.Timeout(max(0.001, moment - time.monotonic())), **request
            ) as response,
        ):
            if 300 <= response.status_code < 400:
                raise OutboundError(
                    "redirect", f"answered {response.status_code} (redirects are not followed)", response.status_code
                )
            if not 200 <= response.status_code < 300:
                raise OutboundError("status", f"answered {response.status_code}", response.status_code)
            return Answer(response.status_code, response.headers, read_body(response, cap))
    except httpx.TimeoutException:
        raise OutboundError("timeout", f"no whole answer within {seconds:g} s") from None
    except Refusal as refusal:
        raise OutboundError(refusal.outcome, str(refusal)) from None
    except (httpx.HTTPError, httpx.InvalidURL, zlib.error, OSError, ValueError) as error:
        unreachable = isinstance(error, httpx.ConnectError)
        said = "unreachable" if unreachable else "the exchange failed"
        raise OutboundError("unreachable" if unreachable else "broken", f"{said} ({type(error).__name__})") from None
