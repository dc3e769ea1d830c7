"""SMTP against a real SMTP server on loopback, GC Notify against a fake Notify API on loopback."""

from __future__ import annotations

import time
import uuid

import pytest

from idp import outbound
from idp.config import ConfigError
from idp.notify.aws import AwsVoice
from idp.notify.channels import providers_for
from idp.notify.providers import DeliveryError, Message, Notify, Outbox, Smtp, Unavailable
from tests.conftest import free_port
from tests.support.fakes import FakeNotify
from tests.support.outside import Outside, dripped, http
from tests.support.servers import delivered_in_a_fresh_process

EMAIL = Message(
    channel="email",
    to="jeanne@example.ca",
    language="fr",
    subject="Votre code",
    body="Votre code est 123456.",
    code="123456",
)
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
# The fake Notify API is on loopback, which only development (or the operator's leave) may call.
LOCAL = outbound.Policy(allow_private=True)


def test_notify_sends_email_with_the_generic_template(notify_server):
    Notify(notify_server, API_KEY, "email-template", "sms-template", policy=LOCAL).deliver(EMAIL)
    ((path, authorization, body),) = FakeNotify.received
    assert path == "/v2/notifications/email"
    assert authorization.startswith("Bearer ")
    assert body["email_address"] == "jeanne@example.ca"
    assert body["template_id"] == "email-template"
    assert body["personalisation"] == {"subject": "Votre code", "body": "Votre code est 123456."}


def test_notify_sends_sms_with_the_generic_template(notify_server):
    Notify(notify_server, API_KEY, "email-template", "sms-template", policy=LOCAL).deliver(SMS)
    ((path, _, body),) = FakeNotify.received
    assert path == "/v2/notifications/sms"
    assert (body["phone_number"], body["template_id"]) == ("+16132345678", "sms-template")
    assert body["personalisation"] == {"body": "Your code is 123456."}


def test_a_notify_refusal_is_a_delivery_error(notify_server):
    FakeNotify.status = 400
    with pytest.raises(DeliveryError):
        Notify(notify_server, API_KEY, "email-template", "sms-template", policy=LOCAL).deliver(EMAIL)


def test_an_unreachable_notify_is_a_delivery_error():
    with pytest.raises(DeliveryError):
        Notify(f"http://127.0.0.1:{free_port()}", API_KEY, "e", "s", policy=LOCAL).deliver(SMS)


def test_an_smtp_server_that_drips_its_answers_is_cut_off_at_the_deadline():
    server = Outside(lambda path: dripped(b"220 relay.example ESMTP\r\n"), drip_seconds=0.25, speaks_first=True)
    try:
        started = time.monotonic()
        with pytest.raises(DeliveryError):
            Smtp("127.0.0.1", server.port, "no-reply@signin.example.gc.ca", timeout=1).deliver(EMAIL)
        assert time.monotonic() - started < 2  # each byte came well within the timeout of a read
    finally:
        server.stop()


def test_a_notify_that_drips_its_answer_is_cut_off_at_the_deadline():
    answer = http(201, b'{"id": "' + b"0" * 36 + b'"}', Content_Type="application/json")
    server = Outside(lambda path: [answer[:-40], *dripped(answer[-40:])], drip_seconds=0.25)
    try:
        started = time.monotonic()
        with pytest.raises(DeliveryError):
            Notify(server.url, API_KEY, "email-template", "sms-template", timeout=1, policy=LOCAL).deliver(EMAIL)
        assert time.monotonic() - started < 2
    finally:
        server.stop()


def test_production_sends_nothing_to_a_notify_api_on_a_private_address(notify_server):
    chosen = providers_for(_settings("notify", "production", notify_base_url=notify_server))
    with pytest.raises(DeliveryError):
        chosen["email"].deliver(EMAIL)
    assert FakeNotify.received == []


def test_production_may_be_allowed_a_notify_api_on_a_private_address(notify_server):
    settings = _settings("notify", "production", notify_base_url=notify_server)
    settings["outbound"]["allow_private_destinations"] = True
    providers_for(settings)["email"].deliver(EMAIL)
    assert len(FakeNotify.received) == 1


