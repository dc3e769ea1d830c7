"""The reservations relying service against a live identity provider (both on real ports)."""

from __future__ import annotations

from urllib.parse import urlsplit

from oidc_helpers import query

from idp.extensions import db
from idp.models import Token
from idp.store import grants


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


def test_signing_in_through_the_idp_shows_the_name_and_email_on_the_profile_page(
    browser, reservations, person, live_server
):
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


def test_the_reservations_service_keeps_the_person_signed_in_with_a_refresh_token(
    browser, reservations, person, live_server, app, monkeypatch
):
    # Access tokens that live 10 s: the service (Authlib renews one with 60 s left) must refresh.
    monkeypatch.setitem(app.config["IDP"]["oauth"], "access_token_lifetime_seconds", 10)
    sign_in_through_reservations(browser, reservations, person, live_server)
    profile = browser.get(f"{reservations.url}/profile")
    assert profile.status_code == 200 and "Amélie Tremblay" in profile.text
    with app.app_context():
        tokens = db.session.scalars(db.select(Token).order_by(Token.id)).all()
    assert len(tokens) >= 2
    assert [token.revoked_at is None for token in tokens] == [False] * (len(tokens) - 1) + [True]
    assert all(token.refresh_token_hash for token in tokens)


def test_the_reservations_service_forgets_a_person_whose_tokens_were_revoked(
    browser, reservations, person, live_server, app
):
    sign_in_through_reservations(browser, reservations, person, live_server)
    with app.app_context():
        grants.revoke(grants.Reason.FACTOR_CHANGED, user_id=person.id)
        db.session.commit()
    signed_out = browser.get(f"{reservations.url}/profile")
    assert signed_out.status_code == 302 and urlsplit(signed_out.headers["Location"]).path == "/"


def test_signing_out_at_the_provider_signs_the_person_out_of_reservations(browser, reservations, person, live_server):
    import time

    sign_in_through_reservations(browser, reservations, person, live_server)
    assert browser.get(f"{reservations.url}/profile").status_code == 200
    assert browser.post("/v1/logout", json={}).status_code == 200
    deadline = time.monotonic() + 5
    while browser.get(f"{reservations.url}/profile").status_code == 200 and time.monotonic() < deadline:
        time.sleep(0.1)  # the logout token leaves right after the answer to the person
    profile = browser.get(f"{reservations.url}/profile")
    assert profile.status_code == 302 and urlsplit(profile.headers["Location"]).path == "/"
    assert "Amélie Tremblay" not in browser.get(f"{reservations.url}/").text


def test_reservations_refuses_a_logout_token_it_cannot_verify(browser, reservations, person, live_server):
    import requests
    from joserfc import jwt
    from joserfc.jwk import ECKey

    sign_in_through_reservations(browser, reservations, person, live_server)
    forged_key = ECKey.generate_key("P-256", parameters={"kid": "forged"})
    claims = {
        "iss": live_server.url,
        "aud": "reservations",
        "iat": 0,
        "jti": "x",
        "sid": "any",
        "events": {"http://schemas.openid.net/event/backchannel-logout": {}},
    }
    forged = jwt.encode({"alg": "ES256", "kid": "forged"}, claims, forged_key)
    answer = requests.post(f"{reservations.url}/backchannel-logout", data={"logout_token": forged}, timeout=10)
    assert (answer.status_code, answer.json()) == (400, {"error": "invalid_request"})
    assert browser.get(f"{reservations.url}/profile").status_code == 200


def _until_signed_out(browser, reservations) -> None:
    import time

    deadline = time.monotonic() + 5
    while browser.get(f"{reservations.url}/profile").status_code == 200 and time.monotonic() < deadline:
        time.sleep(0.1)  # the logout token leaves right after the answer to the person


def test_a_logout_token_naming_the_account_signs_the_person_out_and_a_later_sign_in_stays(
    browser, reservations, person, live_server, app
):
    from idp.oauth import backchannel

    sign_in_through_reservations(browser, reservations, person, live_server)
    with app.app_context():  # as account deletion and "Disconnect" tell it: the sub, no sid
        backchannel.tell_account(person.id, ["reservations"])
    _until_signed_out(browser, reservations)
    assert urlsplit(browser.get(f"{reservations.url}/profile").headers["Location"]).path == "/"

    # the same browser, still signed in at the provider: the same sid and sub come back
    to_idp = browser.post(f"{reservations.url}/signin")
    back = browser.get(to_idp.headers["Location"]).headers["Location"]
    assert back.startswith(f"{reservations.url}/callback?")
    browser.get(back)
    assert "Amélie Tremblay" in browser.get(f"{reservations.url}/profile").text


def test_disconnecting_reservations_signs_the_person_out_there_and_the_next_sign_in_stays(
    browser, reservations, person, live_server
):
    sign_in_through_reservations(browser, reservations, person, live_server)
    assert browser.post("/v1/account/services/disconnect", json={"service": "reservations"}).status_code == 200
    _until_signed_out(browser, reservations)
    to_idp = browser.post(f"{reservations.url}/signin")
    browser.get(browser.get(to_idp.headers["Location"]).headers["Location"])
    profile = browser.get(f"{reservations.url}/profile")
    assert profile.status_code == 200 and "Amélie Tremblay" in profile.text
