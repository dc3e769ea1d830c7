from typing import TYPE_CHECKING

from sqlalchemy.orm import Mapped, mapped_column, relationship

from idp.extensions import db
from idp.models.types import new_uuid, now

if TYPE_CHECKING:  # SQLAlchemy resolves the relationships' quoted names from its registry
    from idp.models.methods import AppCredential, BackupCode, PasskeyCredential
    from idp.models.reset import Reset


class User(db.Model):
    __tablename__ = "users"

    id: Mapped[str] = mapped_column(db.String(36), primary_key=True, default=new_uuid)
    # Stored lower-cased: e-mail addresses are compared case-insensitively.
    email: Mapped[str] = mapped_column(db.String(254), unique=True, index=True)
    email_verified: Mapped[bool] = mapped_column(default=False)
    password_hash: Mapped[str] = mapped_column(db.String(255))
    first_name: Mapped[str | None] = mapped_column(db.String(100))
    last_name: Mapped[str | None] = mapped_column(db.String(100))
    # Correspondence language for e-mail, SMS and voice: "en" or "fr".
    language: Mapped[str] = mapped_column(db.String(2), default="en")
    profile_completed_at: Mapped[object | None] = mapped_column(db.DateTime)
    # The second factor the person used last: offered first next time (phone, app, passkey).
    preferred_method: Mapped[str | None] = mapped_column(db.String(16))
    # The help desk asked that the next sign-in set a new password (idp/console/support.py):
    # the password is refused until a recovery sets one.
    new_password_required: Mapped[bool] = mapped_column(default=False, server_default=db.false())
    created_at: Mapped[object] = mapped_column(db.DateTime, default=now)
    updated_at: Mapped[object] = mapped_column(db.DateTime, default=now, onupdate=now)

    phone: Mapped["PhoneCredential | None"] = relationship(back_populates="user", uselist=False)
    # Loaded once per request, for the methods the person has (idp/flows/methods.py).
    app_credential: Mapped["AppCredential | None"] = relationship(uselist=False, viewonly=True)
    passkeys: Mapped[list["PasskeyCredential"]] = relationship(viewonly=True, order_by="PasskeyCredential.id")
    backup_codes: Mapped[list["BackupCode"]] = relationship(viewonly=True)
    # The reset that waits (idp/flows/resets.py: a lost phone's removal, or the account's
    # deletion): read with the methods at sign-in, which completes a phone's once due.
    waiting_reset: Mapped["Reset | None"] = relationship(
        primaryjoin="and_(Reset.user_id == User.id, Reset.cancelled_at.is_(None), Reset.completed_at.is_(None))",
        uselist=False,
        viewonly=True,
    )


class PhoneCredential(db.Model):
    """The phone that receives two-step verification codes."""

    __tablename__ = "phone_credentials"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[str] = mapped_column(db.ForeignKey("users.id", ondelete="CASCADE"), unique=True)
    e164: Mapped[str] = mapped_column(db.String(20))
    # Preferred delivery: "sms" or "voice".
    channel: Mapped[str] = mapped_column(db.String(8), default="sms")
    verified_at: Mapped[object | None] = mapped_column(db.DateTime)
    created_at: Mapped[object] = mapped_column(db.DateTime, default=now)

    user: Mapped[User] = relationship(back_populates="phone")
