"""Pushed authorization requests (RFC 9126), as the FAPI 2.0 security profile asks them: the
client pushes its request to /par (authenticated as at /token, private_key_jwt too) and sends
the browser with client_id and request_uri alone. Mirrors the conformance suite's
fapi2-...-par-* checks (request_uri used twice, expired, of another client; PAR required)."""

from __future__ import annotations

import time
from urllib.parse import urlencode

import requests
import time_machine
from oidc_helpers import JWT_CLIENT_KEY, SECRET, query

from tests.oauth.test_oauth_client_authentication import ASSERTION_TYPE, assertion


def pushed(client, metadata, auth=None, **overrides) -> requests.Response:
    params = dict(part.split("=", 1) for part in client.authorization_url().split("?", 1)[1].split("&"))
    from urllib.parse import unquote_plus

    form = {name: unquote_plus(value) for name, value in params.items()} | overrides
    form = {name: value for name, value in form.items() if value is not None}
    return requests.post(
        metadata["pushed_authorization_request_endpoint"],
        data=form,
        auth=auth if auth is not None else (client.client_id, SECRET),
        timeout=10,
    )


def authorize_with(browser, metadata, client_id: str, request_uri: str):
    return browser.get(
        f"{metadata['authorization_endpoint']}?{urlencode({'client_id': client_id, 'request_uri': request_uri})}"
    )


def signed_in_through(browser, person, answer):
    assert answer.status_code == 303, answer.text
    if answer.headers["Location"] in ("/en/", "/fr/"):
        answer = browser.get(browser.sign_in(person))
    return answer.headers["Location"]


def test_discovery_advertises_the_par_endpoint(metadata):
    assert metadata["pushed_authorization_request_endpoint"] == f"{metadata['issuer']}/par"


def test_a_pushed_request_signs_the_person_in_and_its_code_redeems(browser, rp, metadata, person):
    client = rp()
    answer = pushed(client, metadata)
    assert answer.status_code == 201 and answer.headers["Cache-Control"] == "no-store"
    body = answer.json()
    assert body["request_uri"].startswith("urn:ietf:params:oauth:request_uri:") and body["expires_in"] == 60
    location = signed_in_through(browser, person, authorize_with(browser, metadata, "rp-a", body["request_uri"]))
    assert query(location)["iss"] == metadata["issuer"]
    assert client.fetch_token(location)["id_token"]


def test_a_request_uri_is_good_once(browser, rp, metadata, person):
    client = rp()
    request_uri = pushed(client, metadata).json()["request_uri"]
    signed_in_through(browser, person, authorize_with(browser, metadata, "rp-a", request_uri))
    assert authorize_with(browser, metadata, "rp-a", request_uri).status_code == 400


def test_a_request_uri_expires_after_60_seconds(browser, rp, metadata):
    request_uri = pushed(rp(), metadata).json()["request_uri"]
    with time_machine.travel(time.time() + 61):
        assert authorize_with(browser, metadata, "rp-a", request_uri).status_code == 400


def test_another_clients_request_uri_is_refused(browser, rp, metadata):
    request_uri = pushed(rp(), metadata).json()["request_uri"]
    assert authorize_with(browser, metadata, "rp-b", request_uri).status_code == 400


def test_a_push_is_checked_as_an_authorization_request(rp, metadata):
    answer = pushed(rp(), metadata, redirect_uri="https://elsewhere.example/cb")
    assert (answer.status_code, answer.json()["error"]) == (400, "invalid_request")
    answer = pushed(rp(), metadata, code_challenge=None)
    assert (answer.status_code, answer.json()["error"]) == (400, "invalid_request")


def test_a_push_needs_the_clients_authentication(rp, metadata):
    answer = pushed(rp(), metadata, auth=("rp-a", "wrong-secret-" + "x" * 30))
    assert (answer.status_code, answer.json()["error"]) == (401, "invalid_client")


def test_a_push_may_not_name_another_client(rp, metadata):
    answer = pushed(rp(), metadata, client_id="rp-b")
    assert answer.status_code in (400, 401)


def test_a_private_key_jwt_client_pushes_with_its_assertion(browser, rp, metadata, person):
    client = rp("rp-jwt", "https://rp-jwt.example/cb")
    signed = assertion(JWT_CLIENT_KEY, "rp-jwt", metadata["issuer"])
    answer = pushed(client, metadata, auth=(), client_assertion_type=ASSERTION_TYPE, client_assertion=signed)
    assert answer.status_code == 201, answer.text
    location = signed_in_through(
        browser, person, authorize_with(browser, metadata, "rp-jwt", answer.json()["request_uri"])
    )
    assert query(location)["code"]


def test_a_client_that_must_push_is_refused_a_request_in_the_browser(browser, rp, metadata, person):
    client = rp("rp-par", "https://rp-par.example/cb")
    refused = browser.get(client.authorization_url())
    assert refused.status_code == 303 and query(refused.headers["Location"])["error"] == "invalid_request"
    location = signed_in_through(
        browser, person, authorize_with(browser, metadata, "rp-par", pushed(client, metadata).json()["request_uri"])
    )
    assert query(location)["code"]


