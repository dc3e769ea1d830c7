"""What /authorize refuses, and how: an error page when the return address is not trusted, else an error redirect."""

from __future__ import annotations

import html
import re
import time
from urllib.parse import urlencode, urlsplit

import pytest
import requests
import time_machine
from oidc_helpers import Browser, query

REDIRECT = "https://rp-a.example/callback"


def authorize_url(client, **overrides) -> str:
    url = client.authorization_url()
    params = {**query(url), **overrides}
    return f"{url.split('?')[0]}?{urlencode({k: v for k, v in params.items() if v is not None})}"


@pytest.mark.parametrize(
    "redirect_uri",
    [
        REDIRECT + "/",
        REDIRECT + "/extra",
        REDIRECT + "?next=1",
        "https://RP-A.example/callback",
        "https://rp-a.example/Callback",
        REDIRECT + "#fragment",
        "https://user:pass@rp-a.example/callback",
        "https://rp-a.example.evil.example/callback",
        "http://rp-a.example/callback",
        None,
    ],
    ids=[
        "trailing-slash",
        "extra-path",
        "query",
        "host-case",
        "path-case",
        "fragment",
        "userinfo",
        "other-host",
        "http",
        "missing",
    ],
)
def test_a_redirect_uri_that_is_not_registered_exactly_shows_an_error_page_and_never_redirects(
    browser, rp, redirect_uri
):
    response = browser.get(authorize_url(rp(), redirect_uri=redirect_uri))
    assert response.status_code == 400
    assert "Location" not in response.headers
    assert "text/html" in response.headers["Content-Type"]
    assert "return address" in response.text


def test_the_error_page_speaks_the_asked_language(browser, rp):
    response = browser.get(authorize_url(rp(), redirect_uri=REDIRECT + "/", ui_locales="fr"))
    assert '<html lang="fr">' in response.text
    assert "Nous ne pouvons pas continuer" in response.text


def toggle_of(page: str) -> tuple[str, str]:
    """The language toggle's address and text on a server page."""
    found = re.search(r'<a class="language-toggle" href="([^"]+)" lang="(\w+)"[^>]*>([^<]+)</a>', page)
    assert found, "no language toggle"
    return html.unescape(found.group(1)), found.group(3)


@pytest.mark.parametrize(
    ("asked", "name", "footer", "other", "other_name"),
    [
        ("en", "Sign-in for federal services", "Terms and conditions", "fr", "Français"),
        ("fr", "Connexion aux services fédéraux", "Avis", "en", "English"),
    ],
)
def test_the_error_page_carries_the_product_name_the_footer_and_a_language_toggle(
    browser, rp, asked, name, footer, other, other_name
):
    response = browser.get(authorize_url(rp(), redirect_uri=REDIRECT + "/", ui_locales=asked))
    assert f'<p class="site-header__name">{name}</p>' in response.text
    assert f">{footer}</a>" in response.text
    href, text = toggle_of(response.text)
    assert text == other_name
    # the same request, in the other language
    assert query(href)["lang"] == other and query(href)["redirect_uri"] == REDIRECT + "/"
    again = browser.get(href)
    assert f'<html lang="{other}">' in again.text
    assert again.status_code == 400


def test_an_unknown_client_shows_an_error_page(browser, rp):
    response = browser.get(authorize_url(rp(), client_id="nobody"))
    assert response.status_code == 400
    assert "Location" not in response.headers
    assert "not registered" in response.text


def assert_error_redirect(response, error: str, client, metadata):
    assert response.status_code == 303
    location = response.headers["Location"]
    assert location.startswith(REDIRECT + "?")
    params = query(location)
    assert params["error"] == error
    assert params["state"] == client.state
    assert params["iss"] == metadata["issuer"]


def test_a_request_without_pkce_is_refused_with_an_error_redirect(browser, rp, metadata):
    client = rp()
    response = browser.get(authorize_url(client, code_challenge=None, code_challenge_method=None))
    assert_error_redirect(response, "invalid_request", client, metadata)


