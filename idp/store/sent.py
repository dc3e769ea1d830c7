"""The one-time codes sent (otp_transactions): a journey's codes, newest first and locked, and
the writes of a check, built once on the table and run on the request's connection (the ORM's
bulk layer costs more than the statement: bench/signin_per_core.py). What a code is, and the
rules of sending and checking one, are idp/flows/otp.py's.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import bindparam, update

from idp.extensions import db
from idp.models import OtpTransaction
from idp.models.otp import CodeState

_JOURNEY_CODES = (
    db.select(OtpTransaction)
    .where(OtpTransaction.journey_id == bindparam("journey_id"))
    .order_by(OtpTransaction.created_at.desc(), OtpTransaction.sends.desc())
    .with_for_update()
    # the locked rows as they are now, not as the journey's read found its code
    .execution_options(populate_existing=True)
)


def of_journey(journey_id: int) -> list[OtpTransaction]:
    """The journey's codes, newest first, locked until the transaction ends."""
    return db.session.scalars(_JOURNEY_CODES, {"journey_id": journey_id}).all()


_codes = OtpTransaction.__table__
# Single use even under concurrency: only one UPDATE can move a code out of PENDING.
_SPEND = (
    update(_codes)
    .where(
        _codes.c.id == bindparam("code_id"),
        _codes.c.state == CodeState.PENDING,
        _codes.c.attempts < bindparam("max_attempts"),
    )
    .values(state=CodeState.USED, updated_at=bindparam("moment"))
    .returning(_codes.c.id)
)
_WRONG = (
    update(_codes)
    .where(_codes.c.id == bindparam("code_id"))
    .values(attempts=_codes.c.attempts + 1, updated_at=bindparam("moment"))
    .returning(_codes.c.attempts)
)
_USED_UP = update(_codes).where(_codes.c.id == bindparam("code_id")).values(state=CodeState.FAILED)


def spend(code_id: str, max_attempts: int, moment: datetime) -> bool:
    """The right code is spent, unless another request spent it or its tries ran out first."""
    return (
        db.session.connection()
        .execute(_SPEND, {"code_id": code_id, "max_attempts": max_attempts, "moment": moment})
        .scalar_one_or_none()
        is not None
    )


def count_wrong(code_id: str, moment: datetime, max_attempts: int) -> int:
    """One more wrong try of the code, which is used up at max_attempts; answers its tries."""
    attempts = db.session.connection().execute(_WRONG, {"code_id": code_id, "moment": moment}).scalar_one()
    if attempts >= max_attempts:
        db.session.connection().execute(_USED_UP, {"code_id": code_id})
    return attempts


# The job worker's side of a code it was handed (idp/notify: a message that carries a code names
# its transaction and how many codes that transaction had sent then, `sends`).
CURRENT, REPLACED, UNWRITTEN = "current", "replaced", "unwritten"
_STANDING = db.select(_codes.c.sends, _codes.c.state, _codes.c.delivery_failed_at).where(
    _codes.c.id == bindparam("code_id")
)
_UNDELIVERABLE = (
    update(_codes)
    .where(
        _codes.c.id == bindparam("code_id"),
        _codes.c.sends == bindparam("code_sends"),
        _codes.c.state == CodeState.PENDING,
    )
    .values(delivery_failed_at=bindparam("failed_at"))
)


def standing(code_id: str, sends: int) -> str:
    """Whether the code a message carries is the one its transaction holds now (CURRENT); was
    replaced by a newer one, spent, used up or superseded meanwhile, or given up on (REPLACED);
    or is not committed yet — the request that made it puts the message on the queue before its
    commit (UNWRITTEN)."""
    row = db.session.execute(_STANDING, {"code_id": code_id}).one_or_none()
    if row is None or row.sends < sends:
        return UNWRITTEN
    if row.sends > sends or row.state != CodeState.PENDING or row.delivery_failed_at is not None:
        return REPLACED
    return CURRENT


def undeliverable(code_id: str, sends: int, moment: datetime) -> bool:
    """The code as it stands could not be delivered: the journey says so (committed). False when
    it had been replaced meanwhile."""
    marked = db.session.execute(_UNDELIVERABLE, {"code_id": code_id, "code_sends": sends, "failed_at": moment}).rowcount
    db.session.commit()
    return bool(marked)
