from sqlalchemy.orm import Mapped, mapped_column

from idp.extensions import db
from idp.models.session import USER_AGENT_LENGTH
from idp.models.types import now


class AuditEvent(db.Model):
    """Who did what, when, from which browser session. Never holds a secret."""

    __tablename__ = "audit_events"
    # A person's account activity reads their events newest first, a page at a time
    # (idp/account/activity.py): one index walk, however long the history.
    __table_args__ = (db.Index("ix_audit_events_user_id_id", "user_id", "id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    at: Mapped[object] = mapped_column(db.DateTime, default=now, index=True)
    user_id: Mapped[str | None] = mapped_column(db.String(36))
    browser_session_id: Mapped[int | None] = mapped_column()
    action: Mapped[str] = mapped_column(db.String(64))
    details: Mapped[dict | None] = mapped_column(db.JSON)
    # The browser the event came from, as it sent it: the activity page words it.
    user_agent: Mapped[str | None] = mapped_column(db.String(USER_AGENT_LENGTH))
