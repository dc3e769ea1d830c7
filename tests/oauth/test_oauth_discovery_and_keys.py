"""Discovery, the JWKS and signing-key rotation."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
import requests
import time_machine
from authlib.oauth2 import rfc9207
from authlib.oidc import discovery, rpinitiated
from joserfc import jwt
from joserfc.jwk import KeySet

from idp import create_app, keys
from idp.config import ConfigError
from tests.support.production import production_clients, set_production


def test_discovery_is_valid_openid_provider_metadata_with_the_issuer_parameter(metadata, live_server):
    document = discovery.OpenIDProviderMetadata(metadata)
    document.validate(metadata_classes=[rfc9207.AuthorizationServerMetadata, rpinitiated.OpenIDProviderMetadata])
    assert metadata["issuer"] == live_server.url
    assert metadata["authorization_response_iss_parameter_supported"] is True
    assert metadata["code_challenge_methods_supported"] == ["S256"]
    assert metadata["response_types_supported"] == ["code"]


def test_every_published_key_has_a_kid_and_no_private_part(metadata):
    published = requests.get(metadata["jwks_uri"], timeout=5).json()["keys"]
    assert published
    for key in published:
        assert key["kid"]
        assert "d" not in key and "p" not in key


def test_rotation_signs_with_the_new_key_and_keeps_the_old_one_published(app, runner, signed_in_code, metadata):
    before = [key["kid"] for key in requests.get(metadata["jwks_uri"], timeout=5).json()["keys"]]
    result = runner.invoke(args=["keys", "rotate", "--algorithm", "RS256"])
    assert result.exit_code == 0, result.output
    published = [key["kid"] for key in requests.get(metadata["jwks_uri"], timeout=5).json()["keys"]]
    assert set(before) <= set(published) and published[0] not in before
    client, location = signed_in_code()
    id_token = client.fetch_token(location)["id_token"]
    header = jwt.decode(id_token, KeySet.import_key_set(requests.get(metadata["jwks_uri"], timeout=5).json())).header
    assert header["kid"] == published[0] != before[0]


def test_keys_rotate_rotates_every_algorithm_that_signs(app, runner):
    with app.app_context():
        before = {algorithm: keys.signing_key(algorithm).kid for algorithm in keys.algorithms()}
    result = runner.invoke(args=["keys", "rotate"])
    assert result.exit_code == 0, result.output
    with app.app_context():
        after = {algorithm: keys.signing_key(algorithm).kid for algorithm in keys.algorithms()}
        published = [key["kid"] for key in keys.public_jwks()["keys"]]
    assert set(before) == set(after) == {"RS256", "ES256"}
    assert all(after[algorithm] != before[algorithm] for algorithm in before)
    assert set(before.values()) | set(after.values()) <= set(published)


def test_a_rotation_after_the_id_token_lifetime_drops_keys_retired_long_ago(app, runner):
    with app.app_context():
        retired = keys.signing_key("RS256").kid
    runner.invoke(args=["keys", "rotate", "--algorithm", "RS256"])
    lifetime = app.config["IDP"]["oauth"]["id_token_lifetime_seconds"]
    with time_machine.travel(time.time() + lifetime + 1):
        runner.invoke(args=["keys", "rotate", "--algorithm", "RS256"])
    with app.app_context():
        assert retired not in [key["kid"] for key in keys.public_jwks()["keys"]]


def test_a_retired_key_leaves_the_jwks_by_itself_once_its_tokens_have_expired(app, runner):
    with app.app_context():
        retired = keys.signing_key("RS256").kid
    runner.invoke(args=["keys", "rotate", "--algorithm", "RS256"])
    lifetime = app.config["IDP"]["oauth"]["id_token_lifetime_seconds"]
    with time_machine.travel(time.time() + lifetime - 60), app.app_context():
        assert retired in [key["kid"] for key in keys.public_jwks()["keys"]]
    with time_machine.travel(time.time() + lifetime + 1), app.app_context():
        assert retired not in [key["kid"] for key in keys.public_jwks()["keys"]]
        assert keys.signing_key().kid in [key["kid"] for key in keys.public_jwks()["keys"]]


def test_production_refuses_to_start_without_a_signing_key_file(monkeypatch, tmp_path):
    set_production(monkeypatch, tmp_path, IDP_SIGNING_KEYS_FILE=None)
    with pytest.raises(ConfigError, match="IDP_SIGNING_KEYS_FILE is required"):
        create_app()


def test_production_loads_the_signing_keys_from_the_named_file(monkeypatch, tmp_path):
    key_file = tmp_path / "keys.json"
    key_file.write_text(json.dumps({"keys": [keys.new_key_entry()]}), encoding="utf-8")
    set_production(monkeypatch, tmp_path, IDP_SIGNING_KEYS_FILE=str(key_file))
    app = create_app()
    with app.test_request_context():
        assert keys.signing_key().kid == json.loads(key_file.read_text())["keys"][0]["kid"]


def test_a_signing_key_file_that_is_not_a_jwk_set_is_a_clear_configuration_error(monkeypatch, tmp_path):
    key_file = tmp_path / "keys.json"
    key_file.write_text("{}", encoding="utf-8")
    monkeypatch.setenv("IDP_INSTANCE_PATH", str(tmp_path))
    monkeypatch.setenv("IDP_SIGNING_KEYS_FILE", str(key_file))
    with pytest.raises(ConfigError, match="is not a JWK set"):
        create_app()


def _app_with_key_file(monkeypatch, tmp_path, entries):
    key_file = tmp_path / "keys.json"
    key_file.write_text(json.dumps({"keys": entries}), encoding="utf-8")
    monkeypatch.setenv("IDP_INSTANCE_PATH", str(tmp_path))
    monkeypatch.setenv("IDP_SIGNING_KEYS_FILE", str(key_file))
    return create_app(), key_file


def test_the_signing_keys_are_parsed_once_while_the_file_is_unchanged(monkeypatch, tmp_path):
    app, _ = _app_with_key_file(monkeypatch, tmp_path, [keys.new_key_entry()])
    parsed = []
    real = keys._load
    monkeypatch.setattr(keys, "_load", lambda *args: parsed.append(args) or real(*args))
    with app.app_context():
        assert keys.signing_key() is keys.signing_key()
        assert keys.public_jwks() == keys.public_jwks()
    assert len(parsed) <= 1


def test_a_rotation_written_by_another_process_is_used_without_a_restart(monkeypatch, tmp_path):
    first = keys.new_key_entry()
    app, key_file = _app_with_key_file(monkeypatch, tmp_path, [first])
    with app.app_context():
        assert keys.signing_key().kid == first["kid"]
        # Another worker (or `flask keys rotate`) replaces the file: this worker never wrote it.
        second = keys.new_key_entry()
        replacement = tmp_path / "keys.new"
        replacement.write_text(
            json.dumps({"keys": [second, {**first, keys.RETIRED_AT: int(time.time())}]}), encoding="utf-8"
        )
        replacement.replace(key_file)
        assert keys.signing_key().kid == second["kid"]
        assert [key["kid"] for key in keys.public_jwks()["keys"]] == [second["kid"], first["kid"]]


def test_a_signing_key_file_broken_while_running_is_a_clear_configuration_error(monkeypatch, tmp_path):
    app, key_file = _app_with_key_file(monkeypatch, tmp_path, [keys.new_key_entry()])
    with app.app_context():
        keys.signing_key()
        key_file.write_text('{"keys": []}', encoding="utf-8")
        with pytest.raises(ConfigError, match="holds no key"):
            keys.signing_key()


def test_an_ec_key_loads_beside_the_rsa_key_and_both_are_published_with_their_algorithm(monkeypatch, tmp_path):
    rsa, ec = keys.new_key_entry("RS256"), keys.new_key_entry("ES256")
    app, _ = _app_with_key_file(monkeypatch, tmp_path, [rsa, ec])
    with app.app_context():
        assert keys.algorithms() == ["RS256", "ES256"]
        assert (keys.signing_key("RS256").kid, keys.signing_key("ES256").kid) == (rsa["kid"], ec["kid"])
        published = {key["kid"]: (key["kty"], key["alg"], key["use"]) for key in keys.public_jwks()["keys"]}
    assert published == {rsa["kid"]: ("RSA", "RS256", "sig"), ec["kid"]: ("EC", "ES256", "sig")}


def test_an_older_key_file_without_alg_is_read_as_rs256(monkeypatch, tmp_path):
    entry = {name: value for name, value in keys.new_key_entry().items() if name not in ("alg", "use")}
    app, _ = _app_with_key_file(monkeypatch, tmp_path, [entry])
    with app.app_context():
        assert keys.signing_key("RS256").kid == entry["kid"]
        published = {key["kid"]: key["alg"] for key in keys.public_jwks()["keys"]}
        assert published[entry["kid"]] == "RS256"


def test_rotating_one_algorithm_leaves_the_other_signing(monkeypatch, tmp_path):
    rsa, ec = keys.new_key_entry("RS256"), keys.new_key_entry("ES256")
    app, _ = _app_with_key_file(monkeypatch, tmp_path, [rsa, ec])
    with app.app_context():
        fresh = keys.rotate(keep_retired_seconds=3600, algorithm="ES256")
        assert (keys.signing_key("ES256").kid, keys.signing_key("RS256").kid) == (fresh, rsa["kid"])
        assert ec["kid"] in [key["kid"] for key in keys.public_jwks()["keys"]]


def test_a_client_that_signs_with_es256_gets_an_ec_key_in_development(monkeypatch, tmp_path):
    clients = tmp_path / "clients.toml"
    source = (Path(__file__).resolve().parents[2] / "config" / "clients.toml").read_text(encoding="utf-8")
    clients.write_text(
        source.replace("require_pkce = true", 'require_pkce = true\nid_token_signed_response_alg = "ES256"'),
        encoding="utf-8",
    )
    monkeypatch.setenv("IDP_CLIENTS_FILE", str(clients))
    app, _ = _app_with_key_file(monkeypatch, tmp_path, [keys.new_key_entry("RS256")])
    with app.app_context():
        assert keys.algorithms() == ["RS256", "ES256"]


def test_production_refuses_a_client_whose_algorithm_has_no_key(monkeypatch, tmp_path):
    clients = tmp_path / "clients.toml"
    source = production_clients().replace('id_token_signed_response_alg = "ES256"\n', "")
    clients.write_text(
        source.replace("require_pkce = true", 'require_pkce = true\nid_token_signed_response_alg = "ES256"'),
        encoding="utf-8",
    )
    set_production(monkeypatch, tmp_path, IDP_CLIENTS_FILE=str(clients))
    with pytest.raises(ConfigError, match="no active key for ES256"):
        create_app()


def test_an_es256_id_token_verifies_with_the_published_ec_key(signed_in_code, metadata, rp):
    client, location = signed_in_code(rp("rp-es", "https://rp-es.example/cb"))
    id_token = client.fetch_token(location)["id_token"]
    published = KeySet.import_key_set(requests.get(metadata["jwks_uri"], timeout=5).json())
    decoded = jwt.decode(id_token, published, algorithms=["ES256"])
    assert decoded.header["alg"] == "ES256" and decoded.claims["aud"] == "rp-es"
    assert metadata["id_token_signing_alg_values_supported"] == ["RS256", "ES256"]
