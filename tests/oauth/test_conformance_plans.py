"""The OpenID Foundation conformance suite's plans, module by module, each test named after the
module it mirrors (oidcc-basic-certification-test-plan, oidcc-config-certification-test-plan,
oidcc-rp-initiated-logout-certification-test-plan, oidcc-backchannel-rp-initiated-logout-
certification-test-plan), against the live provider with Authlib's client as the relying
party. docs/integrators.md lists every module with where it is held (here or elsewhere) or why
it does not apply. The FAPI 2.0 parts live in test_oauth_pushed_requests.py and
test_oauth_client_authentication.py, openid-client's sign-in in test_oauth_openid_client.py."""

from __future__ import annotations

import time
from urllib.parse import urlencode, urlsplit

import requests
import time_machine
from oidc_helpers import SECRET, decoded, query

REDIRECT = "https://rp-a.example/callback"
POST_LOGOUT = "https://rp-a.example/"


def authorize_url(client, **overrides) -> str:
    url = client.authorization_url()
    params = {**query(url), **overrides}
    return f"{url.split('?')[0]}?{urlencode({k: v for k, v in params.items() if v is not None})}"


def code_location(browser, person, url: str, acr: str = "urn:signin:acr:mfa") -> str:
    """The authorization response's address, signing the person in (with a second factor)
    when the login UI is asked."""
    answer = browser.get(url)
    assert answer.status_code == 303, answer.text
    if urlsplit(answer.headers["Location"]).path in ("/en/", "/fr/"):
        answer = browser.get(browser.sign_in(person, acr=acr))
    return answer.headers["Location"]


def error_of(browser, url: str) -> str:
    answer = browser.get(url)
    assert answer.status_code == 303
    return query(answer.headers["Location"])["error"]


def userinfo(metadata, access_token: str, how: str = "get") -> dict:
    endpoint = metadata["userinfo_endpoint"]
    if how == "get":
        answer = requests.get(endpoint, headers={"Authorization": f"Bearer {access_token}"}, timeout=10)
    elif how == "post-header":
        answer = requests.post(endpoint, headers={"Authorization": f"Bearer {access_token}"}, timeout=10)
    else:
        answer = requests.post(endpoint, data={"access_token": access_token}, timeout=10)
    assert answer.status_code == 200, answer.text
    return answer.json()


def tokens_for(browser, person, client, **params) -> dict:
    return client.fetch_token(code_location(browser, person, authorize_url(client, **params)))


# --- oidcc-basic-certification-test-plan --------------------------------------------------


def test_oidcc_server(browser, person, rp, metadata):
    client = rp()
    token = tokens_for(browser, person, client)
    claims = decoded(token["id_token"], metadata).claims
    assert claims["iss"] == metadata["issuer"] and claims["aud"] == "rp-a" and claims["nonce"] == client.nonce
    assert claims["at_hash"] and claims["exp"] > claims["iat"] and claims["sub"] == person.id


def test_oidcc_response_type_missing(browser, rp):
    assert error_of(browser, authorize_url(rp(), response_type=None)) in (
        "invalid_request",
        "unsupported_response_type",
    )


def test_oidcc_userinfo_get(browser, person, rp, metadata):
    assert userinfo(metadata, tokens_for(browser, person, rp())["access_token"])["sub"] == person.id


def test_oidcc_userinfo_post_header(browser, person, rp, metadata):
    assert userinfo(metadata, tokens_for(browser, person, rp())["access_token"], "post-header")["sub"] == person.id


def test_oidcc_userinfo_post_body(browser, person, rp, metadata):
    assert userinfo(metadata, tokens_for(browser, person, rp())["access_token"], "post-body")["sub"] == person.id


def test_oidcc_ensure_request_without_nonce_succeeds_for_code_flow(browser, person, rp, metadata):
    token = tokens_for(browser, person, rp(), nonce=None)
    assert "nonce" not in decoded(token["id_token"], metadata).claims


def test_oidcc_scope_profile(browser, person, rp, metadata):
    info = userinfo(metadata, tokens_for(browser, person, rp(), scope="openid profile")["access_token"])
    assert (info["given_name"], info["family_name"]) == (person.first_name, person.last_name) and "email" not in info