def test_parameters_beside_the_request_uri_change_nothing(browser, rp, metadata, person):
    client = rp()
    request_uri = pushed(client, metadata).json()["request_uri"]
    url = f"{metadata['authorization_endpoint']}?" + urlencode(
        {
            "client_id": "rp-a",
            "request_uri": request_uri,
            "redirect_uri": "https://evil.example/cb",
            "scope": "openid phone",
        }
    )
    location = signed_in_through(browser, person, browser.get(url))
    assert location.startswith("https://rp-a.example/callback?")


def request_object(key, client_id: str, audience: str, **params) -> str:
    from joserfc import jwt as jose_jwt

    claims = {"iss": client_id, "aud": audience, "client_id": client_id, "exp": int(time.time()) + 60, **params}
    return jose_jwt.encode({"alg": "ES256", "kid": key.kid}, claims, key, algorithms=["ES256"])


def test_a_signed_request_object_is_acted_on_and_the_parameters_beside_it_are_not(browser, rp, metadata, person):
    client = rp("rp-jwt", "https://rp-jwt.example/cb")
    inner = {name: value for name, value in query(client.authorization_url()).items() if name != "client_id"}
    signed = request_object(JWT_CLIENT_KEY, "rp-jwt", metadata["issuer"], **inner)
    url = f"{metadata['authorization_endpoint']}?" + urlencode(
        {"client_id": "rp-jwt", "request": signed, "redirect_uri": "https://evil.example/cb"}
    )
    location = signed_in_through(browser, person, browser.get(url))
    assert location.startswith("https://rp-jwt.example/cb?") and query(location)["state"] == client.state


def test_a_request_object_signed_by_another_key_is_invalid_request_object(browser, rp, metadata):
    from joserfc.jwk import ECKey

    client = rp("rp-jwt", "https://rp-jwt.example/cb")
    outer = query(client.authorization_url())
    stranger = ECKey.generate_key("P-256", parameters={"kid": JWT_CLIENT_KEY.kid})
    signed = request_object(
        stranger, "rp-jwt", metadata["issuer"], **{k: v for k, v in outer.items() if k != "client_id"}
    )
    answer = browser.get(f"{metadata['authorization_endpoint']}?" + urlencode({**outer, "request": signed}))
    assert answer.status_code == 303 and query(answer.headers["Location"])["error"] == "invalid_request_object"


def test_an_unsigned_request_object_is_refused_even_from_a_client_with_keys(browser, rp, metadata):
    client = rp("rp-jwt", "https://rp-jwt.example/cb")
    outer = query(client.authorization_url())
    answer = browser.get(
        f"{metadata['authorization_endpoint']}?" + urlencode({**outer, "request": "eyJhbGciOiJub25lIn0.e30."})
    )
    assert query(answer.headers["Location"])["error"] == "invalid_request_object"


def test_a_client_without_keys_is_told_request_objects_are_not_supported(browser, rp, metadata):
    client = rp()
    outer = query(client.authorization_url())
    answer = browser.get(
        f"{metadata['authorization_endpoint']}?" + urlencode({**outer, "request": "eyJhbGciOiJub25lIn0.e30."})
    )
    assert query(answer.headers["Location"])["error"] == "request_not_supported"


def test_a_signed_request_object_may_be_pushed(browser, rp, metadata, person):
    client = rp("rp-jwt", "https://rp-jwt.example/cb")
    inner = {name: value for name, value in query(client.authorization_url()).items() if name != "client_id"}
    form = {
        "client_id": "rp-jwt",
        "request": request_object(JWT_CLIENT_KEY, "rp-jwt", metadata["issuer"], **inner),
        "client_assertion_type": ASSERTION_TYPE,
        "client_assertion": assertion(JWT_CLIENT_KEY, "rp-jwt", metadata["issuer"]),
    }
    answer = requests.post(metadata["pushed_authorization_request_endpoint"], data=form, timeout=10)
    assert answer.status_code == 201, answer.text
    location = signed_in_through(
        browser, person, authorize_with(browser, metadata, "rp-jwt", answer.json()["request_uri"])
    )
    assert query(location)["code"]


def test_an_assertion_sent_with_a_refused_push_is_spent_all_the_same(rp, metadata):
    client = rp("rp-jwt", "https://rp-jwt.example/cb")
    signed = assertion(JWT_CLIENT_KEY, "rp-jwt", metadata["issuer"])
    auth = {"client_assertion_type": ASSERTION_TYPE, "client_assertion": signed}
    refused = pushed(client, metadata, auth=(), redirect_uri="https://elsewhere.example/cb", **auth)
    assert (refused.status_code, refused.json()["error"]) == (400, "invalid_request")
    again = pushed(client, metadata, auth=(), **auth)
    assert (again.status_code, again.json()["error"]) == (401, "invalid_client")
