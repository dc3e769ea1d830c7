"""No input reaches a server error at the OAuth endpoints, on SQLite and on PostgreSQL (CI runs
this file on PostgreSQL, which refuses a NUL in any text it stores): the headers a service or a
browser sends (Authorization above all), absurd numbers and every JSON type in each claim of
the JWTs the provider reads (client assertions, request objects, id_token_hint), and the
shapes an outside review found answering 500, each a regression test."""

from __future__ import annotations

import base64
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from joserfc import jwt
from oidc_helpers import JWT_CLIENT_KEY, SECRET

from idp import clients, keys
from tests.oauth.test_oauth_malformed_input import AUTHORIZE

ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
SETTINGS = settings(
    max_examples=40, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck), database=None
)
# Numbers and types no claim takes: the largest doubles, integers beyond 64 bits, and the rest of JSON.
ABSURD = [
    1e308,
    -1e308,
    10**400,
    -(10**400),
    2**63,
    -1,
    0,
    0.5,
    True,
    None,
    "",
    "\x00",
    "9" * 400,
    [],
    {},
    [1e308],
    {"a": 1e308},
]
CLAIM_VALUE = st.sampled_from(ABSURD) | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20)


@pytest.fixture
def issuer(app) -> str:
    return app.config["IDP"]["server"]["issuer"]


@pytest.fixture
def redirect_uri(app) -> str:
    with app.app_context():
        return clients.registry().get("reservations").redirect_uris[0]


def _signed(claims: dict, key=JWT_CLIENT_KEY) -> str:
    return jwt.encode({"alg": "ES256", "kid": key.kid}, claims, key, algorithms=["ES256"])


def test_a_nul_in_the_nonce_goes_back_to_the_service_as_invalid_request(client, redirect_uri):
    answer = client.get("/authorize", query_string=AUTHORIZE | {"redirect_uri": redirect_uri, "nonce": "n\x00nce"})
    assert answer.status_code == 303
    assert answer.location.startswith(redirect_uri + "?error=invalid_request")
    assert "nonce" in answer.location


def test_a_control_character_in_the_login_hint_goes_back_to_the_service_as_invalid_request(client, redirect_uri):
    answer = client.get(
        "/authorize", query_string=AUTHORIZE | {"redirect_uri": redirect_uri, "login_hint": "zoë\x00@example.ca"}
    )
    assert answer.location.startswith(redirect_uri + "?error=invalid_request")


@pytest.mark.parametrize("path", ["/token", "/par", "/revoke", "/introspect"])
@pytest.mark.parametrize(
    "credentials",
    [b"r\xe9servations:secret", b"reservations:\xff\xfe", b"\x00:\x00"],
    ids=["Latin-1 id", "bytes secret", "NUL"],
)
def test_basic_credentials_that_are_not_printable_ascii_are_invalid_client(client, path, credentials):
    answer = client.post(
        path,
        data={"grant_type": "authorization_code", "code": "x", "token": "x"},
        headers={"Authorization": "Basic " + base64.b64encode(credentials).decode()},
    )
    assert (answer.status_code, answer.json["error"]) == (401, "invalid_client")
    assert answer.headers["WWW-Authenticate"].startswith("Basic ")


AUTHORIZATION = st.sampled_from(["Basic ", "basic ", "Basic\t", "Bearer ", "DPoP ", "Negotiate ", ""]).flatmap(
    lambda scheme: (
        st.binary(max_size=40).map(lambda raw: scheme + base64.b64encode(raw).decode())
        | st.text(st.characters(max_codepoint=255, blacklist_characters="\r\n"), max_size=40).map(
            lambda text: scheme + text
        )
    )
)
HEADER_TEXT = st.text(st.characters(max_codepoint=255, blacklist_characters="\r\n"), max_size=40)
HEADERS = st.fixed_dictionaries(
    {"Authorization": AUTHORIZATION},
    optional={
        "Cookie": HEADER_TEXT,
        "Content-Type": HEADER_TEXT
        | st.sampled_from(
            ["application/x-www-form-urlencoded; charset=utf-16", "multipart/form-data; boundary=", "application/jwt"]
        ),
        "Accept-Language": HEADER_TEXT,
        "DPoP": HEADER_TEXT,
        "User-Agent": HEADER_TEXT,
    },
)


@pytest.mark.parametrize(
    "method, path",
    [
        ("POST", "/token"),
        ("POST", "/par"),
        ("POST", "/revoke"),
        ("POST", "/introspect"),
        ("GET", "/userinfo"),
        ("POST", "/userinfo"),
        ("GET", "/authorize"),
        ("GET", "/logout"),
    ],
)
def test_no_header_reaches_a_server_error(client, redirect_uri, method, path):
    form = {"grant_type": "authorization_code", "code": "x", "token": "x", "client_id": "reservations"}

    @given(headers=HEADERS)
    @SETTINGS
    def never_a_server_error(headers):
        if method == "GET":
            answer = client.get(path, query_string=AUTHORIZE | {"redirect_uri": redirect_uri}, headers=headers)
        else:
            answer = client.post(path, data=form, headers=headers)
        assert answer.status_code < 500, (headers, answer.get_data(as_text=True)[:300])

    never_a_server_error()


