"""The development outbox: messages kept in a table and shown at /dev/outbox, only in development."""

from __future__ import annotations

import shutil

import pytest

from idp import notify
from idp.extensions import db


def _send(app, channel="email", to="jeanne@example.ca", template="signup_code", language="en", code="123456"):
    with app.test_request_context():
        notify.send(channel, to, template, language, code=code, minutes=10)
        db.session.commit()


def test_sent_messages_are_listed_newest_first_as_json(app, client):
    _send(app, code="111111")
    _send(app, channel="sms", to="+16132345678", template="phone_code", language="fr", code="222222")
    messages = client.get("/dev/outbox.json").json["messages"]
    assert [message["code"] for message in messages] == ["222222", "111111"]
    assert set(messages[0]) == {"id", "channel", "to", "language", "subject", "body", "code", "created"}
    assert messages[0]["channel"] == "sms" and messages[0]["language"] == "fr"
    assert messages[1]["subject"] == "Your sign-up verification code"


def test_the_outbox_page_shows_the_messages(app, client):
    _send(app, code="314159")
    page = client.get("/dev/outbox")
    assert page.status_code == 200
    assert b"314159" in page.data


@pytest.mark.parametrize("path", ["/dev/outbox", "/dev/outbox.json", "/dev/outbox/1/audio.wav"])
def test_the_outbox_is_not_found_outside_development(app, client, monkeypatch, path):
    _send(app, channel="voice", to="+16132345678", template="voice_code")
    monkeypatch.setitem(app.config["IDP"]["server"], "environment", "production")
    assert client.get(path).status_code == 404


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_a_voice_message_is_rendered_as_speech(app, client):
    _send(app, channel="voice", to="+16132345678", template="voice_code", language="fr")
    message_id = client.get("/dev/outbox.json").json["messages"][0]["id"]
    audio = client.get(f"/dev/outbox/{message_id}/audio.wav")
    assert audio.status_code == 200
    assert audio.mimetype == "audio/wav"
    assert audio.data[:4] == b"RIFF"


def test_audio_is_not_found_without_espeak(app, client, monkeypatch):
    _send(app, channel="voice", to="+16132345678", template="voice_code")
    monkeypatch.setattr(shutil, "which", lambda name: None)
    message_id = client.get("/dev/outbox.json").json["messages"][0]["id"]
    assert client.get(f"/dev/outbox/{message_id}/audio.wav").status_code == 404


def test_only_voice_messages_have_audio(app, client):
    _send(app)
    message_id = client.get("/dev/outbox.json").json["messages"][0]["id"]
    assert client.get(f"/dev/outbox/{message_id}/audio.wav").status_code == 404
