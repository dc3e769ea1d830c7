"""A service that asks a phishing-resistant sign-in (acr_values urn:signin:acr:phishing-resistant)
gets a code only once the person proved it with a passkey: at sign-in they are offered their
passkey alone; a person without one signs in, adds one (after proving it is them again), and
goes on to the service; the ID token's acr says what was done (idp/sessions/assurance.py)."""

from __future__ import annotations

import base64
import hashlib
import secrets
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from tests.api.account_helpers import add_passkey, post
from tests.api.test_second_factor import answer, choose, session_proof, sign_in_again
from tests.support.authenticator import SoftAuthenticator
from tests.support.contract import ISSUER
from tests.support.journeys import EMAIL

PR = "urn:signin:acr:phishing-resistant"
MFA = "urn:signin:acr:mfa"
REDIRECT = "http://localhost:5001/callback"
SECRET = "reservations-development-secret-not-for-production"


@pytest.fixture
def account(signup, client, frozen):
    signup.through("profile")
    return signup.user_id


class Service:
    """The reservations client, asking through the person's browser."""

    def __init__(self, client):
        self.client = client
        self.verifier = secrets.token_urlsafe(48)

    def ask(self, acr_values: str | None = PR, **extra):
        challenge = base64.urlsafe_b64encode(hashlib.sha256(self.verifier.encode()).digest()).rstrip(b"=").decode()
        params = {
            "response_type": "code",
            "client_id": "reservations",
            "redirect_uri": REDIRECT,
            "scope": "openid profile",
            "state": "s",
            "nonce": secrets.token_urlsafe(8),
            "code_challenge": challenge,
            "code_challenge_method": "S256",
        }
        if acr_values:
            params["acr_values"] = acr_values
        return self.client.get(f"/authorize?{urlencode(params | extra)}")

    def acr_of(self, location: str) -> str:
        from joserfc import jwt

        code = parse_qs(urlsplit(location).query)["code"][0]
        token = self.client.post(
            "/token",
            data={
                "grant_type": "authorization_code",
                "code": code,
                "redirect_uri": REDIRECT,
                "code_verifier": self.verifier,
                "client_id": "reservations",
                "client_secret": SECRET,
            },
        )
        return jwt.decode(token.json["id_token"], lambda _: _published(self.client)).claims["acr"]


def _published(client):
    from joserfc.jwk import KeySet

    return KeySet.import_key_set(client.get("/jwks").json)


def finish(client, redirect_to: str):
    return client.get(redirect_to)


def test_a_person_with_a_passkey_is_offered_it_alone_and_the_service_gets_a_phishing_resistant_sign_in(
    client, account, outbox, app
):
    authenticator = SoftAuthenticator(ISSUER)
    add_passkey(client, outbox, authenticator)
    post(client, "/logout")
    service = Service(client)
    assert service.ask().headers["Location"] == "/en/"
    signed_in = post(client, "/otp/users/login", userName=EMAIL, password="Maple-Syrup-Harbour-42").json["data"]
    assert signed_in["journey"]["methods"] == ["passkey"]
    assert choose(client, "sms").json["message"] == "26"  # the server, not the page, decides
    options = choose(client, "passkey").json["data"]["publicKey"]
    done = client.post(
        "/v1/otp/otp/verify", json={"userName": EMAIL, "otpType": "passkey", "credential": authenticator.get(options)}
    )
    location = finish(client, done.json["data"]["redirectTo"]).headers["Location"]
    assert location.startswith(REDIRECT) and service.acr_of(location) == PR


