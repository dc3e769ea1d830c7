"""Fixtures for the OpenID Connect tests: an app with test clients, a live IdP, people who sign in.

The app under test reads a clients file written here (IDP_CLIENTS_FILE) and gets one
test-only route, /_test/sign-in, that does what the /v1 sign-in flow does at its end:
sessions.authenticate() then interaction.complete_login() and where_next().
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import requests
from flask import Blueprint, jsonify, request
from oidc_helpers import BACKCHANNEL_PORT, JWKS_PORT, JWT_CLIENT_KEY, SECRET, Browser, Receiver, RelyingParty

from idp import create_app, sessions
from idp.clock import now
from idp.extensions import db
from idp.models import PhoneCredential, User
from idp.sessions.interaction import complete_login, where_next


def _root_conftest():
    # Both conftest modules are named "conftest", so the root one cannot be imported by name.
    spec = importlib.util.spec_from_file_location("root_conftest", Path(__file__).parent.parent / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_root = _root_conftest()
LiveServer = _root.LiveServer
RP_PORT = _root.free_port()


def _inline_jwks(key) -> str:
    """A public JWK set as a TOML inline table."""
    fields = ", ".join(f'{name} = "{value}"' for name, value in key.as_dict(private=False).items())
    return f"jwks = {{ keys = [ {{ {fields} }} ] }}"


def _client_table(client_id: str, redirect: str, post_logout: str, extra: str = "", service_id: int = 1) -> str:
    return f"""
