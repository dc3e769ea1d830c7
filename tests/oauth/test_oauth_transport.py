"""OAuth over TLS only (RFC 6749 sections 3.1 and 3.2, RFC 6750 section 5.3): a request to an
OAuth endpoint that did not come over HTTPS, to a host that is not the machine itself (RFC 8252
section 7.3 allows http to a loopback address), gets a 400 — OAuth's invalid_request from the
endpoints a service calls, the bilingual error page from those a browser opens — and nothing
else happens. Authlib refuses such a request as it reads it, outside its own error handling:
it answered 500 (tests/ops/test_transport.py holds the production command to the same rule,
on both paths of /token).

Abuse and degraded cases:
- a relying service configured with http:// instead of https:// (or a man in the middle that
  downgraded it) sends its code, secret or refresh token in clear: 400, the code and the token
  still usable over HTTPS (nothing was spent), and the description says to use https;
- a person's browser follows an http:// link to /authorize: the error page, in their language;
- a provider behind a proxy that ends TLS, whose operator forgot IDP_SERVER_PROXY_HOPS: every
  OAuth call is a clear 400 naming HTTPS, never a 500;
- the development server on localhost, 127.0.0.1 or [::1] keeps working over http.
"""

from __future__ import annotations

import base64

import pytest
from oidc_helpers import SECRET

INSECURE = (
    "OAuth requests are taken over HTTPS only (RFC 6749 section 3.1): send this one to the https:// address "
    "of the endpoint, as the provider's metadata names it."
)
BASIC = {"Authorization": "Basic " + base64.b64encode(f"rp-a:{SECRET}".encode()).decode()}

# The endpoints a service calls, each with what it would send.
SERVICE_ENDPOINTS = [
    (
        "POST",
        "/token",
        {"grant_type": "authorization_code", "code": "any", "redirect_uri": "https://rp-a.example/callback"},
        BASIC,
    ),
    (
        "POST",
        "/par",
        {"response_type": "code", "scope": "openid", "redirect_uri": "https://rp-a.example/callback"},
        BASIC,
    ),
    ("POST", "/revoke", {"token": "any"}, BASIC),
    ("POST", "/introspect", {"token": "any"}, BASIC),
    ("GET", "/userinfo", None, {"Authorization": "Bearer any"}),
]
# The endpoints a person's browser opens.
BROWSER_ENDPOINTS = [
    "/authorize?client_id=rp-a&response_type=code&scope=openid&redirect_uri=https://rp-a.example/callback"
    "&code_challenge=" + "a" * 43 + "&code_challenge_method=S256&state=s",
    "/authorize/resume/any",
    "/logout?client_id=rp-a&post_logout_redirect_uri=https://rp-a.example/",
]


@pytest.mark.parametrize(
    "method, path, form, headers", SERVICE_ENDPOINTS, ids=[path for _, path, _, _ in SERVICE_ENDPOINTS]
)
def test_a_service_calling_over_plain_http_gets_invalid_request_naming_https(client, method, path, form, headers):
    answer = client.open(path, method=method, data=form, headers=headers, base_url="http://signin.example.ca")
    assert (answer.status_code, answer.json) == (400, {"error": "invalid_request", "error_description": INSECURE})
    assert answer.headers["Cache-Control"] == "no-store"


@pytest.mark.parametrize("path", BROWSER_ENDPOINTS, ids=["authorize", "resume", "logout"])
@pytest.mark.parametrize("language, words", [("en", "secure connection"), ("fr", "connexion sécurisée")])
def test_a_browser_opening_an_oauth_page_over_plain_http_gets_the_error_page_in_its_language(
    client, path, language, words
):
    answer = client.get(path, base_url="http://signin.example.ca", headers={"Accept-Language": language})
    assert answer.status_code == 400 and "Location" not in answer.headers
    assert words in answer.get_data(as_text=True)


@pytest.mark.parametrize(
    "base_url", ["https://signin.example.ca", "http://localhost", "http://127.0.0.1:5000", "http://[::1]:5000"]
)
def test_https_and_the_machine_itself_over_http_are_served(client, base_url):
    method, path, form, headers = SERVICE_ENDPOINTS[2]
    answer = client.open(path, method=method, data=form, headers=headers, base_url=base_url)
    assert answer.status_code == 200
