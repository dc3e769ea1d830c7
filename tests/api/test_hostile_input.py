"""No input reaches a server error at /v1, on SQLite and on PostgreSQL (CI runs this file on
PostgreSQL, which refuses a NUL in any text it stores): every field of every operation of the
contract, from a browser signed in, with NUL and other control characters, absurd numbers,
wrong types, truncated and oversized bodies; and the headers a browser sends (Cookie,
Content-Type, User-Agent, Accept-Language, X-Proof-Of-Work, X-Forwarded-For behind a proxy).
Each answer is a 4xx in the envelope, which the contract client checks."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from idp import create_app
from idp.api.openapi import spec
from tests.support.contract import ISSUER, ContractClient

# What outsiders send: control characters and NUL, numbers no field takes, every JSON type.
HOSTILE_TEXT = [
    "\x00",
    "a\x00b",
    "jeanne\x00@example.ca",
    "\x1b[31m",
    "\r\nX-Injected: 1",
    "\u202e",
    "\ufeff",
    "9" * 400,
    "é" * 3000,
    "' OR 1=1 --",
    "../../etc/passwd",
    "%00",
    "\ud7ff",
]
HOSTILE_VALUES = HOSTILE_TEXT + [
    1e308,
    -1e308,
    10**400,
    -(10**30),
    0,
    -1,
    True,
    None,
    [],
    {},
    ["\x00"],
    {"\x00": "\x00"},
]
VALUE = (
    st.sampled_from(HOSTILE_VALUES) | st.text(st.characters(blacklist_categories=("Cs",)), max_size=30) | st.integers()
)
SETTINGS = settings(
    max_examples=25, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck), database=None
)


def _resolved(node: dict) -> dict:
    document = spec()
    while isinstance(node, dict) and "$ref" in node:
        target = document
        for part in node["$ref"].lstrip("#/").split("/"):
            target = target[part]
        node = target
    return node


def _fields(operation: dict) -> list[str]:
    schema = _resolved(
        operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema", {})
    )
    shapes = [_resolved(one) for one in schema.get("oneOf", [])] or [schema]
    return sorted({name for shape in shapes for name in shape.get("properties", {})})


def _operations() -> list:
    found = []
    for path, item in spec()["paths"].items():
        for method, operation in item.items():
            if method in ("get", "post"):
                found.append(pytest.param(method.upper(), path, _fields(operation), id=f"{method.upper()} {path}"))
    return found


def _concrete(path: str) -> str:
    return path.replace("{change}", "email")


@pytest.fixture
def signed_in_browser(signup, client):
    signup.through("profile")
    return client


@pytest.mark.parametrize("method, path, fields", _operations())
def test_no_field_of_any_operation_reaches_a_server_error(signed_in_browser, method, path, fields):
    client = signed_in_browser

    @given(
        body=st.dictionaries(st.sampled_from(fields or ["field"]) | st.sampled_from(HOSTILE_TEXT), VALUE, max_size=4),
        query=st.dictionaries(st.sampled_from(["lang", "after", "x"]), st.sampled_from(HOSTILE_TEXT), max_size=2),
    )
    @SETTINGS
    def never_a_server_error(body, query):
        if method == "GET":
            answer = client.get(_concrete(path), query_string=query)
        else:
            answer = client.post(_concrete(path), json=body, query_string=query)
        assert answer.status_code < 500, (body, query, answer.get_data(as_text=True)[:300])

    never_a_server_error()


@pytest.mark.parametrize(
    "body",
    [
        b'{"userName": "jeanne@example.ca", ',
        b"{",
        b'{"a": "\\u0000"}',
        b'{"a": 1e999}',
        b"[" * 5000 + b"]" * 5000,
        b'{"a": "' + b"x" * 70000 + b'"}',
        b"\xff\xfe{}",
        b'{"a": "\\ud800"}',
        b"null",
        b'"text"',
    ],
    ids=[
        "cut short",
        "one brace",
        "escaped NUL",
        "infinite number",
        "nested deeper than the parser",
        "oversized",
        "not UTF-8",
        "lone surrogate",
        "null",
        "a string",
    ],
)
def test_a_body_cut_short_oversized_or_unreadable_is_code_23(client, body):
    answer = client.post("/v1/otp/transient_otp/send", data=body, content_type="application/json")
    assert 400 <= answer.status_code < 500
    assert (answer.json["success"], answer.json["message"]) == (False, "23")


HEADER_TEXT = st.text(st.characters(max_codepoint=255, blacklist_characters="\r\n"), max_size=60) | st.sampled_from(
    [
        "\x00",
        "a\x00b",
        "",
        " ",
        "x" * 5000,
        "idp_session=\x00",
        "__Host-idp_session=a; idp_device=\x00",
        "application/json; charset=utf-16",
        "application/json; charset=bogus",
        "multipart/form-data; boundary=",
        "eyJ9",
        "e30=",
        "999.999.999.999",
        "::ffff:1.2.3.4%eth0",
        "1.2.3.4, not-an-address",
        "fr-CA;q=NaN, *;q=-1",
    ]
)
HEADERS = st.dictionaries(
    st.sampled_from(
        [
            "Cookie",
            "Content-Type",
            "User-Agent",
            "Accept-Language",
            "X-Proof-Of-Work",
            "X-Forwarded-For",
            "Authorization",
            "Sec-Fetch-Site",
            "X-Correlation-ID",
            "If-None-Match",
            "Range",
        ]
    ),
    HEADER_TEXT,
    max_size=4,
)
PAGES = [
    ("GET", "/v1/session", None),
    ("GET", "/v1/profile", None),
    ("POST", "/v1/signup/privacy", {}),
    ("POST", "/v1/otp/transient_otp/send", {"userName": "jeanne@example.ca", "otpType": "email", "language": "eng"}),
    ("POST", "/v1/otp/users/login", {"userName": "jeanne@example.ca", "password": "x" * 12}),
    ("POST", "/v1/recovery/send", {"userName": "jeanne@example.ca", "language": "eng"}),
    ("POST", "/v1/events", {"events": []}),
    ("GET", "/en/", None),
    ("GET", "/console", None),
]


@pytest.mark.parametrize("method, path, body", PAGES, ids=[f"{method} {path}" for method, path, _ in PAGES])
def test_no_header_reaches_a_server_error_behind_a_proxy(app, monkeypatch, method, path, body):
    monkeypatch.setenv("IDP_SERVER_PROXY_HOPS", "1")
    monkeypatch.setenv("IDP_SERVER_PROXY_NETWORKS", "127.0.0.1/32")  # the test client's address: a proxy's
    behind_a_proxy = create_app({"TESTING": True})
    behind_a_proxy.test_client_class = ContractClient
    client = behind_a_proxy.test_client()

    @given(headers=HEADERS)
    @SETTINGS
    def never_a_server_error(headers):
        headers = {"Origin": ISSUER, **headers}
        if method == "GET":
            answer = client.get(path, headers=headers)
        else:
            headers.setdefault("Content-Type", "application/json")
            answer = client.post(path, data=json.dumps(body), headers=headers)
        assert answer.status_code < 500, (headers, answer.get_data(as_text=True)[:300])

    never_a_server_error()


@pytest.mark.parametrize(
    "path, field",
    [
        ("/v1/account/services/disconnect", "service"),
        ("/v1/account/sessions/end", "session"),
        ("/v1/account/activity/not-me", "event"),
    ],
)
def test_a_nul_in_an_account_routes_field_is_code_23(signed_in_browser, path, field):
    answer = signed_in_browser.post(path, json={field: "reservations\x00"})
    assert (answer.status_code, answer.json["message"], answer.json["data"]) == (400, "23", {"field": "body"})


def test_a_nul_in_a_header_is_code_23(client):
    answer = client.get("/v1/session", headers={"User-Agent": "Mozilla\x00"})
    assert (answer.status_code, answer.json["message"], answer.json["data"]) == (400, "23", {"field": "header"})


@pytest.mark.parametrize(
    "where, cookie, query",
    [
        ("query", "", "?lang=en%00"),
        ("cookie", 'idp_lang="en\\000"', ""),
        ("cookie", "idp_lang=en\x00", ""),
    ],
    ids=["percent-encoded in the query", "a quoted cookie's octal escape", "raw in a cookie"],
)
def test_a_nul_that_only_appears_once_decoded_is_code_23_too(app, where, cookie, query):
    # a client without a jar, which would write its own over the Cookie header
    answer = app.test_client(use_cookies=False).get(f"/v1/session{query}", headers={"Cookie": cookie} if cookie else {})
    assert (answer.status_code, answer.json["message"]) == (400, "23")
    assert answer.json["data"]["field"] in (where, "header")
