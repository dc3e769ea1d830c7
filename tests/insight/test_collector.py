"""POST /v1/events keeps the allow-listed fields of the login UI's analytics events and nothing
personal; what it drops is counted, never written; budgets bound a flood."""
from __future__ import annotations

import uuid

import pytest

from idp import metrics
from idp.extensions import db
from idp.models import InsightEvent
from tests.support.contract import ContractClient

JOURNEY = str(uuid.uuid4())


@pytest.fixture
def browser(app):
    app.test_client_class = ContractClient
    return app.test_client()


def event(**fields) -> dict:
    return {"event": "pageview", "screen": "signUp/privacy", "page": "privacy", "language": "fr", "device": "phone",
            "journey": JOURNEY, "elapsed": 1200} | fields


def send(browser, *events, headers=None):
    response = browser.post("/v1/events", json={"events": list(events)}, headers=headers or {})
    assert response.status_code == 200, response.json
    return response.json["data"]


def kept(app) -> list[InsightEvent]:
    with app.app_context():
        rows = db.session.scalars(db.select(InsightEvent).order_by(InsightEvent.id)).all()
        db.session.expunge_all()
        return rows


def dropped(outcome: str) -> float:
    return metrics.INSIGHT_EVENTS.labels(outcome)._value.get()


def test_an_allow_listed_event_is_kept_with_its_fields_and_nothing_else(app, browser):
    answer = send(browser, event(), event(event="event", page="privacy", category="signup", action="privacy_submit_success",
                                          label="button", step=1, service="reservations"))
    assert answer == {"kept": 2, "dropped": 0}
    view, action = kept(app)
    assert (view.kind, view.screen, view.language, view.device, view.journey, view.elapsed_ms) == (
        "pageview", "signUp/privacy", "fr", "phone", JOURNEY, 1200)
    assert (action.result, action.step, action.service, action.category) == ("submit_success", 1, "reservations", "signup")


def test_nothing_of_the_request_is_kept_no_address_no_user_agent_no_account(app, browser):
    send(browser, event(), headers={"User-Agent": "Firefox/133.0", "X-Forwarded-For": "203.0.113.9"})
    [row] = kept(app)
    assert {column.name for column in InsightEvent.__table__.columns} == {
        "id", "day", "journey", "kind", "screen", "page", "category", "action", "label", "result", "error", "step",
        "language", "service", "device", "elapsed_ms"}
    assert "203.0.113.9" not in repr(vars(row)) and "Firefox" not in repr(vars(row))


@pytest.mark.parametrize(("extra", "outcome"), [
    ({"email": "x"}, "field"),
    ({"userAgent": "Firefox"}, "field"),
    ({"label": "jeanne.tremblay@example.ca"}, "personal"),
    ({"action": "signin_6135550142_submit_error"}, "personal"),
    ({"page": "a page"}, "value"),
    ({"device": "watch"}, "value"),
    ({"journey": "not-a-uuid"}, "value"),
    ({"elapsed": -1}, "value"),
    ({"step": True}, "value"),
    ({"language": None}, "missing"),
])
def test_an_event_with_another_field_or_a_personal_looking_value_is_dropped_whole_and_counted(app, browser, extra, outcome):
    before = dropped(outcome)
    assert send(browser, event(**extra), event()) == {"kept": 1, "dropped": 1}
    assert dropped(outcome) == before + 1
    assert len(kept(app)) == 1


def test_a_browser_that_asks_not_to_be_tracked_has_nothing_kept(app, browser):
    assert send(browser, event(), headers={"Sec-GPC": "1"}) == {"kept": 0, "dropped": 1}
    assert send(browser, event(), headers={"DNT": "1"}) == {"kept": 0, "dropped": 1}
    assert kept(app) == []


def test_a_batch_longer_than_the_limit_keeps_its_first_events(app, browser, monkeypatch):
    monkeypatch.setitem(app.config["IDP"]["insight"], "max_events_per_batch", 3)
    assert send(browser, *[event(elapsed=n) for n in range(5)]) == {"kept": 3, "dropped": 2}


def test_past_its_budget_an_address_has_its_batches_dropped_and_sign_in_still_answers(app, browser, monkeypatch):
    monkeypatch.setitem(app.config["IDP"]["insight"], "max_batches_per_address", 2)
    for _ in range(2):
        send(browser, event())
    assert send(browser, event()) == {"kept": 0, "dropped": 1}
    assert len(kept(app)) == 2
    assert browser.get("/v1/session").status_code == 200


def test_collection_turned_off_keeps_nothing(app, browser, monkeypatch):
    monkeypatch.setitem(app.config["IDP"]["insight"], "collect", False)
    assert send(browser, event()) == {"kept": 0, "dropped": 1}


@pytest.mark.parametrize("body", [{"events": "x"}, {"other": []}])
def test_a_body_that_is_no_batch_is_dropped(browser, body):
    response = browser.post("/v1/events", json=body)
    assert response.status_code == 200 and response.json["data"]["kept"] == 0


def test_a_body_that_is_no_object_is_a_clear_error(browser):
    response = browser.post("/v1/events", json=[1, 2])
    assert (response.status_code, response.json["message"]) == (400, "23")
