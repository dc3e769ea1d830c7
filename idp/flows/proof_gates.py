"""Gates: counts of what strangers share with people — a client address (its IPv6 /64), a
destination anyone may type — that never shut anyone out: past a gate's threshold in its window,
each further event costs a proof of work (proof.py), which the browser solves unseen. A code's
send has gates (budgets.py), and so do a sign-in's passwords from one address (accounts.py) and
recovery's e-mails to one address (recovery.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from idp.flows import proof
from idp.sessions import requester
from idp.store import limits


@dataclass(frozen=True)
class Gate:
    """A count that never shuts anyone out: past `free` events in its window, each further one
    costs a proof of work of that cost (proof.ORDINARY or proof.HARD)."""

    key: str
    free: int
    window_seconds: int
    cost: str


def address_gates(kind: str, free: int, hard_after: int | None, window_seconds: int) -> tuple[Gate, ...]:
    """The gates of the client address (its IPv6 /64): an ordinary proof past `free` events in
    the window, a hard one past hard_after."""
    address = limits.key(kind, requester.current().network)
    gates = [Gate(address, free, window_seconds, proof.ORDINARY)]
    if hard_after is not None:
        gates.append(Gate(address, hard_after, window_seconds, proof.HARD))
    return tuple(gates)


def charge(gates: tuple[Gate, ...], counters: dict[str, limits.Counter]) -> None:
    """The dearest proof of work the gates ask now (counters: their keys' as read), if any:
    PROOF_OF_WORK_REQUIRED until the request brings it."""
    costs = {
        gate.cost
        for gate in gates
        if (counters[gate.key].within(gate.window_seconds) if gate.key in counters else 0) >= gate.free
    }
    if costs:
        proof.ensure_solved(proof.HARD if proof.HARD in costs else proof.ORDINARY)


def count(gates: tuple[Gate, ...]) -> None:
    """One more event through the gates (of one window), in one statement."""
    distinct = {gate.key: gate for gate in gates}.values()
    limits.hit_all([(gate.key, None) for gate in distinct], gates[0].window_seconds, 0)
