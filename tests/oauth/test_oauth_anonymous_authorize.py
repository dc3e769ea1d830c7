"""An anonymous /authorize keeps the request for the browser without making a session row;
the session made when the person starts a flow adopts it."""
from __future__ import annotations

from urllib.parse import urlsplit

import requests

from idp.extensions import db
from idp.models import BrowserSession, Interaction


def _count(app, model) -> int:
    with app.app_context():
        return db.session.scalar(db.select(db.func.count()).select_from(model))


def test_an_anonymous_authorize_makes_no_session_row(app, browser, rp):
    response = browser.get(rp().authorization_url())
    assert response.status_code == 303 and urlsplit(response.headers["Location"]).path == "/en/"
    assert _count(app, BrowserSession) == 0
    assert _count(app, Interaction) == 1
    assert browser.http.cookies.get("idp_session")


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
