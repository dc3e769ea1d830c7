from sqlalchemy.orm import Mapped, mapped_column

from idp.extensions import db
from idp.models.types import new_uuid


class PhoneReset(db.Model):
    """The removal of a lost phone (idp/flows/lost_phone.py): asked by the person, it waits
    until effective_at, when their next sign-in removes the phone unless it was cancelled;
    done by the help desk (by "operator"), it is complete at once."""

    __tablename__ = "phone_resets"

    id: Mapped[str] = mapped_column(db.String(36), primary_key=True, default=new_uuid)
    user_id: Mapped[str] = mapped_column(db.ForeignKey("users.id", ondelete="CASCADE"), index=True)
    requested_at: Mapped[object] = mapped_column(db.DateTime)
    effective_at: Mapped[object] = mapped_column(db.DateTime)
    cancelled_at: Mapped[object | None] = mapped_column(db.DateTime)
    completed_at: Mapped[object | None] = mapped_column(db.DateTime)
    # SHA-256 of the cancel link's token: the link works once, and the stored value opens nothing.
    cancel_token_hash: Mapped[str | None] = mapped_column(db.String(64), unique=True)
    # "self" (the person, after the password and a code to the address) or "operator".
    requested_by: Mapped[str] = mapped_column(db.String(8))
    operator_id: Mapped[str | None] = mapped_column(db.String(36))
    reason: Mapped[str | None] = mapped_column(db.String(300))
