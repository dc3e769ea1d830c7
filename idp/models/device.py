from sqlalchemy.orm import Mapped, mapped_column

from idp.extensions import db
from idp.models.session import USER_AGENT_LENGTH
from idp.models.types import new_uuid, now


class Device(db.Model):
    """A trusted device of an account (OWASP's device cookie): a browser that completed a
    sign-in. The cookie names the row and carries a random secret; only its HMAC is kept.
    A forgotten device no longer counts, and its cookie is refused."""

    __tablename__ = "devices"

    id: Mapped[str] = mapped_column(db.String(36), primary_key=True, default=new_uuid)
    user_id: Mapped[str] = mapped_column(db.ForeignKey("users.id", ondelete="CASCADE"), index=True)
    secret_hash: Mapped[str] = mapped_column(db.String(64))
    user_agent: Mapped[str | None] = mapped_column(db.String(USER_AGENT_LENGTH))
    first_seen_at: Mapped[object] = mapped_column(db.DateTime, default=now)
    last_seen_at: Mapped[object] = mapped_column(db.DateTime, default=now)
    forgotten_at: Mapped[object | None] = mapped_column(db.DateTime)
