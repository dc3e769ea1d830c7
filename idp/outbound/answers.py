"""What a call through the door gives (idp/outbound/__init__.py): a usable answer, or why not.
No httpx here: the door imports it with network.py, at a process's first call."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import httpx


class OutboundError(Exception):
    """A call that gave nothing usable. `outcome` is one of OUTCOMES; `reason` says what in a few
    words that name no person and no secret: safe to log, to keep with a failed job, to answer."""

    def __init__(self, outcome: str, reason: str, status: int | None = None):
        super().__init__(reason)
        self.outcome, self.reason, self.status = outcome, reason, status


@dataclass(frozen=True)
class Answer:
    """A 2xx answer, its body read whole within the cap."""

    status_code: int
    headers: httpx.Headers
    content: bytes

    def json(self) -> Any:
        return json.loads(self.content)


class Unusable(Exception):
    """Raised by a call's `parse` when the answer cannot be used; its text is the reason."""
