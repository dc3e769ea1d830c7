from sqlalchemy.orm import Mapped, mapped_column

from idp.extensions import db


class LimitCounter(db.Model):
    """Events counted for one key (a destination or a browser session) in a fixed window.

    One row per key, updated in place with UPDATE ... RETURNING, so concurrent
    requests on PostgreSQL serialise on the row and none is lost.
    """

    __tablename__ = "limit_counters"

    key: Mapped[str] = mapped_column(db.String(128), primary_key=True)
    count: Mapped[int] = mapped_column(default=0)
    window_started_at: Mapped[object] = mapped_column(db.DateTime)
    blocked_until: Mapped[object | None] = mapped_column(db.DateTime)
