"""The same code flow driven by a second, independent client library: pyoidc (oic)."""

from __future__ import annotations

from urllib.parse import urlsplit

from oic import rndstr
from oic.oic import Client
from oic.oic.message import AuthorizationResponse, OpenIDSchema, RegistrationResponse
from oic.utils.authn.client import CLIENT_AUTHN_METHOD
from oidc_helpers import SECRET


def pyoidc_client(live_server) -> Client:
    client = Client(client_authn_method=CLIENT_AUTHN_METHOD)
    client.provider_config(live_server.url)
    client.store_registration_info(
        RegistrationResponse(client_id="rp-a", client_secret=SECRET, redirect_uris=["https://rp-a.example/callback"])
    )
    return client


def test_pyoidc_completes_the_code_flow_with_pkce_and_reads_userinfo(live_server, browser, person):
    client = pyoidc_client(live_server)
    state, nonce = rndstr(), rndstr()
    challenge, verifier = client.add_code_challenge()
    request = client.construct_AuthorizationRequest(
        request_args={
            "response_type": "code",
            "scope": ["openid", "email", "profile"],
            "state": state,
            "nonce": nonce,
            "redirect_uri": "https://rp-a.example/callback",
            **challenge,
        }
    )
    url = request.request(client.authorization_endpoint)
    assert browser.get(url).headers["Location"] == "/en/"
    location = browser.get(browser.sign_in(person)).headers["Location"]

    response = client.parse_response(AuthorizationResponse, info=urlsplit(location).query, sformat="urlencoded")
    assert response["state"] == state
    assert response["iss"] == live_server.url
    token = client.do_access_token_request(
        state=state,
        request_args={"code": response["code"], "code_verifier": verifier},
        authn_method="client_secret_basic",
    )
    id_token = token["id_token"]
    assert id_token["nonce"] == nonce
    assert id_token["sub"] == person.id
    assert id_token["iss"] == live_server.url

    info = client.do_user_info_request(state=state)
    assert isinstance(info, OpenIDSchema)
    assert info["email"] == "amelie.tremblay@example.ca"
    assert info["sub"] == person.id


def test_pyoidc_reads_the_provider_configuration(live_server):
    client = pyoidc_client(live_server)
    assert client.provider_info["issuer"] == live_server.url
    assert client.provider_info["end_session_endpoint"] == f"{live_server.url}/logout"
