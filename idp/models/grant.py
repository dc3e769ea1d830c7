from sqlalchemy.orm import Mapped, mapped_column

from idp.extensions import db
from idp.models.types import now


class Grant(db.Model):
    """What one account gave one relying service: the scopes, when it was first and last
    used, and whether it was revoked. One row per account and service; it outlives the
    tokens issued under it (housekeeping purges tokens, never a live grant). A revoked
    grant that is granted again starts afresh, as a first sign-in."""

    __tablename__ = "grants"
    __table_args__ = (db.UniqueConstraint("user_id", "client_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[str] = mapped_column(db.ForeignKey("users.id", ondelete="CASCADE"), index=True)
    client_id: Mapped[str] = mapped_column(db.String(128))
    scope: Mapped[str] = mapped_column(db.Text)
    first_used_at: Mapped[object] = mapped_column(db.DateTime, default=now)
    last_used_at: Mapped[object] = mapped_column(db.DateTime, default=now)
    revoked_at: Mapped[object | None] = mapped_column(db.DateTime)
    revoked_reason: Mapped[str | None] = mapped_column(db.String(32))
