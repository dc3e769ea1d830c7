from sqlalchemy.orm import Mapped, mapped_column

from idp.extensions import db
from idp.models.types import now


class AuditEvent(db.Model):
    """Who did what, when, from which browser session. Never holds a secret."""

    __tablename__ = "audit_events"

    id: Mapped[int] = mapped_column(primary_key=True)
    at: Mapped[object] = mapped_column(db.DateTime, default=now, index=True)
    user_id: Mapped[str | None] = mapped_column(db.String(36), index=True)
    browser_session_id: Mapped[int | None] = mapped_column()
    action: Mapped[str] = mapped_column(db.String(64))
    details: Mapped[dict | None] = mapped_column(db.JSON)
