"""The funnel report's two other shapes (report.py makes its rows): CSV for the analyst's own
tools, and the chart's geometry, drawn on the server as an SVG of plain shapes
(templates/console/report.html): no script, nothing sent elsewhere.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from idp.console.report import Choice, Row

CSV_COLUMNS = (
    "flow",
    "step",
    "step_title",
    "reached",
    "finished",
    "left",
    "errors",
    "error_messages",
    "median_seconds",
    "p90_seconds",
    "previous_reached",
    "previous_finished",
    "previous_left",
)


def as_csv(chosen: Choice, table: list[Row]) -> str:
    """The table as CSV (RFC 4180): each step's id and title; errors as code:times separated by
    spaces, and their messages in the same order separated by " | "."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for row in table:
        writer.writerow(
            (
                chosen.flow.value,
                row.step,
                row.title,
                row.reached,
                row.finished,
                row.left,
                " ".join(f"{code}:{times}" for code, _, times in row.errors),
                " | ".join(message for _, message, _ in row.errors),
                "" if row.median is None else row.median,
                "" if row.p90 is None else row.p90,
                row.before_reached,
                row.before_finished,
                row.before_left,
            )
        )
    return out.getvalue()


# The chart's geometry (SVG user units): for each step its title, then its two bars below it
# (a screen's title is a sentence: a column beside the bars would cut the longer ones).
BAR_WIDTH, LABEL_HEIGHT, ROW_HEIGHT, BAR_HEIGHT, GAP = 560, 22, 76, 18, 4


@dataclass(frozen=True)
class Bar:
    y: int
    label: str
    now_width: float
    before_width: float
    now: int
    before: int


def chart(table: list[Row]) -> dict:
    """Where the chart's bars go: for each step, its title, then the journeys that reached it in
    the period (upper bar) and in the period before (lower bar), on one scale."""
    most = max((max(row.reached, row.before_reached) for row in table), default=0) or 1
    bars = [
        Bar(
            index * ROW_HEIGHT + 30,
            row.title,
            BAR_WIDTH * row.reached / most,
            BAR_WIDTH * row.before_reached / most,
            row.reached,
            row.before_reached,
        )
        for index, row in enumerate(table)
    ]
    return {
        "bars": bars,
        "height": len(bars) * ROW_HEIGHT + 40,
        "width": BAR_WIDTH + 60,
        "label_height": LABEL_HEIGHT,
        "bar_height": BAR_HEIGHT,
        "gap": GAP,
    }
