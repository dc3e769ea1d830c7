"""How relying services authenticate (RFC 7523 private_key_jwt, a public client with PKCE, the
secret methods), each service by its own method only, driven by Authlib's OAuth 2 client.

Mirrors the conformance suite's FAPI 2.0 checks of private_key_jwt (fapi2-...-ensure-client-
assertion-with-wrong-aud/iss/sub-fails, -expired-fails, -reused-jti-fails)."""
from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
import requests
from authlib.integrations.requests_client import OAuth2Session
from authlib.oauth2.rfc7523 import PrivateKeyJWT
from joserfc import jwt
from joserfc.jwk import ECKey, KeySet
from oidc_helpers import JWKS_PORT, JWT_CLIENT_KEY, REMOTE_CLIENT_KEY, SECRET, RelyingParty

from idp.oauth import client_auth

ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"


class KeyServer:
    """The jwks_uri of the client rp-remote: serves `keys`, counts its fetches, may stall."""

    def __init__(self, port: int):
        self.keys: dict = {"keys": [REMOTE_CLIENT_KEY.as_dict(private=False)]}
        self.fetches = 0
        self.stall_seconds = 0.0
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                server.fetches += 1
                time.sleep(server.stall_seconds)
                body = json.dumps(server.keys).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.http = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        threading.Thread(target=self.http.serve_forever, daemon=True).start()

    def stop(self):
        self.http.shutdown()
        self.http.server_close()


@pytest.fixture
def key_server():
    client_auth.REMOTE_KEYS.forget()
    server = KeyServer(JWKS_PORT)
    yield server
    server.stop()
    client_auth.REMOTE_KEYS.forget()


def assertion(key, client_id: str, audience: str, **overrides) -> str:
    moment = int(time.time())
    claims = {"iss": client_id, "sub": client_id, "aud": audience, "iat": moment, "exp": moment + 60,
              "jti": f"jti-{time.time_ns()}", **overrides}
    claims = {name: value for name, value in claims.items() if value is not None}
    alg = "ES256" if isinstance(key, ECKey) else "RS256"
    return jwt.encode({"alg": alg, "kid": key.kid}, claims, key, algorithms=[alg])


def with_assertion(client: RelyingParty, key, audience: str):
    """Authlib's client signs a fresh assertion (RFC 7523) for each token request, living 60 s."""
    alg = "ES256" if isinstance(key, ECKey) else "RS256"
    auth = PrivateKeyJWT(audience, alg=alg, headers={"kid": key.kid}, claims={"exp": int(time.time()) + 60})
    client.session = OAuth2Session(client.client_id, key, scope=client.scope, redirect_uri=client.redirect_uri,
                                   code_challenge_method="S256", token_endpoint_auth_method=auth)
    return client


def redeem(metadata, location: str, verifier: str, redirect_uri: str, **auth) -> requests.Response:
    code = dict(part.split("=", 1) for part in location.split("?", 1)[1].split("&"))["code"]
    form = {"grant_type": "authorization_code", "code": code, "redirect_uri": redirect_uri, "code_verifier": verifier, **auth}
    return requests.post(metadata["token_endpoint"], data=form, timeout=10)


def test_discovery_advertises_each_client_authentication_method(metadata):
    assert set(metadata["token_endpoint_auth_methods_supported"]) == {
        "client_secret_basic", "client_secret_post", "private_key_jwt", "none"}
    assert metadata["token_endpoint_auth_signing_alg_values_supported"] == ["RS256", "PS256", "ES256"]


def test_a_service_signs_in_with_private_key_jwt_and_an_inline_key(signed_in_code, rp, metadata):
    client = with_assertion(rp("rp-jwt", "https://rp-jwt.example/cb"), JWT_CLIENT_KEY, metadata["token_endpoint"])
    client, location = signed_in_code(client)
    token = client.fetch_token(location)
    assert token["id_token"] and token["access_token"]


def test_an_assertion_addressed_to_the_issuer_is_accepted(signed_in_code, rp, metadata):
    client = with_assertion(rp("rp-jwt", "https://rp-jwt.example/cb"), JWT_CLIENT_KEY, metadata["issuer"])
    client, location = signed_in_code(client)
    assert client.fetch_token(location)["access_token"]


