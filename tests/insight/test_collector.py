"""POST /v1/events keeps the allow-listed fields of the login UI's analytics events, each holding a
value the product enumerates, and nothing personal; what it drops is counted, never written;
budgets bound a flood.

Abuse and degraded cases:

- A script posts analytics with digits in every field (a phone number as the screen, the page,
  the journey id, the time): each field holds only values the product enumerates — the names it
  owns, a journey id the provider made, a bucket of seconds — so the event is dropped whole and
  counted, and nothing of it is written.
- It makes up its journey id: any UUID (30 hexadecimal digits of its choosing: 613-555-0199 fits in
  them), or 32 digits in the new id's shape. The id must be one the provider made (GET /v1/session
  offers a fresh one with each answer: random digits and a MAC of them under the server's key):
  dropped as "value". An id with ten digits of the script's choosing would take about 16^10 ids
  asked of the provider.
- It sends the time as milliseconds since the journey began (the UI's former form), or any number
  (6135550199, 1200, 4): `elapsed` takes only the upper bound of a bucket of seconds spent on the
  screen before (names.ELAPSED: 0, then the funnel's buckets): dropped as "value".
- It floods. One client address has insight.max_batches_per_address an hour; each client — each
  relying service the events name, and the first-party UI (no service) — has its own
  insight.max_batches_per_client_day a day, so that a flood in one service's name, or in none,
  spends that client's budget only: every other service's events are still kept.
- A batch naming two clients counts one batch against each; past one's budget its events are
  dropped and the other's kept.
"""

from __future__ import annotations

import uuid

import pytest

from idp import metrics
from idp.clients import registry
from idp.errors import Errors
from idp.extensions import db
from idp.insight import names
from idp.insight.collector import FIELDS
from idp.models import InsightEvent
from tests.support.contract import ContractClient


@pytest.fixture
def browser(app):
    app.test_client_class = ContractClient
    return app.test_client()


def offered(browser) -> str:
    """A journey id as the UI is offered one, with each answer of GET /v1/session."""
    return browser.get("/v1/session").json["data"]["insightJourney"]


@pytest.fixture
def event(browser):
    """An event of one journey, as the UI sends it; fields replace its own."""
    journey = offered(browser)
    return lambda **fields: (
        {
            "event": "pageview",
            "screen": "signUp/privacy",
            "page": "privacy",
            "language": "fr",
            "device": "phone",
            "journey": journey,
            "elapsed": 13,
        }
        | fields
    )


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


def test_an_allow_listed_event_is_kept_with_its_fields_and_nothing_else(app, browser, event):
    answer = send(
        browser,
        event(),
        event(
            event="event",
            screen="signUp",
            page="signup",
            category="signup",
            action="signup_step1_submit_error",
            label="button",
            step=1,
            error="2",
        ),
    )
    assert answer == {"kept": 2, "dropped": 0}
    view, action = kept(app)
    assert (view.kind, view.screen, view.language, view.device, view.journey, view.elapsed) == (
        "pageview",
        "signUp/privacy",
        "fr",
        "phone",
        event()["journey"],
        13,
    )
    assert (action.result, action.step, action.category, action.error) == ("submit_error", 1, "signup", "2")


def test_nothing_of_the_request_is_kept_no_address_no_user_agent_no_account(app, browser, event):
    send(browser, event(), headers={"User-Agent": "Firefox/133.0", "X-Forwarded-For": "203.0.113.9"})
    [row] = kept(app)
    assert {column.name for column in InsightEvent.__table__.columns} == {
        "id",
        "day",
        "journey",
        "kind",
        "screen",
        "page",
        "category",
        "action",
        "label",
        "result",
        "error",
        "step",
        "language",
        "service",
        "device",
        "elapsed",
        "elapsed_ms",
    }
    assert "203.0.113.9" not in repr(vars(row)) and "Firefox" not in repr(vars(row))


@pytest.mark.parametrize(
    ("extra", "outcome"),
    [
        ({"email": "x"}, "field"),
        ({"userAgent": "Firefox"}, "field"),
        ({"device": "watch"}, "value"),
        ({"label": "jeanne.tremblay@example.ca"}, "value"),
        ({"journey": "not-an-id"}, "value"),
        ({"elapsed": -1}, "value"),
        ({"language": None}, "missing"),
    ],
)
def test_an_event_with_another_field_or_a_value_outside_its_form_is_dropped_whole_and_counted(
    app, browser, extra, outcome, event
):
    before = dropped(outcome)
    assert send(browser, event(**extra), event()) == {"kept": 1, "dropped": 1}
    assert dropped(outcome) == before + 1
    assert len(kept(app)) == 1


