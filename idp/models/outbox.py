from sqlalchemy.orm import Mapped, mapped_column

from idp.extensions import db
from idp.models.types import now


class OutboxMessage(db.Model):
    """A message the development outbox kept instead of delivering it. Development only."""

    __tablename__ = "outbox_messages"

    id: Mapped[int] = mapped_column(primary_key=True)
    channel: Mapped[str] = mapped_column(db.String(8))
    to: Mapped[str] = mapped_column(db.String(254))
    language: Mapped[str] = mapped_column(db.String(2))
    subject: Mapped[str] = mapped_column(db.Text, default="")
    body: Mapped[str] = mapped_column(db.Text)
    # Shown on the outbox page so a developer can sign in without reading the body.
    code: Mapped[str | None] = mapped_column(db.String(16))
    created: Mapped[object] = mapped_column(db.DateTime, default=now, index=True)