[clients.{client_id}]
client_secret_env = "TEST_UNSET_SECRET_{client_id.upper().replace("-", "_")}"
dev_client_secret = "{SECRET}"
redirect_uris = ["{redirect}"]
post_logout_redirect_uris = ["{post_logout}"]
scopes = ["openid", "profile", "email", "phone", "offline_access"]
{extra}
[clients.{client_id}.service]
id = {service_id}
url = "{post_logout}"
title_en = "Service {client_id}"
title_fr = "Service {client_id} (fr)"
description_en = "Test service {client_id}"
description_fr = "Service d'essai {client_id}"
"""


CLIENTS = "".join(
    [
        _client_table(
            "reservations",
            f"http://127.0.0.1:{RP_PORT}/callback",
            f"http://127.0.0.1:{RP_PORT}/",
            f'backchannel_logout_uri = "http://127.0.0.1:{RP_PORT}/backchannel-logout"',
        ),
        _client_table("rp-a", "https://rp-a.example/callback", "https://rp-a.example/", service_id=2),
        _client_table("rp-b", "https://rp-b.example/cb", "https://rp-b.example/", 'subject_type = "pairwise"', 3),
        _client_table(
            "conformance", "https://conformance.example/cb", "https://conformance.example/", "require_pkce = false", 4
        ),
        _client_table(
            "rp-es",
            "https://rp-es.example/cb",
            "https://rp-es.example/",
            'id_token_signed_response_alg = "ES256"\nuserinfo_signed_response_alg = "ES256"',
            5,
        ),
        _client_table(
            "rp-jwt",
            "https://rp-jwt.example/cb",
            "https://rp-jwt.example/",
            f'token_endpoint_auth_method = "private_key_jwt"\n{_inline_jwks(JWT_CLIENT_KEY)}',
            6,
        ),
        _client_table(
            "rp-remote",
            "https://rp-remote.example/cb",
            "https://rp-remote.example/",
            f'token_endpoint_auth_method = "private_key_jwt"\njwks_uri = "http://127.0.0.1:{JWKS_PORT}/jwks"',
            7,
        ),
        _client_table(
            "rp-native", "http://127.0.0.1/callback", "http://127.0.0.1/", 'token_endpoint_auth_method = "none"', 8
        ),
        _client_table(
            "rp-post",
            "https://rp-post.example/cb",
            "https://rp-post.example/",
            'token_endpoint_auth_method = "client_secret_post"',
            9,
        ),
        _client_table(
            "rp-par",
            "https://rp-par.example/cb",
            "https://rp-par.example/",
            "require_pushed_authorization_requests = true",
            11,
        ),
        _client_table(
            "rp-node",
            "https://rp-node.example/cb",
            "https://rp-node.example/",
            f'token_endpoint_auth_method = "private_key_jwt"\n{_inline_jwks(JWT_CLIENT_KEY)}\n'
            f'id_token_signed_response_alg = "ES256"\n'
            f'backchannel_logout_uri = "http://127.0.0.1:{BACKCHANNEL_PORT}/logout"',
            12,
        ),
        _client_table(
            "rp-bc",
            "https://rp-bc.example/cb",
            "https://rp-bc.example/",
            f'backchannel_logout_uri = "http://127.0.0.1:{BACKCHANNEL_PORT}/logout"\n'
            'backchannel_logout_session_required = true\nid_token_signed_response_alg = "ES256"',
            10,
        ),
    ]
)


def _test_routes() -> Blueprint:
    bp = Blueprint("test_only", __name__)

    @bp.post("/_test/sign-in")
    def sign_in():
        body = request.get_json()
        browser_session = sessions.current(create=True)
        sessions.authenticate(browser_session, body["user_id"], body.get("amr", ["pwd", "otp"]), body.get("acr"))
        waiting = complete_login(browser_session)
        db.session.commit()
        return jsonify(redirectTo=where_next(waiting, body.get("language", "en")))

    return bp


@pytest.fixture(scope="session")
def oauth_app(migrated_app, tmp_path_factory):
    clients_file = tmp_path_factory.mktemp("oauth") / "clients.toml"
    clients_file.write_text(CLIENTS, encoding="utf-8")
    os.environ["IDP_CLIENTS_FILE"] = str(clients_file)
    try:
        app = create_app({"TESTING": True})
    finally:
        del os.environ["IDP_CLIENTS_FILE"]
    app.register_blueprint(_test_routes())
    return app


@pytest.fixture
def app(app, oauth_app):
    """The root fixture empties the shared database; the tests use the app with test clients."""
    yield oauth_app
    with oauth_app.app_context():
        db.session.remove()


@pytest.fixture
def live_server(app):
    """The IdP on a real port; its issuer is that address, so discovery points back at it."""
    server = LiveServer(app).start()
    settings = app.config["IDP"]["server"]
    saved = settings["issuer"]
    settings["issuer"] = server.url
    yield server
    settings["issuer"] = saved
    server.stop()


@pytest.fixture
def metadata(live_server) -> dict:
    return requests.get(f"{live_server.url}/.well-known/openid-configuration", timeout=5).json()


@pytest.fixture
def person(app) -> User:
    with app.app_context():
        user = User(
            email="amelie.tremblay@example.ca",
            email_verified=True,
            password_hash="x",
            first_name="Amélie",
            last_name="Tremblay",
            language="fr",
        )
        db.session.add(user)
        db.session.flush()
        db.session.add(PhoneCredential(user_id=user.id, e164="+16135550123", verified_at=now()))
        db.session.commit()
        db.session.refresh(user)
        db.session.expunge(user)
        return user


@pytest.fixture
def browser(live_server) -> Browser:
    return Browser(live_server.url, requests.Session())


@pytest.fixture
def rp(metadata):
    def make(client_id: str = "rp-a", redirect_uri: str = "https://rp-a.example/callback", **kwargs) -> RelyingParty:
        return RelyingParty(client_id, redirect_uri, metadata, **kwargs)

    return make


@pytest.fixture
def signed_in_code(browser, person, rp):
    """Run the code flow up to the authorization response; answers (relying party, its location)."""

    def run(client: RelyingParty | None = None, **params) -> tuple[RelyingParty, str]:
        client = client or rp()
        first = browser.get(client.authorization_url(**params))
        assert first.status_code == 303
        if urlsplit(first.headers["Location"]).path in ("/en/", "/fr/"):
            resumed = browser.get(browser.sign_in(person))
            assert resumed.status_code == 303
            return client, resumed.headers["Location"]
        return client, first.headers["Location"]

    return run


@pytest.fixture
def reservations(live_server):
    """The reservations service on the port the test clients file registers, pointed at the live IdP."""
    from examples.reservations.app import create_app as create_reservations

    service = create_reservations({"IDP_SERVER_ISSUER": live_server.url, "RESERVATIONS_CLIENT_SECRET": SECRET})
    server = LiveServer(service, port=RP_PORT).start()
    yield server
    server.stop()


@pytest.fixture
def receiver():
    """A service's backchannel_logout_uri (the clients rp-bc and rp-node): the logout tokens it got."""
    running = Receiver()
    yield running
    running.http.shutdown()
    running.http.server_close()