def test_plain_pkce_is_refused(browser, rp, metadata):
    client = rp()
    response = browser.get(authorize_url(client, code_challenge="a" * 43, code_challenge_method="plain"))
    assert_error_redirect(response, "invalid_request", client, metadata)


def test_a_client_registered_without_pkce_requirement_may_omit_it(signed_in_code, rp, browser, person):
    client = rp("conformance", "https://conformance.example/cb")
    url = authorize_url(client, code_challenge=None, code_challenge_method=None)
    browser.get(url)
    location = browser.get(browser.sign_in(person)).headers["Location"]
    assert query(location)["code"]


def test_a_nonce_used_before_by_the_service_is_refused(browser, rp, metadata, person):
    client = rp()
    browser.get(authorize_url(client, nonce="once"))
    browser.get(browser.sign_in(person))
    assert_error_redirect(browser.get(authorize_url(client, nonce="once")), "invalid_request", client, metadata)


def test_a_reused_nonce_is_told_to_send_a_new_one_with_each_request(browser, rp, person):
    client = rp()
    browser.get(authorize_url(client, nonce="once"))
    browser.get(browser.sign_in(person))
    refused = query(browser.get(authorize_url(client, nonce="once")).headers["Location"])
    assert refused["error_description"] == (
        "This nonce was used already by this client: send a new, unpredictable nonce with each authorization request."
    )


def test_a_combined_prompt_none_is_told_to_send_none_alone(browser, rp):
    refused = query(browser.get(authorize_url(rp(), prompt="none login")).headers["Location"])
    assert (
        refused["error_description"]
        == "The prompt value none may not be combined with another: send none alone, or leave it out."
    )


def test_a_nonce_used_while_the_request_waited_for_a_sign_in_is_refused(browser, live_server, rp, metadata, person):
    client = rp()
    other_browser = Browser(live_server.url, requests.Session())
    browser.get(authorize_url(client, nonce="twice"))
    other_browser.get(authorize_url(client, nonce="twice"))
    assert query(browser.get(browser.sign_in(person)).headers["Location"])["code"]
    assert_error_redirect(other_browser.get(other_browser.sign_in(person)), "invalid_request", client, metadata)


def test_a_request_without_the_openid_scope_is_refused(browser, rp, metadata):
    client = rp()
    assert_error_redirect(browser.get(authorize_url(client, scope="profile")), "invalid_scope", client, metadata)


def test_an_unknown_scope_is_refused(browser, rp, metadata):
    client = rp()
    assert_error_redirect(browser.get(authorize_url(client, scope="openid admin")), "invalid_scope", client, metadata)


def test_only_the_code_response_type_is_supported(browser, rp, metadata):
    client = rp()
    response = browser.get(authorize_url(client, response_type="token"))
    assert_error_redirect(response, "unsupported_response_type", client, metadata)


def test_a_malformed_max_age_is_refused(browser, rp, metadata):
    client = rp()
    assert_error_redirect(browser.get(authorize_url(client, max_age="soon")), "invalid_request", client, metadata)


@pytest.mark.parametrize("max_age", ["²", "１２", "-1", "1.5"])
def test_a_max_age_of_anything_but_ascii_digits_is_refused_even_when_signed_in(
    signed_in_code, browser, rp, metadata, max_age
):
    signed_in_code()
    client = rp()
    assert_error_redirect(browser.get(authorize_url(client, max_age=max_age)), "invalid_request", client, metadata)


def test_an_enormous_max_age_is_no_older_than_any_session(signed_in_code, browser, rp):
    signed_in_code()
    response = browser.get(rp().authorization_url(max_age="1000000000000000"))
    assert query(response.headers["Location"])["code"]


def test_prompt_none_with_spaces_is_prompt_none(browser, rp, metadata):
    client = rp()
    assert_error_redirect(browser.get(client.authorization_url(prompt="none ")), "login_required", client, metadata)


