from enum import StrEnum

from sqlalchemy.orm import Mapped, mapped_column

from idp.extensions import db
from idp.models.types import new_uuid, now


class CodeState(StrEnum):
    # The specification's one state; the others say why a code no longer counts.
    PENDING = "PENDING"
    USED = "USED"
    FAILED = "FAILED"
    SUPERSEDED = "SUPERSEDED"


class OtpTransaction(db.Model):
    """One one-time code sent to one destination. The code itself is kept only as an HMAC."""

    __tablename__ = "otp_transactions"

    id: Mapped[str] = mapped_column(db.String(36), primary_key=True, default=new_uuid)
    correlation_id: Mapped[str] = mapped_column(db.String(36), default=new_uuid)
    browser_session_id: Mapped[int] = mapped_column(
        db.ForeignKey("browser_sessions.id", ondelete="CASCADE"), index=True
    )
    journey_id: Mapped[int | None] = mapped_column(db.ForeignKey("journeys.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[str | None] = mapped_column(db.ForeignKey("users.id", ondelete="CASCADE"))
    channel: Mapped[str] = mapped_column(db.String(8))
    destination: Mapped[str] = mapped_column(db.String(254), index=True)
    # Asked by a journey that proved the account, to one of the account's own factors.
    own_factor: Mapped[bool] = mapped_column(default=False, server_default=db.false())
    code_hash: Mapped[str] = mapped_column(db.String(64))
    state: Mapped[str] = mapped_column(db.String(16), default=CodeState.PENDING)
    attempts: Mapped[int] = mapped_column(default=0)
    # Codes sent to this destination in this journey so far, and when the next may be asked.
    sends: Mapped[int] = mapped_column(default=1, server_default="1")
    resend_at: Mapped[object | None] = mapped_column(db.DateTime)
    created_at: Mapped[object] = mapped_column(db.DateTime, default=now)
    updated_at: Mapped[object] = mapped_column(db.DateTime, default=now, onupdate=now)
    expires_at: Mapped[object] = mapped_column(db.DateTime)
    # When the worker gave up delivering the code as it stands (a provider's refusal, or the last
    # of the queue's attempts): the journey's screen says so, and a new code may be asked at once.
    delivery_failed_at: Mapped[object | None] = mapped_column(db.DateTime)
