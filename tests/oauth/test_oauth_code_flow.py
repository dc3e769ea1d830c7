"""The authorization code flow end to end, driven by Authlib's OAuth 2 client against the live IdP."""

from __future__ import annotations

import threading
import time
from urllib.parse import urlsplit

import requests
import time_machine
from authlib.integrations.base_client import OAuthError
from authlib.oidc.core.util import create_half_hash
from joserfc import jwt
from joserfc.jwk import KeySet
from oidc_helpers import SECRET, query


def decode_id_token(id_token: str, metadata: dict) -> dict:
    keys = KeySet.import_key_set(requests.get(metadata["jwks_uri"], timeout=5).json())
    token = jwt.decode(id_token, keys, algorithms=["RS256"])
    assert token.header["kid"] in [key.kid for key in keys]
    return dict(token.claims)


def test_a_person_who_signs_in_is_sent_back_with_a_code_state_and_issuer(signed_in_code, metadata):
    client, location = signed_in_code()
    params = query(location)
    assert location.startswith("https://rp-a.example/callback?")
    assert params["state"] == client.state
    assert params["iss"] == metadata["issuer"]
    assert params["code"]


def test_an_unauthenticated_request_goes_to_the_login_ui_in_the_asked_language(browser, rp):
    response = browser.get(rp().authorization_url(ui_locales="fr-CA en"))
    assert response.status_code == 303
    assert response.headers["Location"] == "/fr/"


def test_the_login_ui_learns_the_waiting_service_and_login_hint(browser, rp):
    browser.get(rp().authorization_url(login_hint="someone@example.ca"))
    data = browser.get("/v1/session?lang=fr").json()["data"]
    data.pop("noSession")  # why no session: tests/api/test_why_a_step_is_refused.py
    data.pop("insightJourney")  # the analytics' next journey id: tests/insight/test_collector.py
    assert data == {
        "authenticated": False,
        "service": {
            "id": 2,
            "title": "Service rp-a (fr)",
            "description": "Service d'essai rp-a",
            "url": "https://rp-a.example/",
        },
        "loginHint": "someone@example.ca",
        "passkeyRequired": False,
        "continueTo": None,
        "followTo": None,
        "journeys": {},
    }


def test_the_id_token_tells_how_the_person_proved_it(browser, person, rp, metadata):
    client = rp()
    browser.get(client.authorization_url())
    resumed = browser.get(
        browser.sign_in(person, amr=["pwd", "hwk", "user", "mfa"], acr="urn:signin:acr:phishing-resistant")
    )
    claims = decode_id_token(client.fetch_token(resumed.headers["Location"])["id_token"], metadata)
    assert (claims["amr"], claims["acr"]) == (["pwd", "hwk", "user", "mfa"], "urn:signin:acr:phishing-resistant")
    assert claims["acr"] in metadata["acr_values_supported"]
    assert set(claims["amr"]) <= set(metadata["amr_values_supported"])


def test_the_token_response_carries_an_id_token_with_every_required_claim(signed_in_code, metadata, person):
    client, location = signed_in_code()
    token = client.fetch_token(location)
    claims = decode_id_token(token["id_token"], metadata)
    assert claims["iss"] == metadata["issuer"]
    assert claims["sub"] == person.id
    assert claims["aud"] == "rp-a"
    assert claims["nonce"] == client.nonce
    assert claims["amr"] == ["pwd", "otp"]
    assert claims["exp"] > claims["iat"] >= claims["auth_time"] - 1
    assert claims["at_hash"] == create_half_hash(token["access_token"], "RS256").decode()
    assert "email" not in claims


def test_the_acr_of_the_sign_in_reaches_the_id_token(browser, person, rp, metadata):
    client = rp()
    browser.get(client.authorization_url())
    location = browser.get(browser.sign_in(person, acr="urn:example:loa:2")).headers["Location"]
    claims = decode_id_token(client.fetch_token(location)["id_token"], metadata)
    assert claims["acr"] == "urn:example:loa:2"


def test_userinfo_releases_the_claims_of_the_granted_scopes(signed_in_code, person):
    client, location = signed_in_code()
    client.fetch_token(location)
    info = client.session.get(client.metadata["userinfo_endpoint"]).json()
    assert info == {
        "sub": person.id,
        "name": "Amélie Tremblay",
        "given_name": "Amélie",
        "family_name": "Tremblay",
        "locale": "fr",
        "email": "amelie.tremblay@example.ca",
        "email_verified": True,
        "phone_number": "+16135550123",
        "phone_number_verified": True,
    }


def test_userinfo_releases_only_what_the_scope_allows(signed_in_code, rp, person):
    client, location = signed_in_code(rp(scope="openid email"))
    client.fetch_token(location)
    info = client.session.post(client.metadata["userinfo_endpoint"]).json()
    assert info == {"sub": person.id, "email": "amelie.tremblay@example.ca", "email_verified": True}


def test_userinfo_refuses_a_missing_or_unknown_bearer_token(metadata):
    assert requests.get(metadata["userinfo_endpoint"], timeout=5).status_code == 401
    unknown = requests.get(metadata["userinfo_endpoint"], headers={"Authorization": "Bearer nope"}, timeout=5)
    assert unknown.status_code == 401


