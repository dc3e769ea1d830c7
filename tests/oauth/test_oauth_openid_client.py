"""panva's openid-client v6 (Node; tests/oauth/node, pinned in its lock file) signs a person in
as a careful government service would: a pushed request (PAR), private_key_jwt, PKCE S256, an
ES256 ID token checked against /jwks, the iss of the response (RFC 9207) and userinfo; then
the person signs out at the provider and the service's back-channel receives the logout token;
and it introspects and revokes the access token with the same private_key_jwt (the guide's
quick start)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from oidc_helpers import JWT_CLIENT_KEY, decoded

NODE_DIR = Path(__file__).resolve().parent / "node"
REDIRECT_URI = "https://rp-node.example/cb"


def openid_client(step: str, **values) -> dict:
    if not (NODE_DIR / "node_modules" / "openid-client").is_dir():
        pytest.fail("tests/oauth/node has no node_modules: run `make test`, which installs openid-client")
    done = subprocess.run(
        [shutil.which("node") or "node", "rp.mjs", step, json.dumps(values)],
        cwd=NODE_DIR,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def signed_in(browser, person, metadata) -> tuple[dict, dict, dict]:
    """openid-client's configuration values, its authorization request and what its sign-in of
    the person finished with."""
    common = {
        "issuer": metadata["issuer"],
        "clientId": "rp-node",
        "redirectUri": REDIRECT_URI,
        "privateJwk": JWT_CLIENT_KEY.as_dict(private=True),
    }
    started = openid_client("start", **common)
    assert browser.get(started["url"]).status_code == 303
    callback = browser.get(browser.sign_in(person)).headers["Location"]
    return (
        common,
        started,
        openid_client(
            "finish",
            **common,
            callback=callback,
            verifier=started["verifier"],
            state=started["state"],
            nonce=started["nonce"],
        ),
    )


def test_openid_client_signs_in_with_par_private_key_jwt_and_es256_and_hears_the_sign_out(
    browser, person, metadata, receiver
):
    _, started, finished = signed_in(browser, person, metadata)
    assert started["url"].startswith(f"{metadata['authorization_endpoint']}?")
    assert "request_uri=urn%3Aietf%3Aparams%3Aoauth%3Arequest_uri%3A" in started["url"]
    claims = finished["claims"]
    assert claims["iss"] == metadata["issuer"] and claims["aud"] == "rp-node" and claims["sid"]
    assert decoded(finished["idToken"], metadata).header["alg"] == "ES256"
    assert finished["userinfo"]["email"] == person.email

    assert browser.post("/v1/logout", json={}).status_code == 200
    (token,) = receiver.wait()
    logout = decoded(token, metadata).claims
    assert (logout["aud"], logout["sid"], logout["sub"]) == ("rp-node", claims["sid"], claims["sub"])


def test_openid_client_introspects_and_revokes_its_token_with_private_key_jwt(browser, person, metadata):
    common, _, finished = signed_in(browser, person, metadata)
    revoked = openid_client("revoke", **common, accessToken=finished["accessToken"])
    assert revoked == {"activeBefore": True, "activeAfter": False}
