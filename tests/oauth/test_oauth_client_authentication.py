"""How relying services authenticate (RFC 7523 private_key_jwt, a public client with PKCE, the
secret methods), each service by its own method only, driven by Authlib's OAuth 2 client.

Mirrors the conformance suite's FAPI 2.0 checks of private_key_jwt (fapi2-...-ensure-client-
assertion-with-wrong-aud/iss/sub-fails, -expired-fails, -reused-jti-fails).

Abuse cases of an assertion:
- someone who copied a service's assertion (from a log, a proxy, a crash report) sends it
  again, at once or at any moment until it stops being accepted: its exp plus the leeway the
  provider allows for clock skew (30 s). Every replay is invalid_client "used already", on
  every instance, whatever the assertion's iat and exp within the rules: a client whose clock
  runs the leeway ahead (iat 30 s in the future, exp the longest after it), an exp with a
  fraction of a second, no iat at all. After exp + the leeway it is refused as expired.
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import requests
import time_machine
from authlib.integrations.requests_client import OAuth2Session
from authlib.oauth2.rfc7523 import PrivateKeyJWT
from joserfc import jwt
from joserfc.jwk import ECKey, KeySet
from oidc_helpers import JWKS_PORT, JWT_CLIENT_KEY, REMOTE_CLIENT_KEY, SECRET, RelyingParty

from idp.oauth import client_auth, client_keys
from tests.conftest import serve_in_thread

ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"


class KeyServer:
    """The jwks_uri of the client rp-remote: serves `keys`, counts its fetches, may stall."""

    def __init__(self, port: int):
        self.keys: dict = {"keys": [REMOTE_CLIENT_KEY.as_dict(private=False)]}
        self.fetches = 0
        self.stall_seconds = 0.0
        self.cut_short = False  # announce the whole document, send half of it, close
        self.drip_seconds = 0.0  # between the document's bytes
        self.status = 200
        self.moved = False  # /jwks answers 302 to /moved, which serves the keys
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                server.fetches += 1
                time.sleep(server.stall_seconds)
                if server.moved and self.path == "/jwks":
                    self.send_response(302)
                    self.send_header("Location", "/moved")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                body = json.dumps(server.keys).encode()
                self.send_response(server.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if server.drip_seconds:
                    for index in range(len(body)):
                        self.wfile.write(body[index : index + 1])
                        self.wfile.flush()
                        time.sleep(server.drip_seconds)
                    return
                self.wfile.write(body[: len(body) // 2] if server.cut_short else body)

            def log_message(self, *args):
                pass

        self.http = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        serve_in_thread(self.http)

    def stop(self):
        self.http.shutdown()
        self.http.server_close()


@pytest.fixture
def key_server():
    client_keys.REMOTE_KEYS.forget()
    server = KeyServer(JWKS_PORT)
    yield server
    server.stop()
    client_keys.REMOTE_KEYS.forget()


def assertion(key, client_id: str, audience: str, **overrides) -> str:
    moment = int(time.time())
    claims = {
        "iss": client_id,
        "sub": client_id,
        "aud": audience,
        "iat": moment,
        "exp": moment + 60,
        "jti": f"jti-{time.time_ns()}",
        **overrides,
    }
    claims = {name: value for name, value in claims.items() if value is not None}
    alg = "ES256" if isinstance(key, ECKey) else "RS256"
    return jwt.encode({"alg": alg, "kid": key.kid}, claims, key, algorithms=[alg])


def with_assertion(client: RelyingParty, key, audience: str):
    """Authlib's client signs a fresh assertion (RFC 7523) for each token request, living 60 s."""
    alg = "ES256" if isinstance(key, ECKey) else "RS256"
    auth = PrivateKeyJWT(audience, alg=alg, headers={"kid": key.kid}, claims={"exp": int(time.time()) + 60})
    client.session = OAuth2Session(
        client.client_id,
        key,
        scope=client.scope,
        redirect_uri=client.redirect_uri,
        code_challenge_method="S256",
        token_endpoint_auth_method=auth,
    )
    return client


