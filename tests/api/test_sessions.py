"""Browser sessions: an idle timeout that reading pages resets, and an absolute one."""

from __future__ import annotations

import flask
import pytest


@pytest.fixture
def signed_in(signup, frozen):
    signup.through("profile")


def is_signed_in(client) -> bool:
    return client.get("/v1/profile").status_code == 200


def test_a_session_ends_after_the_idle_timeout_without_a_request(client, signed_in, frozen):
    frozen.shift(30 * 60)
    assert not is_signed_in(client)


def test_reading_pages_keeps_a_session_alive(client, signed_in, frozen):
    for _ in range(6):
        frozen.shift(20 * 60)
        assert client.get("/v1/session").json["data"]["authenticated"]
    assert is_signed_in(client)


def test_a_session_ends_after_the_absolute_timeout_however_active(client, signed_in, frozen):
    for _ in range(36):
        frozen.shift(20 * 60)
        client.get("/v1/session")
    assert not is_signed_in(client)


def test_flasks_own_cookie_session_stays_closed_so_nothing_can_set_a_second_session_cookie(app):
    with app.test_request_context("/v1/session"):
        app.preprocess_request()
        with pytest.raises(RuntimeError, match="idp/sessions/"):
            flask.session["anything"] = "kept in a cookie"
