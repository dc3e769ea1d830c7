"""Proof of work: what a client address that asked many anonymous codes lately shows before
it gets more (budgets.py decides when).

The browser solves an ALTCHA challenge (v1: find the number whose SHA-256 with the salt is
the challenge) by itself and sends the answer in the X-Proof-Of-Work header, base64 JSON as
ALTCHA's widget makes it: nothing for the person to read or click, a second of a phone's
work, while a flood of requests pays for each one in CPU. Self-hosted: the challenge is
signed with a key derived from server.secret_key, good for a few minutes and for one
answer, its use counted in limit_counters like every other event so that no instance
accepts it twice.
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import altcha
from flask import current_app

from idp import observability, sealed
from idp.errors import Errors, FlowError
from idp.flows import limits, requester

HEADER = "X-Proof-Of-Work"
# Long enough for a slow phone to solve it and the request to arrive; short enough that a
# stock of solved challenges goes stale.
GOOD_FOR_SECONDS = 300
# An answer is a few hundred characters; anything much longer is not one.
MAX_ANSWER_LENGTH = 2048


def _key() -> bytes:
    return sealed.derive(current_app.config["SECRET_KEY"], "idp proof of work")


def challenge() -> dict:
    """A fresh challenge, as ALTCHA's solvers take it."""
    made = altcha.create_challenge_v1(
        hmac_key=_key(),
        max_number=current_app.config["IDP"]["limits"]["proof_of_work_max_number"],
        expires=datetime.now(timezone.utc) + timedelta(seconds=GOOD_FOR_SECONDS),
    )
    return made.to_dict()


def ensure_solved() -> None:
    """The request carries the answer to a challenge of ours, unexpired and never used
    before; otherwise PROOF_OF_WORK_REQUIRED with a fresh challenge in data.challenge."""
    answer = requester.current().proof_of_work
    if answer:
        solved = _verified(answer)
        if solved and _first_use(answer):
            return
        observability.security_event("proof_of_work_refused", solved=solved)
    raise FlowError(Errors.PROOF_OF_WORK_REQUIRED, data={"challenge": challenge()})


def _verified(answer: str) -> bool:
    if len(answer) > MAX_ANSWER_LENGTH:
        return False
    try:
        solved, _ = altcha.verify_solution_v1(answer, _key(), check_expires=True)
    except (ValueError, TypeError, AttributeError):  # base64 of JSON that is not an object
        return False
    return solved


def _first_use(answer: str) -> bool:
    # verified, so the payload decodes; its signature names the challenge
    signature = altcha.PayloadV1.from_base64(answer).signature
    return limits.first_use(limits.key("proof-of-work", signature), GOOD_FOR_SECONDS)
