"""RP-initiated logout at the end-session endpoint, and sign-out from the login UI (POST /v1/logout)."""

from __future__ import annotations

import time
from urllib.parse import urlencode

from oidc_helpers import query


def signed_in(browser) -> bool:
    return browser.get("/v1/session").json()["data"]["authenticated"]


def test_logout_with_a_valid_hint_ends_the_session_and_returns_to_the_registered_uri_with_state(
    signed_in_code, browser
):
    client, location = signed_in_code()
    id_token = client.fetch_token(location)["id_token"]
    assert signed_in(browser)
    response = browser.get(
        "/logout?"
        + urlencode({"id_token_hint": id_token, "post_logout_redirect_uri": "https://rp-a.example/", "state": "bye"})
    )
    assert response.status_code in (302, 303)
    assert response.headers["Location"] == "https://rp-a.example/?state=bye"
    assert not signed_in(browser)


def test_logout_with_a_bad_hint_shows_an_error_page_and_keeps_the_session(signed_in_code, browser):
    signed_in_code()
    response = browser.get(
        "/logout?" + urlencode({"id_token_hint": "not.a.token", "post_logout_redirect_uri": "https://rp-a.example/"})
    )
    assert response.status_code == 400
    assert "Location" not in response.headers
    assert signed_in(browser)


def test_logout_to_an_unregistered_uri_shows_an_error_page_and_keeps_the_session(signed_in_code, browser):
    client, location = signed_in_code()
    id_token = client.fetch_token(location)["id_token"]
    response = browser.get(
        "/logout?"
        + urlencode({"id_token_hint": id_token, "post_logout_redirect_uri": "https://rp-a.example/elsewhere"})
    )
    assert response.status_code == 400
    assert "Location" not in response.headers
    assert signed_in(browser)


def test_logout_without_a_hint_asks_for_confirmation_first(signed_in_code, browser):
    signed_in_code()
    page = browser.get("/logout?ui_locales=fr")
    assert page.status_code == 200
    assert "Se déconnecter?" in page.text
    assert signed_in(browser)
    token = page.text.split('name="token" value="')[1].split('"')[0]
    done = browser.post("/logout", data={"confirm": "yes", "token": token})
    assert done.status_code == 200
    assert not signed_in(browser)


def test_after_logout_the_next_authorization_needs_a_new_sign_in(signed_in_code, browser, rp):
    client, location = signed_in_code()
    id_token = client.fetch_token(location)["id_token"]
    browser.get("/logout?" + urlencode({"id_token_hint": id_token}))
    assert browser.get(rp().authorization_url()).headers["Location"] == "/en/"


def test_the_login_ui_signs_out_with_post_v1_logout(signed_in_code, browser):
    signed_in_code()
    response = browser.post("/v1/logout", json={})
    assert response.json() == {"success": True, "message": "", "data": {}}
    assert not signed_in(browser)


def test_a_prompt_none_after_logout_answers_login_required(signed_in_code, browser, rp):
    signed_in_code()
    browser.post("/v1/logout", json={})
    response = browser.get(rp().authorization_url(prompt="none"))
    assert query(response.headers["Location"])["error"] == "login_required"


def test_another_persons_id_token_asks_first_and_keeps_the_session(signed_in_code, browser, app, live_server):
    import requests
    from oidc_helpers import Browser

    from idp.extensions import db
    from idp.models import User

    client, location = signed_in_code()
    someone_elses = client.fetch_token(location)["id_token"]
    with app.app_context():
        other = User(email="other@example.ca", email_verified=True, password_hash="x", language="en")
        db.session.add(other)
        db.session.commit()
        other_id = other.id
    victim = Browser(live_server.url, requests.Session())
    victim.post("/_test/sign-in", json={"user_id": other_id})
    page = victim.get("/logout?" + urlencode({"id_token_hint": someone_elses}))
    assert page.status_code == 200 and "Sign out?" in page.text
    assert signed_in(victim)


def test_the_confirmation_form_needs_the_token_the_page_carried(signed_in_code, browser):
    signed_in_code()
    page = browser.get("/logout")
    forged = browser.post("/logout", data={"confirm": "yes"})
    assert forged.status_code == 200 and "Sign out?" in forged.text
    assert signed_in(browser)
    token = page.text.split('name="token" value="')[1].split('"')[0]
    browser.post("/logout", data={"confirm": "yes", "token": token})
    assert not signed_in(browser)


def test_a_persons_own_expired_id_token_still_signs_out_at_once(signed_in_code, browser):
    import time_machine

    client, location = signed_in_code()
    id_token = client.fetch_token(location)["id_token"]
    start = time.time()
    for minutes in (25, 50, 65):
        with time_machine.travel(start + minutes * 60):
            assert signed_in(browser)
    with time_machine.travel(start + 65 * 60):
        response = browser.get(
            "/logout?" + urlencode({"id_token_hint": id_token, "post_logout_redirect_uri": "https://rp-a.example/"})
        )
        assert response.headers["Location"] == "https://rp-a.example/"
        assert not signed_in(browser)


def test_logout_by_client_id_and_registered_uri_without_a_hint_asks_then_returns_to_the_service(
    signed_in_code, browser
):
    """As login.gov's services sign out: client_id and post_logout_redirect_uri, no id_token_hint."""
    signed_in_code()
    query = "client_id=rp-a&post_logout_redirect_uri=https%3A%2F%2Frp-a.example%2F&state=s1"
    page = browser.get(f"/logout?{query}")
    assert page.status_code == 200 and signed_in(browser)
    token = page.text.split('name="token" value="')[1].split('"')[0]
    fields = dict(item.split("=", 1) for item in query.split("&"))
    from urllib.parse import unquote

    done = browser.post(
        "/logout", data={"confirm": "yes", "token": token, **{k: unquote(v) for k, v in fields.items()}}
    )
    assert done.status_code in (302, 303) and done.headers["Location"] == "https://rp-a.example/?state=s1"
    assert not signed_in(browser)


def test_logout_by_client_id_to_another_services_uri_is_refused(signed_in_code, browser):
    signed_in_code()
    page = browser.get("/logout?client_id=rp-a&post_logout_redirect_uri=https%3A%2F%2Frp-b.example%2F")
    assert page.status_code == 400 and signed_in(browser)
