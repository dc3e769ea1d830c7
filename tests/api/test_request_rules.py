"""/v1 takes same-site JSON only."""

from __future__ import annotations

import pytest

from tests.support.journeys import EMAIL

SEND = "/v1/otp/transient_otp/send"
BODY = {"userName": EMAIL, "otpType": "email"}
PRIVACY = "/v1/signup/privacy"


def test_a_same_origin_client_is_accepted(client):
    response = client.post(
        PRIVACY, json={}, headers={"Origin": "http://localhost:5000", "Sec-Fetch-Site": "same-origin"}
    )
    assert response.status_code == 200


def test_a_post_without_origin_that_says_it_is_same_origin_is_accepted(app, client):
    response = client.post(PRIVACY, json={}, headers={"Origin": None, "Sec-Fetch-Site": "same-origin"})
    assert response.status_code == 200


@pytest.mark.parametrize("fetch_site", [None, "same-site", "none"])
def test_a_post_without_origin_and_not_same_origin_is_refused(client, fetch_site):
    headers = {"Origin": None} | ({"Sec-Fetch-Site": fetch_site} if fetch_site else {})
    response = client.post(PRIVACY, json={}, headers=headers)
    assert (response.status_code, response.json["message"]) == (403, "24")


@pytest.mark.parametrize("path", ["/v1/session", "/v1/profile", "/v1/password/policy", "/v1/nothing-here"])
def test_no_v1_answer_is_ever_cached(client, path):
    assert client.get(path).headers["Cache-Control"] == "no-store"


def test_a_post_answer_is_never_cached_either(client):
    assert client.post(PRIVACY, json={}).headers["Cache-Control"] == "no-store"


def test_a_method_a_v1_path_does_not_take_answers_the_envelope(client):
    response = client.delete("/v1/session")
    assert (response.status_code, response.json, response.mimetype) == (
        405,
        {"success": False, "message": "23", "data": {}},
        "application/json",
    )


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "https://evil.example"},
        {"Origin": "http://localhost:5001"},
        {"Origin": "null"},
        {"Sec-Fetch-Site": "cross-site"},
    ],
)
def test_a_cross_site_request_is_refused(client, headers):
    response = client.post(SEND, json=BODY, headers=headers)
    assert (response.status_code, response.json["message"]) == (403, "24")


@pytest.mark.parametrize(
    "content_type", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]
)
def test_a_body_that_is_not_json_is_refused_with_415(client, content_type):
    response = client.post(SEND, data='{"userName": "a@b.ca"}', content_type=content_type)
    assert (response.status_code, response.json["message"]) == (415, "23")


@pytest.mark.parametrize("body", ["{not json", "[1, 2]", '"text"', "null"])
def test_malformed_json_is_refused_with_400(client, body):
    response = client.post(SEND, data=body, content_type="application/json")
    assert (response.status_code, response.json["message"]) == (400, "23")


@pytest.mark.parametrize("depth", [9, 5000])
def test_json_nested_deeper_than_any_body_of_the_api_is_refused_with_400(client, depth):
    body = '{"userName": ' + "[" * depth + "]" * depth + "}"
    response = client.post(SEND, data=body, content_type="application/json")
    assert (response.status_code, response.json["message"]) == (400, "23")


@pytest.mark.parametrize(
    "path, body",
    [
        ("/v1/otp/users/login", '{"userName": "a@b.ca", "password": "\\ud800correct horse"}'),
        ("/v1/users/create", '{"userName": "a@b.ca", "password": "\\udfffcorrect horse battery", "trxnId": "x"}'),
        ("/v1/otp/transient_otp/send", '{"userName": "a\\ud800@b.ca", "otpType": "email", "language": "eng"}'),
    ],
)
def test_a_lone_surrogate_in_a_field_is_refused_as_that_field(client, path, body):
    response = client.post(path, data=body, content_type="application/json")
    assert response.status_code == 400
    assert response.json["message"] == "23"


@pytest.mark.parametrize(
    "body", [{"otpType": "email"}, {"userName": 12, "otpType": "email"}, {"userName": EMAIL, "otpType": ["email"]}]
)
def test_a_missing_or_wrongly_typed_field_is_refused_with_23(client, body):
    response = client.post(SEND, json=body)
    assert (response.status_code, response.json["message"]) == (400, "23")


def test_an_unknown_v1_path_answers_30(client):
    response = client.get("/v1/nothing-here")
    assert (response.status_code, response.json["message"]) == (404, "30")


def test_the_contract_is_served_as_json(client):
    response = client.get("/v1/openapi.json")
    assert response.json["openapi"].startswith("3.1")
    assert "/v1/otp/otp/verify" in response.json["paths"]
