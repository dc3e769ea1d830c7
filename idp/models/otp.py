from sqlalchemy.orm import Mapped, mapped_column

from idp.extensions import db
from idp.models.types import new_uuid, now


class Journey(db.Model):
    """Server-side state of one sign-up or sign-in flow in one browser session."""

    __tablename__ = "journeys"
    __table_args__ = (db.UniqueConstraint("browser_session_id", "flow"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    browser_session_id: Mapped[int] = mapped_column(db.ForeignKey("browser_sessions.id", ondelete="CASCADE"))
    flow: Mapped[str] = mapped_column(db.String(16))
    state: Mapped[str] = mapped_column(db.String(32))
    email: Mapped[str | None] = mapped_column(db.String(254))
    language: Mapped[str | None] = mapped_column(db.String(2))
    user_id: Mapped[str | None] = mapped_column(db.ForeignKey("users.id", ondelete="CASCADE"))
    phone_e164: Mapped[str | None] = mapped_column(db.String(20))
    channel: Mapped[str | None] = mapped_column(db.String(8))
    created_at: Mapped[object] = mapped_column(db.DateTime, default=now)
    updated_at: Mapped[object] = mapped_column(db.DateTime, default=now, onupdate=now)


class OtpTransaction(db.Model):
    """One one-time code sent to one destination. The code itself is kept only as an HMAC."""

    __tablename__ = "otp_transactions"

    id: Mapped[str] = mapped_column(db.String(36), primary_key=True, default=new_uuid)
    correlation_id: Mapped[str] = mapped_column(db.String(36), default=new_uuid)
    browser_session_id: Mapped[int] = mapped_column(db.ForeignKey("browser_sessions.id", ondelete="CASCADE"), index=True)
    journey_id: Mapped[int | None] = mapped_column(db.ForeignKey("journeys.id", ondelete="CASCADE"))
    user_id: Mapped[str | None] = mapped_column(db.ForeignKey("users.id", ondelete="CASCADE"))
    channel: Mapped[str] = mapped_column(db.String(8))
    destination: Mapped[str] = mapped_column(db.String(254), index=True)
    code_hash: Mapped[str] = mapped_column(db.String(64))
    state: Mapped[str] = mapped_column(db.String(16), default="PENDING")
    attempts: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[object] = mapped_column(db.DateTime, default=now)
    updated_at: Mapped[object] = mapped_column(db.DateTime, default=now, onupdate=now)
    expires_at: Mapped[object] = mapped_column(db.DateTime)
