"""One-time codes: issue, resend and verify, with per-code and per-window limits.

A code is 6 random digits from `secrets`, kept only as an HMAC bound to its
transaction id, valid for expiry_seconds, usable once, and only from the browser
session and journey that asked for it. A resend while a transaction is pending
replaces its code but keeps its wrong-attempt count, so resending never buys
more guesses.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import update

from flask import current_app

from idp import notify
from idp.clock import now
from idp.errors import FlowError
from idp.extensions import db
from idp.flows import limits
from idp.models import Journey, OtpTransaction
from idp.models.types import new_uuid

PENDING = "PENDING"
USED = "USED"
FAILED = "FAILED"
SUPERSEDED = "SUPERSEDED"

TYPES = {"email": "emailotp", "sms": "smsotp", "voice": "voiceotp"}

# The message that carries a code to a phone, by channel.
PHONE_TEMPLATES = {"sms": "phone_code", "voice": "voice_code"}


@dataclass(frozen=True)
class Policy:
    """Everything otp needs from the settings, so flows and tests can build one directly."""

    length: int
    expiry_seconds: int
    max_attempts: int
    limits: limits.Limits
    secret: str

    @property
    def expiry_minutes(self) -> int:
        """What the messages tell people; never less than one minute."""
        return max(1, self.expiry_seconds // 60)

    @classmethod
    def from_config(cls, config: dict) -> "Policy":
        otp = config["IDP"]["otp"]
        return cls(
            length=otp["length"],
            expiry_seconds=otp["expiry_seconds"],
            max_attempts=otp["max_attempts"],
            limits=limits.Limits.from_settings(config["IDP"]["limits"]),
            secret=config["SECRET_KEY"],
        )


def policy() -> Policy:
    return Policy.from_config(current_app.config)


def latest_of(found: Journey) -> OtpTransaction:
    """The journey's newest code: the browser never needs to carry a transaction id."""
    transaction = db.session.scalar(
        db.select(OtpTransaction).filter_by(journey_id=found.id).order_by(OtpTransaction.created_at.desc()).limit(1)
    )
    if transaction is None:
        raise FlowError("20", status=409)
    return transaction


def deliver(channel: str, to: str, template: str, language: str, **values) -> None:
    """Send through idp.notify; a provider failure becomes code 25 and the caller's
    transaction is rolled back, so the person can simply ask again."""
    try:
        notify.send(channel, to, template, language, **values)
    except notify.DeliveryError:
        raise FlowError("25", status=503) from None


def _hash(policy: Policy, transaction_id: str, code: str) -> str:
    message = f"{transaction_id}:{code}".encode()
    return hmac.new(policy.secret.encode(), message, hashlib.sha256).hexdigest()


def _new_code(length: int) -> str:
    return f"{secrets.randbelow(10**length):0{length}d}"


def _limit_keys(policy: Policy, browser_session_id: int, destination: str) -> dict[str, list[str]]:
    return {
        kind: [
            limits.destination_key(kind, destination, policy.secret),
            limits.session_key(kind, browser_session_id),
        ]
        for kind in (limits.SEND, limits.WRONG_CODE)
    }


def issue(policy: Policy, journey: Journey, channel: str, destination: str, user_id: str | None = None) -> tuple[OtpTransaction, str]:
    """A fresh code for the destination. The caller delivers it, then commits."""
    keys = _limit_keys(policy, journey.browser_session_id, destination)
    limits.ensure_not_blocked(keys[limits.SEND] + keys[limits.WRONG_CODE])
    for key in keys[limits.SEND]:
        limits.hit(key, limits.SEND, policy.limits)

    moment = now()
    pending = db.session.scalars(
        db.select(OtpTransaction).filter_by(journey_id=journey.id, state=PENDING).with_for_update()
    ).all()
    transaction = None
    for candidate in pending:
        same = candidate.channel == channel and candidate.destination == destination
        if same and candidate.expires_at > moment and transaction is None:
            transaction = candidate
        else:
            candidate.state = SUPERSEDED
    code = _new_code(policy.length)
    if transaction is None:
        transaction = OtpTransaction(
            id=new_uuid(),
            browser_session_id=journey.browser_session_id,
            journey_id=journey.id,
            user_id=user_id,
            channel=channel,
            destination=destination,
            attempts=0,
            created_at=moment,
        )
        db.session.add(transaction)
    transaction.code_hash = _hash(policy, transaction.id, code)
    transaction.expires_at = moment + timedelta(seconds=policy.expiry_seconds)
    transaction.updated_at = moment
    db.session.flush()
    return transaction, code


