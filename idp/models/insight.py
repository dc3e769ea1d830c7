from sqlalchemy.orm import Mapped, mapped_column

from idp.extensions import db

# SQLite numbers its rows only with INTEGER PRIMARY KEY; PostgreSQL's raw events outgrow 2^31.
_ROW_ID = db.BigInteger().with_variant(db.Integer, "sqlite")


class InsightEvent(db.Model):
    """One analytics event of the login UI, as the collector kept it (idp/insight/collector.py):
    the allow-listed fields only — no address, user agent, account, e-mail, phone, name or code.
    Kept insight.raw_retention_days, then rolled up into insight_step_days and purged."""

    __tablename__ = "insight_events"
    # the rollup reads a day's events journey by journey, in the order they came
    __table_args__ = (db.Index("ix_insight_events_day_journey", "day", "journey", "id"),)

    id: Mapped[int] = mapped_column(_ROW_ID, primary_key=True)
    day: Mapped[object] = mapped_column(db.Date)
    journey: Mapped[str] = mapped_column(db.String(36))
    kind: Mapped[str] = mapped_column(db.String(8))
    screen: Mapped[str] = mapped_column(db.String(64))
    page: Mapped[str | None] = mapped_column(db.String(48))
    category: Mapped[str | None] = mapped_column(db.String(24))
    action: Mapped[str | None] = mapped_column(db.String(96))
    label: Mapped[str | None] = mapped_column(db.String(16))
    result: Mapped[str | None] = mapped_column(db.String(32))
    error: Mapped[str | None] = mapped_column(db.String(4))
    step: Mapped[int | None] = mapped_column(db.SmallInteger)
    language: Mapped[str] = mapped_column(db.String(2))
    service: Mapped[str] = mapped_column(db.String(64), default="")
    device: Mapped[str] = mapped_column(db.String(8))
    # seconds on the journey's screen before, as the upper bound of their bucket (names.ELAPSED)
    elapsed: Mapped[int] = mapped_column(db.SmallInteger, server_default="0")
    # the milliseconds since the journey began that the release before revision 0019 writes and
    # reads; this release leaves it to its default, and the next revision drops it
    elapsed_ms: Mapped[int] = mapped_column(server_default="0")


class InsightStepDay(db.Model):
    """One day's figures of one step (screen) of one flow, for one language, service and device
    class: journeys that reached it, finished it, left there; the time spent on it as counts per
    bucket (mergeable across days, so a period's median and 90th percentile come from them)."""

    __tablename__ = "insight_step_days"

    day: Mapped[object] = mapped_column(db.Date, primary_key=True)
    flow: Mapped[str] = mapped_column(db.String(24), primary_key=True)
    screen: Mapped[str] = mapped_column(db.String(64), primary_key=True)
    language: Mapped[str] = mapped_column(db.String(2), primary_key=True)
    service: Mapped[str] = mapped_column(db.String(64), primary_key=True)
    device: Mapped[str] = mapped_column(db.String(8), primary_key=True)
    reached: Mapped[int] = mapped_column(default=0)
    finished: Mapped[int] = mapped_column(default=0)
    left: Mapped[int] = mapped_column(default=0)
    # {"errors": {catalogue code: times shown}, "seconds": {bucket's upper bound: journeys}}
    figures: Mapped[dict] = mapped_column(db.JSON)


class InsightRolledDay(db.Model):
    """A day whose raw events were rolled up: the report reads its rows, not the raw events."""

    __tablename__ = "insight_rolled_days"

    day: Mapped[object] = mapped_column(db.Date, primary_key=True)
    rolled_at: Mapped[object] = mapped_column(db.DateTime)