def test_oidcc_scope_email(browser, person, rp, metadata):
    info = userinfo(metadata, tokens_for(browser, person, rp(), scope="openid email")["access_token"])
    assert (info["email"], info["email_verified"]) == (person.email, True) and "name" not in info


def test_oidcc_scope_address_is_not_applicable(browser, rp, metadata):
    """address is not in scopes_supported (the service keeps no postal address), so the suite
    skips the module; asked anyway, it is refused as any unknown scope is."""
    assert "address" not in metadata["scopes_supported"]
    assert error_of(browser, authorize_url(rp(), scope="openid address")) == "invalid_scope"


def test_oidcc_scope_phone(browser, person, rp, metadata):
    info = userinfo(metadata, tokens_for(browser, person, rp(), scope="openid phone")["access_token"])
    assert (info["phone_number"], info["phone_number_verified"]) == ("+16135550123", True)


def test_oidcc_scope_all(browser, person, rp, metadata):
    info = userinfo(metadata, tokens_for(browser, person, rp(), scope="openid profile email phone")["access_token"])
    assert {"name", "email", "phone_number"} <= set(info)


def test_oidcc_ensure_other_scope_order_succeeds(browser, person, rp, metadata):
    assert (
        userinfo(metadata, tokens_for(browser, person, rp(), scope="email openid")["access_token"])["email"]
        == person.email
    )


def test_oidcc_display_page(browser, person, rp):
    assert query(code_location(browser, person, authorize_url(rp(), display="page")))["code"]


def test_oidcc_display_popup(browser, person, rp):
    assert query(code_location(browser, person, authorize_url(rp(), display="popup")))["code"]


def test_oidcc_prompt_login(browser, person, rp):
    code_location(browser, person, authorize_url(rp()))
    again = browser.get(authorize_url(rp(), prompt="login"))
    assert again.headers["Location"] == "/en/"  # asked to sign in again, not handed a code


def test_oidcc_prompt_none_not_logged_in(browser, rp):
    assert error_of(browser, authorize_url(rp(), prompt="none")) == "login_required"


def test_oidcc_prompt_none_logged_in(browser, person, rp):
    code_location(browser, person, authorize_url(rp()))
    answer = browser.get(authorize_url(rp(), prompt="none"))
    assert query(answer.headers["Location"])["code"]


def test_oidcc_max_age_1(browser, person, rp):
    code_location(browser, person, authorize_url(rp()))
    with time_machine.travel(time.time() + 2):
        again = browser.get(authorize_url(rp(), max_age="1"))
    assert again.headers["Location"] == "/en/"


def test_oidcc_max_age_10000(browser, person, rp):
    code_location(browser, person, authorize_url(rp()))
    assert query(browser.get(authorize_url(rp(), max_age="10000")).headers["Location"])["code"]


def test_oidcc_ensure_request_with_unknown_parameter_succeeds(browser, person, rp):
    assert query(code_location(browser, person, authorize_url(rp(), extra="foobar")))["code"]


def test_oidcc_id_token_hint(browser, person, rp):
    id_token = tokens_for(browser, person, rp())["id_token"]
    answer = browser.get(authorize_url(rp(), prompt="none", id_token_hint=id_token))
    assert query(answer.headers["Location"])["code"]


def test_oidcc_login_hint(browser, rp):
    browser.get(authorize_url(rp(), login_hint="amelie.tremblay@example.ca"))
    assert browser.get("/v1/session").json()["data"]["loginHint"] == "amelie.tremblay@example.ca"


def test_oidcc_ui_locales(browser, rp):
    assert browser.get(authorize_url(rp(), ui_locales="fr-CA")).headers["Location"] == "/fr/"


def test_oidcc_claims_locales(browser, person, rp):
    """Claims carry no language variants (the locale claim says the person's language): ignored."""
    assert query(code_location(browser, person, authorize_url(rp(), claims_locales="fr")))["code"]


def test_oidcc_ensure_request_with_acr_values_succeeds(browser, person, rp, metadata):
    token = tokens_for(browser, person, rp(), acr_values="urn:signin:acr:mfa")
    assert decoded(token["id_token"], metadata).claims["acr"] == "urn:signin:acr:mfa"