def test_a_person_without_a_passkey_signs_in_adds_one_and_goes_on_to_the_service(client, account, outbox, app):
    post(client, "/logout")
    service = Service(client)
    service.ask()
    data = post(client, "/otp/users/login", userName=EMAIL, password="Maple-Syrup-Harbour-42").json["data"]
    assert "passkey" not in data["journey"]["methods"]
    choose(client, "sms")
    done = answer(client, "sms", otp=outbox.code("+16132345678"), trxnId=None)
    refused = finish(client, done.json["data"]["redirectTo"])
    assert refused.headers["Location"] == "/en/signinmethods"  # no code for a text-message sign-in
    session = client.get("/v1/session").json["data"]
    assert session["passkeyRequired"] is True and session["continueTo"].startswith("/authorize/resume/")
    add_passkey(client, outbox, SoftAuthenticator(ISSUER))
    assert session_proof(app)[1] == PR
    location = client.get(client.get("/v1/session").json["data"]["continueTo"]).headers["Location"]
    assert location.startswith(REDIRECT) and service.acr_of(location) == PR


def test_a_signed_in_person_with_a_passkey_is_asked_to_sign_in_with_it(client, account, outbox, app):
    add_passkey(client, outbox, SoftAuthenticator(ISSUER))
    sign_in_again(client)
    choose(client, "sms")
    done = answer(client, "sms", otp=outbox.code("+16132345678"), trxnId=None)
    finish(client, done.json["data"]["redirectTo"])
    assert Service(client).ask().headers["Location"] == "/en/"


def test_a_second_factor_meets_a_service_that_accepts_either(client, account, outbox):
    sign_in_again(client)
    choose(client, "sms")
    answer(client, "sms", otp=outbox.code("+16132345678"), trxnId=None)
    service = Service(client)
    location = service.ask(f"{MFA} {PR}").headers["Location"]
    assert location.startswith(REDIRECT) and service.acr_of(location) == MFA


def test_an_acr_value_the_provider_does_not_know_asks_nothing(client, account, outbox):
    sign_in_again(client)
    choose(client, "sms")
    answer(client, "sms", otp=outbox.code("+16132345678"), trxnId=None)
    assert Service(client).ask("urn:example:loa:3").headers["Location"].startswith(REDIRECT)


def _signed_in_by_text_for(client, outbox, acr_values: str | None):
    post(client, "/logout")
    Service(client).ask(acr_values)
    post(client, "/otp/users/login", userName=EMAIL, password="Maple-Syrup-Harbour-42")
    choose(client, "sms")
    done = answer(client, "sms", otp=outbox.code("+16132345678"), trxnId=None)
    return finish(client, done.json["data"]["redirectTo"])


def test_a_sign_in_for_a_service_that_asks_a_passkey_lets_the_person_add_one_without_proving_it_again(
    client, account, outbox
):
    _signed_in_by_text_for(client, outbox, PR)
    authenticator = SoftAuthenticator(ISSUER)
    options = post(client, "/profile/methods/passkey").json["data"]["publicKey"]
    added = client.post(
        "/v1/profile/methods/passkey/register", json={"credential": authenticator.create(options), "name": "Laptop"}
    )
    assert added.status_code == 200, added.json


def test_that_sign_in_opens_no_other_change_than_the_methods(client, account, outbox):
    _signed_in_by_text_for(client, outbox, PR)
    refused = post(client, "/profile/password/new", password="Another-Long-Passphrase-77")
    assert (refused.status_code, refused.json["message"]) == (409, "20")


def test_a_sign_in_for_a_service_that_asks_no_passkey_lets_no_change_of_methods_go_unproved(client, account, outbox):
    _signed_in_by_text_for(client, outbox, None)
    refused = post(client, "/profile/methods/passkey")
    assert (refused.status_code, refused.json["message"]) == (409, "20")


def test_the_proof_of_that_sign_in_lasts_the_reauthentication_window(client, account, outbox, app, frozen):
    _signed_in_by_text_for(client, outbox, PR)
    frozen.shift(app.config["IDP"]["profile"]["reauthentication_window_seconds"] + 1)
    refused = post(client, "/profile/methods/passkey")
    assert (refused.status_code, refused.json["message"]) == (409, "36")  # the time to confirm it is you again