ASSERTION_CLAIMS = ["iss", "sub", "aud", "exp", "iat", "nbf", "jti"]


def test_no_claim_of_a_client_assertion_reaches_a_server_error(client, issuer):
    @given(claim=st.sampled_from(ASSERTION_CLAIMS), value=CLAIM_VALUE)
    @SETTINGS
    def never_a_server_error(claim, value):
        moment = int(time.time())
        claims = {
            "iss": "rp-jwt",
            "sub": "rp-jwt",
            "aud": f"{issuer}/token",
            "iat": moment,
            "exp": moment + 60,
            "jti": f"jti-{time.time_ns()}",
        } | {claim: value}
        answer = client.post(
            "/token",
            data={
                "grant_type": "authorization_code",
                "code": "x",
                "client_id": "rp-jwt",
                "client_assertion_type": ASSERTION_TYPE,
                "client_assertion": _signed(claims),
            },
        )
        assert answer.status_code < 500, (claim, value, answer.get_data(as_text=True)[:300])

    never_a_server_error()


def test_a_client_assertion_that_expires_in_1e308_is_invalid_client(client, issuer):
    moment = int(time.time())
    claims = {
        "iss": "rp-jwt",
        "sub": "rp-jwt",
        "aud": f"{issuer}/token",
        "iat": moment,
        "exp": 1e308,
        "jti": "far-future",
    }
    answer = client.post(
        "/token",
        data={
            "grant_type": "authorization_code",
            "code": "x",
            "client_id": "rp-jwt",
            "client_assertion_type": ASSERTION_TYPE,
            "client_assertion": _signed(claims),
        },
    )
    assert (answer.status_code, answer.json["error"]) == (401, "invalid_client")


REQUEST_OBJECT_CLAIMS = [
    "iss",
    "aud",
    "client_id",
    "exp",
    "iat",
    "nbf",
    "nonce",
    "state",
    "max_age",
    "redirect_uri",
    "scope",
    "response_type",
    "code_challenge",
    "login_hint",
    "acr_values",
    "claims",
]


def test_no_claim_of_a_request_object_reaches_a_server_error(client, issuer):
    @given(claim=st.sampled_from(REQUEST_OBJECT_CLAIMS), value=CLAIM_VALUE | st.sampled_from(["n\x00nce", "\x1b", "é"]))
    @SETTINGS
    def never_a_server_error(claim, value):
        moment = int(time.time())
        claims = {
            "iss": "rp-jwt",
            "aud": issuer,
            "client_id": "rp-jwt",
            "exp": moment + 60,
            "response_type": "code",
            "redirect_uri": "https://rp-jwt.example/cb",
            "scope": "openid",
            "code_challenge": "a" * 43,
            "code_challenge_method": "S256",
            "state": "s",
        } | {claim: value}
        request_object = _signed(claims)
        for method, path in (("GET", "/authorize"), ("POST", "/par")):
            if method == "GET":
                answer = client.get(path, query_string={"client_id": "rp-jwt", "request": request_object})
            else:
                answer = client.post(
                    path, data={"client_id": "rp-jwt", "client_secret": SECRET, "request": request_object}
                )
            assert answer.status_code < 500, (path, claim, value, answer.get_data(as_text=True)[:300])

    never_a_server_error()


def test_no_claim_of_an_id_token_hint_reaches_a_server_error(app, client):
    @given(claim=st.sampled_from(["iss", "aud", "sub", "sid", "exp", "iat", "auth_time"]), value=CLAIM_VALUE)
    @SETTINGS
    def never_a_server_error(claim, value):
        moment = int(time.time())
        claims = {
            "iss": app.config["IDP"]["server"]["issuer"],
            "aud": "reservations",
            "sub": "someone",
            "sid": "s",
            "iat": moment,
            "exp": moment + 60,
        } | {claim: value}
        with app.app_context():
            hint = keys.sign(claims, "RS256")
        answer = client.get("/logout", query_string={"id_token_hint": hint, "client_id": "reservations"})
        assert answer.status_code < 500, (claim, value, answer.get_data(as_text=True)[:300])

    never_a_server_error()


def test_a_redirect_uri_with_a_quote_gets_the_error_page(client, redirect_uri):
    answer = client.get("/authorize", query_string=AUTHORIZE | {"redirect_uri": redirect_uri + '"'})
    assert answer.status_code == 400
    assert "We cannot continue" in answer.get_data(as_text=True)
