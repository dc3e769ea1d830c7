"""One client authentication per request and each parameter once (RFC 6749 sections 2.3 and
3.2) wherever a client authenticates: /token (on both of its paths: idp/oauth/exchange.py
before the framework on PostgreSQL, and the framework), /par, /revoke and /introspect.

The error is invalid_request (400), not invalid_client: RFC 6749 section 5.2 defines
invalid_request as a request that "repeats a parameter, includes multiple credentials,
utilizes more than one mechanism for authenticating the client"; invalid_client is an
authentication that failed (an unknown client, none, an unsupported method). RFC 7009, RFC 7662
and RFC 9126 answer with section 5.2's codes.

Abuse cases (who holds what, what they try, what they must get):
- A service holding its own secret sends it in the Basic header and a client_secret in the form
  beside it (a wrong one, or the right one): which of the two the provider checks is a guess a
  log, a proxy that strips one, or an attacker probing a stolen secret could exploit. They get
  invalid_request; neither credential is checked and the code is not spent (the same code
  redeems with one method afterwards).
- A service holding its private key sends an assertion beside a secret (a library set up
  twice): invalid_request before anything is checked; the assertion's jti is not spent.
- A service authenticated by its Basic header or its assertion names another client in a
  client_id, in the form or in the query (a second service's id, whose code it may hold), or a
  public client's request carries a Basic header naming another client: invalid_request, no
  token. The same client_id in both places is allowed.
- A parameter given twice (code, redirect_uri, token, client_id...), or once in the query and
  once in the form: a proxy, a firewall or a log may read the other value than the provider.
  invalid_request naming the parameter, at every endpoint where a client authenticates.
- Every refusal says what to change (idp/oauth/errors.py), and the lean path's answer is the
  framework's (tests/oauth/test_exchange.py compares them).
"""

from __future__ import annotations

import pytest
import requests
from oidc_helpers import JWT_CLIENT_KEY, SECRET, query

from tests.oauth.test_oauth_client_authentication import ASSERTION_TYPE, assertion

TWO_METHODS = (
    "The request carries the client's credentials by more than one method "
    "(client_secret_basic and client_secret_post): "
    "send them by one method only, the one the client registered (RFC 6749 section 2.3)."
)
ANOTHER_CLIENT = "'client_id' is not the client that authenticated: send that client's id, or leave client_id out."


def exchange(client, location: str, auth=None, **form) -> requests.Response:
    """The code of `location` at /token, with these credentials and form parameters beside the grant's."""
    grant = {
        "grant_type": "authorization_code",
        "code": query(location)["code"],
        "redirect_uri": client.redirect_uri,
        "code_verifier": client.verifier,
    }
    return requests.post(client.metadata["token_endpoint"], auth=auth, data={**grant, **form}, timeout=10)


def refused(answer: requests.Response) -> tuple[int, str, str]:
    body = answer.json()
    return answer.status_code, body["error"], body["error_description"]


@pytest.mark.parametrize(
    "form_secret", [SECRET, "not-the-secret-of-this-client-0123456789"], ids=["the right one", "a wrong one"]
)
def test_a_basic_secret_beside_a_form_secret_is_invalid_request_and_the_code_stays(signed_in_code, form_secret):
    client, location = signed_in_code()
    answer = exchange(client, location, auth=("rp-a", SECRET), client_id="rp-a", client_secret=form_secret)
    assert refused(answer) == (400, "invalid_request", TWO_METHODS)
    assert exchange(client, location, auth=("rp-a", SECRET)).json()["access_token"]


def test_an_assertion_beside_a_secret_is_invalid_request_and_its_jti_is_not_spent(signed_in_code, rp, metadata):
    client, location = signed_in_code(rp("rp-jwt", "https://rp-jwt.example/cb"))
    signed = assertion(JWT_CLIENT_KEY, "rp-jwt", metadata["token_endpoint"])
    answer = exchange(
        client, location, auth=("rp-jwt", SECRET), client_assertion_type=ASSERTION_TYPE, client_assertion=signed
    )
    assert refused(answer)[:2] == (400, "invalid_request")
    assert "(client_secret_basic and private_key_jwt)" in refused(answer)[2]
    assert exchange(client, location, client_assertion_type=ASSERTION_TYPE, client_assertion=signed).json()[
        "access_token"
    ]


def test_a_form_client_id_naming_another_client_than_the_basic_one_is_invalid_request(signed_in_code):
    client, location = signed_in_code()
    answer = exchange(client, location, auth=("rp-a", SECRET), client_id="reservations")
    assert refused(answer) == (400, "invalid_request", ANOTHER_CLIENT)
    assert exchange(client, location, auth=("rp-a", SECRET)).json()["access_token"]


