"""No input reaches a server error at the OAuth endpoints: characters outside printable ASCII
in any parameter get OAuth's invalid_request (token, userinfo) or the bilingual error page
(authorize, logout), and a property-based run over /authorize, /token, /userinfo and /logout
holds 0 answers of 5xx."""

from __future__ import annotations

import base64

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oidc_helpers import SECRET

from idp import clients
from idp.oauth import client_auth, errors

AUTHORIZE = {
    "client_id": "reservations",
    "response_type": "code",
    "scope": "openid",
    "state": "s",
    "code_challenge": "a" * 43,
    "code_challenge_method": "S256",
}
BASIC = "Basic " + base64.b64encode(f"reservations:{SECRET}".encode()).decode()


@pytest.fixture
def registered(app) -> dict[str, str]:
    """The reservations client's registered addresses: only the parameter under test is wrong."""
    with app.app_context():
        client = clients.registry().get("reservations")
    return {"redirect_uri": client.redirect_uris[0], "post_logout_redirect_uri": client.post_logout_redirect_uris[0]}


def test_a_well_formed_request_gets_past_the_check(client, registered):
    answer = client.get("/authorize", query_string=AUTHORIZE | {"redirect_uri": registered["redirect_uri"]})
    assert answer.status_code == 303  # to the login UI


@pytest.mark.parametrize(
    "parameter, value",
    [
        ("redirect_uri", None),
        ("response_type", "codé"),
        ("client_id", "réservations"),
        ("scopé", "openid"),
    ],
)
def test_authorize_with_characters_outside_printable_ascii_in_its_addressing_shows_the_error_page(
    client, registered, parameter, value
):
    value = value or registered["redirect_uri"] + "É"
    answer = client.get(
        "/authorize", query_string=AUTHORIZE | {"redirect_uri": registered["redirect_uri"], parameter: value}
    )
    assert answer.status_code == 400
    assert "We cannot continue" in answer.get_data(as_text=True)


def test_the_token_endpoint_answers_invalid_request_to_characters_outside_printable_ascii(client):
    answer = client.post(
        "/token", data={"grant_type": "authorization_code", "code": "é"}, headers={"Authorization": BASIC}
    )
    assert (answer.status_code, answer.json["error"]) == (400, "invalid_request")


def test_a_parameter_outside_printable_ascii_is_told_to_send_printable_ascii(client):
    answer = client.post(
        "/token", data={"grant_type": "authorization_code", "code": "é"}, headers={"Authorization": BASIC}
    )
    assert answer.json["error_description"] == (
        "The parameter 'code' holds characters outside printable ASCII: "
        "send printable ASCII only, percent-encoded in a URL."
    )


def test_a_nul_character_is_told_to_be_removed(client):
    answer = client.post(
        "/token",
        data={"grant_type": "authorization_code", "code": "a"},
        headers={"Authorization": BASIC, "X-Note": "a\x00b"},
    )
    assert answer.json["error_description"] == "The request's header holds a NUL character: remove it."


def test_userinfo_answers_invalid_request_to_characters_outside_printable_ascii(client):
    answer = client.get("/userinfo", query_string={"access_token": "tøken"})
    assert (answer.status_code, answer.json["error"]) == (400, "invalid_request")


def test_logout_with_characters_outside_printable_ascii_shows_the_error_page(client, registered):
    answer = client.get(
        "/logout", query_string={"post_logout_redirect_uri": registered["post_logout_redirect_uri"], "state": "é"}
    )
    assert answer.status_code == 400
    assert "We cannot continue" in answer.get_data(as_text=True)


def test_a_login_hint_may_be_any_text(client):
    answer = client.get(
        "/authorize",
        query_string=AUTHORIZE | {"redirect_uri": "https://nowhere.example/", "login_hint": "zoë@example.ca"},
    )
    assert answer.status_code < 500


# Any text but lone surrogates, which no client can put in a URL.
TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)
NAMES = [
    "client_id",
    "response_type",
    "redirect_uri",
    "scope",
    "state",
    "nonce",
    "prompt",
    "max_age",
    "ui_locales",
    "code_challenge",
    "code_challenge_method",
    "login_hint",
    "id_token_hint",
    "post_logout_redirect_uri",
    "grant_type",
    "code",
    "code_verifier",
    "refresh_token",
    "client_secret",
    "access_token",
    "request",
    "request_uri",
    "acr_values",
    "token",
    "token_type_hint",
    "client_assertion",
    "client_assertion_type",
]
PARAMETERS = st.dictionaries(st.sampled_from(NAMES) | TEXT, TEXT, max_size=6)


@pytest.mark.parametrize(
    "method, path, headers",
    [
        ("GET", "/authorize", {}),
        ("POST", "/authorize", {}),
        ("POST", "/token", {"Authorization": BASIC}),
        ("POST", "/token", {}),
        ("GET", "/userinfo", {"Authorization": "Bearer not-a-token"}),
        ("GET", "/logout", {}),
        ("POST", "/logout", {}),
        ("POST", "/par", {"Authorization": BASIC}),
        ("POST", "/par", {}),
        ("POST", "/revoke", {"Authorization": BASIC}),
        ("POST", "/introspect", {"Authorization": BASIC}),
    ],
)
def test_no_parameters_reach_a_server_error(app, client, method, path, headers):
    @given(parameters=PARAMETERS)
    @settings(max_examples=60, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    def never_a_server_error(parameters):
        if method == "GET":
            answer = client.get(path, query_string=parameters, headers=headers)
        else:
            answer = client.post(path, data=parameters, headers=headers)
        assert answer.status_code < 500, (parameters, answer.get_data(as_text=True)[:300])

    never_a_server_error()


def test_every_reworded_description_holds_only_the_characters_rfc_6749_allows():
    # RFC 6749 section 5.2: error_description is %x20-21 / %x23-5B / %x5D-7E (no quote, no backslash)
    allowed = {chr(code) for code in range(0x20, 0x7F)} - {'"', "\\"}
    for text in [*errors.REWORDED.values(), *client_auth.HOW.values()]:
        assert set(text) <= allowed, text
