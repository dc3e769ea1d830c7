"""Each flow's funnel: journeys that reached each step, finished it, left there, the errors shown
there and the time spent — the same from raw events (today) and from the daily rollup that
housekeeping stores; and `flask --app idp insight funnel` prints it."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest

from idp.clock import now
from idp.extensions import db
from idp.flows.steps import Flow
from idp.housekeeping import purge
from idp.insight import funnel
from idp.insight import steps as funnel_steps
from idp.models import InsightEvent, InsightRolledDay, InsightStepDay

# Each event with its time as the UI sends it: the seconds on the screen before, as the upper
# bound of their bucket (0: no screen before).
SIGN_UP_LEFT_AT_PHONE = [
    ("pageview", "signUp/privacy", 0, {}),
    ("event", "signUp/privacy", 5, {"action": "privacy_submit_success"}),  # 4 s after it showed
    ("pageview", "signUp", 5, {}),
    ("pageview", "signUp/verification/email", 21, {}),  # 15 s on signUp
    ("pageview", "signUp/password", 55, {}),  # 40 s on the e-mail code
    ("pageview", "signUp/verificationsetup", 34, {}),
    ("event", "signUp/verificationsetup", 13, {"action": "verificationSetUp_step3_submit_error", "error": "22"}),
]
SIGN_IN_DONE = [
    ("pageview", "signIn", 0, {}),
    ("pageview", "signIn/password", 5, {}),
    ("pageview", "signIn/verification/sms", 13, {}),
    ("pageview", "redirecttorp", 34, {}),
]


def journey(app, steps, day=None, language="fr", device="phone", service="reservations"):
    """One journey's events, as the collector keeps them, on `day` (today by default)."""
    journey_id = uuid.uuid4().hex
    with app.app_context():
        for kind, screen, elapsed, extra in steps:
            result = next((r for r in ("submit_success", "submit_error") if extra.get("action", "").endswith(r)), None)
            db.session.add(
                InsightEvent(
                    day=day or now().date(),
                    journey=journey_id,
                    kind=kind,
                    screen=screen,
                    language=language,
                    device=device,
                    service=service,
                    elapsed=elapsed,
                    result=result,
                    **extra,
                )
            )
        db.session.commit()


def steps_of(app, flow, days=1, **chosen) -> dict[str, funnel.Step]:
    with app.app_context():
        return {step.screen: step for step in funnel.report(flow, days, now().date(), **chosen)}


def test_a_flows_steps_come_in_the_journey_machines_order():
    assert funnel_steps.STEPS[Flow.SIGNUP][:5] == (
        "signUp/privacy",
        "signUp",
        "signUp/verification/email",
        "signUp/password",
        "signUp/verificationsetup",
    )
    assert funnel_steps.END[Flow.SIGNUP] == "redirecttorp"
    assert funnel_steps.END[Flow.PASSWORD_CHANGE] == "passwordchanged"


def test_each_step_says_who_reached_it_finished_it_and_left_there(app):
    journey(app, SIGN_UP_LEFT_AT_PHONE)
    journey(app, SIGN_UP_LEFT_AT_PHONE[:4])
    steps = steps_of(app, Flow.SIGNUP)
    assert [(s, steps[s].now.reached, steps[s].now.finished, steps[s].now.left) for s in steps] == [
        ("signUp/privacy", 2, 2, 0),
        ("signUp", 2, 2, 0),
        ("signUp/verification/email", 2, 1, 1),
        ("signUp/password", 1, 1, 0),
        ("signUp/verificationsetup", 1, 0, 1),
    ]
    assert steps["signUp/verificationsetup"].now.errors == {"22": 1}


def test_a_journey_that_reaches_the_end_leaves_nowhere(app):
    journey(app, SIGN_IN_DONE, language="en", device="desktop")
    steps = steps_of(app, Flow.SIGNIN)
    assert all(step.now.left == 0 and step.now.finished == 1 for step in steps.values())
    assert list(steps) == ["signIn", "signIn/password", "signIn/verification/sms", "redirecttorp"]


def test_the_time_on_a_step_is_told_by_its_median_and_90th_percentile(app):
    journey(app, SIGN_UP_LEFT_AT_PHONE)
    email_code = steps_of(app, Flow.SIGNUP)["signUp/verification/email"].now
    # 40 s on the e-mail code step: the bucket up to 55 s
    assert (email_code.percentile(0.5), email_code.percentile(0.9)) == (55, 55)


def test_a_page_view_that_says_the_journey_showed_no_screen_before_counts_no_time_on_one(app):
    # the UI measured nothing: its journey began there (the release before wrote no bucket either)
    journey(app, [("pageview", "signIn", 0, {}), ("pageview", "signIn/password", 0, {})])
    assert steps_of(app, Flow.SIGNIN)["signIn"].now.seconds == {}


def test_the_figures_are_chosen_by_language_service_and_device(app):
    journey(app, SIGN_UP_LEFT_AT_PHONE, language="fr", device="phone")
    journey(app, SIGN_UP_LEFT_AT_PHONE, language="en", device="desktop", service="")
    assert steps_of(app, Flow.SIGNUP, language="fr", device="phone")["signUp"].now.reached == 1
    assert steps_of(app, Flow.SIGNUP, service="reservations")["signUp"].now.reached == 1
    assert steps_of(app, Flow.SIGNUP)["signUp"].now.reached == 2