def _settings(provider: str, environment: str, **notify) -> dict:
    defaults = {
        "provider": provider,
        "email_provider": "",
        "sms_provider": "",
        "voice_provider": "",
        "timeout_seconds": 10,
        "sender": "no-reply@example.ca",
        "smtp_host": "127.0.0.1",
        "smtp_port": 25,
        "smtp_username": "",
        "smtp_password": "",
        "smtp_starttls": False,
        "notify_base_url": "http://127.0.0.1",
        "notify_api_key": API_KEY,
        "notify_email_template_id": "e",
        "notify_sms_template_id": "s",
        "channels": "email,sms",
        "aws_region": "ca-central-1",
        "aws_origination_identity": "+16135550199",
        "aws_voice_en": "JOANNA",
        "aws_voice_fr": "CHANTAL",
        "aws_configuration_set": "",
        "aws_max_price_per_minute": "",
        "aws_access_key_id": "AKIAIOSFODNN7EXAMPLE",
        "aws_secret_access_key": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        "aws_endpoint_url": "",
        "aws_events_topic_arn": "",
    }
    allowed = {
        "deadline_seconds": 3,
        "max_bytes": 65536,
        "max_concurrent": 2,
        "failure_memory_seconds": 30,
        "allow_private_destinations": False,
    }
    return {
        "server": {"environment": environment},
        "notify": defaults | notify,
        "outbound": allowed,
        "otp": {"expiry_seconds": 600},
    }


def test_notify_carries_email_and_sms_and_voice_has_no_provider_in_production_unless_named():
    chosen = providers_for(_settings("notify", "production"))
    assert isinstance(chosen["email"], Notify) and chosen["sms"] is chosen["email"]
    assert isinstance(chosen["voice"], Unavailable)
    with pytest.raises(DeliveryError):
        chosen["voice"].deliver(SMS)
    assert isinstance(providers_for(_settings("notify", "production", voice_provider="aws"))["voice"], AwsVoice)


def test_voice_goes_to_the_outbox_in_development():
    assert isinstance(providers_for(_settings("notify", "development"))["voice"], Outbox)


def test_smtp_carries_email_only_texts_stay_in_the_outbox_in_development():
    chosen = providers_for(_settings("smtp", "development"))
    assert isinstance(chosen["email"], Smtp)
    assert isinstance(chosen["sms"], Outbox)
    assert isinstance(providers_for(_settings("smtp", "production"))["sms"], Unavailable)


def test_each_channel_may_name_its_own_provider_over_the_shared_one():
    chosen = providers_for(_settings("notify", "production", email_provider="smtp", voice_provider="aws"))
    assert [type(chosen[channel]) for channel in ("email", "sms", "voice")] == [Smtp, Notify, AwsVoice]
    assert [chosen[channel].name for channel in ("email", "sms", "voice")] == ["smtp", "notify", "aws"]


def test_notify_without_its_key_or_templates_stops_start_up():
    with pytest.raises(
        ConfigError, match="IDP_NOTIFY_NOTIFY_SMS_TEMPLATE_ID is required when GC Notify carries email and sms"
    ):
        providers_for(_settings("notify", "production", notify_sms_template_id=""))


def test_notify_for_texts_alone_needs_no_email_template():
    chosen = providers_for(
        _settings("", "production", email_provider="smtp", sms_provider="notify", notify_email_template_id="")
    )
    assert isinstance(chosen["sms"], Notify)


def test_the_notify_client_and_httpx_load_with_the_first_delivery_not_with_the_app(notify_server, tmp_path):
    """Web workers only queue messages: GC Notify's client (requests, PyJWT) and the outbound
    door's httpx load in the process that makes a call, a few MiB fewer in every web worker."""
    delivered_in_a_fresh_process(
        tmp_path,
        "sms",
        ("httpx", "requests", "notifications_python_client"),
        IDP_NOTIFY_PROVIDER="notify",
        IDP_NOTIFY_NOTIFY_BASE_URL=notify_server,
        IDP_NOTIFY_NOTIFY_API_KEY=API_KEY,
        IDP_NOTIFY_NOTIFY_SMS_TEMPLATE_ID="sms-template",
        IDP_NOTIFY_NOTIFY_EMAIL_TEMPLATE_ID="email-template",
    )
    assert [path for path, _, _ in FakeNotify.received] == ["/v2/notifications/sms"]