def test_oidcc_codereuse(browser, person, rp, metadata):
    client = rp(scope="openid offline_access")
    location = code_location(browser, person, authorize_url(client))
    first = client.fetch_token(location)
    again = requests.post(
        metadata["token_endpoint"],
        auth=("rp-a", SECRET),
        timeout=10,
        data={
            "grant_type": "authorization_code",
            "code": query(location)["code"],
            "redirect_uri": REDIRECT,
            "code_verifier": client.verifier,
        },
    )
    assert (again.status_code, again.json()["error"]) == (400, "invalid_grant")
    assert (
        requests.get(
            metadata["userinfo_endpoint"], headers={"Authorization": f"Bearer {first['access_token']}"}, timeout=10
        ).status_code
        == 401
    )


def test_oidcc_codereuse_30seconds(browser, person, rp, metadata):
    client = rp()
    location = code_location(browser, person, authorize_url(client))
    client.fetch_token(location)
    with time_machine.travel(time.time() + 30):
        again = requests.post(
            metadata["token_endpoint"],
            auth=("rp-a", SECRET),
            timeout=10,
            data={
                "grant_type": "authorization_code",
                "code": query(location)["code"],
                "redirect_uri": REDIRECT,
                "code_verifier": client.verifier,
            },
        )
    assert again.json()["error"] == "invalid_grant"


def test_oidcc_ensure_registered_redirect_uri(browser, rp):
    answer = browser.get(authorize_url(rp(), redirect_uri="https://rp-a.example/elsewhere"))
    assert answer.status_code == 400 and "Location" not in answer.headers


def test_oidcc_ensure_redirect_uri_in_authorization_request(browser, rp):
    answer = browser.get(authorize_url(rp(), redirect_uri=None))
    assert answer.status_code == 400 and "Location" not in answer.headers


def test_oidcc_unsigned_request_object_supported_correctly_or_rejected_as_unsupported(browser, rp):
    client = rp()
    # {"alg": "none"}.{"client_id": "rp-a", "scope": "openid"}. — an unsigned request object
    unsigned = "eyJhbGciOiJub25lIn0.eyJjbGllbnRfaWQiOiJycC1hIiwic2NvcGUiOiJvcGVuaWQifQ."
    assert error_of(browser, authorize_url(client, request=unsigned)) == "request_not_supported"


def test_oidcc_claims_essential(browser, person, rp):
    """claims_parameter_supported is false: the parameter is ignored, the sign-in succeeds."""
    claims = '{"userinfo": {"name": {"essential": true}}}'
    assert query(code_location(browser, person, authorize_url(rp(), claims=claims)))["code"]


def test_oidcc_ensure_request_object_with_redirect_uri(browser, rp):
    client = rp()
    assert error_of(browser, authorize_url(client, request="eyJhbGciOiJub25lIn0.e30.")) == "request_not_supported"


def test_oidcc_refresh_token(browser, person, rp, metadata):
    client = rp(scope="openid offline_access")
    token = tokens_for(browser, person, client)
    renewed = requests.post(
        metadata["token_endpoint"],
        auth=("rp-a", SECRET),
        timeout=10,
        data={"grant_type": "refresh_token", "refresh_token": token["refresh_token"]},
    ).json()
    assert renewed["access_token"] != token["access_token"] and renewed["refresh_token"] != token["refresh_token"]


def test_oidcc_ensure_request_with_valid_pkce_succeeds(browser, person, rp):
    assert tokens_for(browser, person, rp())["access_token"]


# --- oidcc-config-certification-test-plan ---------------------------------------------------


def test_oidcc_discovery_endpoint_verification(metadata, live_server):
    for field in (
        "issuer",
        "authorization_endpoint",
        "token_endpoint",
        "userinfo_endpoint",
        "jwks_uri",
        "response_types_supported",
        "subject_types_supported",
        "id_token_signing_alg_values_supported",
    ):
        assert metadata[field], field
    assert metadata["issuer"] == live_server.url and "RS256" in metadata["id_token_signing_alg_values_supported"]
    assert requests.get(metadata["jwks_uri"], timeout=5).json()["keys"]


# --- oidcc-rp-initiated-logout-certification-test-plan --------------------------------------


def _signed_in(browser, person, rp) -> str:
    client = rp()
    return tokens_for(browser, person, client)["id_token"]


