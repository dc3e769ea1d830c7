"""Issue 42 point 1: a page opened signed out (a link from an e-mail) is where the sign-in leads,
a page of the login UI only, checked by the server."""

from __future__ import annotations

import pytest

from tests.api.account_helpers import post
from tests.support.journeys import EMAIL, PASSWORD

ACTIVITY = "/fr/account/activity"


@pytest.fixture
def returning(signup, client):
    signup.through("profile")
    client.delete_cookie("idp_session")


def sign_in(client, signin, **extra):
    response = post(client, "/otp/users/login", userName=EMAIL, password=PASSWORD, **extra)
    assert response.status_code == 200, response.json
    signin.send()
    return signin.verify()


def test_a_sign_in_begun_from_a_page_opened_signed_out_leads_back_to_it(returning, client, signin):
    assert sign_in(client, signin, next=ACTIVITY).json["data"]["redirectTo"] == ACTIVITY


def test_a_sign_in_without_a_page_leads_to_the_profile(returning, client, signin):
    assert sign_in(client, signin).json["data"]["redirectTo"].endswith("/profilehome")


@pytest.mark.parametrize(
    "destination",
    [
        "https://elsewhere.example/en/account/activity",
        "//elsewhere.example/en/account",
        "/\\elsewhere.example",
        "/en/account\\activity",
        "/en/account/activity\r\nSet-Cookie: x=1",
        "/en/account/activity\t",
        "/en/../../v1/logout",
        "/v1/logout",
        "javascript:alert(1)",
        "/en/" + "a" * 300,
    ],
)
def test_a_page_that_is_not_one_of_the_login_ui_is_refused(returning, client, destination):
    response = post(client, "/otp/users/login", userName=EMAIL, password=PASSWORD, next=destination)
    assert (response.status_code, response.json["message"], response.json["data"]) == (400, "23", {"field": "next"})
