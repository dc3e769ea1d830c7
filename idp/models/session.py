from sqlalchemy.orm import Mapped, mapped_column

from idp.extensions import db
from idp.models.types import new_sid, now

# The longest user agent kept: enough to name a browser and its system, never a whole header.
USER_AGENT_LENGTH = 512


class BrowserSession(db.Model):
    """One row per browser. The cookie holds a random token; only its HMAC is stored.

    sid names the session to relying services (the ID token's sid, back-channel logout): it
    is random, stays the same for the session's life and is never the cookie's secret."""

    __tablename__ = "browser_sessions"
    # The person's list of their sessions reads them last used first, a page at a time
    # (idp/account/sessions.py): one index walk, however many sessions the account has.
    __table_args__ = (db.Index("ix_browser_sessions_user_id_last_seen_at", "user_id", "last_seen_at", "id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    token_hash: Mapped[str] = mapped_column(db.String(64), unique=True, index=True)
    sid: Mapped[str] = mapped_column(db.String(43), unique=True, default=new_sid)
    created_at: Mapped[object] = mapped_column(db.DateTime, default=now)
    last_seen_at: Mapped[object] = mapped_column(db.DateTime, default=now)
    expires_at: Mapped[object] = mapped_column(db.DateTime)
    # As the browser sent it when the session began, for the person's list of sessions.
    user_agent: Mapped[str | None] = mapped_column(db.String(USER_AGENT_LENGTH))
    user_id: Mapped[str | None] = mapped_column(db.ForeignKey("users.id", ondelete="CASCADE"), index=True)
    auth_time: Mapped[object | None] = mapped_column(db.DateTime)
    # Authentication methods references (RFC 8176), e.g. ["pwd", "otp", "sms"].
    amr: Mapped[list | None] = mapped_column(db.JSON)
    acr: Mapped[str | None] = mapped_column(db.String(64))
    # The client_ids of the relying services signed in through this session: told by
    # back-channel logout when it ends (idp/oauth/backchannel.py).
    clients: Mapped[list | None] = mapped_column(db.JSON)