# Personal data spelt so that no pattern of an e-mail address or a phone number sees it, in the
# form each field took before it took names.
@pytest.mark.parametrize(
    "extra",
    [
        pytest.param({"category": "jane_at_example_dot_ca"}, id="an e-mail address in words: jane at example dot ca"),
        pytest.param(
            {"page": "janeATexampleDOTca"}, id="an e-mail address with its at and dot marked: jane(at)example(dot)ca"
        ),
        pytest.param(
            {"event": "event", "page": "signin", "action": "signin_jane-at-example-dot-ca_submit_error"},
            id="an e-mail address inside an action",
        ),
        pytest.param(
            {"event": "event", "page": "signin", "action": "signin_613_555_0199_submit_error"},
            id="a phone number in groups: 613 555 0199",
        ),
        pytest.param(
            {"service": "613_555_0199"}, id="a phone number in groups as a service: 613.555.0199, its dots as _"
        ),
        pytest.param(
            {"page": "plusOneSixOneThreeFiveFiveFiveZeroOneNineNine"}, id="a phone number spelt out: +1 (613) 555-0199"
        ),
        pytest.param({"page": "JaneDoe"}, id="a name: Jane Doe"),
        pytest.param(
            {"event": "event", "page": "profileNameEdit", "action": "profileNameEdit_Jane-Doe_submit_success"},
            id="a name inside an action",
        ),
        pytest.param({"screen": "profilehome/janeatexampledotca"}, id="an e-mail address in a screen's path segment"),
        pytest.param({"service": "jane-doe"}, id="a name as a service no client is"),
        pytest.param({"error": "613"}, id="an area code as an error code the catalogue has not"),
    ],
)
def test_a_value_the_product_does_not_name_drops_the_event_whole_and_counts_it_unnamed(app, browser, extra, event):
    before = dropped("unnamed")
    assert send(browser, event(**extra), event()) == {"kept": 1, "dropped": 1}
    assert dropped("unnamed") == before + 1
    assert len(kept(app)) == 1


def test_a_screen_in_another_case_or_with_a_trailing_slash_is_kept_as_the_product_spells_it(app, browser, event):
    send(browser, event(screen="SIGNUP/Privacy/"))
    assert kept(app)[0].screen == "signUp/privacy"


def test_the_service_is_named_by_the_id_the_session_shows_the_ui_and_kept_as_its_client_id(app, browser, event):
    with app.app_context():
        shown = str(registry().get("reservations").service.id)
    send(browser, event(service=shown))
    assert kept(app)[0].service == "reservations"


def test_the_service_may_be_named_by_its_client_id(app, browser, event):
    send(browser, event(service="reservations"))
    assert kept(app)[0].service == "reservations"


def test_every_code_of_the_error_catalogue_is_kept(app, browser, event):
    codes = sorted({error.code for error in Errors}, key=int)
    send(
        browser,
        *[
            event(event="event", page="signin", category="signin", action="signin_submit_error", error=code)
            for code in codes
        ],
    )
    assert [row.error for row in kept(app)] == codes


def test_an_action_is_kept_with_the_result_its_name_ends_with(app, browser, event):
    send(
        browser,
        event(
            event="event",
            screen="redirecttorp",
            page="redirectToRp",
            category="signin",
            action="redirectToRp_redirect_rp",
            label="link",
        ),
    )
    assert kept(app)[0].result == "redirect_rp"


@pytest.mark.parametrize(
    "extra",
    [
        pytest.param({"page": "signup", "action": "password_step2_submit_success"}, id="another page's"),
        pytest.param({"page": "password", "action": "password_step2_submit_success"}, id="another step's"),
        pytest.param({"page": "password", "action": "password_submit"}, id="no result"),
    ],
)
def test_an_action_that_is_not_its_own_page_and_step_and_a_result_is_unnamed(app, browser, extra, event):
    before = dropped("unnamed")
    assert send(browser, event(event="event", category="signup", **extra)) == {"kept": 0, "dropped": 1}
    assert dropped("unnamed") == before + 1


def test_a_browser_that_asks_not_to_be_tracked_has_nothing_kept(app, browser, event):
    assert send(browser, event(), headers={"Sec-GPC": "1"}) == {"kept": 0, "dropped": 1}
    assert send(browser, event(), headers={"DNT": "1"}) == {"kept": 0, "dropped": 1}
    assert kept(app) == []


