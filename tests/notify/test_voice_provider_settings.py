"""A provider per channel in production: it starts offering email,sms,voice when each channel has
a provider that carries it, with calls by the voice provider, and otherwise refuses in one line
naming the variable to set, never printing a credential."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from idp import create_app
from idp.config import ConfigError
from idp.notify.aws import AwsVoice
from idp.notify.providers import Notify, Smtp
from tests.support import aws_voice
from tests.support.production import production_environment, set_production

ROOT = Path(__file__).resolve().parents[2]
# Every channel offered, calls through AWS's own endpoint in Canada.
ALL_CHANNELS = {
    "IDP_NOTIFY_CHANNELS": "email,sms,voice",
    **aws_voice.settings(""),
    "IDP_NOTIFY_AWS_ENDPOINT_URL": None,
    "IDP_NOTIFY_AWS_MAX_PRICE_PER_MINUTE": "0.05",
}


def test_production_starts_offering_email_sms_and_voice_when_each_channel_has_a_provider(app, monkeypatch, tmp_path):
    set_production(monkeypatch, tmp_path, **ALL_CHANNELS)
    started = create_app({"TESTING": True})
    chosen = started.extensions["idp_notify"]
    assert (type(chosen["email"]), type(chosen["sms"]), type(chosen["voice"])) == (Notify, Notify, AwsVoice)
    page = started.test_client().get("/en/signUp/verificationsetup").text
    config = json.loads(re.search(r'<script id="idp-config" type="application/json">(.*?)</script>', page, re.S)[1])
    assert config["environment"] == "production" and config["policy"]["phoneChannels"] == ["sms", "voice"]


def test_production_may_send_email_by_smtp_and_texts_by_gc_notify(monkeypatch, tmp_path):
    set_production(
        monkeypatch,
        tmp_path,
        **ALL_CHANNELS,
        IDP_NOTIFY_PROVIDER=None,
        IDP_NOTIFY_EMAIL_PROVIDER="smtp",
        IDP_NOTIFY_SMS_PROVIDER="notify",
        IDP_NOTIFY_NOTIFY_EMAIL_TEMPLATE_ID=None,
    )
    chosen = create_app().extensions["idp_notify"]
    assert (type(chosen["email"]), type(chosen["sms"]), type(chosen["voice"])) == (Smtp, Notify, AwsVoice)


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        (
            {"IDP_NOTIFY_VOICE_PROVIDER": None},
            "IDP_NOTIFY_CHANNELS offers voice, which IDP_NOTIFY_PROVIDER=notify cannot carry "
            "(it carries email and sms): "
            "set IDP_NOTIFY_VOICE_PROVIDER (aws) or take voice out of IDP_NOTIFY_CHANNELS",
        ),
        (
            {"IDP_NOTIFY_VOICE_PROVIDER": "outbox"},
            "IDP_NOTIFY_VOICE_PROVIDER is outbox, which keeps codes in clear and sends nothing: "
            "development only (use aws)",
        ),
        (
            {"IDP_NOTIFY_PROVIDER": None, "IDP_NOTIFY_EMAIL_PROVIDER": "smtp"},
            "IDP_NOTIFY_PROVIDER is required in production (smtp or notify), "
            "or IDP_NOTIFY_SMS_PROVIDER for sms (notify)",
        ),
        (
            {"IDP_NOTIFY_PROVIDER": "smtp"},
            "IDP_NOTIFY_CHANNELS offers sms, which IDP_NOTIFY_PROVIDER=smtp cannot carry (it carries email)",
        ),
        (
            {"IDP_NOTIFY_AWS_ORIGINATION_IDENTITY": None},
            "IDP_NOTIFY_AWS_ORIGINATION_IDENTITY is required when IDP_NOTIFY_VOICE_PROVIDER is aws",
        ),
        (
            {"IDP_NOTIFY_AWS_SECRET_ACCESS_KEY": None},
            "IDP_NOTIFY_AWS_SECRET_ACCESS_KEY is required when IDP_NOTIFY_VOICE_PROVIDER is aws",
        ),
        (
            {"IDP_NOTIFY_AWS_ENDPOINT_URL": "http://sms-voice.example"},
            "IDP_NOTIFY_AWS_ENDPOINT_URL must be an https:// URL in production (got 'http://sms-voice.example')",
        ),
        ({"IDP_NOTIFY_VOICE_PROVIDER": "notify"}, "IDP_NOTIFY_VOICE_PROVIDER must be one of , outbox, aws"),
        # without it AWS calls a premium or satellite number at its own price (issue 50)
        (
            {"IDP_NOTIFY_AWS_MAX_PRICE_PER_MINUTE": None},
            "IDP_NOTIFY_AWS_MAX_PRICE_PER_MINUTE is required in production when calls are offered "
            "(US dollars a minute, e.g. 0.05)",
        ),
    ],
)
def test_production_refuses_a_channel_offered_without_a_voice_provider_or_its_settings_in_one_line(
    monkeypatch, tmp_path, changes, named
):
    set_production(monkeypatch, tmp_path, **{**ALL_CHANNELS, **changes})
    with pytest.raises(ConfigError) as refused:
        create_app()
    assert named in str(refused.value)
    assert "\n" not in str(refused.value)


def test_production_without_calls_needs_no_voice_provider(monkeypatch, tmp_path):
    set_production(monkeypatch, tmp_path, IDP_NOTIFY_CHANNELS="email,sms")
    assert create_app().config["IDP"]["notify"]["voice_provider"] == ""


@pytest.mark.parametrize(
    ("variable", "value"),
    [("IDP_NOTIFY_AWS_ACCESS_KEY_ID", "akia-not-a-key"), ("IDP_NOTIFY_AWS_SECRET_ACCESS_KEY", "short-secret")],
)
def test_a_voice_provider_credential_of_the_wrong_shape_stops_every_flask_command_in_one_line_that_keeps_it(
    tmp_path, variable, value
):
    environment = {
        **os.environ,
        **production_environment(tmp_path),
        **{name: value for name, value in ALL_CHANNELS.items() if value},
        variable: value,
    }
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
    assert line.startswith(f"Error: idp cannot start: {variable} must be empty or an AWS")
    assert line.endswith(f"(got {len(value)} characters)") and value not in line


def _operations_table() -> str:
    guide = (ROOT / "docs" / "operations.md").read_text(encoding="utf-8")
    return guide.split("## Required settings and secrets", 1)[1].split("\n## ", 1)[0]


@pytest.mark.parametrize("variable", sorted(name for name in ALL_CHANNELS if ALL_CHANNELS[name] is not None))
def test_every_variable_the_voice_provider_requires_is_named_in_the_operators_table(monkeypatch, tmp_path, variable):
    set_production(monkeypatch, tmp_path, **{**ALL_CHANNELS, variable: None})
    try:
        create_app()
    except ConfigError:
        assert f"`{variable}`" in _operations_table(), (
            f"production requires {variable}; docs/operations.md does not name it"
        )
