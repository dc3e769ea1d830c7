"""Transport rules of the production command (config/web.py: granian) on PostgreSQL, where /token
has two paths (idp/oauth/exchange.py answers a good exchange before the framework): a request
to an OAuth endpoint that did not come over HTTPS, to a host other than the machine itself, is
a 400 on both paths, the same answer, and spends nothing. Behind a proxy that ends TLS
(IDP_SERVER_PROXY_HOPS), the scheme it forwards decides.

Abuse and degraded cases:
- a service (or a man in the middle who downgraded it) sends a code, its secret and its PKCE
  verifier over plain http: the lean path answered 200 and the framework 500; both answer 400
  invalid_request naming HTTPS, and the code still redeems over HTTPS;
- a refresh token sent in clear: 400, and it still refreshes over HTTPS;
- a person's browser at http:// /authorize, a service's /revoke or /userinfo: 400, never a 500;
- a proxy that says the request came over http (X-Forwarded-Proto: http): 400.
"""

from __future__ import annotations

import pytest
import requests

from tests.support.full_journey import FullJourney
from tests.support.servers import (
    CLIENT_ID,
    CLIENT_SECRET,
    REDIRECT_URI,
    Pkce,
    Server,
    authorize_params,
    code_from,
    environment,
    migrate,
)

pytestmark = pytest.mark.postgres

# A request to the service's public name over plain http, as it reaches the server without a proxy.
PLAIN = {"Host": "signin.example.ca"}
# The same, through a proxy that ended TLS.
FORWARDED_HTTPS = {**PLAIN, "X-Forwarded-Proto": "https"}
INSECURE = {
    "error": "invalid_request",
    "error_description": "OAuth requests are taken over HTTPS only (RFC 6749 section 3.1): send "
    "this one to the https:// address of the endpoint, as the provider's metadata names it.",
}
# What may differ between two answers of the same kind (granian closes a connection whose body
# the app left unread, or keeps it, as the body happened to arrive).
OWN_VALUES = {"date", "content-length", "x-correlation-id", "server", "connection"}


@pytest.fixture
def production(tmp_path, scratch_postgres_url):
    # the tests are the proxy, from the machine itself
    env = environment(
        tmp_path, scratch_postgres_url, IDP_SERVER_PROXY_HOPS="1", IDP_SERVER_PROXY_NETWORKS="127.0.0.0/8"
    )
    migrate(env)
    server = Server(tmp_path, env, production=True).start()
    yield server
    server.stop()


def token(server: Server, headers: dict, **form: str) -> requests.Response:
    return requests.post(f"{server.url}/token", data=form, auth=(CLIENT_ID, CLIENT_SECRET), headers=headers, timeout=30)


def kept(answer: requests.Response) -> tuple[int, dict, dict]:
    return (
        answer.status_code,
        answer.json(),
        {name.lower(): value for name, value in answer.headers.items() if name.lower() not in OWN_VALUES},
    )


def test_a_code_and_a_refresh_token_in_clear_are_refused_alike_on_both_paths_and_spend_nothing(production):
    journey = FullJourney([production.url], production.url)
    pkce = journey.authorize()
    code = code_from(journey.get(journey.sign_up()).headers["Location"])
    grant = {
        "grant_type": "authorization_code",
        "code": code,
        "redirect_uri": REDIRECT_URI,
        "code_verifier": pkce.verifier,
    }

    lean = token(production, PLAIN, **grant)
    # a parameter the lean path leaves to the framework
    framed = token(production, PLAIN, **grant, resource="https://api.example")
    assert kept(lean) == kept(framed) and kept(lean)[:2] == (400, INSECURE)

    tokens = token(production, FORWARDED_HTTPS, **grant)
    assert tokens.status_code == 200, tokens.text
    refresh = {"grant_type": "refresh_token", "refresh_token": tokens.json()["refresh_token"]}
    assert kept(token(production, PLAIN, **refresh))[:2] == (400, INSECURE)
    assert kept(token(production, PLAIN, **refresh, resource="https://api.example"))[:2] == (400, INSECURE)
    assert token(production, FORWARDED_HTTPS, **refresh).status_code == 200


def test_every_oauth_endpoint_over_plain_http_is_a_400_and_the_forwarded_scheme_decides(production):
    authorize = f"{production.url}/authorize"
    params = authorize_params(Pkce())
    assert requests.get(authorize, params=params, headers=PLAIN, allow_redirects=False, timeout=30).status_code == 400
    assert (
        requests.get(
            authorize, params=params, headers={**PLAIN, "X-Forwarded-Proto": "http"}, allow_redirects=False, timeout=30
        ).status_code
        == 400
    )
    assert (
        requests.get(authorize, params=params, headers=FORWARDED_HTTPS, allow_redirects=False, timeout=30).status_code
        == 303
    )
    for path in ("/revoke", "/introspect"):
        answer = requests.post(
            f"{production.url}{path}", data={"token": "any"}, auth=(CLIENT_ID, CLIENT_SECRET), headers=PLAIN, timeout=30
        )
        assert (answer.status_code, answer.json()) == (400, INSECURE)
    userinfo = requests.get(f"{production.url}/userinfo", headers={**PLAIN, "Authorization": "Bearer any"}, timeout=30)
    assert (userinfo.status_code, userinfo.json()) == (400, INSECURE)
