"""Issue 42 point 2: a refused step says its cause, each with its own catalogue code: another
tab moved the journey on (20), the page expired after the idle timeout (45, with how long), the
browser lost its session cookie (46). The account pages say the same."""

from __future__ import annotations

import pytest

IDLE_MINUTES = 30


def refusal(response) -> tuple[int, str, dict]:
    return response.status_code, response.json["message"], response.json["data"]


@pytest.fixture
def waiting_for_the_email_code(signup, frozen):
    signup.through("send_email")
    return signup


def test_a_sign_up_step_after_another_tab_started_it_again_says_the_journey_went_on_there(waiting_for_the_email_code):
    first_tab = waiting_for_the_email_code
    email, transaction = first_tab.email, first_tab.email_trxn
    first_tab.accept_privacy()
    first_tab.send_email(email="second.tab@example.ca")
    first_tab.email, first_tab.email_trxn = email, transaction
    assert refusal(first_tab.verify_email())[:2] == (409, "20")


def test_a_sign_up_step_after_the_idle_timeout_says_the_page_expired_and_after_how_long(
    waiting_for_the_email_code, frozen
):
    frozen.shift(IDLE_MINUTES * 60)
    assert refusal(waiting_for_the_email_code.verify_email()) == (401, "45", {"minutes": IDLE_MINUTES})


def test_a_sign_up_step_from_a_browser_that_lost_its_cookie_says_the_session_was_lost(
    waiting_for_the_email_code, client
):
    client.delete_cookie("idp_session")
    assert refusal(waiting_for_the_email_code.verify_email())[:2] == (401, "46")


def test_an_account_page_after_the_idle_timeout_says_the_page_expired(signup, client, frozen):
    signup.through("profile")
    frozen.shift(IDLE_MINUTES * 60)
    assert refusal(client.get("/v1/account/activity")) == (401, "45", {"minutes": IDLE_MINUTES})


def test_an_account_page_in_a_browser_never_signed_in_only_asks_to_sign_in(client):
    assert refusal(client.get("/v1/account/activity"))[:2] == (401, "29")


def test_the_session_answer_says_a_session_expired(waiting_for_the_email_code, client, frozen):
    frozen.shift(IDLE_MINUTES * 60)
    assert client.get("/v1/session").json["data"]["noSession"] == {"message": "45", "data": {"minutes": IDLE_MINUTES}}


def test_the_session_answer_says_a_browser_without_a_cookie_has_no_session(client):
    assert client.get("/v1/session").json["data"]["noSession"] == {"message": "46", "data": {}}


def test_the_session_answer_says_nothing_of_a_session_that_is_there(waiting_for_the_email_code, client):
    assert client.get("/v1/session").json["data"]["noSession"] is None


def test_an_idle_timeout_of_part_of_a_minute_is_said_in_whole_minutes_rounded_up(
    app, waiting_for_the_email_code, frozen, monkeypatch
):
    monkeypatch.setitem(app.config["IDP"]["session"], "idle_timeout_seconds", 90)
    frozen.shift(91)
    assert refusal(waiting_for_the_email_code.verify_email()) == (401, "45", {"minutes": 2})