def redeem(metadata, location: str, verifier: str, redirect_uri: str, **auth) -> requests.Response:
    code = dict(part.split("=", 1) for part in location.split("?", 1)[1].split("&"))["code"]
    form = {
        "grant_type": "authorization_code",
        "code": code,
        "redirect_uri": redirect_uri,
        "code_verifier": verifier,
        **auth,
    }
    return requests.post(metadata["token_endpoint"], data=form, timeout=10)


def test_discovery_advertises_each_client_authentication_method(metadata):
    assert set(metadata["token_endpoint_auth_methods_supported"]) == {
        "client_secret_basic",
        "client_secret_post",
        "private_key_jwt",
        "none",
    }
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
        (
            "ensure-client-assertion-with-exp-in-the-past-fails",
            {"iat": int(time.time()) - 600, "exp": int(time.time()) - 300},
        ),
        ("ensure-client-assertion-without-jti-fails", {"jti": None}),
        ("ensure-client-assertion-living-an-hour-fails", {"exp": int(time.time()) + 3600}),
    ],
)
def test_a_wrong_client_assertion_is_invalid_client(signed_in_code, rp, metadata, module, overrides):
    client, location = signed_in_code(rp("rp-jwt", "https://rp-jwt.example/cb"))
    signed = assertion(JWT_CLIENT_KEY, "rp-jwt", metadata["token_endpoint"], **overrides)
    answer = redeem(
        metadata,
        location,
        client.verifier,
        client.redirect_uri,
        client_assertion_type=ASSERTION_TYPE,
        client_assertion=signed,
    )
    assert (answer.status_code, answer.json()["error"]) == (401, "invalid_client"), module


def test_an_assertion_signed_by_another_key_is_invalid_client(signed_in_code, rp, metadata):
    client, location = signed_in_code(rp("rp-jwt", "https://rp-jwt.example/cb"))
    stranger = ECKey.generate_key("P-256", parameters={"kid": JWT_CLIENT_KEY.kid})
    answer = redeem(
        metadata,
        location,
        client.verifier,
        client.redirect_uri,
        client_assertion_type=ASSERTION_TYPE,
        client_assertion=assertion(stranger, "rp-jwt", metadata["token_endpoint"]),
    )
    assert (answer.status_code, answer.json()["error"]) == (401, "invalid_client")


def test_an_assertion_used_twice_is_refused_the_second_time(signed_in_code, rp, metadata):
    signed = assertion(JWT_CLIENT_KEY, "rp-jwt", metadata["token_endpoint"])
    answers = []
    for _ in range(2):
        client, location = signed_in_code(rp("rp-jwt", "https://rp-jwt.example/cb"))
        answers.append(
            redeem(
                metadata,
                location,
                client.verifier,
                client.redirect_uri,
                client_assertion_type=ASSERTION_TYPE,
                client_assertion=signed,
            )
        )
    assert [answer.status_code for answer in answers] == [200, 401]
    assert answers[1].json()["error"] == "invalid_client"


@pytest.mark.parametrize(
    "shape",
    [
        pytest.param(
            lambda moment: {"iat": moment + 30, "exp": moment + 330}, id="a clock the leeway ahead, the longest exp"
        ),
        pytest.param(lambda moment: {"iat": moment, "exp": moment + 60.75}, id="an exp with a fraction of a second"),
        pytest.param(lambda moment: {"iat": None, "exp": moment + 300}, id="no iat"),
    ],
)
def test_a_used_assertion_is_refused_until_its_exp_and_the_leeway_have_passed(metadata, shape):
    times = shape(int(time.time()))
    signed = assertion(JWT_CLIENT_KEY, "rp-jwt", metadata["token_endpoint"], **times)

    def introspect():
        return requests.post(
            metadata["introspection_endpoint"],
            timeout=10,
            data={"token": "any", "client_assertion_type": ASSERTION_TYPE, "client_assertion": signed},
        )

    assert introspect().status_code == 200
    # the last whole second the assertion itself is still accepted in
    with time_machine.travel(times["exp"] + client_auth.LEEWAY_SECONDS - 1):
        replayed = introspect()
    assert (replayed.status_code, replayed.json()["error_description"]) == (
        401,
        "This client assertion was used already: sign a new one, with a new jti, for each request.",
    )