def test_client_secret_post_authenticates_the_client_too(signed_in_code, rp):
    client = rp()
    client.session.token_endpoint_auth_method = "client_secret_post"
    _, location = signed_in_code(client)
    assert client.fetch_token(location)["token_type"] == "Bearer"


def test_a_wrong_client_secret_is_refused(signed_in_code, metadata):
    client, location = signed_in_code()
    response = requests.post(
        metadata["token_endpoint"],
        auth=("rp-a", SECRET + "x"),
        data={
            "grant_type": "authorization_code",
            "code": query(location)["code"],
            "redirect_uri": client.redirect_uri,
            "code_verifier": client.verifier,
        },
        timeout=5,
    )
    assert response.status_code == 401
    assert response.json()["error"] == "invalid_client"


def test_a_wrong_code_verifier_is_refused(signed_in_code):
    client, location = signed_in_code()
    client.verifier = client.verifier[::-1]
    try:
        client.fetch_token(location)
    except OAuthError as error:
        assert error.error == "invalid_grant"
    else:
        raise AssertionError("the token endpoint accepted a wrong code_verifier")


def redeem(client, location) -> requests.Response:
    return requests.post(
        client.metadata["token_endpoint"],
        auth=(client.client_id, SECRET),
        data={
            "grant_type": "authorization_code",
            "code": query(location)["code"],
            "redirect_uri": client.redirect_uri,
            "code_verifier": client.verifier,
        },
        timeout=5,
    )


def test_a_code_is_single_use_and_its_reuse_revokes_the_tokens_issued_from_it(signed_in_code):
    client, location = signed_in_code()
    first = redeem(client, location)
    assert first.status_code == 200
    access_token = first.json()["access_token"]
    userinfo = client.metadata["userinfo_endpoint"]
    assert requests.get(userinfo, headers={"Authorization": f"Bearer {access_token}"}, timeout=5).status_code == 200

    second = redeem(client, location)
    assert second.status_code == 400
    assert second.json()["error"] == "invalid_grant"
    assert requests.get(userinfo, headers={"Authorization": f"Bearer {access_token}"}, timeout=5).status_code == 401