@pytest.mark.parametrize(
    ("module", "overrides"),
    [
        ("ensure-client-assertion-with-wrong-aud-fails", {"aud": "https://elsewhere.example/token"}),
        ("ensure-client-assertion-with-wrong-iss-fails", {"iss": "rp-a"}),
        ("ensure-client-assertion-with-wrong-sub-fails", {"sub": "rp-a"}),
        ("ensure-client-assertion-with-exp-in-the-past-fails", {"iat": int(time.time()) - 600, "exp": int(time.time()) - 300}),
        ("ensure-client-assertion-without-jti-fails", {"jti": None}),
        ("ensure-client-assertion-living-an-hour-fails", {"exp": int(time.time()) + 3600}),
    ],
)
def test_a_wrong_client_assertion_is_invalid_client(signed_in_code, rp, metadata, module, overrides):
    client, location = signed_in_code(rp("rp-jwt", "https://rp-jwt.example/cb"))
    signed = assertion(JWT_CLIENT_KEY, "rp-jwt", metadata["token_endpoint"], **overrides)
    answer = redeem(metadata, location, client.verifier, client.redirect_uri,
                    client_assertion_type=ASSERTION_TYPE, client_assertion=signed)
    assert (answer.status_code, answer.json()["error"]) == (401, "invalid_client"), module


def test_an_assertion_signed_by_another_key_is_invalid_client(signed_in_code, rp, metadata):
    client, location = signed_in_code(rp("rp-jwt", "https://rp-jwt.example/cb"))
    stranger = ECKey.generate_key("P-256", parameters={"kid": JWT_CLIENT_KEY.kid})
    answer = redeem(metadata, location, client.verifier, client.redirect_uri, client_assertion_type=ASSERTION_TYPE,
                    client_assertion=assertion(stranger, "rp-jwt", metadata["token_endpoint"]))
    assert (answer.status_code, answer.json()["error"]) == (401, "invalid_client")


def test_an_assertion_used_twice_is_refused_the_second_time(signed_in_code, rp, metadata):
    signed = assertion(JWT_CLIENT_KEY, "rp-jwt", metadata["token_endpoint"])
    answers = []
    for _ in range(2):
        client, location = signed_in_code(rp("rp-jwt", "https://rp-jwt.example/cb"))
        answers.append(redeem(metadata, location, client.verifier, client.redirect_uri,
                              client_assertion_type=ASSERTION_TYPE, client_assertion=signed))
    assert [answer.status_code for answer in answers] == [200, 401]
    assert answers[1].json()["error"] == "invalid_client"


def test_a_private_key_jwt_service_may_not_use_a_secret(signed_in_code, rp, metadata):
    client, location = signed_in_code(rp("rp-jwt", "https://rp-jwt.example/cb"))
    answer = redeem(metadata, location, client.verifier, client.redirect_uri, client_id="rp-jwt", client_secret=SECRET)
    assert (answer.status_code, answer.json()["error"]) == (401, "invalid_client")


def test_a_secret_service_may_not_use_an_assertion(signed_in_code, rp, metadata):
    client, location = signed_in_code(rp())
    signed = assertion(JWT_CLIENT_KEY, "rp-a", metadata["token_endpoint"])
    answer = redeem(metadata, location, client.verifier, client.redirect_uri,
                    client_assertion_type=ASSERTION_TYPE, client_assertion=signed)
    assert (answer.status_code, answer.json()["error"]) == (401, "invalid_client")


def test_a_service_registered_for_client_secret_post_may_not_use_basic(signed_in_code, rp, metadata):
    client, location = signed_in_code(rp("rp-post", "https://rp-post.example/cb"))
    code = dict(part.split("=", 1) for part in location.split("?", 1)[1].split("&"))["code"]
    answer = requests.post(metadata["token_endpoint"], auth=("rp-post", SECRET), timeout=10, data={
        "grant_type": "authorization_code", "code": code, "redirect_uri": client.redirect_uri, "code_verifier": client.verifier})
    assert (answer.status_code, answer.json()["error"]) == (401, "invalid_client")


