"""The analyst's funnel report: the figures of idp/insight/funnel.py as a chart, a table and
CSV — the same numbers in all three — for a chosen flow, period, language, service and device."""
from __future__ import annotations

import csv
import io
import re

from idp.clock import now
from tests.insight.test_funnel import SIGN_UP_LEFT_AT_PHONE, journey


def _signup_journeys(app):
    journey(app, SIGN_UP_LEFT_AT_PHONE, language="en", device="phone")
    journey(app, SIGN_UP_LEFT_AT_PHONE[:4], language="fr", device="desktop")


def test_the_report_shows_each_steps_figures_in_a_chart_and_a_table(operator, app):
    _signup_journeys(app)
    page = operator.get("/console/report?flow=signup&days=7&lang=en").get_data(as_text=True)
    assert '<svg role="img"' in page and "Journeys that reached each step" in page
    row = re.search(r"<code>signUp/privacy</code></th>\s*<td data-figure=\"reached\">(\d+) \((\d+)\)", page)
    assert row.groups() == ("2", "0")


def test_the_csv_holds_the_numbers_of_the_table(operator, app):
    _signup_journeys(app)
    page = operator.get("/console/report?flow=signup&days=7").get_data(as_text=True)
    table = {step: int(reached) for step, reached in re.findall(r"<code>([^<]+)</code></th>\s*<td data-figure=\"reached\">(\d+)", page)}
    answer = operator.get("/console/report.csv?flow=signup&days=7")
    assert answer.headers["Content-Type"] == "text/csv; charset=utf-8" and "attachment" in answer.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(answer.get_data(as_text=True))))
    assert {row["step"]: int(row["reached"]) for row in rows} == table and table


def test_the_report_narrows_to_one_language_and_device(operator, app):
    _signup_journeys(app)
    rows = list(csv.DictReader(io.StringIO(operator.get("/console/report.csv?flow=signup&days=1&language=fr&device=desktop").get_data(as_text=True))))
    assert {row["step"]: row["reached"] for row in rows} == {"signUp/privacy": "1", "signUp": "1", "signUp/verification/email": "1"}


def test_a_choice_the_report_cannot_use_is_explained(operator):
    for query in ("flow=nothing", "days=0", "days=abc", f"until={now().date().replace(year=now().year + 1)}", "language=de", "service=unknown"):
        refused = operator.get(f"/console/report?{query}")
        assert refused.status_code == 400 and 'role="alert"' in refused.get_data(as_text=True), query
    assert operator.get("/console/report.csv?flow=nothing").status_code == 400


def test_the_report_is_in_french(operator, app):
    _signup_journeys(app)
    page = operator.get("/console/report?flow=signup&lang=fr").get_data(as_text=True)
    assert "Rapport d'entonnoir" in page and "Parcours qui ont atteint chaque étape" in page


def test_the_report_says_when_todays_figures_were_rolled_up(operator, app):
    from idp.housekeeping import purge

    _signup_journeys(app)
    assert "as of" not in operator.get("/console/report?flow=signup&days=1").get_data(as_text=True)
    with app.app_context():
        purge()
    assert "Today's figures are as of" in operator.get("/console/report?flow=signup&days=1").get_data(as_text=True)


def test_a_development_only_client_is_not_offered_as_a_filter(operator):
    page = operator.get("/console/report?flow=signup").get_data(as_text=True)
    assert '<option value="reservations">Reservations service</option>' in page
    assert "Conformance tests" not in page and 'value="conformance"' not in page
    assert operator.get("/console/report?flow=signup&service=conformance").status_code == 400
