from sqlalchemy.orm import Mapped, mapped_column

from idp.extensions import db
from idp.models.types import now


class Journey(db.Model):
    """Where one flow of one browser session stands (idp/flows/journey.py holds its states)."""

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
