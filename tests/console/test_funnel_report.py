"""The analyst's funnel report: the figures of idp/insight/funnel.py as a chart, a table and
CSV — the same numbers in all three — for a chosen flow, period, language, service and device."""

from __future__ import annotations

import csv
import io
import re

from idp import catalogue
from idp.clock import now
from idp.console import report
from idp.flows.steps import Flow
from idp.insight import steps as funnel_steps
from tests.insight.test_funnel import SIGN_UP_LEFT_AT_PHONE, journey


def _signup_journeys(app):
    journey(app, SIGN_UP_LEFT_AT_PHONE, language="en", device="phone")
    journey(app, SIGN_UP_LEFT_AT_PHONE[:4], language="fr", device="desktop")


def test_the_report_shows_each_steps_figures_in_a_chart_and_a_table(operator, app):
    _signup_journeys(app)
    page = operator.get("/console/report?flow=signup&days=7&lang=en").get_data(as_text=True)
    assert '<svg role="img"' in page and "Journeys that reached each step" in page
    row = re.search(
        r"<th scope=\"row\" data-step=\"signUp/privacy\">[^<]*</th>\s*<td data-figure=\"reached\">(\d+) \((\d+)\)", page
    )
    assert row.groups() == ("2", "0")


def test_the_csv_holds_the_numbers_of_the_table(operator, app):
    _signup_journeys(app)
    page = operator.get("/console/report?flow=signup&days=7").get_data(as_text=True)
    table = {
        step: int(reached)
        for step, reached in re.findall(r"data-step=\"([^\"]+)\">[^<]*</th>\s*<td data-figure=\"reached\">(\d+)", page)
    }
    answer = operator.get("/console/report.csv?flow=signup&days=7")
    assert (
        answer.headers["Content-Type"] == "text/csv; charset=utf-8"
        and "attachment" in answer.headers["Content-Disposition"]
    )
    rows = list(csv.DictReader(io.StringIO(answer.get_data(as_text=True))))
    assert {row["step"]: int(row["reached"]) for row in rows} == table and table


def test_the_report_narrows_to_one_language_and_device(operator, app):
    _signup_journeys(app)
    rows = list(
        csv.DictReader(
            io.StringIO(
                operator.get("/console/report.csv?flow=signup&days=1&language=fr&device=desktop").get_data(as_text=True)
            )
        )
    )
    assert {row["step"]: row["reached"] for row in rows} == {
        "signUp/privacy": "1",
        "signUp": "1",
        "signUp/verification/email": "1",
    }


def test_a_choice_the_report_cannot_use_is_explained(operator):
    for query in (
        "flow=nothing",
        "days=0",
        "days=abc",
        f"until={now().date().replace(year=now().year + 1)}",
        "language=de",
        "service=unknown",
    ):
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


def _shown_steps(page: str) -> list[str]:
    return re.findall(r"<th scope=\"row\" data-step=\"[^\"]+\">([^<]*)</th>", page)


def test_the_report_names_steps_by_their_screens_titles(operator, app):
    _signup_journeys(app)
    page = operator.get("/console/report?flow=signup&days=7").get_data(as_text=True)
    assert _shown_steps(page) == [
        "Privacy notice",
        "Enter your e-mail address",
        "Check your e-mail",
        "Create a password",
        "Set up two-step verification",
    ]
    assert ">signUp/verificationsetup<" not in page and ">signUp/privacy<" not in page


def test_a_screen_two_flows_share_is_titled_as_each_flow_shows_it():
    assert report.title(Flow.SIGNUP, "redirecttorp", "en") == "Your account is ready"
    assert report.title(Flow.SIGNIN, "redirecttorp", "fr") == "Vous êtes connecté"


def test_the_report_names_errors_by_their_messages(operator, app):
    _signup_journeys(app)
    page = operator.get("/console/report?flow=signup&days=7").get_data(as_text=True)
    assert "This phone number is not valid for the country you chose. × 1" in page
    assert "22 × 1" not in page


def test_the_report_names_steps_and_errors_in_the_operators_language(operator, app):
    _signup_journeys(app)
    page = operator.get("/console/report?flow=signup&days=7&lang=fr").get_data(as_text=True)
    assert _shown_steps(page)[:2] == ["Avis de confidentialité", "Entrez votre adresse courriel"]
    assert "Ce numéro de téléphone n'est pas valide pour le pays choisi. × 1" in page.replace("&#39;", "'")


def test_the_csv_keeps_the_ids_beside_the_words(operator, app):
    _signup_journeys(app)
    rows = list(
        csv.DictReader(io.StringIO(operator.get("/console/report.csv?flow=signup&days=7").get_data(as_text=True)))
    )
    setup = next(row for row in rows if row["step"] == "signUp/verificationsetup")
    assert (setup["step_title"], setup["errors"], setup["error_messages"]) == (
        "Set up two-step verification",
        "22:1",
        "This phone number is not valid for the country you chose.",
    )


def test_every_step_of_every_flow_has_its_screens_title_in_both_languages():
    for flow, steps in funnel_steps.STEPS.items():
        for screen in steps:
            for key in report.title_keys(flow, screen):
                assert catalogue.has("en", key) and catalogue.has("fr", key), (flow, screen, key)


def test_the_csv_words_the_steps_in_the_language_of_the_page_it_was_downloaded_from(operator, app):
    _signup_journeys(app)
    page = operator.get("/console/report?flow=signup&days=7&lang=fr", headers={"Accept-Language": "en"}).get_data(
        as_text=True
    )
    link = re.search(r'href="([^"]*report\.csv[^"]*)"', page).group(1).replace("&amp;", "&")
    rows = list(
        csv.DictReader(io.StringIO(operator.get(link, headers={"Accept-Language": "en"}).get_data(as_text=True)))
    )
    assert rows[0]["step_title"] == "Avis de confidentialité"
