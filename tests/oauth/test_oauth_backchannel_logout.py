"""Back-channel logout (OpenID Connect Back-Channel Logout 1.0): when a browser session ends,
every service signed in through it that registered a backchannel_logout_uri gets a signed
logout token — and a service that is down never delays the person. Mirrors the conformance
suite's oidcc-backchannel-rp-initiated-logout checks of the token (typ, iss, aud, iat, jti,
events, sid, sub, no nonce)."""
from __future__ import annotations

import time

import pytest
from oidc_helpers import BACKCHANNEL_PORT, decoded

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
        with app.app_context(), pytest.raises(jobs.Failed, match="back-channel logout to rp-bc: no whole answer within 1 s"):
            backchannel.deliver({"client_id": "rp-bc", "sub": "someone", "sid": "a-session"})
        assert time.monotonic() - started < 2  # each byte came well within the timeout of a read
        assert service.paths == ["/logout"]
    finally:
        service.stop()