def test_one_journey_id_across_flows_counts_in_each(app):
    journey(
        app, SIGN_IN_DONE + [("pageview", "firstverifyitsyou/password", 21, {}), ("pageview", "changepassword", 34, {})]
    )
    assert steps_of(app, Flow.SIGNIN)["redirecttorp"].now.reached == 1
    change = steps_of(app, Flow.PASSWORD_CHANGE)
    assert change["changepassword"].now.left == 1


def test_housekeeping_rolls_up_a_finished_day_and_its_figures_are_the_same(app):
    yesterday = now().date() - timedelta(days=1)
    journey(app, SIGN_UP_LEFT_AT_PHONE, day=yesterday)
    before = steps_of(app, Flow.SIGNUP, days=2)
    with app.app_context():
        counts = purge()
        assert counts["insight_days_rolled"] == 1 and counts["insight_rows"] > 0
        assert db.session.scalar(db.select(InsightRolledDay.day)) == yesterday
    assert steps_of(app, Flow.SIGNUP, days=2) == before


def test_raw_events_go_after_their_retention_and_the_counts_stay(app, monkeypatch):
    old = now().date() - timedelta(days=8)
    journey(app, SIGN_UP_LEFT_AT_PHONE, day=old)
    with app.app_context():
        counts = purge()
        assert counts["insight_events"] == len(SIGN_UP_LEFT_AT_PHONE)
        assert db.session.scalar(db.select(db.func.count()).select_from(InsightEvent)) == 0
        assert db.session.scalar(db.select(db.func.count()).select_from(InsightStepDay)) > 0
    assert steps_of(app, Flow.SIGNUP, days=9)["signUp"].now.reached == 1


def test_the_period_before_is_beside_each_figure(app):
    journey(app, SIGN_UP_LEFT_AT_PHONE, day=now().date() - timedelta(days=8))
    journey(app, SIGN_UP_LEFT_AT_PHONE)
    journey(app, SIGN_UP_LEFT_AT_PHONE)
    step = steps_of(app, Flow.SIGNUP, days=7)["signUp"]
    assert (step.now.reached, step.before.reached) == (2, 1)


def test_a_flow_is_named_as_operators_type_it():
    assert funnel_steps.flow_named("signUp") is Flow.SIGNUP
    assert funnel_steps.flow_named("email-change") is Flow.EMAIL_CHANGE
    with pytest.raises(ValueError):
        funnel_steps.flow_named("checkout")


def test_the_command_prints_the_table_with_the_period_before(app, runner):
    journey(app, SIGN_UP_LEFT_AT_PHONE)
    result = runner.invoke(args=["insight", "funnel", "--flow", "signUp", "--days", "7"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("signup: the last 7 days")
    assert lines[1].split()[:5] == ["step", "reached", "finished", "left", "errors"]
    row = next(line for line in lines if line.startswith("signUp/verificationsetup"))
    assert row.split()[:8] == ["signUp/verificationsetup", "1", "(0)", "0", "(0)", "1", "(0)", "22×1"]


def test_the_command_names_the_flows_it_knows(runner):
    result = runner.invoke(args=["insight", "funnel", "--flow", "checkout"])
    assert result.exit_code != 0 and "signup" in result.output


def test_housekeeping_rolls_today_as_far_as_it_has_gone_and_the_report_reads_those_rows(app):
    journey(app, SIGN_UP_LEFT_AT_PHONE)
    with app.app_context():
        assert purge()["insight_days_rolled"] == 1
        assert funnel.rolled_at(now().date()) is not None
    journey(app, SIGN_UP_LEFT_AT_PHONE)
    assert steps_of(app, Flow.SIGNUP)["signUp"].now.reached == 1  # as of the rollup
    with app.app_context():
        purge()
    assert steps_of(app, Flow.SIGNUP)["signUp"].now.reached == 2


def test_a_day_rolled_before_it_ended_is_rolled_again_once_it_has(app, time_machine):
    time_machine.move_to("2030-01-01 23:00:00", tick=False)
    journey(app, SIGN_UP_LEFT_AT_PHONE)
    with app.app_context():
        purge()
    journey(app, SIGN_UP_LEFT_AT_PHONE)
    time_machine.move_to("2030-01-02 00:15:00", tick=False)
    with app.app_context():
        assert purge()["insight_days_rolled"] == 1
        purge()
        assert purge()["insight_days_rolled"] == 0  # complete: never read again
    assert steps_of(app, Flow.SIGNUP, days=2)["signUp"].now.reached == 2


def test_the_command_says_when_todays_figures_were_rolled_up(app, runner):
    journey(app, SIGN_UP_LEFT_AT_PHONE)
    with app.app_context():
        purge()
    result = runner.invoke(args=["insight", "funnel", "--flow", "signUp", "--days", "1"])
    assert "today's figures as of" in result.output