def test_a_private_key_jwt_service_may_not_use_a_secret(signed_in_code, rp, metadata):
    client, location = signed_in_code(rp("rp-jwt", "https://rp-jwt.example/cb"))
    answer = redeem(metadata, location, client.verifier, client.redirect_uri, client_id="rp-jwt", client_secret=SECRET)
    assert (answer.status_code, answer.json()["error"]) == (401, "invalid_client")


def test_a_secret_service_may_not_use_an_assertion(signed_in_code, rp, metadata):
    client, location = signed_in_code(rp())
    signed = assertion(JWT_CLIENT_KEY, "rp-a", metadata["token_endpoint"])
    answer = redeem(
        metadata,
        location,
        client.verifier,
        client.redirect_uri,
        client_assertion_type=ASSERTION_TYPE,
        client_assertion=signed,
    )
    assert (answer.status_code, answer.json()["error"]) == (401, "invalid_client")


def test_a_service_registered_for_client_secret_post_may_not_use_basic(signed_in_code, rp, metadata):
    client, location = signed_in_code(rp("rp-post", "https://rp-post.example/cb"))
    code = dict(part.split("=", 1) for part in location.split("?", 1)[1].split("&"))["code"]
    answer = requests.post(
        metadata["token_endpoint"],
        auth=("rp-post", SECRET),
        timeout=10,
        data={
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": client.redirect_uri,
            "code_verifier": client.verifier,
        },
    )
    assert (answer.status_code, answer.json()["error"]) == (401, "invalid_client")


def test_a_refusal_names_the_method_the_client_registered_and_how_to_send_it(signed_in_code, rp, metadata):
    client, location = signed_in_code(rp("rp-jwt", "https://rp-jwt.example/cb"))
    answer = redeem(metadata, location, client.verifier, client.redirect_uri, client_id="rp-jwt", client_secret=SECRET)
    assert answer.json()["error_description"] == (
        "This client registered token_endpoint_auth_method private_key_jwt, and the request used client_secret_post: "
        f"send a client_assertion JWT signed with a key it registered, with client_assertion_type={ASSERTION_TYPE}."
    )


def test_a_secret_service_sending_an_assertion_is_told_both_its_secret_methods(signed_in_code, rp, metadata):
    client, location = signed_in_code(rp())
    answer = redeem(
        metadata,
        location,
        client.verifier,
        client.redirect_uri,
        client_assertion_type=ASSERTION_TYPE,
        client_assertion=assertion(JWT_CLIENT_KEY, "rp-a", metadata["token_endpoint"]),
    )
    assert answer.json()["error_description"] == (
        "This client registered token_endpoint_auth_method client_secret_basic or client_secret_post, "
        "and the request used "
        "private_key_jwt: send its client_id and client_secret in an HTTP Basic Authorization header, or its client_id "
        "and client_secret as form parameters."
    )


def test_a_wrong_secret_by_the_registered_method_is_told_the_secret_is_not_this_clients(rp, metadata):
    answer = requests.post(
        metadata["revocation_endpoint"], auth=("rp-a", "wrong-secret-" + "x" * 30), data={"token": "any"}, timeout=10
    )
    assert answer.json()["error_description"] == (
        "The client_secret sent by client_secret_basic, a method this client "
        "registered, is not this client's: send the secret the provider registered for it."
    )


def test_revoking_with_a_secret_tells_a_private_key_jwt_service_to_send_its_assertion(metadata):
    # what Authlib's client does at /revoke unless revocation_endpoint_auth_method is set
    answer = requests.post(metadata["revocation_endpoint"], auth=("rp-jwt", SECRET), data={"token": "any"}, timeout=10)
    assert answer.status_code == 401
    assert answer.json()["error_description"].startswith(
        "This client registered token_endpoint_auth_method private_key_jwt, and the request used client_secret_basic: "
        "send a client_assertion JWT"
    )


