"""Who may enter the console: an operator of the operators file, signed in with this provider
and a passkey, from an allowed network — checked again on every request."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs, urlsplit

from idp.extensions import db
from idp.models import AuditEvent
from tests.api.account_helpers import add_passkey, post
from tests.console.conftest import PERSON_EMAIL, console_sign_in, entry, form_field, sign_up
from tests.support.authenticator import SoftAuthenticator
from tests.support.contract import ISSUER
from tests.support.journeys import EMAIL


def test_an_operator_signs_in_with_a_passkey_and_sees_the_pages_of_their_roles(operator):
    home = operator.get("/console?lang=en").get_data(as_text=True)
    assert "Signed in as jeanne.tremblay@example.ca" in home
    assert 'href="/console/support?lang=en"' in home and 'href="/console/report?lang=en"' in home


def test_the_console_is_in_french_for_a_french_operator(operator):
    home = operator.get("/console?lang=fr").get_data(as_text=True)
    assert '<html lang="fr">' in home and "Service d'assistance" in home and "Rapport d'entonnoir" in home


def test_someone_not_signed_in_is_offered_the_passkey_sign_in_on_every_page(browser, operators):
    client = browser()
    for path in ("/console", "/console/support", "/console/report"):
        page = client.get(path)
        assert page.status_code == 200 and 'href="/console/signin?lang=en"' in page.get_data(as_text=True)


def test_the_sign_in_asks_the_provider_for_a_phishing_resistant_method(browser, operators):
    location = browser().get("/console/signin?lang=fr").headers["Location"]
    assert location.startswith("/authorize?") and "acr_values=urn%3Asignin%3Aacr%3Aphishing-resistant" in location
    assert "code_challenge_method=S256" in location and "ui_locales=fr" in location


def test_an_operator_signed_in_without_a_passkey_is_taken_to_add_one_and_not_let_in(browser, outbox, operators):
    client = browser()
    sign_up(client, outbox)
    answered = console_sign_in(client)
    assert answered.headers["Location"] == "/en/signinmethods"
    assert "Signed in as" not in client.get("/console").get_data(as_text=True)


def test_a_person_who_is_not_an_operator_is_refused(browser, outbox, operators):
    operators(entry(PERSON_EMAIL, "support"))
    client = browser()
    sign_up(client, outbox)
    add_passkey(client, outbox, SoftAuthenticator(ISSUER))
    console_sign_in(client)
    refused = client.get("/console")
    assert refused.status_code == 403 and "not one of the console's operators" in refused.get_data(as_text=True)


def test_an_operator_taken_off_the_file_is_shut_out_at_their_next_request(operator, operators):
    assert operator.get("/console/support").status_code == 200
    operators(entry(PERSON_EMAIL, "support"))
    assert operator.get("/console/support").status_code == 403


def test_each_role_opens_its_own_pages_only(operator, operators):
    operators(entry(EMAIL, "analyst"))
    assert operator.get("/console/support").status_code == 403
    assert operator.get("/console/report").status_code == 200
    operators(entry(EMAIL, "support"))
    assert operator.get("/console/report").status_code == 403
    assert operator.get("/console/report.csv").status_code == 403


def test_an_operators_file_that_does_not_parse_lets_nobody_in(operator, operators):
    operators('[[operators]]\nemail = "jeanne.tremblay@example.ca"\nroles = ["admin"]\n')
    assert operator.get("/console/support").status_code == 403


def test_a_development_only_operator_is_nobody_outside_development(app, monkeypatch):
    from idp.console.operators import parse

    raw = {"operators": [{"email": "test@example.com", "roles": ["support"], "development_only": True}]}
    assert parse(raw, "production") == []
    assert parse(raw, "development")[0].roles == {"support"}


def test_signing_out_of_the_provider_closes_the_console(operator):
    post(operator, "/logout")
    assert "Signed in as" not in operator.get("/console/support").get_data(as_text=True)


def test_signing_out_of_the_console_closes_it(operator):
    home = operator.get("/console").get_data(as_text=True)
    assert operator.post("/console/signout", data={"token": form_field(home, "token")}).status_code == 303
    assert "Signed in as" not in operator.get("/console").get_data(as_text=True)


def test_the_console_session_ends_after_its_minutes_though_the_provider_session_goes_on(
    operator, app, monkeypatch, time_machine
):
    monkeypatch.setitem(app.config["IDP"]["console"], "session_minutes", 1)
    time_machine.move_to(datetime.now(UTC) + timedelta(minutes=2), tick=False)
    assert "Signed in as" not in operator.get("/console").get_data(as_text=True)
    assert operator.get("/v1/session").json["data"]["authenticated"] is True


def test_a_callback_without_the_sign_in_it_answers_is_refused(browser, operators):
    refused = browser().get("/console/callback?code=forged&state=forged")
    assert refused.status_code == 400 and "expired or was already used" in refused.get_data(as_text=True)


def test_a_post_without_the_page_token_changes_nothing(operator, app):
    refused = operator.post("/console/support", data={"identifier": PERSON_EMAIL, "reason": "Call 1"})
    assert refused.status_code == 400
    with app.app_context():
        assert db.session.scalar(db.select(AuditEvent).filter_by(action="support_viewed")) is None


def test_the_console_answers_404_outside_its_networks(operator, app, monkeypatch):
    monkeypatch.setitem(app.config["IDP"]["console"], "allowed_networks", "10.0.0.0/8")
    assert operator.get("/console").status_code == 404
    assert operator.get("/console/signin").status_code == 404


def test_the_console_is_not_a_service_offered_to_the_public(browser):
    listed = browser().get("/v1/services").json["data"]
    assert all(service["id"] != 0 for service in listed)


def _state_of(location: str) -> str:
    return parse_qs(urlsplit(location).query)["state"][0]


def test_a_refusal_from_the_provider_is_explained_in_the_language_the_operator_chose(browser, operators):
    client = browser()
    state = _state_of(client.get("/console/signin?lang=fr").headers["Location"])
    refused = client.get(f"/console/callback?error=access_denied&state={state}")
    assert refused.status_code == 400 and "La connexion à la console n'a pas réussi" in refused.get_data(as_text=True)


def test_a_code_the_token_endpoint_refuses_signs_nobody_in(browser, operators):
    client = browser()
    state = _state_of(client.get("/console/signin").headers["Location"])
    refused = client.get(f"/console/callback?code=not-a-code&state={state}")
    assert refused.status_code == 400 and "did not succeed" in refused.get_data(as_text=True)
    assert "Signed in as" not in client.get("/console").get_data(as_text=True)