def test_two_concurrent_redemptions_of_one_code_give_exactly_one_token(signed_in_code):
    client, location = signed_in_code()
    results: list[int] = []
    start = threading.Barrier(4)

    def attempt():
        start.wait()
        results.append(redeem(client, location).status_code)

    threads = [threading.Thread(target=attempt) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [200, 400, 400, 400]


def test_a_code_expires_after_its_lifetime(signed_in_code):
    client, location = signed_in_code()
    with time_machine.travel(time.time() + 61):
        response = redeem(client, location)
    assert response.status_code == 400
    assert response.json()["error"] == "invalid_grant"


def test_a_code_is_bound_to_its_client(signed_in_code, rp):
    _, location = signed_in_code()
    other = rp("rp-b", "https://rp-b.example/cb")
    response = requests.post(
        other.metadata["token_endpoint"],
        auth=("rp-b", SECRET),
        data={
            "grant_type": "authorization_code",
            "code": query(location)["code"],
            "redirect_uri": "https://rp-a.example/callback",
        },
        timeout=5,
    )
    assert response.json()["error"] == "invalid_grant"


def test_refresh_tokens_come_only_with_offline_access(signed_in_code, rp):
    client, location = signed_in_code()
    assert "refresh_token" not in client.fetch_token(location)
    offline, location = signed_in_code(rp(scope="openid offline_access"))
    assert offline.fetch_token(location)["refresh_token"]


def refresher(client):
    """Refreshes at the client's token endpoint, as rp-a."""

    def refresh(refresh_token):
        return requests.post(
            client.metadata["token_endpoint"],
            auth=("rp-a", SECRET),
            data={"grant_type": "refresh_token", "refresh_token": refresh_token},
            timeout=30,
        )

    return refresh


def test_a_refresh_token_is_rotated_and_its_reuse_revokes_the_grant(signed_in_code, rp):
    client, location = signed_in_code(rp(scope="openid profile offline_access"))
    first = client.fetch_token(location)
    refresh = refresher(client)
    second = refresh(first["refresh_token"])
    assert second.status_code == 200
    rotated = second.json()
    assert rotated["refresh_token"] != first["refresh_token"]

    replay = refresh(first["refresh_token"])
    assert replay.json()["error"] == "invalid_grant"
    assert refresh(rotated["refresh_token"]).json()["error"] == "invalid_grant"
    headers = {"Authorization": f"Bearer {rotated['access_token']}"}
    assert requests.get(client.metadata["userinfo_endpoint"], headers=headers, timeout=5).status_code == 401


def test_a_pairwise_client_sees_a_subject_of_its_own(signed_in_code, rp, person, metadata):
    client, location = signed_in_code(rp("rp-b", "https://rp-b.example/cb"))
    claims = decode_id_token(client.fetch_token(location)["id_token"], metadata)
    assert claims["sub"] != person.id
    again, location = signed_in_code(rp("rp-b", "https://rp-b.example/cb"))
    assert decode_id_token(again.fetch_token(location)["id_token"], metadata)["sub"] == claims["sub"]


def test_single_sign_in_gives_a_second_service_a_code_without_credentials(signed_in_code, browser, rp):
    signed_in_code()
    client_b = rp("rp-b", "https://rp-b.example/cb")
    response = browser.get(client_b.authorization_url())
    assert response.status_code == 303
    assert response.headers["Location"].startswith("https://rp-b.example/cb?code=")
    assert client_b.fetch_token(response.headers["Location"])["id_token"]


def test_the_resume_link_is_single_use(browser, person, rp):
    browser.get(rp().authorization_url())
    resume = browser.sign_in(person)
    assert browser.get(resume).status_code == 303
    again = browser.get(resume)
    assert again.status_code == 400
    assert "text/html" in again.headers["Content-Type"]


def test_the_resume_link_is_bound_to_the_browser_that_started_it(browser, person, rp, live_server):
    browser.get(rp().authorization_url())
    resume = browser.sign_in(person)
    stranger = requests.get(live_server.url + resume, allow_redirects=False, timeout=5)
    assert stranger.status_code == 400
    assert urlsplit(browser.get(resume).headers["Location"]).netloc == "rp-a.example"


def test_the_id_token_names_the_person_under_the_profile_scope_and_follows_a_name_change(
    signed_in_code, metadata, person, app
):
    from idp.extensions import db
    from idp.models import User

    client, location = signed_in_code(scope="openid profile")
    claims = decode_id_token(client.fetch_token(location)["id_token"], metadata)
    assert (claims["given_name"], claims["family_name"]) == ("Amélie", "Tremblay")

    with app.app_context():
        db.session.get(User, person.id).first_name = "Marie-Ève"
        db.session.commit()
    client, location = signed_in_code(scope="openid profile")
    claims = decode_id_token(client.fetch_token(location)["id_token"], metadata)
    assert claims["given_name"] == "Marie-Ève"
    assert claims["name"] == "Marie-Ève Tremblay"


def test_the_id_token_carries_no_name_without_the_profile_scope(signed_in_code, metadata):
    client, location = signed_in_code(scope="openid")
    claims = decode_id_token(client.fetch_token(location)["id_token"], metadata)
    assert "given_name" not in claims and "name" not in claims


def test_concurrent_refreshes_of_one_token_give_one_new_token_and_end_the_grant(signed_in_code, rp):
    from concurrent.futures import ThreadPoolExecutor

    client, location = signed_in_code(rp(scope="openid profile offline_access"))
    first = client.fetch_token(location)
    refresh = refresher(client)
    with ThreadPoolExecutor(max_workers=8) as pool:
        answers = list(pool.map(lambda _: refresh(first["refresh_token"]), range(8)))
    assert sorted(answer.status_code for answer in answers) == [200] + [400] * 7
    winner = next(answer.json() for answer in answers if answer.status_code == 200)
    assert refresh(winner["refresh_token"]).json()["error"] == "invalid_grant"


def test_a_wrong_code_verifier_is_told_to_send_the_one_its_challenge_was_made_from(signed_in_code):
    client, location = signed_in_code()
    client.verifier = client.verifier[::-1]
    assert redeem(client, location).json()["error_description"] == (
        "The 'code_verifier' does not match the authorization request's code_challenge: "
        "send the verifier that challenge was made from."
    )


def test_a_spent_code_is_told_to_start_a_new_authorization_request(signed_in_code):
    client, location = signed_in_code()
    redeem(client, location)
    assert redeem(client, location).json()["error_description"] == (
        "The code is not one this client may redeem now (unknown, expired or used already): "
        "start a new authorization request and redeem its code at once, once."
    )


def test_a_spent_refresh_token_is_told_to_sign_the_person_in_again(signed_in_code, rp):
    client, location = signed_in_code(rp(scope="openid profile offline_access"))
    first = client.fetch_token(location)
    refresh = refresher(client)
    refresh(first["refresh_token"])
    assert refresh(first["refresh_token"]).json()["error_description"] == (
        "The refresh token is not one this client may use now (unknown, expired, revoked or used already): "
        "sign the person in again for a new one."
    )


def test_an_unsupported_grant_type_is_told_the_ones_to_send(metadata):
    answer = requests.post(
        metadata["token_endpoint"], auth=("rp-a", SECRET), data={"grant_type": "password"}, timeout=5
    )
    assert (answer.json()["error"], answer.json()["error_description"]) == (
        "unsupported_grant_type",
        "This grant_type is not supported: send authorization_code, or refresh_token.",
    )


def test_userinfo_with_an_unknown_token_is_told_to_refresh_or_sign_in_again(metadata):
    unknown = requests.get(metadata["userinfo_endpoint"], headers={"Authorization": "Bearer nope"}, timeout=5)
    told = (
        "The access token is unknown, expired or revoked: refresh it, or sign the person in again, "
        "and send the new one."
    )
    assert unknown.json()["error_description"] == told
    assert f'error_description="{told}"' in unknown.headers["WWW-Authenticate"]
