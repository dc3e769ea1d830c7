"""Proof of work: what a request costs, instead of a wait, where innocent people share what a
flood spends — an address that asked many anonymous codes, a destination strangers typed,
an address where many passwords failed (budgets.py and accounts.py decide when).

The browser solves an ALTCHA challenge (v1: find the number whose SHA-256 with the salt is
the challenge) by itself and sends the answer in the X-Proof-Of-Work header, base64 JSON as
ALTCHA's widget makes it: nothing for the person to read or click, a second or two of a
phone's work, while a flood pays for each request in CPU. A challenge is ordinary or hard
(limits.proof_of_work_max_number, limits.proof_of_work_hard_max_number: the number hidden is
drawn below it, so it is the most hashes a solver tries); its cost travels in its signed
salt, so an answer to an ordinary one never passes where a hard one is asked. Self-hosted:
the challenge is signed with a key derived from server.secret_key, good for a few minutes
and for one answer, its use counted in limit_counters like every other event so that no
instance accepts it twice. A client that will not solve is answered a challenge each time,
and gets nothing else.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import altcha
from flask import current_app

from idp import metrics, observability, sealed
from idp.errors import Errors, FlowError
from idp.sessions import requester
from idp.store import limits

ORDINARY, HARD = "proof_of_work_max_number", "proof_of_work_hard_max_number"

HEADER = "X-Proof-Of-Work"
# Long enough for a slow phone to solve it and the request to arrive; short enough that a
# stock of solved challenges goes stale.
GOOD_FOR_SECONDS = 300
# An answer is a few hundred characters; anything much longer is not one.
MAX_ANSWER_LENGTH = 2048


def _key() -> bytes:
    return sealed.derive(current_app.config["SECRET_KEY"], "idp proof of work")


def _most(cost: str) -> int:
    return current_app.config["IDP"]["limits"][cost]


def challenge(cost: str = ORDINARY) -> dict:
    """A fresh challenge of that cost, as ALTCHA's solvers take it."""
    made = altcha.create_challenge_v1(
        hmac_key=_key(),
        max_number=_most(cost),
        expires=datetime.now(UTC) + timedelta(seconds=GOOD_FOR_SECONDS),
        params={"cost": str(_most(cost))},
    )
    return made.to_dict()


def ensure_solved(cost: str = ORDINARY) -> None:
    """The request carries the answer to a challenge of ours of at least that cost, unexpired
    and never used before; otherwise PROOF_OF_WORK_REQUIRED with a fresh challenge of that cost
    in data.challenge."""
    answer = requester.current().proof_of_work
    named = "hard" if cost == HARD else "ordinary"
    if answer:
        solved = _verified(answer, _most(cost))
        if solved and _first_use(answer):
            metrics.PROOFS_OF_WORK.labels(named, "solved").inc()
            return
        metrics.PROOFS_OF_WORK.labels(named, "refused").inc()
        observability.security_event("proof_of_work_refused", solved=solved)
    metrics.PROOFS_OF_WORK.labels(named, "asked").inc()
    raise FlowError(Errors.PROOF_OF_WORK_REQUIRED, data={"challenge": challenge(cost)})


def _verified(answer: str, least: int) -> bool:
    if len(answer) > MAX_ANSWER_LENGTH:
        return False
    try:
        solved, _ = altcha.verify_solution_v1(answer, _key(), check_expires=True)
    except (ValueError, TypeError, AttributeError):  # base64 of JSON that is not an object
        return False
    if not solved:
        return False
    # verified, so the payload decodes; the cost its signed salt carries
    costs = altcha.extract_params_v1({"salt": altcha.PayloadV1.from_base64(answer).salt}).get("cost", ["0"])
    return costs[0].isdigit() and int(costs[0]) >= least


def _first_use(answer: str) -> bool:
    # verified, so the payload decodes; its signature names the challenge
    signature = altcha.PayloadV1.from_base64(answer).signature
    return limits.first_use(limits.key("proof-of-work", signature), GOOD_FOR_SECONDS)
