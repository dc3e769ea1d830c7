"""A fresh code for a journey's destination (otp.send delivers it, otp.check spends it): the
resend wait, grown with each code sent, past which a new code may be asked; a pending code of
the same channel and destination replaced in place, keeping its wrong-attempt count (resending
never buys more guesses), every other pending one superseded; the code itself, random digits
from `secrets`, kept only as its HMAC bound to the transaction id; and what codes need of the
settings ([otp], Policy).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import timedelta

from idp import observability
from idp.clock import now, seconds_until
from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.flows import budgets, screens, testmode
from idp.models import Journey, OtpTransaction
from idp.models.otp import CodeState
from idp.models.types import new_uuid
from idp.store import sent


@dataclass(frozen=True)
class Policy:
    """Everything codes need from the settings ([otp]), so flows and tests can build one directly."""

    length: int
    expiry_seconds: int
    max_attempts: int
    resend_wait_seconds: int
    secret: str

    @property
    def expiry_minutes(self) -> int:
        """What the messages tell people; never less than one minute."""
        return max(1, self.expiry_seconds // 60)

    @classmethod
    def from_config(cls, config: dict) -> Policy:
        otp = config["IDP"]["otp"]
        return cls(
            length=otp["length"],
            expiry_seconds=otp["expiry_seconds"],
            max_attempts=otp["max_attempts"],
            resend_wait_seconds=otp["resend_wait_seconds"],
            secret=config["SECRET_KEY"],
        )


def code_hash(secret: str, transaction_id: str, code: str) -> str:
    message = f"{transaction_id}:{code}".encode()
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def issue(
    rules: Policy,
    current: Journey,
    channel: str,
    destination: str,
    user_id: str | None,
    own_factor: bool,
    spends: budgets.Budgets,
    counters: dict,
) -> tuple[OtpTransaction, str]:
    """A fresh code for the destination, not written yet, its budgets open (counters: what
    spends.ensure_open() read): the caller delivers it, counts what it spends, then commits."""
    moment = now()
    if current.id is None:
        # a journey begun in this step has no code yet; its row is written for the code to name it
        db.session.flush()
        earlier = []
    else:
        earlier = sent.of_journey(current.id)
    previous = next((code for code in earlier if code.destination == destination), None)
    if (
        previous is not None
        and previous.state == CodeState.PENDING
        and previous.resend_at
        and previous.resend_at > moment
        and not screens.delivery_failed(previous)
    ):
        raise FlowError(Errors.RESEND_TOO_SOON, data={"retryAfter": seconds_until(previous.resend_at)})
    spends.charge_send(counters)

    transaction = None
    for candidate in earlier:
        if candidate.state != CodeState.PENDING:
            continue
        same = candidate.channel == channel and candidate.destination == destination
        if same and candidate.expires_at > moment and transaction is None:
            transaction = candidate
        else:
            candidate.state = CodeState.SUPERSEDED
    if transaction is None:
        transaction = OtpTransaction(
            id=new_uuid(),
            browser_session_id=current.browser_session_id,
            journey_id=current.id,
            user_id=user_id,
            channel=channel,
            destination=destination,
            own_factor=own_factor,
            attempts=0,
            created_at=moment,
        )
        db.session.add(transaction)
    code = testmode.fixed_code(destination) or f"{secrets.randbelow(10**rules.length):0{rules.length}d}"
    transaction.sends = previous.sends + 1 if previous is not None else 1
    transaction.code_hash = code_hash(rules.secret, transaction.id, code)
    transaction.delivery_failed_at = None
    transaction.expires_at = moment + timedelta(seconds=rules.expiry_seconds)
    transaction.resend_at = moment + timedelta(seconds=rules.resend_wait_seconds * transaction.sends)
    transaction.updated_at = moment
    transaction.correlation_id = observability.correlation_id()
    # written with the step's commit (send), in its one statement on PostgreSQL
    return transaction, code
