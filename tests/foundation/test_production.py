"""Production start-up: what it refuses (one line naming the problem), its cookies and headers,
and the web server command of the README."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from idp import create_app
from idp.config import DEFAULT_SETTINGS_FILE, ConfigError, load_settings
from idp.wsgi import warm
from tests.support.production import production_environment, set_production

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"IDP_SERVER_SECRET_KEY": None}, "IDP_SERVER_SECRET_KEY is required"),
        ({"IDP_SERVER_ISSUER": "http://signin.example.ca"}, "IDP_SERVER_ISSUER must be an https:// URL"),
        ({"IDP_NOTIFY_PROVIDER": "outbox"}, "IDP_NOTIFY_PROVIDER is outbox"),
        ({"IDP_NOTIFY_PROVIDER": None}, "IDP_NOTIFY_PROVIDER is required in production"),
        ({"IDP_QUEUE_REDIS_URL": None}, "IDP_QUEUE_REDIS_URL is required in production"),
        (
            {"IDP_SIGNING_KEYS_FILE": "/nonexistent/keys.json"},
            "IDP_SIGNING_KEYS_FILE file /nonexistent/keys.json is missing",
        ),
        ({"RESERVATIONS_CLIENT_SECRET": None}, "names RESERVATIONS_CLIENT_SECRET, which is unset"),
        (
            {"IDP_NOTIFY_PROVIDER": "smtp"},
            "IDP_NOTIFY_CHANNELS offers sms, which IDP_NOTIFY_PROVIDER=smtp cannot carry",
        ),
        (
            {"IDP_NOTIFY_CHANNELS": "email,sms,voice"},
            "IDP_NOTIFY_CHANNELS offers voice, which IDP_NOTIFY_PROVIDER=notify cannot carry",
        ),
        ({"IDP_NOTIFY_CHANNELS": "email"}, "IDP_NOTIFY_CHANNELS must be comma-separated channels"),
        ({"IDP_METHODS_APP_SECRET_KEY": None}, "IDP_METHODS_APP_SECRET_KEY is required"),
    ],
)
def test_production_refuses_to_start_naming_the_problem_in_one_line(monkeypatch, tmp_path, changes, named):
    set_production(monkeypatch, tmp_path, **changes)
    with pytest.raises(ConfigError) as refused:
        create_app()
    assert named in str(refused.value)
    assert "\n" not in str(refused.value)


def test_production_starts_when_everything_it_needs_is_given(monkeypatch, tmp_path):
    set_production(monkeypatch, tmp_path)
    assert create_app().config["IDP"]["server"]["environment"] == "production"


def test_an_http_issuer_on_this_machine_is_allowed_in_production(monkeypatch, tmp_path):
    set_production(monkeypatch, tmp_path, IDP_SERVER_ISSUER="http://localhost:8000")
    assert create_app().config["IDP"]["server"]["issuer"] == "http://localhost:8000"


def test_the_shipped_settings_do_not_combine_production_with_the_outbox():
    shipped = load_settings(DEFAULT_SETTINGS_FILE, environ={})
    assert shipped["server"]["environment"] == "production"
    assert shipped["notify"]["provider"] != "outbox"


@pytest.fixture
def production_client(app, monkeypatch, tmp_path):
    """A production app on the migrated test database."""
    set_production(monkeypatch, tmp_path)
    return create_app({"TESTING": True}).test_client()


def test_production_session_cookie_is_secure_and_host_only(production_client):
    response = production_client.post(
        "/v1/signup/privacy",
        json={},
        base_url="https://signin.example.ca",
        headers={"Origin": "https://signin.example.ca"},
    )
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("__Host-idp_session=")
    assert "Secure" in cookie and "HttpOnly" in cookie and "Path=/" in cookie and "Domain" not in cookie


def test_production_responses_carry_hsts(production_client):
    assert (
        production_client.get("/healthz").headers["Strict-Transport-Security"] == "max-age=63072000; includeSubDomains"
    )


def test_development_responses_carry_no_hsts(client):
    assert "Strict-Transport-Security" not in client.get("/healthz").headers


def _web_server(environment: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "config/web.py"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_production_command_stops_with_one_line_naming_a_missing_setting(tmp_path):
    environment = {**os.environ, **production_environment(tmp_path)}
    del environment["IDP_SERVER_SECRET_KEY"]
    environment.update(IDP_BIND="127.0.0.1:0", PROMETHEUS_MULTIPROC_DIR=str(tmp_path / "metrics"))
    stopped = _web_server(environment)
    assert stopped.returncode != 0
    assert stopped.stderr.strip() == "idp cannot start: IDP_SERVER_SECRET_KEY is required outside development"


def test_every_flask_command_stops_with_one_line_naming_a_missing_setting(tmp_path):
    environment = {**os.environ, **production_environment(tmp_path)}
    del environment["IDP_METHODS_APP_SECRET_KEY"]
    stopped = subprocess.run(
        [sys.executable, "-m", "flask", "--app", "idp", "db", "upgrade"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert stopped.returncode != 0
    assert stopped.stderr.strip().splitlines() == [
        "Error: idp cannot start: IDP_METHODS_APP_SECRET_KEY is required outside development "
        "(a Fernet key: it encrypts the keys of authenticator apps)"
    ]


@pytest.mark.parametrize("key", ["not-a-key", "gcntfy-key-0b5f2d1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b", "0" * 74])
def test_a_notify_key_of_the_wrong_shape_stops_every_flask_command_with_one_line_that_keeps_it_secret(tmp_path, key):
    environment = {**os.environ, **production_environment(tmp_path), "IDP_NOTIFY_NOTIFY_API_KEY": key}
    stopped = subprocess.run(
        [sys.executable, "-m", "flask", "--app", "idp", "db", "upgrade"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert stopped.returncode != 0
    [line] = stopped.stderr.strip().splitlines()
    assert line.startswith("Error: idp cannot start: IDP_NOTIFY_NOTIFY_API_KEY must be empty or a GC Notify API key")
    assert line.endswith(f"(got {len(key)} characters)") and key not in line


def _operations_table() -> str:
    guide = (ROOT / "docs" / "operations.md").read_text(encoding="utf-8")
    return guide.split("## Required settings and secrets", 1)[1].split("\n## ", 1)[0]


@pytest.mark.parametrize("variable", sorted(production_environment(Path("/nonexistent"), write_keys=False)))
def test_every_variable_production_requires_is_named_in_the_operators_table(monkeypatch, tmp_path, variable):
    set_production(monkeypatch, tmp_path, **{variable: None})
    try:
        create_app()
    except ConfigError:
        assert f"`{variable}`" in _operations_table(), (
            f"production requires {variable}; docs/operations.md does not name it"
        )


def test_the_web_server_compiles_the_templates_of_a_persons_journey_before_it_forks_not_the_consoles(test_environment):
    app = create_app({"TESTING": True})  # its own: the tests' shared app has rendered pages of every kind
    warm(app)
    compiled = {name for _, name in app.jinja_env.cache}
    journeys = set(app.jinja_env.list_templates(filter_func=lambda name: name.startswith(("messages/", "oauth/"))))
    assert journeys | {"shell.html"} <= compiled
    assert not [name for name in compiled if name.startswith(("console/", "dev/"))]
