from sqlalchemy import Index, text
from sqlalchemy.orm import Mapped, mapped_column

from idp.extensions import db
from idp.models.types import new_uuid

# A reset waits until it is cancelled or completed.
WAITING = "cancelled_at IS NULL AND completed_at IS NULL"


class Reset(db.Model):
    """A way back that waits (idp/flows/resets.py): the removal of a lost phone (kind "phone")
    or the deletion of an account whose owner can prove nothing but its address (kind
    "account"). Asked by the person, it waits until effective_at, when it may be completed
    unless it was cancelled; the help desk's removal of a phone ("operator") is complete at
    once. One waits per account at most: the schema says so (a partial unique index), beside
    the account row's lock that makes a second request find the first."""

    __tablename__ = "resets"
    __table_args__ = (
        Index(
            "uq_resets_one_waiting_per_user",
            "user_id",
            unique=True,
            postgresql_where=text(WAITING),
            sqlite_where=text(WAITING),
        ),
    )

    id: Mapped[str] = mapped_column(db.String(36), primary_key=True, default=new_uuid)
    user_id: Mapped[str] = mapped_column(db.ForeignKey("users.id", ondelete="CASCADE"), index=True)
    # "phone" or "account".
    kind: Mapped[str] = mapped_column(db.String(8))
    requested_at: Mapped[object] = mapped_column(db.DateTime)
    effective_at: Mapped[object] = mapped_column(db.DateTime)
    cancelled_at: Mapped[object | None] = mapped_column(db.DateTime)
    completed_at: Mapped[object | None] = mapped_column(db.DateTime)
    # SHA-256 of the cancel link's token: the link works once, and the stored value opens nothing.
    cancel_token_hash: Mapped[str | None] = mapped_column(db.String(64), unique=True)
    # "self" (the person, after a code to the address) or "operator".
    requested_by: Mapped[str] = mapped_column(db.String(8))
    operator_id: Mapped[str | None] = mapped_column(db.String(36))
    reason: Mapped[str | None] = mapped_column(db.String(300))
