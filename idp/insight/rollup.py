"""The daily rollup (run by `flask --app idp housekeeping purge`): every finished day of raw
events becomes its rows of insight_step_days (funnel.summarize), kept for good; then the raw
events older than insight.raw_retention_days go. Rolling a day again replaces its rows, so a
rollup that stopped half-way is simply run again."""
from __future__ import annotations

from datetime import date, timedelta

from flask import current_app
from sqlalchemy import delete, select

from idp.clock import now
from idp.extensions import db
from idp.insight import collector, funnel
from idp.models import InsightEvent, InsightRolledDay, InsightStepDay


def roll(day: date) -> int:
    """Store the day's figures in place of any it had; answers how many rows. The caller commits."""
    figures = funnel.summarize(day)
    db.session.execute(delete(InsightStepDay).where(InsightStepDay.day == day).execution_options(synchronize_session=False))
    db.session.add_all(
        InsightStepDay(day=day, flow=flow, screen=screen, language=language, service=service, device=device,
                       reached=counted.reached, finished=counted.finished, left=counted.left,
                       figures={"errors": dict(counted.errors), "seconds": dict(counted.seconds)})
        for (flow, screen, language, service, device), counted in figures.items()
    )
    db.session.merge(InsightRolledDay(day=day, rolled_at=now()))
    return len(figures)


def run() -> dict[str, int]:
    """Roll up every finished day not rolled up yet, then purge the raw events past their time.
    Commits each day."""
    today = now().date()
    rolled = set(db.session.scalars(select(InsightRolledDay.day)))
    due = [day for day in db.session.scalars(select(InsightEvent.day).where(InsightEvent.day < today).distinct()) if day not in rolled]
    rows = 0
    for day in sorted(due):
        rows += roll(day)
        db.session.commit()
    keep = timedelta(days=current_app.config["IDP"]["insight"]["raw_retention_days"])
    purged = collector.purge(today - keep)
    db.session.commit()
    return {"insight_days_rolled": len(due), "insight_rows": rows, "insight_events": purged}
