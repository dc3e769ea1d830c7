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
    # The code the journey waits for (otp_transactions.id): the one a verify step checks.
    code_id: Mapped[str | None] = mapped_column(db.String(36))
    # What the journey holds until the person confirms it: a new app's encrypted secret, or
    # the WebAuthn challenge a passkey must sign.
    pending: Mapped[str | None] = mapped_column(db.Text)
    # How the second factor was proved in this journey (amr, acr), for the session it opens;
    # in a sign-in, also the page it leads to (next: idp/flows/signin.py).
    proof: Mapped[dict | None] = mapped_column(db.JSON)
    # When the person last proved the password and a current factor in this journey.
    reauthenticated_at: Mapped[object | None] = mapped_column(db.DateTime)
    created_at: Mapped[object] = mapped_column(db.DateTime, default=now)
    updated_at: Mapped[object] = mapped_column(db.DateTime, default=now, onupdate=now)