def verify(policy: Policy, journey: Journey, transaction_id: str, code: str, channel: str) -> OtpTransaction:
    """Spend the transaction when the code matches. A wrong code is counted and committed
    before FlowError is raised, because the API rolls back everything else on errors."""
    transaction = db.session.get(OtpTransaction, transaction_id)
    foreign = (
        transaction is None
        or transaction.journey_id != journey.id
        or transaction.browser_session_id != journey.browser_session_id
        or transaction.channel != channel
    )
    if foreign:
        raise FlowError("20", status=409)
    keys = _limit_keys(policy, journey.browser_session_id, transaction.destination)
    limits.ensure_not_blocked(keys[limits.SEND] + keys[limits.WRONG_CODE])
    if transaction.state in (USED, SUPERSEDED):
        raise FlowError("20", status=409)
    if transaction.state == FAILED or transaction.attempts >= policy.max_attempts:
        raise FlowError("16")
    if transaction.expires_at <= now():
        raise FlowError("15")

    if hmac.compare_digest(transaction.code_hash, _hash(policy, transaction.id, code)):
        # Single use even under concurrency: only one UPDATE can move it out of PENDING.
        spent = db.session.execute(
            update(OtpTransaction)
            .where(
                OtpTransaction.id == transaction.id,
                OtpTransaction.state == PENDING,
                OtpTransaction.attempts < policy.max_attempts,
            )
            .values(state=USED, updated_at=now())
            .returning(OtpTransaction.id)
            .execution_options(synchronize_session=False)
        ).scalar_one_or_none()
        if spent is None:
            raise FlowError("16")
        db.session.refresh(transaction)
        return transaction

    attempts = db.session.execute(
        update(OtpTransaction)
        .where(OtpTransaction.id == transaction.id)
        .values(attempts=OtpTransaction.attempts + 1, updated_at=now())
        .returning(OtpTransaction.attempts)
        .execution_options(synchronize_session=False)
    ).scalar_one()
    if attempts >= policy.max_attempts:
        db.session.execute(
            update(OtpTransaction)
            .where(OtpTransaction.id == transaction.id)
            .values(state=FAILED)
            .execution_options(synchronize_session=False)
        )
    for key in keys[limits.WRONG_CODE]:
        limits.hit(key, limits.WRONG_CODE, policy.limits)
    db.session.commit()
    if attempts >= policy.max_attempts:
        raise FlowError("16")
    raise FlowError("14", data={"retries": policy.max_attempts - attempts})


def describe(transaction: OtpTransaction, policy: Policy, email: str, phone: str) -> dict:
    """The transaction as the seed's API answers it."""
    return {
        "trxnId": transaction.id,
        "type": TYPES[transaction.channel],
        "created": _iso(transaction.created_at),
        "updated": _iso(transaction.updated_at),
        "expiry": _iso(transaction.expires_at),
        "state": PENDING,
        "correlationID": transaction.correlation_id,
        "emailAddress": email,
        "phoneNumber": phone,
        "attempts": transaction.attempts,
        "retries": policy.max_attempts - transaction.attempts,
    }


def _iso(moment) -> str:
    return moment.replace(microsecond=0).isoformat() + "Z"
