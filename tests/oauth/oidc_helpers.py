"""Helpers of the OpenID Connect tests: a person's browser and relying parties built on real client libraries."""

from __future__ import annotations

import secrets
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urljoin, urlsplit

import requests
from authlib.integrations.requests_client import OAuth2Session
from joserfc import jwt
from joserfc.jwk import ECKey, KeySet, RSAKey

from idp.models import User
from tests.conftest import reserved_port, serve_in_thread

SECRET = "test-client-secret-that-is-long-enough-0123"


# Where the jwks_uri client's keys are served (test_oauth_client_authentication.py)
JWKS_PORT = reserved_port(0)
# Where the service rp-bc receives logout tokens (test_oauth_backchannel_logout.py)
BACKCHANNEL_PORT = reserved_port(1)
# The private keys of the private_key_jwt clients: one inline, one behind jwks_uri.
JWT_CLIENT_KEY = ECKey.generate_key("P-256", parameters={"kid": "rp-jwt-1", "alg": "ES256"})
REMOTE_CLIENT_KEY = RSAKey.generate_key(2048, parameters={"kid": "rp-remote-1", "alg": "RS256"})


@dataclass
class Browser:
    """A person's browser talking to the live IdP: keeps the session cookie, never follows redirects."""

    base: str
    http: requests.Session

    def get(self, url: str, **kwargs) -> requests.Response:
        return self.http.get(urljoin(self.base, url), allow_redirects=False, timeout=5, **kwargs)

    def post(self, url: str, **kwargs) -> requests.Response:
        # Browsers send Origin with every POST.
        kwargs["headers"] = {"Origin": self.base, **kwargs.get("headers", {})}
        return self.http.post(urljoin(self.base, url), allow_redirects=False, timeout=5, **kwargs)

    def sign_in(self, user: User, **body) -> str:
        """Sign the browser session in, as the last /v1 step would; answers where the UI goes next."""
        response = self.post("/_test/sign-in", json={"user_id": user.id, **body})
        assert response.status_code == 200
        return response.json()["redirectTo"]


def query(location: str) -> dict[str, str]:
    return {name: values[0] for name, values in parse_qs(urlsplit(location).query).items()}


@dataclass
class RelyingParty:
    """A relying service built on Authlib's OAuth 2 client."""

    client_id: str
    redirect_uri: str
    metadata: dict
    scope: str = "openid profile email phone"

    def __post_init__(self):
        self.session = OAuth2Session(
            self.client_id,
            SECRET,
            scope=self.scope,
            redirect_uri=self.redirect_uri,
            code_challenge_method="S256",
            token_endpoint_auth_method="client_secret_basic",
        )
        self.verifier = secrets.token_urlsafe(48)
        self.nonce = secrets.token_urlsafe(16)

    def authorization_url(self, **params) -> str:
        url, self.state = self.session.create_authorization_url(
            self.metadata["authorization_endpoint"], code_verifier=self.verifier, nonce=self.nonce, **params
        )
        return url

    def fetch_token(self, location: str, **kwargs) -> dict:
        return self.session.fetch_token(
            self.metadata["token_endpoint"], authorization_response=location, code_verifier=self.verifier, **kwargs
        )


def decoded(token: str, metadata: dict):
    """A JWT of the provider's, verified with its published keys."""
    published = KeySet.import_key_set(requests.get(metadata["jwks_uri"], timeout=5).json())
    return jwt.decode(token, published)


class Receiver:
    """rp-bc's backchannel_logout_uri: keeps every logout token; may stall or refuse."""

    def __init__(self):
        self.tokens: list[str] = []
        self.arrived = threading.Event()
        self.stall_seconds = 0.0
        self.status = 200
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"])).decode()
                time.sleep(receiver.stall_seconds)
                receiver.tokens.extend(parse_qs(body).get("logout_token", []))
                self.send_response(receiver.status)
                self.send_header("Content-Length", "0")
                self.end_headers()
                receiver.arrived.set()

            def log_message(self, *args):
                pass

        self.http = ThreadingHTTPServer(("127.0.0.1", BACKCHANNEL_PORT), Handler)
        serve_in_thread(self.http)

    def wait(self, seconds: float = 5) -> list[str]:
        assert self.arrived.wait(seconds), "no logout token arrived"
        return self.tokens
