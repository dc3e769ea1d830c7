"""Who is asking: the client's address and the trusted-device token it holds.

Flows take no request objects. What they need of the client arrives here, set by the
API layer for each request (as idp.clock is the one source of the time); code called
outside a request sees an unknown client with no device.
"""
from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass


@dataclass(frozen=True)
class Requester:
    ip: str = "unknown"
    # The trusted-device cookie as the browser sent it; devices.py checks it.
    device_token: str | None = None


_current: ContextVar[Requester] = ContextVar("requester", default=Requester())


def current() -> Requester:
    return _current.get()


def use(requester: Requester):
    """Make requester the client of the code that follows; answers the token to reset()."""
    return _current.set(requester)


def reset(token) -> None:
    _current.reset(token)
