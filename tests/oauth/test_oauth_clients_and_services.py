"""The client registry file (checked at start-up) and the service list the login UI shows."""

from __future__ import annotations

from pathlib import Path

import pytest

from idp.clients.file import DEFAULT_CLIENTS_FILE, load_clients
from idp.config import ConfigError

VALID = """
[clients.demo]
client_secret_env = "DEMO_SECRET"
dev_client_secret = "a-development-secret-of-enough-length-0000"
redirect_uris = ["https://demo.example/cb"]
[clients.demo.service]
id = 1
url = "https://demo.example/"
title_en = "Demo"
title_fr = "Démo"
"""


def load(tmp_path: Path, text: str, environment: str = "development", environ: dict | None = None):
    path = tmp_path / "clients.toml"
    path.write_text(text, encoding="utf-8")
    return load_clients(path, environment, environ or {})


def test_the_shipped_clients_file_registers_reservations_as_service_1():
    client, _ = load_clients(DEFAULT_CLIENTS_FILE, "development", {})
    assert client.client_id == "reservations"
    assert client.service.id == 1
    assert client.redirect_uris == ("http://localhost:5001/callback",)
    assert client.require_pkce


def test_development_registers_a_conformance_client_whose_private_keys_are_in_config_dev():
    import json

    from joserfc import jwt
    from joserfc.jwk import KeySet

    _, conformance = load_clients(DEFAULT_CLIENTS_FILE, "development", {})
    assert (conformance.client_id, conformance.token_endpoint_auth_methods) == ("conformance", ("private_key_jwt",))
    assert conformance.id_token_signed_response_alg == "ES256"
    assert conformance.redirect_uris == ("http://localhost:5002/callback",)
    assert conformance.backchannel_logout_uri == "http://localhost:5002/backchannel-logout"
    private = KeySet.import_key_set(
        json.loads((DEFAULT_CLIENTS_FILE.parent / "dev" / "conformance.jwks.json").read_text())
    )
    signed = jwt.encode({"alg": "ES256", "kid": private.keys[0].kid}, {"iss": "conformance"}, private)
    assert jwt.decode(signed, KeySet.import_key_set(conformance.jwks)).claims == {"iss": "conformance"}


def test_production_refuses_a_development_only_client(tmp_path):
    text = VALID.replace("[clients.demo.service]", "development_only = true\n[clients.demo.service]")
    with pytest.raises(ConfigError, match=r"clients\.demo\.development_only is a development-only client"):
        load(tmp_path, text, "production", {"DEMO_SECRET": "s" * 32})


def test_production_refuses_a_client_whose_secret_variable_is_unset(tmp_path):
    with pytest.raises(ConfigError, match=r"clients\.demo\.client_secret_env names DEMO_SECRET, which is unset"):
        load(tmp_path, VALID, "production")


def test_production_takes_the_secret_from_the_named_variable(tmp_path):
    (client,) = load(tmp_path, VALID, "production", {"DEMO_SECRET": "s" * 32})
    assert client.check_client_secret("s" * 32)


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (('redirect_uris = ["https://demo.example/cb"]', "redirect_uris = []"), "clients.demo.redirect_uris"),
        (
            ('redirect_uris = ["https://demo.example/cb"]', 'redirect_uris = ["https://demo.example/cb#x"]'),
            "clients.demo.redirect_uris",
        ),
        (('redirect_uris = ["https://demo.example/cb"]', 'redirect_uris = ["/cb"]'), "clients.demo.redirect_uris"),
        (("[clients.demo.service]", 'subject_type = "secret"\n[clients.demo.service]'), "clients.demo.subject_type"),
        (("[clients.demo.service]", 'scopes = ["profile"]\n[clients.demo.service]'), "clients.demo.scopes"),
        (("[clients.demo.service]", 'require_pkce = "no"\n[clients.demo.service]'), "clients.demo.require_pkce"),
        (("[clients.demo.service]", "colour = 1\n[clients.demo.service]"), "clients.demo.colour"),
        (('title_fr = "Démo"', ""), "clients.demo.service.title_fr"),
        (("id = 1", "id = 0"), "clients.demo.service.id"),
        (
            ('dev_client_secret = "a-development-secret-of-enough-length-0000"', 'dev_client_secret = "short"'),
            "clients.demo.client_secret_env",
        ),
    ],
)
def test_a_bad_entry_stops_start_up_with_one_line_naming_the_key(tmp_path, change, named):
    with pytest.raises(ConfigError) as raised:
        load(tmp_path, VALID.replace(*change))
    assert named in str(raised.value)
    assert "\n" not in str(raised.value)


REDIRECT = 'redirect_uris = ["https://demo.example/cb"]'
SECRET_LINES = 'client_secret_env = "DEMO_SECRET"\ndev_client_secret = "a-development-secret-of-enough-length-0000"\n'


def _with(text: str, **lines: str) -> str:
    """VALID with the redirect URIs replaced and lines added before the service table."""
    redirect = lines.pop("redirect", REDIRECT)
    extra = "".join(f"{line}\n" for line in lines.values())
    return text.replace(REDIRECT, redirect).replace("[clients.demo.service]", f"{extra}[clients.demo.service]")


