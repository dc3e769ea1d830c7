from sqlalchemy.orm import Mapped, mapped_column

from idp.extensions import db
from idp.models.types import now


class BrowserSession(db.Model):
    """One row per browser. The cookie holds a random token; only its HMAC is stored."""

    __tablename__ = "browser_sessions"

    id: Mapped[int] = mapped_column(primary_key=True)
    token_hash: Mapped[str] = mapped_column(db.String(64), unique=True, index=True)
    created_at: Mapped[object] = mapped_column(db.DateTime, default=now)
    last_seen_at: Mapped[object] = mapped_column(db.DateTime, default=now)
    expires_at: Mapped[object] = mapped_column(db.DateTime)
    user_id: Mapped[str | None] = mapped_column(db.ForeignKey("users.id", ondelete="CASCADE"), index=True)
    auth_time: Mapped[object | None] = mapped_column(db.DateTime)
    # Authentication methods references (RFC 8176), e.g. ["pwd", "otp", "sms"].
    amr: Mapped[list | None] = mapped_column(db.JSON)
    acr: Mapped[str | None] = mapped_column(db.String(64))
