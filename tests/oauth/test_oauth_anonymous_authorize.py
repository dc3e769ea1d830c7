"""An anonymous /authorize keeps the request for the browser without writing anything: no
session row, no interaction row (the request waits in a sealed cookie); the session made when
the person starts a flow adopts it as a row."""

from __future__ import annotations

from urllib.parse import urlsplit

import requests
from oidc_helpers import query

from idp.extensions import db
from idp.models import BrowserSession, Interaction


def _count(app, model) -> int:
    with app.app_context():
        return db.session.scalar(db.select(db.func.count()).select_from(model))


def test_an_anonymous_authorize_writes_no_row(app, browser, rp):
    response = browser.get(rp().authorization_url())
    assert response.status_code == 303 and urlsplit(response.headers["Location"]).path == "/en/"
    assert _count(app, BrowserSession) == 0
    assert _count(app, Interaction) == 0
    assert browser.http.cookies.get("idp_session") and browser.http.cookies.get("idp_waiting")


def test_a_flood_of_anonymous_authorize_requests_writes_nothing(app, rp, live_server):
    for _ in range(30):
        assert requests.get(rp().authorization_url(), allow_redirects=False, timeout=10).status_code == 303
    assert (_count(app, BrowserSession), _count(app, Interaction)) == (0, 0)


def test_the_first_step_of_a_flow_turns_the_waiting_request_into_a_row(app, browser, rp):
    browser.get(rp().authorization_url())
    assert browser.post("/v1/signup/privacy", json={}).status_code == 200
    assert (_count(app, BrowserSession), _count(app, Interaction)) == (1, 1)
    assert browser.get("/v1/session").json()["data"]["service"]["title"] == "Service rp-a"
    assert not browser.http.cookies.get("idp_waiting")


def test_a_waiting_request_too_big_for_a_cookie_is_a_row(app, browser, rp):
    browser.get(rp().authorization_url(state="s" * 4000))
    assert _count(app, Interaction) == 1
    assert browser.get("/v1/session").json()["data"]["service"]["title"] == "Service rp-a"


def test_a_cookie_of_another_browser_names_no_waiting_service(app, browser, rp, live_server):
    browser.get(rp().authorization_url())
    stolen = browser.http.cookies.get("idp_waiting")
    other = requests.Session()
    other.cookies.set("idp_waiting", stolen)
    assert other.get(f"{live_server.url}/v1/session", timeout=10).json()["data"].get("service") is None


def test_the_login_ui_sees_the_waiting_service_before_any_session_exists(app, browser, rp):
    browser.get(rp().authorization_url())
    answer = browser.get("/v1/session").json()["data"]
    assert answer["service"]["title"] == "Service rp-a"
    assert _count(app, BrowserSession) == 0


def test_another_browser_does_not_see_the_waiting_service(app, browser, rp, live_server):
    browser.get(rp().authorization_url())
    stranger = requests.get(f"{live_server.url}/v1/session", timeout=5).json()["data"]
    assert stranger["service"] is None


def test_the_session_made_at_sign_in_adopts_the_waiting_request(app, browser, person, rp):
    client = rp()
    browser.get(client.authorization_url())
    resume = browser.sign_in(person)
    assert resume.startswith("/authorize/resume/")
    answer = browser.get(resume)
    assert answer.status_code == 303 and answer.headers["Location"].startswith(client.redirect_uri)
    assert _count(app, BrowserSession) == 1


def test_a_request_too_big_for_a_cookie_is_the_one_resumed_at_sign_in(app, browser, person, rp):
    client = rp()
    browser.get(client.authorization_url(state="b" * 4000))
    answer = browser.get(browser.sign_in(person))
    assert answer.status_code == 303 and "state=" + "b" * 4000 in answer.headers["Location"]


def test_a_big_request_after_a_small_one_clears_the_cookie_and_is_the_one_resumed(app, browser, person, rp):
    client = rp()
    browser.get(client.authorization_url(state="small"))
    browser.get(client.authorization_url(state="b" * 4000))
    assert not browser.http.cookies.get("idp_waiting")
    answer = browser.get(browser.sign_in(person))
    assert answer.status_code == 303 and "state=" + "b" * 4000 in answer.headers["Location"]


def test_a_services_sign_in_opened_in_two_tabs_answers_each_tab_its_own_request(app, browser, person, rp):
    first, second = rp(), rp()
    browser.get(first.authorization_url())
    browser.get(second.authorization_url())
    resumed = browser.get(browser.sign_in(person))  # in the second tab
    assert query(resumed.headers["Location"])["state"] == second.state
    follow_to = browser.get("/v1/session").json()["data"]["followTo"]  # the first tab asks where it stands
    followed = browser.get(follow_to)
    assert (
        followed.headers["Location"].startswith(first.redirect_uri)
        and query(followed.headers["Location"])["state"] == first.state
    )
    assert "code" in query(followed.headers["Location"])


def test_a_tab_whose_service_asks_a_fresh_sign_in_is_not_sent_on_without_one(app, browser, person, rp):
    browser.get(rp().authorization_url(prompt="login"))
    browser.get(rp().authorization_url())
    browser.get(browser.sign_in(person))
    answer = browser.get("/v1/session").json()["data"]
    assert answer["continueTo"] is not None and answer["followTo"] is None


def test_nobody_signed_in_has_nowhere_to_follow(app, browser, rp):
    browser.get(rp().authorization_url())
    assert browser.get("/v1/session").json()["data"]["followTo"] is None


def test_the_waiting_cookie_keeps_the_newest_requests_that_fit_and_writes_nothing(app, browser, rp):
    clients = [rp() for _ in range(12)]
    for client in clients:
        browser.get(client.authorization_url())
    assert len(browser.http.cookies.get("idp_waiting")) <= 4096
    assert (_count(app, BrowserSession), _count(app, Interaction)) == (0, 0)
    assert browser.post("/v1/signup/privacy", json={}).status_code == 200
    assert 2 <= _count(app, Interaction) < len(clients)