def test_an_unknown_client_id_is_told_to_send_the_registered_one(metadata):
    answer = requests.post(
        metadata["token_endpoint"],
        auth=("no-such-client", SECRET),
        timeout=10,
        data={"grant_type": "authorization_code", "code": "any", "redirect_uri": "https://rp-a.example/callback"},
    )
    assert (answer.status_code, answer.json()["error_description"]) == (
        401,
        "No client is registered under this client_id: send the client_id the provider registered for the service.",
    )


def test_a_request_naming_no_client_is_told_to_send_its_client_id_and_credentials(metadata):
    answer = requests.post(metadata["revocation_endpoint"], data={"token": "any"}, timeout=10)
    assert (answer.status_code, answer.json()["error_description"]) == (
        401,
        "The request names no client: send the client_id and the credentials of the method the client registered.",
    )


def test_a_reused_assertion_is_told_to_sign_a_new_one_per_request(signed_in_code, rp, metadata):
    signed = assertion(JWT_CLIENT_KEY, "rp-jwt", metadata["token_endpoint"])
    for _ in range(2):
        client, location = signed_in_code(rp("rp-jwt", "https://rp-jwt.example/cb"))
        answer = redeem(
            metadata,
            location,
            client.verifier,
            client.redirect_uri,
            client_assertion_type=ASSERTION_TYPE,
            client_assertion=signed,
        )
    assert answer.json()["error_description"] == (
        "This client assertion was used already: sign a new one, with a new jti, for each request."
    )


def guide() -> tuple[str, str]:
    """The Authlib block of docs/integrators.md's private_key_jwt section, in two: up to the
    person's sign-in, and from the callback on."""
    text = (Path(__file__).parents[2] / "docs" / "integrators.md").read_text(encoding="utf-8")
    section = text[text.index("### Authenticating with `private_key_jwt`") :]
    block = section[section.index("```python\n") + len("```python\n") :]
    block = block[: block.index("```\n")]
    before, marker, after = block.partition("# ... send the person's browser to url")
    assert marker, "the guide's block no longer says where the person signs in"
    return before, marker + after


def test_the_guides_authlib_service_signs_in_refreshes_introspects_and_revokes_as_written(browser, person, metadata):
    before, after = guide()
    names = {
        "metadata": metadata,
        "client_id": "rp-jwt",
        "redirect_uri": "https://rp-jwt.example/cb",
        "private_jwk": JWT_CLIENT_KEY.as_dict(private=True),
    }
    exec(compile(before, "docs/integrators.md", "exec"), names)
    answer = browser.get(names["url"])
    if urlsplit(answer.headers["Location"]).path in ("/en/", "/fr/"):
        answer = browser.get(browser.sign_in(person))
    names["callback_url"] = answer.headers["Location"]
    exec(compile(after, "docs/integrators.md", "exec"), names)

    # refreshed, introspected as active, and the refresh token revoked: the grant ended
    assert names["token"]["refresh_token"] and names["active"] is True
    userinfo = requests.get(
        metadata["userinfo_endpoint"], headers={"Authorization": f"Bearer {names['token']['access_token']}"}, timeout=10
    )
    assert userinfo.status_code == 401


def _remote_code(signed_in_code, rp):
    """A code for rp-remote, whose keys are at its jwks_uri (the key server)."""
    return signed_in_code(rp("rp-remote", "https://rp-remote.example/cb"))


def _remote_redeem(metadata, client, location):
    """The code redeemed with an assertion signed by rp-remote's key."""
    return redeem(
        metadata,
        location,
        client.verifier,
        client.redirect_uri,
        client_assertion_type=ASSERTION_TYPE,
        client_assertion=assertion(REMOTE_CLIENT_KEY, "rp-remote", metadata["token_endpoint"]),
    )


