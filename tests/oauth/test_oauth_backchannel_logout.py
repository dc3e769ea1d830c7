"""Back-channel logout (OpenID Connect Back-Channel Logout 1.0): when a browser session ends,
every service signed in through it that registered a backchannel_logout_uri gets a signed
logout token — and a service that is down never delays the person. Mirrors the conformance
suite's oidcc-backchannel-rp-initiated-logout checks of the token (typ, iss, aud, iat, jti,
events, sid, sub, no nonce).

A service that registered backchannel_logout_session_required (rp-bc here) identifies its
sessions by sid alone: every logout token it receives carries one. Abuse and degraded cases:
- The person disconnects it from their account page, signed in to it in two browsers (a laptop
  and a phone): it gets one token per browser session it was signed in through, each with its
  sid and sub, and none naming the sub alone (which it would refuse, and keep the person signed
  in there). A session that signed in to another service only is not named to it.
- One of those browser sessions expired at the provider without a word (an expiry tells
  nobody) while the service still holds its tokens: the disconnection names it too (its
  tokens name their session).
- The person's browser sessions go on after a disconnection: a later sign-in through one of
  them carries the same sid, which the service takes (docs/integrators.md says so).
"""

from __future__ import annotations

import time

import pytest
import requests
import time_machine
from oidc_helpers import BACKCHANNEL_PORT, Browser, decoded

from idp import jobs, sessions
from idp.extensions import db
from idp.models import BrowserSession
from idp.oauth import backchannel
from tests.support.outside import Outside, dripped, http

EVENT = "http://schemas.openid.net/event/backchannel-logout"


def signed_in_to_rp_bc(signed_in_code, rp) -> dict:
    client, location = signed_in_code(rp("rp-bc", "https://rp-bc.example/cb"))
    return client.fetch_token(location)


def test_discovery_advertises_back_channel_logout_with_sessions(metadata):
    assert metadata["backchannel_logout_supported"] is True
    assert metadata["backchannel_logout_session_supported"] is True


def test_signing_out_at_the_provider_sends_the_service_a_logout_token(signed_in_code, rp, browser, metadata, receiver):
    id_token = decoded(signed_in_to_rp_bc(signed_in_code, rp)["id_token"], metadata).claims
    assert browser.post("/v1/logout", json={}).status_code == 200
    (token,) = receiver.wait()
    logout = decoded(token, metadata)
    assert logout.header["typ"] == "logout+jwt" and logout.header["alg"] == "ES256"
    claims = logout.claims
    assert claims["iss"] == metadata["issuer"] and claims["aud"] == "rp-bc"
    assert claims["sid"] == id_token["sid"] and claims["sub"] == id_token["sub"]
    assert claims["events"] == {EVENT: {}} and "nonce" not in claims
    assert claims["jti"] and claims["iat"] <= time.time() < claims["exp"]


def test_a_service_the_session_never_signed_in_to_is_not_told(signed_in_code, rp, browser, receiver):
    client, location = signed_in_code(rp())  # rp-a only
    client.fetch_token(location)
    browser.post("/v1/logout", json={})
    time.sleep(0.5)
    assert receiver.tokens == []


def test_a_service_that_is_down_does_not_delay_the_sign_out(signed_in_code, rp, browser, receiver):
    signed_in_to_rp_bc(signed_in_code, rp)
    receiver.stall_seconds = 3
    started = time.monotonic()
    assert browser.post("/v1/logout", json={}).status_code == 200
    assert time.monotonic() - started < 1.5
    assert browser.get("/v1/session").json()["data"]["authenticated"] is False
    # the token still reaches the service once it answers, here: on a loaded machine the
    # delivery, made after the answer, reached the next test's receiver on the same port
    assert len(receiver.wait(seconds=10)) == 1


def test_sessions_ended_by_a_changed_factor_tell_their_services(app, signed_in_code, rp, metadata, receiver, person):
    signed_in_to_rp_bc(signed_in_code, rp)
    with app.app_context():  # outside a request the job runs at once
        keep = BrowserSession(token_hash="k" * 64, user_id=person.id, expires_at=sessions.now())
        db.session.add(keep)
        db.session.flush()
        sessions.end_others(person.id, keep, sessions.Reason.FACTOR_CHANGED)
        db.session.commit()
    (token,) = receiver.wait()
    assert decoded(token, metadata).claims["aud"] == "rp-bc"