def test_a_form_client_id_naming_another_client_than_the_assertion_is_invalid_request(signed_in_code, rp, metadata):
    client, location = signed_in_code(rp("rp-jwt", "https://rp-jwt.example/cb"))
    answer = exchange(
        client,
        location,
        client_id="rp-a",
        client_assertion_type=ASSERTION_TYPE,
        client_assertion=assertion(JWT_CLIENT_KEY, "rp-jwt", metadata["token_endpoint"]),
    )
    assert refused(answer) == (400, "invalid_request", ANOTHER_CLIENT)


def test_a_client_id_in_the_query_naming_another_client_than_the_basic_one_is_invalid_request(signed_in_code):
    client, location = signed_in_code()
    grant = {
        "grant_type": "authorization_code",
        "code": query(location)["code"],
        "redirect_uri": client.redirect_uri,
        "code_verifier": client.verifier,
    }
    answer = requests.post(
        client.metadata["token_endpoint"] + "?client_id=reservations", auth=("rp-a", SECRET), data=grant, timeout=10
    )
    assert refused(answer) == (400, "invalid_request", ANOTHER_CLIENT)
    assert exchange(client, location, auth=("rp-a", SECRET)).json()["access_token"]


def test_a_basic_header_naming_another_client_than_a_public_clients_id_is_invalid_request(signed_in_code, rp):
    client, location = signed_in_code(rp("rp-native", "http://127.0.0.1:51234/callback"))
    answer = exchange(
        client, location, auth=("rp-a", "not-the-secret-of-this-client-0123456789"), client_id="rp-native"
    )
    assert refused(answer) == (400, "invalid_request", ANOTHER_CLIENT)
    assert exchange(client, location, client_id="rp-native").json()["access_token"]


def test_the_same_client_id_in_the_header_and_the_form_is_accepted(signed_in_code):
    client, location = signed_in_code()
    assert exchange(client, location, auth=("rp-a", SECRET), client_id="rp-a").json()["access_token"]


@pytest.mark.parametrize("parameter", ["code", "redirect_uri", "code_verifier", "grant_type", "client_id"])
def test_a_parameter_given_twice_at_token_is_invalid_request_naming_it(signed_in_code, parameter):
    client, location = signed_in_code()
    grant = {
        "grant_type": "authorization_code",
        "code": query(location)["code"],
        "redirect_uri": client.redirect_uri,
        "code_verifier": client.verifier,
        "client_id": "rp-a",
    }
    form = [*grant.items(), (parameter, grant[parameter])]
    answer = requests.post(client.metadata["token_endpoint"], auth=("rp-a", SECRET), data=form, timeout=10)
    assert refused(answer) == (400, "invalid_request", f"Multiple '{parameter}' in request: send each parameter once.")
    assert exchange(client, location, auth=("rp-a", SECRET)).json()["access_token"]


def test_a_parameter_in_the_query_and_in_the_form_counts_twice(signed_in_code):
    client, location = signed_in_code()
    grant = {
        "grant_type": "authorization_code",
        "code": query(location)["code"],
        "redirect_uri": client.redirect_uri,
        "code_verifier": client.verifier,
    }
    answer = requests.post(
        client.metadata["token_endpoint"] + "?redirect_uri=https://elsewhere.example/cb",
        auth=("rp-a", SECRET),
        data=grant,
        timeout=10,
    )
    assert refused(answer) == (400, "invalid_request", "Multiple 'redirect_uri' in request: send each parameter once.")


ENDPOINTS = {
    "token_endpoint": {
        "grant_type": "authorization_code",
        "code": "any",
        "redirect_uri": "https://rp-a.example/callback",
    },
    "pushed_authorization_request_endpoint": {
        "response_type": "code",
        "client_id": "rp-a",
        "scope": "openid",
        "redirect_uri": "https://rp-a.example/callback",
        "code_challenge": "E" * 43,
        "code_challenge_method": "S256",
    },
    "revocation_endpoint": {"token": "any"},
    "introspection_endpoint": {"token": "any"},
}


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_two_methods_are_invalid_request_wherever_a_client_authenticates(metadata, endpoint):
    answer = requests.post(
        metadata[endpoint], auth=("rp-a", SECRET), data={**ENDPOINTS[endpoint], "client_secret": SECRET}, timeout=10
    )
    assert refused(answer) == (400, "invalid_request", TWO_METHODS)


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_another_client_id_is_invalid_request_wherever_a_client_authenticates(metadata, endpoint):
    answer = requests.post(
        metadata[endpoint], auth=("rp-a", SECRET), data={**ENDPOINTS[endpoint], "client_id": "reservations"}, timeout=10
    )
    assert refused(answer) == (400, "invalid_request", ANOTHER_CLIENT)


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_a_parameter_given_twice_is_invalid_request_wherever_a_client_authenticates(metadata, endpoint):
    name, value = next(iter(ENDPOINTS[endpoint].items()))
    answer = requests.post(
        metadata[endpoint], auth=("rp-a", SECRET), data=[*ENDPOINTS[endpoint].items(), (name, value)], timeout=10
    )
    assert refused(answer) == (400, "invalid_request", f"Multiple '{name}' in request: send each parameter once.")
