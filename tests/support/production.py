"""The environment of a production start-up that passes every check; a test removes or
changes one variable to see the refusal that names it."""

from __future__ import annotations

import json
from pathlib import Path

from idp import keys
from tests.support.fakes import notify_settings
from tests.support.servers import ROOT

SECRET_KEY = "production-test-secret-key-0123456789-abcdef"
APP_SECRET_KEY = "mq0nVYYRtPSc0gbB9hI1lW6bWfTgEBvO1XJd7VpKqVQ="
REDIS_URL = "redis://127.0.0.1:6379/7"


def production_clients() -> str:
    """The shipped clients file as production may read it: the demo at an https address, and
    without the development-only conformance client."""
    shipped = (ROOT / "config" / "clients.toml").read_text(encoding="utf-8")
    demo = shipped.split(CONFORMANCE_CLIENT)[0]
    return demo.replace("http://localhost:5001", "https://reservations.example.ca")


# Where the shipped file's development-only client begins.
CONFORMANCE_CLIENT = "\n# The OpenID Foundation's conformance suite"


def production_environment(folder: Path, write_keys: bool = True) -> dict[str, str]:
    key_file = folder / "signing_keys.json"
    if write_keys and not key_file.exists():
        key_file.write_text(json.dumps({"keys": [keys.new_key_entry()]}), encoding="utf-8")
    # the shipped file registers the demo at http://localhost, which production refuses
    clients_file = folder / "production-clients.toml"
    if folder.is_dir():
        clients_file.write_text(production_clients(), encoding="utf-8")
    return {
        "IDP_SERVER_ENVIRONMENT": "production",
        "IDP_SERVER_ISSUER": "https://signin.example.ca",
        "IDP_SERVER_SECRET_KEY": SECRET_KEY,
        "IDP_METHODS_APP_SECRET_KEY": APP_SECRET_KEY,
        **notify_settings("https://api.notification.canada.ca"),
        "IDP_NOTIFY_CHANNELS": "email,sms",
        "IDP_QUEUE_REDIS_URL": REDIS_URL,
        "IDP_INSTANCE_PATH": str(folder),
        "IDP_SIGNING_KEYS_FILE": str(key_file),
        "IDP_CLIENTS_FILE": str(clients_file),
        "RESERVATIONS_CLIENT_SECRET": "r" * 40,
    }


def set_production(monkeypatch, folder: Path, **changes: str | None) -> None:
    """Production settings in os.environ; a change of None removes that variable."""
    for name, value in (production_environment(folder) | changes).items():
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
