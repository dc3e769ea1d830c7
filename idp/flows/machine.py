"""A small state machine over the Journey table for the account flows (profile, recovery).

journey.py holds sign-up and sign-in; the account flows keep their own tables of
transitions in their modules and share this one way of checking them: an event not
allowed from the current state is refused with code 20 (HTTP 409) before anything
changes.
"""
from __future__ import annotations

from dataclasses import dataclass

from idp.errors import FlowError
from idp.flows import journey
from idp.models import Journey

START = "START"


@dataclass(frozen=True)
class Machine:
    flow: str
    # event -> (states it may happen in, state it leads to)
    transitions: dict[str, tuple[frozenset[str], str]]

    def find(self, browser_session_id: int | None, user_id: str | None = None) -> Journey | None:
        """The browser session's journey of this flow. With user_id, only that person's:
        someone else signing in on the same browser never continues another's change."""
        found = journey.find(browser_session_id, self.flow)
        if found is not None and user_id is not None and found.user_id != user_id:
            return None
        return found

    @staticmethod
    def state_of(found: Journey | None) -> str:
        return found.state if found is not None else START

    def allows(self, found: Journey | None, event: str) -> bool:
        return self.state_of(found) in self.transitions[event][0]

    def require(self, found: Journey | None, event: str) -> Journey | None:
        """found, when event may happen now; else FlowError 20 and nothing changed."""
        if not self.allows(found, event):
            raise FlowError("20", status=409)
        return found

    def start(self, browser_session_id: int) -> Journey:
        return journey.start(browser_session_id, self.flow)

    def advance(self, found: Journey, event: str) -> None:
        self.require(found, event)
        found.state = self.transitions[event][1]