def test_keys_from_jwks_uri_are_fetched_once_and_kept(signed_in_code, rp, metadata, key_server):
    for _ in range(2):
        client = with_assertion(
            rp("rp-remote", "https://rp-remote.example/cb"), REMOTE_CLIENT_KEY, metadata["token_endpoint"]
        )
        client, location = signed_in_code(client)
        assert client.fetch_token(location)["access_token"]
    assert key_server.fetches == 1


def test_a_new_key_at_jwks_uri_is_fetched_when_an_assertion_names_it(
    signed_in_code, rp, metadata, key_server, monkeypatch
):
    client = with_assertion(
        rp("rp-remote", "https://rp-remote.example/cb"), REMOTE_CLIENT_KEY, metadata["token_endpoint"]
    )
    client, location = signed_in_code(client)
    client.fetch_token(location)
    monkeypatch.setattr(client_keys, "REFETCH_SECONDS", 0)
    rotated = ECKey.generate_key("P-256", parameters={"kid": "rp-remote-2", "alg": "ES256"})
    key_server.keys = KeySet([REMOTE_CLIENT_KEY, rotated]).as_dict(private=False)
    client = with_assertion(rp("rp-remote", "https://rp-remote.example/cb"), rotated, metadata["token_endpoint"])
    client, location = signed_in_code(client)
    assert client.fetch_token(location)["access_token"]
    assert key_server.fetches == 2


def test_an_unreachable_jwks_uri_is_invalid_client_not_a_failure(signed_in_code, rp, metadata):
    client_keys.REMOTE_KEYS.forget()  # nothing listens on the port: the fetch fails at once
    client, location = _remote_code(signed_in_code, rp)
    answer = _remote_redeem(metadata, client, location)
    assert (answer.status_code, answer.json()["error"]) == (401, "invalid_client")


def test_a_slow_jwks_uri_holds_the_request_no_longer_than_its_time_limit(
    app, signed_in_code, rp, metadata, key_server, monkeypatch
):
    monkeypatch.setitem(app.config["IDP"]["outbound"], "deadline_seconds", 1)
    key_server.stall_seconds = 3
    client, location = _remote_code(signed_in_code, rp)
    started = time.monotonic()
    answer = _remote_redeem(metadata, client, location)
    assert (answer.status_code, answer.json()["error"]) == (401, "invalid_client")
    assert time.monotonic() - started < 2.5


def test_a_jwks_uri_document_cut_short_is_invalid_client_not_a_failure(signed_in_code, rp, metadata, key_server):
    key_server.cut_short = True
    client, location = _remote_code(signed_in_code, rp)
    answer = _remote_redeem(metadata, client, location)
    assert (answer.status_code, answer.json()["error"]) == (401, "invalid_client")
    assert "could not be fetched" in answer.json()["error_description"]


@pytest.mark.parametrize("times", [{"exp": 1e308}, {"exp": 1e308, "iat": 1e308}, {"exp": -1e308}, {"exp": 10**400}])
def test_an_assertion_with_an_enormous_time_is_invalid_client_not_a_failure(signed_in_code, rp, metadata, times):
    client, location = signed_in_code(rp("rp-jwt", "https://rp-jwt.example/cb"))
    signed = assertion(JWT_CLIENT_KEY, "rp-jwt", metadata["token_endpoint"], **times)
    answer = redeem(
        metadata,
        location,
        client.verifier,
        client.redirect_uri,
        client_assertion_type=ASSERTION_TYPE,
        client_assertion=signed,
    )
    assert (answer.status_code, answer.json()["error"]) == (401, "invalid_client")


def _forged(client_id: str, audience: str) -> str:
    """An assertion for the client signed by a key of the forger's own."""
    return assertion(ECKey.generate_key("P-256", parameters={"kid": "forged"}), client_id, audience)