@pytest.mark.parametrize(
    ("redirect", "environment"),
    [
        ('redirect_uris = ["http://localhost:5001/cb"]', "production"),
        ('redirect_uris = ["http://demo.example/cb"]', "development"),
        ('redirect_uris = ["https://*.demo.example/cb"]', "development"),
        ('redirect_uris = ["HTTPS://demo.example/cb"]', "development"),
        ('redirect_uris = ["http://127.0.0.1:8080/cb"]', "production"),
        ('redirect_uris = ["ca.example.app:/cb"]', "development"),
    ],
)
def test_a_web_service_registers_https_redirects_written_out_in_full(tmp_path, redirect, environment):
    with pytest.raises(ConfigError) as raised:
        load(tmp_path, _with(VALID, redirect=redirect), environment, {"DEMO_SECRET": "s" * 32})
    assert "clients.demo.redirect_uris" in str(raised.value) and "\n" not in str(raised.value)


def test_development_accepts_http_localhost_for_a_web_service(tmp_path):
    (client,) = load(tmp_path, _with(VALID, redirect='redirect_uris = ["http://localhost:5001/cb"]'))
    assert client.redirect_uris == ("http://localhost:5001/cb",)


@pytest.mark.parametrize("redirect", ["http://127.0.0.1/cb", "http://[::1]/cb", "ca.example.app:/cb"])
def test_a_native_app_registers_loopback_or_a_private_use_scheme_even_in_production(tmp_path, redirect):
    text = _with(
        VALID.replace(SECRET_LINES, ""),
        redirect=f'redirect_uris = ["{redirect}"]',
        method='token_endpoint_auth_method = "none"',
    )
    (client,) = load(tmp_path, text, "production")
    assert client.is_public and client.redirect_uris == (redirect,) and client.client_secret == ""


def test_a_public_client_must_use_pkce(tmp_path):
    text = _with(
        VALID.replace(SECRET_LINES, ""), method='token_endpoint_auth_method = "none"', pkce="require_pkce = false"
    )
    with pytest.raises(ConfigError, match=r"clients\.demo\.require_pkce must be true for a public client"):
        load(tmp_path, text)


def test_a_private_key_jwt_client_needs_no_secret_but_its_public_keys(tmp_path):
    from joserfc.jwk import ECKey

    public = ECKey.generate_key("P-256").as_dict(private=False)
    inline = ", ".join(f'{name} = "{value}"' for name, value in public.items())
    text = _with(
        VALID.replace(SECRET_LINES, ""),
        method='token_endpoint_auth_method = "private_key_jwt"',
        keys=f"jwks = {{ keys = [ {{ {inline} }} ] }}",
    )
    (client,) = load(tmp_path, text, "production")
    assert client.jwks == {"keys": [public]} and client.client_secret == ""
    assert not client.check_client_secret("")


@pytest.mark.parametrize(
    ("keys", "named"),
    [
        ("", "clients.demo.jwks or jwks_uri (one of them) is required"),
        ('jwks = { keys = [ { kty = "EC" } ] }', "clients.demo.jwks must be a JWK set"),
        ('jwks_uri = "http://keys.example/jwks"', "clients.demo.jwks_uri must be https"),
    ],
)
def test_a_private_key_jwt_client_with_no_usable_keys_stops_start_up(tmp_path, keys, named):
    text = _with(VALID.replace(SECRET_LINES, ""), method='token_endpoint_auth_method = "private_key_jwt"', keys=keys)
    with pytest.raises(ConfigError) as raised:
        load(tmp_path, text, "production")
    assert named in str(raised.value)


def test_a_private_key_in_the_clients_file_stops_start_up(tmp_path):
    from joserfc.jwk import ECKey

    private = ECKey.generate_key("P-256").as_dict(private=True)
    inline = ", ".join(f'{name} = "{value}"' for name, value in private.items())
    text = _with(
        VALID.replace(SECRET_LINES, ""),
        method='token_endpoint_auth_method = "private_key_jwt"',
        keys=f"jwks = {{ keys = [ {{ {inline} }} ] }}",
    )
    with pytest.raises(ConfigError, match="public keys only"):
        load(tmp_path, text)


def test_two_services_may_not_share_an_id(tmp_path):
    with pytest.raises(ConfigError, match="already used"):
        load(tmp_path, VALID + VALID.replace("demo", "other"))


def test_the_services_list_is_in_the_asked_language(client):
    response = client.get("/v1/services?lang=fr")
    assert response.json["success"] is True
    assert response.json["message"] == ""
    assert response.json["data"][0] == {
        "id": 1,
        "title": "Service reservations (fr)",
        "description": "Service d'essai reservations",
        "url": response.json["data"][0]["url"],
    }


def test_the_services_list_follows_the_browser_language_without_lang(client):
    response = client.get("/v1/services", headers={"Accept-Language": "fr-CA,fr;q=0.9"})
    assert response.json["data"][0]["title"] == "Service reservations (fr)"
    english = client.get("/v1/services", headers={"Accept-Language": "en"})
    assert [service["id"] for service in english.json["data"]] == list(range(1, 13))


def test_the_session_is_anonymous_without_a_waiting_service(client):
    data = client.get("/v1/session").json["data"]
    assert data.pop("insightJourney")  # the analytics' next journey id (tests/insight/test_collector.py)
    assert data == {
        "authenticated": False,
        "service": None,
        "loginHint": None,
        "journeys": {},
        "passkeyRequired": False,
        "continueTo": None,
        "followTo": None,
        "noSession": {"message": "46", "data": {}},
    }