def test_a_session_signed_in_to_a_service_twice_tells_it_once(signed_in_code, rp, browser, receiver):
    signed_in_to_rp_bc(signed_in_code, rp)
    signed_in_to_rp_bc(signed_in_code, rp)
    browser.post("/v1/logout", json={})
    receiver.wait()
    time.sleep(0.3)
    assert len(receiver.tokens) == 1


def test_a_service_that_drips_its_answer_is_cut_off_at_the_deadline(app, monkeypatch):
    monkeypatch.setitem(app.config["IDP"]["oauth"], "backchannel_logout_timeout_seconds", 1)
    answer = http(200, b"ok")
    service = Outside(lambda path: dripped(answer), port=BACKCHANNEL_PORT, drip_seconds=0.2)
    try:
        started = time.monotonic()
        with (
            app.app_context(),
            pytest.raises(jobs.Failed, match="back-channel logout to rp-bc: no whole answer within 1 s"),
        ):
            backchannel.deliver({"client_id": "rp-bc", "sub": "someone", "sid": "a-session"})
        assert time.monotonic() - started < 2  # each byte came well within the timeout of a read
        assert service.paths == ["/logout"]
    finally:
        service.stop()


def _signed_in_elsewhere(live_server, person, client) -> tuple[Browser, dict]:
    """Another browser of the person's, signed in to `client`: the browser and the ID token's claims."""
    other = Browser(live_server.url, requests.Session())
    assert other.get(client.authorization_url()).status_code == 303
    location = other.get(other.sign_in(person)).headers["Location"]
    return other, decoded(client.fetch_token(location)["id_token"], client.metadata).claims


def _logouts(receiver, metadata, count: int) -> list[dict]:
    """The claims of the logout tokens rp-bc received, once `count` arrived."""
    deadline = time.monotonic() + 5
    while len(receiver.tokens) < count and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.3)  # and no more
    return [decoded(token, metadata).claims for token in receiver.tokens]


def test_disconnecting_a_service_that_requires_sid_names_each_session_it_was_signed_in_through(
    signed_in_code, rp, browser, live_server, person, metadata, receiver
):
    laptop = decoded(signed_in_to_rp_bc(signed_in_code, rp)["id_token"], metadata).claims
    _, phone = _signed_in_elsewhere(live_server, person, rp("rp-bc", "https://rp-bc.example/cb"))
    _signed_in_elsewhere(live_server, person, rp())  # a third browser, signed in to rp-a only

    assert browser.post("/v1/account/services/disconnect", json={"service": "rp-bc"}).status_code == 200

    claims = _logouts(receiver, metadata, 2)
    assert sorted((logout["sid"], logout["sub"]) for logout in claims) == sorted(
        [(laptop["sid"], laptop["sub"]), (phone["sid"], phone["sub"])]
    )
    assert all(logout["aud"] == "rp-bc" and logout["events"] == {EVENT: {}} for logout in claims)


def test_a_session_that_expired_unannounced_is_named_at_disconnection_while_its_tokens_are_kept(
    app, signed_in_code, rp, browser, live_server, person, metadata, receiver
):
    client = rp("rp-bc", "https://rp-bc.example/cb")
    phone, earlier = _signed_in_elsewhere(live_server, person, client)
    idle = app.config["IDP"]["session"]["idle_timeout_seconds"]
    with time_machine.travel(time.time() + idle + 60):
        assert phone.get("/v1/session").json()["data"]["authenticated"] is False  # expired: nobody told
        assert receiver.tokens == []
        now = decoded(signed_in_to_rp_bc(signed_in_code, rp)["id_token"], metadata).claims
        assert browser.post("/v1/account/services/disconnect", json={"service": "rp-bc"}).status_code == 200
        claims = _logouts(receiver, metadata, 2)
    assert sorted(logout["sid"] for logout in claims) == sorted([earlier["sid"], now["sid"]])
    assert all("sub" in logout for logout in claims)


def test_after_a_disconnection_the_same_browser_signs_in_again_with_the_same_sid(
    signed_in_code, rp, browser, metadata, receiver
):
    before = decoded(signed_in_to_rp_bc(signed_in_code, rp)["id_token"], metadata).claims
    browser.post("/v1/account/services/disconnect", json={"service": "rp-bc"})
    (logout,) = _logouts(receiver, metadata, 1)
    after = decoded(signed_in_to_rp_bc(signed_in_code, rp)["id_token"], metadata).claims
    assert logout["sid"] == before["sid"] == after["sid"]