def _concurrently(calls) -> list:
    answers = [None] * len(calls)

    def run(index):
        answers[index] = calls[index]()

    threads = [threading.Thread(target=run, args=(index,)) for index in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def test_a_jwks_uri_that_drips_its_document_holds_the_request_no_longer_than_the_deadline(
    app, signed_in_code, rp, metadata, key_server, monkeypatch
):
    monkeypatch.setitem(app.config["IDP"]["outbound"], "deadline_seconds", 1)
    key_server.drip_seconds = 0.05  # each byte well within any read timeout; the document in some 20 s
    client, location = _remote_code(signed_in_code, rp)
    started = time.monotonic()
    answer = _remote_redeem(metadata, client, location)
    assert (answer.status_code, answer.json()["error"]) == (401, "invalid_client")
    assert time.monotonic() - started < 2
    assert answer.json()["error_description"] == (
        "The client's keys (jwks_uri) could not be fetched: no whole answer within 1 s. "
        "Make its jwks_uri answer 200 with its public JWK set, without a redirect."
    )


def test_a_jwks_uri_that_redirects_is_not_followed(signed_in_code, rp, metadata, key_server):
    key_server.moved = True
    client = with_assertion(
        rp("rp-remote", "https://rp-remote.example/cb"), REMOTE_CLIENT_KEY, metadata["token_endpoint"]
    )
    client, location = signed_in_code(client)
    answer = _remote_redeem(metadata, client, location)
    assert (answer.status_code, answer.json()["error"]) == (401, "invalid_client")
    assert "answered 302 (redirects are not followed)" in answer.json()["error_description"]
    assert key_server.fetches == 1  # /moved was never asked for


def test_in_production_a_jwks_uri_on_a_private_address_is_not_fetched(
    app, signed_in_code, rp, metadata, key_server, monkeypatch
):
    client, location = _remote_code(signed_in_code, rp)
    monkeypatch.setitem(app.config["IDP"]["server"], "environment", "production")
    answer = _remote_redeem(metadata, client, location)
    assert (answer.status_code, answer.json()["error"]) == (401, "invalid_client")
    assert "refused destination" in answer.json()["error_description"]
    assert key_server.fetches == 0


def test_assertions_arriving_together_share_one_fetch_of_the_key_set(
    app, signed_in_code, rp, metadata, key_server, monkeypatch
):
    monkeypatch.setitem(app.config["IDP"]["outbound"], "max_concurrent", 8)
    key_server.stall_seconds = 1
    codes = [_remote_code(signed_in_code, rp) for _ in range(4)]
    answers = _concurrently(
        [
            lambda client=client, location=location: _remote_redeem(metadata, client, location)
            for client, location in codes
        ]
    )
    assert [answer.status_code for answer in answers] == [200] * 4
    assert key_server.fetches == 1


def test_forged_assertions_after_a_failed_fetch_answer_at_once_without_fetching(
    signed_in_code, rp, metadata, key_server
):
    key_server.status = 500
    answers = []
    for _ in range(3):
        started = time.monotonic()
        answer = requests.post(
            metadata["token_endpoint"],
            timeout=10,
            data={
                "grant_type": "authorization_code",
                "code": "x",
                "redirect_uri": "https://rp-remote.example/cb",
                "code_verifier": "v" * 43,
                "client_assertion_type": ASSERTION_TYPE,
                "client_assertion": _forged("rp-remote", metadata["token_endpoint"]),
            },
        )
        answers.append((answer.status_code, answer.json()["error"], time.monotonic() - started))
    assert [(status, error) for status, error, _ in answers] == [(401, "invalid_client")] * 3
    assert key_server.fetches == 1
    assert all(seconds < 1 for _, _, seconds in answers[1:])


def test_the_outcome_of_each_key_set_fetch_is_counted(signed_in_code, rp, metadata, key_server, live_server):
    key_server.status = 404
    requests.post(
        metadata["token_endpoint"],
        timeout=10,
        data={
            "grant_type": "authorization_code",
            "code": "x",
            "redirect_uri": "https://rp-remote.example/cb",
            "code_verifier": "v" * 43,
            "client_assertion_type": ASSERTION_TYPE,
            "client_assertion": _forged("rp-remote", metadata["token_endpoint"]),
        },
    )
    text = requests.get(f"{live_server.url}/metrics", timeout=10).text
    assert 'idp_outbound_calls_total{outcome="status",purpose="client_keys"}' in text


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
