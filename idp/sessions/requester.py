"""Who is asking: the client's address, the trusted-device token it holds and the proof of
work it brings.

Flows take no request objects. What they need of the client arrives here, set by the
API layer for each request (as idp.clock is the one source of the time); code called
outside a request sees an unknown client with no device.
"""

from __future__ import annotations

import ipaddress
from contextvars import ContextVar
from dataclasses import dataclass


@dataclass(frozen=True)
class Requester:
    ip: str = "unknown"
    # The trusted-device cookie as the browser sent it; devices.py checks it.
    device_token: str | None = None
    # The answer to a proof-of-work challenge the request carries; proof.py checks it.
    proof_of_work: str | None = None

    @property
    def network(self) -> str:
        """What per-address budgets count: the address itself, or for IPv6 its /64, which
        one subscriber (one home, one phone) holds whole and can draw new addresses from."""
        try:
            address = ipaddress.ip_address(self.ip)
        except ValueError:
            return self.ip
        if address.version == 6:
            return str(ipaddress.ip_network(f"{address}/64", strict=False))
        return str(address)


# The client of code called outside a request (a Requester is frozen: one instance serves every such call).
UNKNOWN = Requester()
_current: ContextVar[Requester] = ContextVar("requester", default=UNKNOWN)


def current() -> Requester:
    return _current.get()


def use(requester: Requester):
    """Make requester the client of the code that follows; answers the token to reset()."""
    return _current.set(requester)


def reset(token) -> None:
    _current.reset(token)
