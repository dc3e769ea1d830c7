"""`flask --app idp notify test`: an operator tries a channel's provider from the command line,
here the voice provider against its stand-in, and the outbox in development."""

from __future__ import annotations

import re

import pytest

from idp import create_app
from idp.extensions import db
from idp.models import OutboxMessage
from idp.notify.providers import Unavailable
from tests.support import aws_voice as stand_in
from tests.support.aws_voice import StandIn, spoken


@pytest.fixture
def voice_app(app, aws_voice, monkeypatch):
    for name, value in stand_in.settings(aws_voice).items():
        monkeypatch.setenv(name, value)
    return create_app({"TESTING": True})


def _test(app, *args: str):
    return app.test_cli_runner().invoke(args=["notify", "test", *args])


def test_the_voice_provider_is_tried_from_the_command_line_in_the_language_asked(voice_app):
    result = _test(voice_app, "--channel", "voice", "--to", "+16132345678", "--language", "fr")
    assert result.exit_code == 0, result.output
    code = re.fullmatch(r"voice through aws: accepted in \d+\.\d\d s \(sample code (\d{6})\)\n", result.output)[1]
    (call,) = StandIn.calls
    assert (call["DestinationPhoneNumber"], call["VoiceId"]) == ("+16132345678", "CHANTAL")
    assert spoken(call["MessageBody"])[1] == [code, code]


def test_a_voice_provider_refusal_fails_the_command_naming_channel_and_provider(voice_app):
    StandIn.failure = (400, "AccessDeniedException")
    result = _test(voice_app, "--channel", "voice", "--to", "+16132345678")
    assert result.exit_code == 1
    assert "voice through aws failed (aws): the log line above says why" in result.output


def test_a_channel_without_a_provider_says_which_variable_to_set(voice_app):
    voice_app.extensions["idp_notify"]["voice"] = Unavailable()
    result = _test(voice_app, "--channel", "voice", "--to", "+16132345678")
    assert result.exit_code == 1 and "voice has no provider: set IDP_NOTIFY_VOICE_PROVIDER" in result.output


def test_an_address_that_does_not_fit_the_channel_is_refused_before_anything_is_sent(voice_app):
    assert _test(voice_app, "--channel", "voice", "--to", "jeanne@example.ca").exit_code == 2
    assert _test(voice_app, "--channel", "email", "--to", "+16132345678").exit_code == 2
    assert StandIn.calls == []


def test_the_outbox_keeps_a_test_message_in_development(app):
    result = _test(app, "--channel", "email", "--to", "ops@example.ca")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("email through outbox: accepted in")
    with app.app_context():
        (kept,) = db.session.scalars(db.select(OutboxMessage)).all()
    assert (kept.channel, kept.to, kept.subject) == ("email", "ops@example.ca", "Your sign-in verification code")
