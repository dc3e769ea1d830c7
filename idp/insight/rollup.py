"""The daily rollup (run by `flask --app idp housekeeping purge`, every 15 minutes): each day of
raw events becomes its rows of insight_step_days (funnel.summarize), kept for good; then the raw
events older than insight.raw_retention_days go. Rolling a day again replaces its rows, so a
rollup that stopped half-way is simply run again.

Today is rolled up on every run too, as far as it has gone: reading a busy day's raw events
takes seconds (bench/insight.py: 20 s for 1.4 million events), which housekeeping can spend and
a report page cannot. The report reads today's rows and says when they were rolled; a day
rolled before it ended is rolled again at the next run after midnight, complete. Where
housekeeping has not rolled today (a development machine), the report reads today's raw events.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from flask import current_app
from sqlalchemy import delete, select

from idp.clock import now
from idp.extensions import db
from idp.insight import collector, funnel
from idp.models import InsightEvent, InsightRolledDay, InsightStepDay


def roll(day: date) -> int:
    """Store the day's figures in place of any it had; answers how many rows. The caller commits."""
    figures = funnel.summarize(day)
    db.session.execute(
        delete(InsightStepDay).where(InsightStepDay.day == day).execution_options(synchronize_session=False)
    )
    db.session.add_all(
        InsightStepDay(
            day=day,
            flow=flow,
            screen=screen,
            language=language,
            service=service,
            device=device,
            reached=counted.reached,
            finished=counted.finished,
            left=counted.left,
            figures={"errors": dict(counted.errors), "seconds": dict(counted.seconds)},
        )
        for (flow, screen, language, service, device), counted in figures.items()
    )
    db.session.merge(InsightRolledDay(day=day, rolled_at=now()))
    return len(figures)


def complete(day: date, rolled_at: datetime) -> bool:
    """Was the day rolled up after it ended (nothing can be added to it since)?"""
    return rolled_at >= datetime.combine(day + timedelta(days=1), time.min)


def run() -> dict[str, int]:
    """Roll up every day not rolled up since it ended, and today as far as it has gone, then
    purge the raw events past their time. Commits each day."""
    today = now().date()
    rolled = dict(db.session.execute(select(InsightRolledDay.day, InsightRolledDay.rolled_at)).all())
    days = db.session.scalars(select(InsightEvent.day).where(InsightEvent.day <= today).distinct())
    due = sorted(day for day in days if day not in rolled or not complete(day, rolled[day]))
    rows = 0
    for day in due:
        rows += roll(day)
        db.session.commit()
    keep = timedelta(days=current_app.config["IDP"]["insight"]["raw_retention_days"])
    purged = collector.purge(today - keep)
    db.session.commit()
    return {"insight_days_rolled": len(due), "insight_rows": rows, "insight_events": purged}
