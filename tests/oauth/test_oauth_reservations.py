"""The reservations relying service against a live identity provider (both on real ports)."""
from __future__ import annotations

from urllib.parse import urlsplit

from oidc_helpers import query


def test_the_home_page_offers_sign_in_in_both_languages(browser, reservations):
    english = browser.get(f"{reservations.url}/")
    assert english.status_code == 200
    assert '<html lang="en">' in english.text and "Sign in" in english.text
    french = browser.get(f"{reservations.url}/?lang=fr")
    assert '<html lang="fr">' in french.text and "Se connecter" in french.text


def sign_in_through_reservations(browser, reservations, person, live_server):
    to_idp = browser.post(f"{reservations.url}/signin")
    assert to_idp.headers["Location"].startswith(f"{live_server.url}/authorize?")
    assert browser.get(to_idp.headers["Location"]).headers["Location"] == "/en/"
    back = browser.get(browser.sign_in(person)).headers["Location"]
    assert back.startswith(f"{reservations.url}/callback?")
    assert query(back)["iss"] == live_server.url
    return browser.get(back)


def test_signing_in_through_the_idp_shows_the_name_and_email_on_the_profile_page(browser, reservations, person, live_server):
    callback = sign_in_through_reservations(browser, reservations, person, live_server)
    assert callback.status_code == 303
    assert urlsplit(callback.headers["Location"]).path == "/profile"
    profile = browser.get(f"{reservations.url}/profile")
    assert "Amélie Tremblay" in profile.text
    assert "amelie.tremblay@example.ca" in profile.text


def test_a_callback_with_a_foreign_issuer_is_refused(browser, reservations):
    assert browser.get(f"{reservations.url}/callback?code=x&state=y&iss=https://evil.example").status_code == 400


def test_signing_out_ends_the_idp_session_and_comes_back_home(browser, reservations, person, live_server):
    sign_in_through_reservations(browser, reservations, person, live_server)
    to_idp = browser.post(f"{reservations.url}/signout")
    assert to_idp.headers["Location"].startswith(f"{live_server.url}/logout?")
    home = browser.get(to_idp.headers["Location"])
    assert home.headers["Location"] == f"{reservations.url}/"
    assert browser.get("/v1/session").json()["data"]["authenticated"] is False
