"""The lean path of /token and /userinfo (idp/oauth/exchange.py): on PostgreSQL a good code
exchange, refresh and userinfo are answered before the framework, as the framework answers
them; anything else reaches the framework with its body, and gets the framework's answer —
the same as with the lean path turned off (two client-authentication methods, a form
client_id of another client, a parameter given twice: tests/oauth/test_oauth_one_authentication.py)."""

from __future__ import annotations

import pytest
import requests
from flask import request, request_started
from oidc_helpers import SECRET, query

from idp.oauth.exchange import Exchange
from tests.conftest import TEST_DATABASE_URL

pytestmark = pytest.mark.skipif(not TEST_DATABASE_URL, reason="the lean path serves PostgreSQL only")

# What may differ between two answers of the same kind.
OWN_VALUES = {"Date", "Content-Length", "X-Correlation-ID", "Server"}


@pytest.fixture
def framework(app):
    """The paths the framework served (Flask's request_started), in order."""
    served = []

    def started(sender, **extra):
        served.append(request.path)

    request_started.connect(started, app)
    yield served
    request_started.disconnect(started, app)


@pytest.fixture
def lean_path_off(app, monkeypatch):
    """Call it to send every later request of the test to the framework."""

    def off():
        layer = app.wsgi_app
        while not isinstance(layer, Exchange):
            layer = layer.app
        monkeypatch.setattr(layer, "answers", {})

    return off


def offline(signed_in_code, rp):
    client, location = signed_in_code(rp(scope="openid profile email offline_access"))
    return client, client.fetch_token(location)


def refresh(client, refresh_token: str, **form) -> requests.Response:
    return requests.post(
        client.metadata["token_endpoint"],
        auth=(client.client_id, SECRET),
        data={"grant_type": "refresh_token", "refresh_token": refresh_token, **form},
        timeout=30,
    )


def userinfo(client, access_token: str) -> requests.Response:
    return requests.get(
        client.metadata["userinfo_endpoint"], headers={"Authorization": f"Bearer {access_token}"}, timeout=30
    )


def test_a_code_exchange_is_answered_before_the_framework(signed_in_code, framework):
    client, location = signed_in_code()
    token = client.fetch_token(location)
    assert token["id_token"] and token["token_type"] == "Bearer"
    assert "/token" not in framework


def test_a_refresh_and_userinfo_are_answered_before_the_framework(signed_in_code, rp, framework, person):
    client, token = offline(signed_in_code, rp)
    refreshed = refresh(client, token["refresh_token"])
    claims = userinfo(client, refreshed.json()["access_token"])
    assert refreshed.status_code == 200 and refreshed.json()["refresh_token"] != token["refresh_token"]
    assert claims.status_code == 200 and claims.json()["email"] == person.email
    assert "/token" not in framework and "/userinfo" not in framework


def test_userinfo_answers_the_same_before_the_framework_and_in_it(signed_in_code, framework):
    client, location = signed_in_code()
    access_token = client.fetch_token(location)["access_token"]
    lean = userinfo(client, access_token)
    # RFC 6750's form field is the framework's to read
    framed = requests.post(client.metadata["userinfo_endpoint"], data={"access_token": access_token}, timeout=30)
    assert framework[-1:] == ["/userinfo"]
    assert (lean.status_code, lean.json()) == (framed.status_code, framed.json())
    assert {name: value for name, value in lean.headers.items() if name not in OWN_VALUES} == {
        name: value for name, value in framed.headers.items() if name not in OWN_VALUES
    }


def test_a_signed_userinfo_is_answered_before_the_framework(signed_in_code, rp, framework):
    client, location = signed_in_code(rp("rp-es", "https://rp-es.example/cb"))
    answer = userinfo(client, client.fetch_token(location)["access_token"])
    assert answer.status_code == 200 and answer.headers["Content-Type"] == "application/jwt"
    assert "/userinfo" not in framework


def test_a_replayed_code_reaches_the_framework_which_ends_its_tokens(signed_in_code, framework):
    client, location = signed_in_code()
    first = client.fetch_token(location)
    replayed = requests.post(
        client.metadata["token_endpoint"],
        auth=(client.client_id, SECRET),
        timeout=30,
        data={
            "grant_type": "authorization_code",
            "code": query(location)["code"],
            "redirect_uri": client.redirect_uri,
            "code_verifier": client.verifier,
        },
    )
    assert (replayed.status_code, replayed.json()["error"]) == (400, "invalid_grant")
    assert framework.count("/token") == 1
    assert userinfo(client, first["access_token"]).status_code == 401