@pytest.mark.parametrize(
    "parameter, error",
    [
        ("request", "request_not_supported"),
        ("request_uri", "request_uri_not_supported"),
    ],
)
def test_request_objects_are_refused_as_not_supported(browser, rp, metadata, parameter, error):
    client = rp()
    response = browser.get(
        authorize_url(
            client, **{parameter: "eyJhbGciOiJub25lIn0.e30." if parameter == "request" else "https://rp-a.example/r"}
        )
    )
    assert_error_redirect(response, error, client, metadata)


@pytest.mark.parametrize("mode", ["fragment", "form_post", "web_message"])
def test_a_response_mode_other_than_query_is_refused(browser, rp, metadata, mode):
    client = rp()
    assert_error_redirect(browser.get(authorize_url(client, response_mode=mode)), "invalid_request", client, metadata)


def test_the_query_response_mode_is_accepted(signed_in_code):
    _, location = signed_in_code(response_mode="query")
    assert query(location)["code"]


def test_unknown_parameters_are_ignored(signed_in_code):
    _, location = signed_in_code(foo="bar", claims_locales="tlh")
    assert query(location)["code"]


def test_prompt_none_without_a_session_answers_login_required(browser, rp, metadata):
    client = rp()
    assert_error_redirect(browser.get(client.authorization_url(prompt="none")), "login_required", client, metadata)


def test_prompt_none_with_a_session_answers_a_code(signed_in_code, browser, rp):
    signed_in_code()
    response = browser.get(rp().authorization_url(prompt="none"))
    assert query(response.headers["Location"])["code"]


def test_prompt_login_asks_again_even_with_a_session_then_is_not_asked_twice(signed_in_code, browser, rp, person):
    signed_in_code()
    client = rp()
    response = browser.get(client.authorization_url(prompt="login"))
    assert response.headers["Location"] == "/en/"
    resumed = browser.get(browser.sign_in(person))
    assert query(resumed.headers["Location"])["code"]


def test_max_age_forces_a_new_sign_in_when_the_last_one_is_too_old(signed_in_code, browser, rp, person):
    signed_in_code()
    with time_machine.travel(time.time() + 120):
        recent_enough = browser.get(rp().authorization_url(max_age="300"))
        assert query(recent_enough.headers["Location"])["code"]
        too_old = browser.get(rp().authorization_url(max_age="60"))
        assert too_old.headers["Location"] == "/en/"


def test_prompt_none_with_a_too_old_sign_in_answers_login_required(signed_in_code, browser, rp, metadata):
    signed_in_code()
    client = rp()
    with time_machine.travel(time.time() + 120):
        response = browser.get(client.authorization_url(prompt="none", max_age="60"))
    assert_error_redirect(response, "login_required", client, metadata)


def test_the_authorization_endpoint_also_accepts_post(browser, rp):
    url = rp().authorization_url()
    response = browser.post(url.split("?")[0], data=query(url))
    assert response.status_code == 303
    assert urlsplit(response.headers["Location"]).path == "/en/"


def test_an_expired_interaction_cannot_be_resumed(browser, rp, person):
    browser.get(rp().authorization_url())
    resume = browser.sign_in(person)
    with time_machine.travel(time.time() + 7200):
        assert browser.get(resume).status_code == 400


def test_prompt_create_opens_sign_up_in_the_asked_language(browser, rp, metadata):
    """OpenID Connect Prompt Create 1.0, advertised in prompt_values_supported."""
    assert "create" in metadata["prompt_values_supported"]
    answer = browser.get(authorize_url(rp(), prompt="create", ui_locales="fr-CA en"))
    assert (answer.status_code, answer.headers["Location"]) == (303, "/fr/signUp/privacy")


def test_prompt_create_asks_a_signed_in_person_too(signed_in_code, browser, rp):
    signed_in_code()
    answer = browser.get(authorize_url(rp(), prompt="create"))
    assert answer.headers["Location"] == "/en/signUp/privacy"


def test_prompt_create_with_none_is_refused(browser, rp, metadata):
    client = rp()
    assert_error_redirect(browser.get(authorize_url(client, prompt="none create")), "invalid_request", client, metadata)
