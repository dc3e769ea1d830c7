"""Each flow's funnel: the journeys that reached each step, finished it, left there, the errors
shown there by catalogue code, and the time spent on it — from the raw events of one day
(summarize, which housekeeping stores as that day's rows: rollup.py) or from the stored days of
a period (report); today's stored rows are as of housekeeping's last run (rolled_at). Rows count
journeys (a UI journey id), not people.

A step is a screen of the login UI; a flow's steps, in order, are steps.py's. A journey id may
cross flows (a sign-in, then a change of phone): each screen that belongs to one flow only moves
the journey into it, and a shared screen (the redirect to the service) counts for the flow it is in.
A sign-in with a passkey from the first screen shows only sign-in's screens: it counts as a
sign-in (steps.COUNTED_AS), which the redirect to the service ends sooner.
"""

from __future__ import annotations

import bisect
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date, timedelta
from itertools import groupby

from sqlalchemy import select

from idp.extensions import db
from idp.flows.steps import Flow
from idp.insight.steps import END, FLOWS_OF, STEPS
from idp.models import InsightEvent, InsightRolledDay, InsightStepDay

# Upper bounds (seconds) of the buckets of time spent on a step; the last takes the rest.
BUCKETS = (1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987, 1597, 2584, 3600)


@dataclass
class Figures:
    reached: int = 0
    finished: int = 0
    left: int = 0
    errors: Counter = field(default_factory=Counter)
    seconds: Counter = field(default_factory=Counter)

    def add(self, other: Figures) -> None:
        self.reached += other.reached
        self.finished += other.finished
        self.left += other.left
        self.errors.update(other.errors)
        self.seconds.update(other.seconds)

    def percentile(self, share: float) -> int | None:
        """The bucket's upper bound (seconds) under which `share` of the journeys spent their time."""
        total = sum(self.seconds.values())
        if not total:
            return None
        running = 0
        for bound in sorted(self.seconds, key=int):
            running += self.seconds[bound]
            if running >= share * total:
                return int(bound)
        return None


def bucket(seconds: float) -> str:
    return str(BUCKETS[min(bisect.bisect_left(BUCKETS, seconds), len(BUCKETS) - 1)])


# (flow, screen, language, service, device)
Key = tuple[str, str, str, str, str]


@dataclass
class _Segment:
    """What one journey did in one flow."""

    reached: list = field(default_factory=list)
    submitted: set = field(default_factory=set)
    errors: Counter = field(default_factory=Counter)
    seconds: list = field(default_factory=list)
    last: str = ""


def _walk(events: list, into: dict[Key, Figures]) -> None:
    """One journey's events, in the order they happened, counted into the day's figures."""
    views = [event for event in events if event.kind == "pageview"]
    if not views:
        return
    service = next((event.service for event in events if event.service), "")
    dims = (views[0].language, service, views[0].device)
    segments: dict[Flow, _Segment] = {}
    current, shown = None, None  # the flow the journey is in; the step on screen
    for event in events:
        flows = FLOWS_OF.get(event.screen, ())
        if event.kind == "pageview":
            if current not in flows and len(flows) == 1:
                current = flows[0]
            # the time on the screen before, as the UI measured it (0: it showed none before)
            if shown is not None and event.elapsed:
                segments[shown[0]].seconds.append((shown[1], event.elapsed))
            shown = None
            if current in flows:
                segment = segments.setdefault(current, _Segment())
                if event.screen not in segment.reached:
                    segment.reached.append(event.screen)
                segment.last = event.screen
                shown = (current, event.screen)
        elif current in flows:
            segment = segments.setdefault(current, _Segment())
            if event.result == "submit_success":
                segment.submitted.add(event.screen)
            if event.error:
                segment.errors[(event.screen, event.error)] += 1
    for flow, segment in segments.items():
        order = STEPS[flow]
        furthest = max(order.index(screen) for screen in segment.reached)
        for screen in segment.reached:
            figures = into.setdefault((flow.value, screen, *dims), Figures())
            figures.reached += 1
            figures.finished += screen in segment.submitted or order.index(screen) < furthest or screen == END[flow]
        if END[flow] not in segment.reached:
            into.setdefault((flow.value, segment.last, *dims), Figures()).left += 1
        for (screen, code), times in segment.errors.items():
            into.setdefault((flow.value, screen, *dims), Figures()).errors[code] += times
        for screen, seconds in segment.seconds:
            into.setdefault((flow.value, screen, *dims), Figures()).seconds[bucket(seconds)] += 1


def summarize(day: date) -> dict[Key, Figures]:
    """The day's figures from its raw events, read journey by journey."""
    rows = db.session.execute(
        select(
            InsightEvent.journey,
            InsightEvent.kind,
            InsightEvent.screen,
            InsightEvent.result,
            InsightEvent.error,
            InsightEvent.language,
            InsightEvent.service,
            InsightEvent.device,
            InsightEvent.elapsed,
        )
        .where(InsightEvent.day == day)
        .order_by(InsightEvent.journey, InsightEvent.id)
        .execution_options(yield_per=10_000)
    )
    figures: dict[Key, Figures] = {}
    for _, events in groupby(rows, key=lambda row: row.journey):
        _walk(list(events), figures)
    return figures


@dataclass(frozen=True)
class Step:
    screen: str
    now: Figures
    before: Figures


def _period(flow: Flow, first: date, last: date, chosen: dict) -> dict[str, Figures]:
    """A flow's figures by step over the days first..last, for the chosen language, service and
    device class (each None: all): stored days from their rows, the others from raw events."""
    totals: dict[str, Figures] = defaultdict(Figures)
    wanted = ((2, chosen["language"]), (3, chosen["service"]), (4, chosen["device"]))
    matches = lambda key: all(value is None or key[index] == value for index, value in wanted)  # noqa: E731
    rolled = set(db.session.scalars(select(InsightRolledDay.day).where(InsightRolledDay.day.between(first, last))))
    query = select(InsightStepDay).where(InsightStepDay.day.between(first, last), InsightStepDay.flow == flow.value)
    for name in ("language", "service", "device"):
        if chosen[name] is not None:
            query = query.where(getattr(InsightStepDay, name) == chosen[name])
    for row in db.session.scalars(query):
        totals[row.screen].add(
            Figures(
                row.reached, row.finished, row.left, Counter(row.figures["errors"]), Counter(row.figures["seconds"])
            )
        )
    day = first
    while day <= last:
        if day not in rolled:
            for key, figures in summarize(day).items():
                if key[0] == flow.value and matches(key):
                    totals[key[1]].add(figures)
        day += timedelta(days=1)
    return totals


def rolled_at(day: date):
    """When housekeeping last rolled the day up (the moment its figures are as of), or None
    when the report reads its raw events."""
    return db.session.scalar(select(InsightRolledDay.rolled_at).where(InsightRolledDay.day == day))


def report(
    flow: Flow,
    days: int,
    until: date,
    language: str | None = None,
    service: str | None = None,
    device: str | None = None,
) -> list[Step]:
    """The flow's steps in order over the `days` days ending with `until`, beside the same number
    of days before; a step nobody reached in either period is left out."""
    chosen = {"language": language, "service": service, "device": device}
    first = until - timedelta(days=days - 1)
    now = _period(flow, first, until, chosen)
    before = _period(flow, first - timedelta(days=days), first - timedelta(days=1), chosen)
    return [
        Step(screen, now.get(screen, Figures()), before.get(screen, Figures()))
        for screen in STEPS[flow]
        if screen in now or screen in before
    ]