def test_a_narrower_scope_at_refresh_reaches_the_framework_with_its_form(signed_in_code, rp, framework):
    client, token = offline(signed_in_code, rp)
    narrowed = refresh(client, token["refresh_token"], scope="openid offline_access")
    assert narrowed.status_code == 200 and narrowed.json()["scope"] == "openid offline_access"
    assert framework.count("/token") == 1


def test_a_wrong_secret_gets_the_framework_s_invalid_client(signed_in_code, framework):
    client, location = signed_in_code()
    answer = requests.post(
        client.metadata["token_endpoint"],
        auth=(client.client_id, "not-the-secret"),
        timeout=30,
        data={
            "grant_type": "authorization_code",
            "code": query(location)["code"],
            "redirect_uri": client.redirect_uri,
            "code_verifier": client.verifier,
        },
    )
    assert (answer.status_code, answer.json()["error"]) == (401, "invalid_client")
    assert framework.count("/token") == 1


def test_a_lean_answer_carries_the_headers_of_every_answer_and_the_given_correlation_id(signed_in_code, framework):
    client, location = signed_in_code()
    token = client.fetch_token(location, headers={"X-Correlation-ID": "rp-a-exchange-0001"})
    assert token["access_token"]
    answer = userinfo(client, token["access_token"])
    for name in ("Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options"):
        assert answer.headers[name]
    assert (answer.headers["Cache-Control"], answer.headers["Pragma"]) == ("no-store", "no-cache")
    given = requests.get(
        client.metadata["userinfo_endpoint"],
        timeout=30,
        headers={"Authorization": f"Bearer {token['access_token']}", "X-Correlation-ID": "rp-a-userinfo-0001"},
    )
    assert given.headers["X-Correlation-ID"] == "rp-a-userinfo-0001"
    assert "/token" not in framework and "/userinfo" not in framework


def test_a_lean_answer_counts_its_request_and_its_cpu_under_its_route(signed_in_code, framework):
    from idp import metrics

    before = (
        metrics.REQUESTS.labels("/token", "POST", "200")._value.get(),
        metrics.REQUEST_CPU.labels("/token")._value.get(),
    )
    client, location = signed_in_code()
    client.fetch_token(location)
    after = (
        metrics.REQUESTS.labels("/token", "POST", "200")._value.get(),
        metrics.REQUEST_CPU.labels("/token")._value.get(),
    )
    assert after[0] == before[0] + 1 and after[1] > before[1]


# Requests the lean path could read but must refuse, as the framework does (RFC 6749 sections 2.3, 3.2).
REFUSED = {
    "two methods": lambda grant: {"auth": ("rp-a", SECRET), "data": {**grant, "client_secret": SECRET}},
    "a form client_id of another client": lambda grant: {
        "auth": ("rp-a", SECRET),
        "data": {**grant, "client_id": "reservations"},
    },
    "a parameter twice": lambda grant: {
        "auth": ("rp-a", SECRET),
        "data": [*grant.items(), ("grant_type", grant["grant_type"])],
    },
}


@pytest.mark.parametrize("grant_type", ["authorization_code", "refresh_token"])
@pytest.mark.parametrize("case", REFUSED)
def test_a_refusal_is_the_same_before_the_framework_and_in_it(
    signed_in_code, rp, framework, lean_path_off, grant_type, case
):
    if grant_type == "authorization_code":
        client, location = signed_in_code()
        grant = {
            "grant_type": grant_type,
            "code": query(location)["code"],
            "redirect_uri": client.redirect_uri,
            "code_verifier": client.verifier,
        }
    else:
        client, token = offline(signed_in_code, rp)
        grant = {"grant_type": grant_type, "refresh_token": token["refresh_token"]}
    lean = requests.post(client.metadata["token_endpoint"], timeout=30, **REFUSED[case](grant))
    lean_path_off()
    framed = requests.post(client.metadata["token_endpoint"], timeout=30, **REFUSED[case](grant))
    assert framework.count("/token") == 2
    assert (lean.status_code, lean.json()["error"]) == (400, "invalid_request")
    assert (lean.status_code, lean.json()) == (framed.status_code, framed.json())
    assert {name: value for name, value in lean.headers.items() if name not in OWN_VALUES} == {
        name: value for name, value in framed.headers.items() if name not in OWN_VALUES
    }
