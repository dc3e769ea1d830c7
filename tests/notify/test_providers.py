"""SMTP against a real SMTP server on loopback, GC Notify against a fake Notify API on loopback."""
from __future__ import annotations

import uuid

import pytest

from idp.config import ConfigError
from idp.notify.providers import DeliveryError, Message, Notify, Outbox, Smtp, Unavailable, providers_for
from tests.conftest import free_port
from tests.support.fakes import FakeNotify, notify_server, smtp_server  # noqa: F401 (fixtures)

EMAIL = Message(channel="email", to="jeanne@example.ca", language="fr", subject="Votre code", body="Votre code est 123456.", code="123456")
SMS = Message(channel="sms", to="+16132345678", language="en", subject="", body="Your code is 123456.", code="123456")


def test_smtp_delivers_the_email_to_a_real_smtp_server(smtp_server):
    controller, handler = smtp_server
    Smtp("127.0.0.1", controller.port, "no-reply@signin.example.gc.ca").deliver(EMAIL)
    (received,) = handler.received
    assert received["To"] == "jeanne@example.ca"
    assert received["From"] == "no-reply@signin.example.gc.ca"
    assert received["Subject"] == "Votre code"
    assert received["Content-Language"] == "fr"
    assert "Votre code est 123456." in received.get_payload(decode=True).decode()


def test_smtp_failure_is_a_delivery_error():
    with pytest.raises(DeliveryError):
        Smtp("127.0.0.1", free_port(), "no-reply@signin.example.gc.ca").deliver(EMAIL)


API_KEY = f"test-{uuid.uuid4()}-{uuid.uuid4()}"


def test_notify_sends_email_with_the_generic_template(notify_server):
    Notify(notify_server, API_KEY, "email-template", "sms-template").deliver(EMAIL)
    ((path, authorization, body),) = FakeNotify.received
    assert path == "/v2/notifications/email"
    assert authorization.startswith("Bearer ")
    assert body["email_address"] == "jeanne@example.ca"
    assert body["template_id"] == "email-template"
    assert body["personalisation"] == {"subject": "Votre code", "body": "Votre code est 123456."}


def test_notify_sends_sms_with_the_generic_template(notify_server):
    Notify(notify_server, API_KEY, "email-template", "sms-template").deliver(SMS)
    ((path, _, body),) = FakeNotify.received
    assert path == "/v2/notifications/sms"
    assert (body["phone_number"], body["template_id"]) == ("+16132345678", "sms-template")
    assert body["personalisation"] == {"body": "Your code is 123456."}


def test_a_notify_refusal_is_a_delivery_error(notify_server):
    FakeNotify.status = 400
    with pytest.raises(DeliveryError):
        Notify(notify_server, API_KEY, "email-template", "sms-template").deliver(EMAIL)


def test_an_unreachable_notify_is_a_delivery_error():
    with pytest.raises(DeliveryError):
        Notify(f"http://127.0.0.1:{free_port()}", API_KEY, "e", "s").deliver(SMS)


def _settings(provider: str, environment: str, **notify) -> dict:
    defaults = {
        "provider": provider, "timeout_seconds": 10, "sender": "no-reply@example.ca", "smtp_host": "127.0.0.1", "smtp_port": 25,
        "smtp_username": "", "smtp_password": "", "smtp_starttls": False,
        "notify_base_url": "http://127.0.0.1", "notify_api_key": API_KEY,
        "notify_email_template_id": "e", "notify_sms_template_id": "s", "channels": "email,sms",
    }
    return {"server": {"environment": environment}, "notify": defaults | notify}


def test_notify_carries_email_and_sms_and_voice_has_no_provider_in_production():
    chosen = providers_for(_settings("notify", "production"))
    assert isinstance(chosen["email"], Notify) and isinstance(chosen["sms"], Notify)
    assert isinstance(chosen["voice"], Unavailable)
    with pytest.raises(DeliveryError):
        chosen["voice"].deliver(SMS)


def test_voice_goes_to_the_outbox_in_development():
    assert isinstance(providers_for(_settings("notify", "development"))["voice"], Outbox)


def test_smtp_carries_email_only_and_production_refuses_it_for_texts():
    with pytest.raises(ConfigError, match="IDP_NOTIFY_CHANNELS offers sms, which IDP_NOTIFY_PROVIDER=smtp cannot carry"):
        providers_for(_settings("smtp", "production"))
    chosen = providers_for(_settings("smtp", "development"))
    assert isinstance(chosen["email"], Smtp)
    assert isinstance(chosen["sms"], Outbox)


def test_production_refuses_to_offer_calls_that_no_provider_carries():
    with pytest.raises(ConfigError, match="IDP_NOTIFY_CHANNELS offers voice"):
        providers_for(_settings("notify", "production", channels="email,sms,voice"))


def test_notify_without_its_key_or_templates_stops_start_up():
    with pytest.raises(ConfigError, match="IDP_NOTIFY_NOTIFY_SMS_TEMPLATE_ID"):
        providers_for(_settings("notify", "production", notify_sms_template_id=""))
