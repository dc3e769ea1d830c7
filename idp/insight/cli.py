"""`flask --app idp insight funnel --flow signUp --days 7`: a flow's funnel as a table, the
period before beside each figure (the report's figures, idp/insight/funnel.py)."""

from __future__ import annotations

import click
from flask.cli import AppGroup

from idp.clock import now
from idp.insight import funnel
from idp.insight.steps import flow_named

group = AppGroup("insight", help="First-party analytics: the funnel of each flow.")

COLUMNS = ("step", "reached", "finished", "left", "errors", "median s", "p90 s")


def _pair(now_value, before_value) -> str:
    show = lambda value: "-" if value is None else str(value)  # noqa: E731
    return f"{show(now_value)} ({show(before_value)})"


def rows(steps: list[funnel.Step]) -> list[tuple[str, ...]]:
    """The table's rows: each figure, then the period before in brackets."""
    table = []
    for step in steps:
        errors = ", ".join(f"{code}×{count}" for code, count in step.now.errors.most_common(3)) or "-"
        table.append(
            (
                step.screen or "(home)",
                _pair(step.now.reached, step.before.reached),
                _pair(step.now.finished, step.before.finished),
                _pair(step.now.left, step.before.left),
                errors,
                _pair(step.now.percentile(0.5), step.before.percentile(0.5)),
                _pair(step.now.percentile(0.9), step.before.percentile(0.9)),
            )
        )
    return table


@group.command("funnel")
@click.option(
    "--flow", required=True, help="signUp, signIn, recovery, email_change, phone_change, password_change, methods, …"
)
@click.option(
    "--days", type=click.IntRange(1, 366), default=7, show_default=True, help="The period: this many days up to today."
)
@click.option("--language", type=click.Choice(["en", "fr"]), default=None, help="Only journeys in this language.")
@click.option("--service", default=None, help="Only journeys for this service (its client id).")
@click.option(
    "--device", type=click.Choice(["phone", "tablet", "desktop"]), default=None, help="Only this device class."
)
def funnel_command(flow: str, days: int, language: str | None, service: str | None, device: str | None) -> None:
    """Prints each step of the flow: journeys that reached it, finished it, left there, the
    errors shown (catalogue code × times), the median and 90th percentile of the time spent
    (seconds, upper bound of a bucket); the period before in brackets."""
    try:
        chosen = flow_named(flow)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--flow") from None
    steps = funnel.report(chosen, days, now().date(), language, service, device)
    table = [COLUMNS, *rows(steps)]
    widths = [max(len(row[index]) for row in table) for index in range(len(COLUMNS))]
    click.echo(f"{chosen.value}: the last {days} days (the {days} before in brackets); rows count journeys, not people")
    as_of = funnel.rolled_at(now().date())
    if as_of is not None:
        click.echo(f"today's figures as of {as_of:%H:%M} UTC, housekeeping's last rollup")
    for row in table:
        click.echo("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip())
    if not steps:
        click.echo("no journey of this flow in either period")
