"""A relying service revokes the tokens it holds (RFC 7009) and asks whether one is still good
(RFC 7662), about its own tokens only, through Authlib's OAuth 2 client; and a service that
registered userinfo_signed_response_alg gets its userinfo as a signed JWT."""

from __future__ import annotations

import requests
from joserfc import jwt
from joserfc.jwk import KeySet
from oidc_helpers import SECRET


def tokens(signed_in_code, rp, client_id="rp-a", redirect_uri="https://rp-a.example/callback"):
    client = rp(client_id, redirect_uri, scope="openid profile email offline_access")
    client, location = signed_in_code(client)
    return client, client.fetch_token(location)


def userinfo(metadata, access_token: str) -> requests.Response:
    return requests.get(metadata["userinfo_endpoint"], headers={"Authorization": f"Bearer {access_token}"}, timeout=10)


def refresh(metadata, client_id: str, refresh_token: str) -> requests.Response:
    return requests.post(
        metadata["token_endpoint"],
        auth=(client_id, SECRET),
        timeout=10,
        data={"grant_type": "refresh_token", "refresh_token": refresh_token},
    )


def test_discovery_advertises_revocation_and_introspection(metadata):
    assert metadata["revocation_endpoint"] == f"{metadata['issuer']}/revoke"
    assert metadata["introspection_endpoint"] == f"{metadata['issuer']}/introspect"
    assert "none" not in metadata["introspection_endpoint_auth_methods_supported"]


def test_a_revoked_access_token_no_longer_opens_userinfo(signed_in_code, rp, metadata):
    client, token = tokens(signed_in_code, rp)
    assert userinfo(metadata, token["access_token"]).status_code == 200
    answer = client.session.revoke_token(
        metadata["revocation_endpoint"], token=token["access_token"], token_type_hint="access_token"
    )
    assert answer.status_code == 200
    assert userinfo(metadata, token["access_token"]).status_code == 401


def test_revoking_a_refresh_token_ends_the_grant_and_every_token_under_it(signed_in_code, rp, metadata):
    client, token = tokens(signed_in_code, rp)
    _, other = tokens(signed_in_code, rp)
    answer = client.session.revoke_token(
        metadata["revocation_endpoint"], token=token["refresh_token"], token_type_hint="refresh_token"
    )
    assert answer.status_code == 200
    assert refresh(metadata, "rp-a", token["refresh_token"]).json()["error"] == "invalid_grant"
    assert userinfo(metadata, other["access_token"]).status_code == 401


def test_a_token_is_found_without_its_hint(signed_in_code, rp, metadata):
    client, token = tokens(signed_in_code, rp)
    client.session.revoke_token(metadata["revocation_endpoint"], token=token["refresh_token"])
    assert refresh(metadata, "rp-a", token["refresh_token"]).json()["error"] == "invalid_grant"


def test_an_unknown_token_is_answered_200(rp, metadata):
    client = rp()
    assert client.session.revoke_token(metadata["revocation_endpoint"], token="no-such-token").status_code == 200


def test_a_service_cannot_revoke_another_services_token(signed_in_code, rp, metadata):
    _, token = tokens(signed_in_code, rp)
    other = rp("rp-b", "https://rp-b.example/cb")
    assert other.session.revoke_token(metadata["revocation_endpoint"], token=token["access_token"]).status_code == 200
    assert userinfo(metadata, token["access_token"]).status_code == 200


def test_revocation_needs_the_services_own_authentication(signed_in_code, rp, metadata):
    _, token = tokens(signed_in_code, rp)
    answer = requests.post(
        metadata["revocation_endpoint"],
        auth=("rp-a", "wrong-secret-" + "x" * 30),
        data={"token": token["access_token"]},
        timeout=10,
    )
    assert (answer.status_code, answer.json()["error"]) == (401, "invalid_client")
    assert userinfo(metadata, token["access_token"]).status_code == 200


def test_introspection_describes_an_active_token_of_the_caller(signed_in_code, rp, metadata):
    client, token = tokens(signed_in_code, rp)
    described = client.session.introspect_token(metadata["introspection_endpoint"], token=token["access_token"]).json()
    assert described["active"] is True
    assert described["client_id"] == "rp-a" and described["token_type"] == "Bearer"
    assert set(described["scope"].split()) == {"openid", "profile", "email", "offline_access"}
    assert described["iss"] == metadata["issuer"] and described["sub"] and described["exp"] > described["iat"]


def test_introspection_says_inactive_for_a_revoked_token(signed_in_code, rp, metadata):
    client, token = tokens(signed_in_code, rp)
    client.session.revoke_token(metadata["revocation_endpoint"], token=token["access_token"])
    described = client.session.introspect_token(metadata["introspection_endpoint"], token=token["access_token"]).json()
    assert described == {"active": False}


def test_introspection_says_nothing_of_another_services_token(signed_in_code, rp, metadata):
    _, token = tokens(signed_in_code, rp)
    other = rp("rp-b", "https://rp-b.example/cb")
    described = other.session.introspect_token(metadata["introspection_endpoint"], token=token["access_token"]).json()
    assert described == {"active": False}


def test_a_public_client_may_not_introspect(signed_in_code, rp, metadata):
    answer = requests.post(
        metadata["introspection_endpoint"], data={"token": "anything", "client_id": "rp-native"}, timeout=10
    )
    assert (answer.status_code, answer.json()["error"]) == (401, "invalid_client")


def test_a_service_that_asked_for_it_gets_its_userinfo_signed(signed_in_code, rp, metadata):
    client = rp("rp-es", "https://rp-es.example/cb")
    client, location = signed_in_code(client)
    answer = userinfo(metadata, client.fetch_token(location)["access_token"])
    assert answer.headers["Content-Type"] == "application/jwt"
    published = KeySet.import_key_set(requests.get(metadata["jwks_uri"], timeout=5).json())
    decoded = jwt.decode(answer.text, published, algorithms=["ES256"])
    assert decoded.header["kid"] and decoded.claims["iss"] == metadata["issuer"] and decoded.claims["aud"] == "rp-es"
    assert decoded.claims["sub"]
    assert metadata["userinfo_signing_alg_values_supported"] == ["RS256", "ES256"]


def test_a_public_client_at_introspection_is_told_only_a_confidential_client_may(metadata):
    answer = requests.post(
        metadata["introspection_endpoint"], data={"token": "anything", "client_id": "rp-native"}, timeout=10
    )
    assert answer.json()["error_description"] == (
        "This client registered token_endpoint_auth_method none, which this endpoint "
        "does not take: only a confidential client may call it."
    )