def test_keys_from_jwks_uri_are_fetched_once_and_kept(signed_in_code, rp, metadata, key_server):
    for _ in range(2):
        client = with_assertion(rp("rp-remote", "https://rp-remote.example/cb"), REMOTE_CLIENT_KEY, metadata["token_endpoint"])
        client, location = signed_in_code(client)
        assert client.fetch_token(location)["access_token"]
    assert key_server.fetches == 1


def test_a_new_key_at_jwks_uri_is_fetched_when_an_assertion_names_it(signed_in_code, rp, metadata, key_server, monkeypatch):
    client = with_assertion(rp("rp-remote", "https://rp-remote.example/cb"), REMOTE_CLIENT_KEY, metadata["token_endpoint"])
    client, location = signed_in_code(client)
    client.fetch_token(location)
    monkeypatch.setattr(client_auth, "REFETCH_SECONDS", 0)
    rotated = ECKey.generate_key("P-256", parameters={"kid": "rp-remote-2", "alg": "ES256"})
    key_server.keys = KeySet([REMOTE_CLIENT_KEY, rotated]).as_dict(private=False)
    client = with_assertion(rp("rp-remote", "https://rp-remote.example/cb"), rotated, metadata["token_endpoint"])
    client, location = signed_in_code(client)
    assert client.fetch_token(location)["access_token"]
    assert key_server.fetches == 2


def test_an_unreachable_jwks_uri_is_invalid_client_not_a_failure(signed_in_code, rp, metadata):
    client_auth.REMOTE_KEYS.forget()  # nothing listens on the port: the fetch fails at once
    client, location = signed_in_code(rp("rp-remote", "https://rp-remote.example/cb"))
    answer = redeem(metadata, location, client.verifier, client.redirect_uri, client_assertion_type=ASSERTION_TYPE,
                    client_assertion=assertion(REMOTE_CLIENT_KEY, "rp-remote", metadata["token_endpoint"]))
    assert (answer.status_code, answer.json()["error"]) == (401, "invalid_client")


def test_a_slow_jwks_uri_holds_the_request_no_longer_than_its_time_limit(signed_in_code, rp, metadata, key_server, monkeypatch):
    monkeypatch.setattr(client_auth, "FETCH_TIMEOUT_SECONDS", 0.5)
    key_server.stall_seconds = 3
    client, location = signed_in_code(rp("rp-remote", "https://rp-remote.example/cb"))
    started = time.monotonic()
    answer = redeem(metadata, location, client.verifier, client.redirect_uri, client_assertion_type=ASSERTION_TYPE,
                    client_assertion=assertion(REMOTE_CLIENT_KEY, "rp-remote", metadata["token_endpoint"]))
    assert (answer.status_code, answer.json()["error"]) == (401, "invalid_client")
    assert time.monotonic() - started < 2.5


def test_a_public_client_redeems_its_code_with_pkce_alone(signed_in_code, rp, metadata):
    client = rp("rp-native", "http://127.0.0.1:51234/callback")
    client, location = signed_in_code(client)
    answer = redeem(metadata, location, client.verifier, client.redirect_uri, client_id="rp-native")
    assert answer.status_code == 200, answer.text
    assert answer.json()["id_token"]


def test_a_public_client_without_its_verifier_gets_nothing(signed_in_code, rp, metadata):
    client, location = signed_in_code(rp("rp-native", "http://127.0.0.1:51234/callback"))
    answer = redeem(metadata, location, "wrong-verifier-" + "x" * 40, client.redirect_uri, client_id="rp-native")
    assert answer.status_code == 400


def test_a_native_app_may_come_back_on_any_loopback_port_but_not_another_host(browser, rp, metadata):
    assert browser.get(rp("rp-native", "http://127.0.0.1:40001/callback").authorization_url()).status_code == 303
    refused = browser.get(rp("rp-native", "http://127.0.0.2:40001/callback").authorization_url())
    assert refused.status_code == 400