def test_a_batch_longer_than_the_limit_keeps_its_first_events(app, browser, monkeypatch, event):
    monkeypatch.setitem(app.config["IDP"]["insight"], "max_events_per_batch", 3)
    assert send(browser, *[event() for _ in range(5)]) == {"kept": 3, "dropped": 2}


def test_past_its_budget_an_address_has_its_batches_dropped_and_sign_in_still_answers(app, browser, monkeypatch, event):
    monkeypatch.setitem(app.config["IDP"]["insight"], "max_batches_per_address", 2)
    for _ in range(2):
        send(browser, event())
    assert send(browser, event()) == {"kept": 0, "dropped": 1}
    assert len(kept(app)) == 2
    assert browser.get("/v1/session").status_code == 200


def test_collection_turned_off_keeps_nothing(app, browser, monkeypatch, event):
    monkeypatch.setitem(app.config["IDP"]["insight"], "collect", False)
    assert send(browser, event()) == {"kept": 0, "dropped": 1}


@pytest.mark.parametrize(
    "journey",
    [
        pytest.param(str(uuid.uuid4()), id="a UUID the UI made itself, the former form"),
        pytest.param("61355501990000000000000000000000", id="a phone number in the id's shape"),
        pytest.param("0" * 32, id="zeros"),
    ],
)
def test_a_journey_id_the_provider_did_not_make_is_dropped(app, browser, event, journey):
    before = dropped("value")
    assert send(browser, event(journey=journey), event()) == {"kept": 1, "dropped": 1}
    assert dropped("value") == before + 1


def test_a_journey_id_the_provider_made_with_one_digit_changed_is_dropped(browser, event):
    made = event()["journey"]
    forged = made[:-1] + ("1" if made[-1] == "0" else "0")
    assert send(browser, event(journey=forged)) == {"kept": 0, "dropped": 1}


def test_each_answer_of_the_session_offers_a_journey_id_of_its_own(app, browser, event):
    first, second = offered(browser), offered(browser)
    assert first != second
    assert send(browser, event(journey=first), event(journey=second)) == {"kept": 2, "dropped": 0}


@pytest.mark.parametrize("elapsed", [1200, 4, 6135550199, 86_400_000, -1, "13", 13.5, True])
def test_a_time_that_is_no_bucket_is_dropped(app, browser, event, elapsed):
    before = dropped("value")
    assert send(browser, event(elapsed=elapsed)) == {"kept": 0, "dropped": 1}
    assert dropped("value") == before + 1


def test_every_bucket_of_time_is_kept(app, browser, event):
    send(browser, *[event(elapsed=bucket) for bucket in names.ELAPSED])
    assert [row.elapsed for row in kept(app)] == list(names.ELAPSED)


@pytest.mark.parametrize("field", sorted(FIELDS))
@pytest.mark.parametrize("digits", ["6135550199", 6135550199])
def test_digits_in_any_field_drop_the_event_and_nothing_of_it_is_written(app, browser, event, field, digits):
    assert send(browser, event(**{field: digits}), event(event="event") | {field: digits}) == {"kept": 0, "dropped": 2}
    assert kept(app) == []


def test_each_client_has_a_budget_of_the_day_of_its_own(app, browser, event, monkeypatch):
    monkeypatch.setitem(app.config["IDP"]["insight"], "max_batches_per_client_day", 2)
    for _ in range(2):
        send(browser, event(service="reservations"))
    assert send(browser, event(service="reservations")) == {"kept": 0, "dropped": 1}
    # another service, and the first-party UI (no service), are not spent
    assert send(browser, event(service="conformance"), event()) == {"kept": 2, "dropped": 0}
    assert [row.service for row in kept(app)] == ["reservations", "reservations", "conformance", ""]


def test_a_batch_of_two_clients_keeps_the_events_of_the_one_within_its_budget(app, browser, event, monkeypatch):
    monkeypatch.setitem(app.config["IDP"]["insight"], "max_batches_per_client_day", 1)
    send(browser, event(service="reservations"))
    before = dropped("budget")
    assert send(browser, event(service="reservations"), event(), event(service="reservations")) == {
        "kept": 1,
        "dropped": 2,
    }
    assert dropped("budget") == before + 2
    assert [row.service for row in kept(app)] == ["reservations", ""]


@pytest.mark.parametrize("body", [{"events": "x"}, {"other": []}])
def test_a_body_that_is_no_batch_is_dropped(browser, body):
    response = browser.post("/v1/events", json=body)
    assert response.status_code == 200 and response.json["data"]["kept"] == 0


def test_a_body_that_is_no_object_is_a_clear_error(browser):
    response = browser.post("/v1/events", json=[1, 2])
    assert (response.status_code, response.json["message"]) == (400, "23")