def _still_signed_in(browser) -> bool:
    return browser.get("/v1/session").json()["data"]["authenticated"]


def test_oidcc_rp_initiated_logout(browser, person, rp):
    id_token = _signed_in(browser, person, rp)
    answer = browser.get(
        "/logout?" + urlencode({"id_token_hint": id_token, "post_logout_redirect_uri": POST_LOGOUT, "state": "s"})
    )
    assert answer.headers["Location"] == f"{POST_LOGOUT}?state=s" and not _still_signed_in(browser)


def test_oidcc_rp_initiated_logout_bad_post_logout_redirect_uri(browser, person, rp):
    id_token = _signed_in(browser, person, rp)
    answer = browser.get(
        "/logout?" + urlencode({"id_token_hint": id_token, "post_logout_redirect_uri": "https://evil.example/"})
    )
    assert answer.status_code == 400 and "Location" not in answer.headers and _still_signed_in(browser)


def test_oidcc_rp_initiated_logout_modified_id_token_hint(browser, person, rp):
    id_token = _signed_in(browser, person, rp)
    head, body, signature = id_token.split(".")
    answer = browser.get(
        "/logout?"
        + urlencode({"id_token_hint": f"{head}.{body}.{signature[::-1]}", "post_logout_redirect_uri": POST_LOGOUT})
    )
    assert answer.status_code == 400 and _still_signed_in(browser)


def test_oidcc_rp_initiated_logout_no_id_token_hint(browser, person, rp):
    _signed_in(browser, person, rp)
    answer = browser.get("/logout?" + urlencode({"post_logout_redirect_uri": POST_LOGOUT, "client_id": "rp-a"}))
    assert answer.status_code == 200 and _still_signed_in(browser)  # the person is asked first


def test_oidcc_rp_initiated_logout_no_params(browser, person, rp):
    _signed_in(browser, person, rp)
    assert browser.get("/logout").status_code == 200 and _still_signed_in(browser)  # asked first


def test_oidcc_rp_initiated_logout_no_post_logout_redirect_uri(browser, person, rp):
    id_token = _signed_in(browser, person, rp)
    answer = browser.get("/logout?" + urlencode({"id_token_hint": id_token}))
    assert answer.status_code == 200 and "Location" not in answer.headers and not _still_signed_in(browser)


def test_oidcc_rp_initiated_logout_only_state(browser, person, rp):
    id_token = _signed_in(browser, person, rp)
    answer = browser.get("/logout?" + urlencode({"id_token_hint": id_token, "state": "s"}))
    assert answer.status_code == 200 and not _still_signed_in(browser)


def test_oidcc_rp_initiated_logout_query_added_to_post_logout_redirect_uri(browser, person, rp):
    id_token = _signed_in(browser, person, rp)
    answer = browser.get(
        "/logout?" + urlencode({"id_token_hint": id_token, "post_logout_redirect_uri": POST_LOGOUT + "?foo=bar"})
    )
    assert answer.status_code == 400 and _still_signed_in(browser)


def test_oidcc_rp_initiated_logout_no_state(browser, person, rp):
    id_token = _signed_in(browser, person, rp)
    answer = browser.get("/logout?" + urlencode({"id_token_hint": id_token, "post_logout_redirect_uri": POST_LOGOUT}))
    assert answer.headers["Location"] == POST_LOGOUT


# --- oidcc-backchannel-rp-initiated-logout-certification-test-plan --------------------------


def test_oidcc_backchannel_rp_initiated_logout(browser, person, rp, metadata, receiver):
    client = rp("rp-bc", "https://rp-bc.example/cb")
    id_token = decoded(tokens_for(browser, person, client)["id_token"], metadata)
    raw = client.session.token["id_token"]
    browser.get("/logout?" + urlencode({"id_token_hint": raw, "post_logout_redirect_uri": "https://rp-bc.example/"}))
    (token,) = receiver.wait()
    logout = decoded(token, metadata)
    assert logout.header["typ"] == "logout+jwt"
    assert (logout.claims["sid"], logout.claims["sub"]) == (id_token.claims["sid"], id_token.claims["sub"])
    assert "nonce" not in logout.claims and logout.claims["events"]
