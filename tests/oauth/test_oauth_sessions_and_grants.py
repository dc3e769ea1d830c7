"""What issue 21 made first-class: the browser session a token came through (sid) and the
grant of an account to a relying service, driven by Authlib's client against the live IdP."""

from __future__ import annotations

import requests
from oidc_helpers import Browser
from test_oauth_code_flow import decode_id_token

from idp.extensions import db
from idp.models import Grant, Token
from idp.store import grants


def _id_token(browser, person, client, metadata) -> dict:
    first = browser.get(client.authorization_url())
    location = first.headers["Location"]
    if location in ("/en/", "/fr/"):
        location = browser.get(browser.sign_in(person)).headers["Location"]
    return decode_id_token(client.fetch_token(location)["id_token"], metadata)


def test_the_id_token_names_the_browser_session_with_a_sid(browser, person, rp, metadata):
    claims = _id_token(browser, person, rp(), metadata)
    assert len(claims["sid"]) >= 22
    assert "sid" in metadata["claims_supported"]


def test_two_services_signed_in_through_one_browser_session_get_the_same_sid(browser, person, rp, metadata):
    first = _id_token(browser, person, rp(), metadata)
    second = _id_token(browser, person, rp("rp-b", "https://rp-b.example/cb"), metadata)
    assert first["sid"] == second["sid"]


def test_another_browser_gets_another_sid(browser, live_server, person, rp, metadata):
    other = Browser(live_server.url, requests.Session())
    assert _id_token(browser, person, rp(), metadata)["sid"] != _id_token(other, person, rp(), metadata)["sid"]


def test_the_sid_is_not_the_cookie_and_stays_when_the_cookie_rotates(browser, person, rp, metadata):
    before = _id_token(browser, person, rp(), metadata)["sid"]
    cookie = browser.http.cookies.get("idp_session")
    browser.sign_in(person)
    assert browser.http.cookies.get("idp_session") != cookie
    assert before not in (cookie, browser.http.cookies.get("idp_session"))
    assert _id_token(browser, person, rp(), metadata)["sid"] == before


def test_a_sign_in_to_a_service_records_the_grant_and_its_tokens_point_to_it(app, browser, person, rp, metadata):
    _id_token(browser, person, rp(scope="openid profile offline_access"), metadata)
    with app.app_context():
        (grant,) = grants.connected(person.id)
        token = db.session.scalar(db.select(Token))
    assert (grant.client_id, grant.scope) == ("rp-a", "openid profile offline_access")
    assert token.grant_id == grant.id and token.sid


def test_a_second_sign_in_keeps_the_first_use_and_moves_the_last(app, browser, person, rp, metadata, frozen):
    _id_token(browser, person, rp(), metadata)
    frozen.shift(3600)
    browser.sign_in(person)
    _id_token(browser, person, rp(scope="openid email"), metadata)
    with app.app_context():
        (grant,) = db.session.scalars(db.select(Grant)).all()
    assert (grant.last_used_at - grant.first_used_at).total_seconds() == 3600
    assert grant.scope == "openid email"


def test_a_revoked_grant_granted_again_starts_as_a_first_sign_in(app, browser, person, rp, metadata, frozen):
    _id_token(browser, person, rp(), metadata)
    with app.app_context():
        grant_id = grants.connected(person.id)[0].id
        revoked = grants.revoke(grants.Reason.REPLAYED, grant_id=grant_id)
        db.session.commit()
        assert (revoked.tokens, revoked.grants) == (1, 1)
        assert grants.connected(person.id) == []
    frozen.shift(60)
    _id_token(browser, person, rp(), metadata)
    with app.app_context():
        (grant,) = grants.connected(person.id)
    assert grant.id == grant_id and grant.first_used_at == grant.last_used_at and grant.revoked_at is None


def test_revoking_what_a_session_obtained_leaves_other_sessions_tokens(app, browser, live_server, person, rp, metadata):
    other = Browser(live_server.url, requests.Session())
    sid = _id_token(browser, person, rp(), metadata)["sid"]
    _id_token(other, person, rp(), metadata)
    with app.app_context():
        assert grants.revoke(grants.Reason.REPLAYED, sid=sid).tokens == 1
        db.session.commit()
        states = {token.sid == sid: token.revoked_at is not None for token in db.session.scalars(db.select(Token))}
    assert states == {True: True, False: False}
