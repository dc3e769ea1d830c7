"""What became of each call, as the voice provider reports it: AWS's voice events through SNS
to POST /notify/aws/events, counted only once SNS's signature, certificate, topic and age hold.
The messages are signed here as SNS signs them, with a key whose certificate stands in for
SNS's (kept by the process as the fetched one would be)."""

from __future__ import annotations

import base64
import json
from datetime import UTC, datetime, timedelta

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa
from cryptography.x509.oid import NameOID

from idp import create_app
from idp.notify import events
from tests.support.outside import Outside, http

TOPIC = "arn:aws:sns:ca-central-1:123456789012:idp-voice-events"
CERTIFICATE_URL = (
    "https://sns.ca-central-1.amazonaws.com/SimpleNotificationService-0123456789abcdef0123456789abcdef.pem"
)
KEY = rsa.generate_private_key(public_exponent=65537, key_size=2048)


def _certificate() -> bytes:
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "sns.amazonaws.com")])
    now = datetime.now(UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(KEY.public_key())
        .serial_number(1)
        .not_valid_before(now)
        .not_valid_after(now + timedelta(days=1))
        .sign(KEY, hashes.SHA256())
    )
    return certificate.public_bytes(serialization.Encoding.PEM)


def sns(
    kind: str = "Notification",
    event: str = "VOICE_COMPLETED",
    version: str = "2",
    sent: datetime | None = None,
    topic: str = TOPIC,
    **fields: str,
) -> dict:
    """A message as SNS sends it to an HTTPS subscription, signed as SNS signs it."""
    message = {
        "Type": kind,
        "MessageId": "22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324",
        "TopicArn": topic,
        "Message": json.dumps({"eventType": event, "eventVersion": "1.0", "messageId": "m-1", "isFinal": True}),
        "Timestamp": (sent or datetime.now(UTC)).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z",
        "SignatureVersion": version,
        "SigningCertURL": CERTIFICATE_URL,
        **fields,
    }
    if kind != "Notification":
        message.setdefault("Token", "token-1")
        message.setdefault(
            "SubscribeURL", "https://sns.ca-central-1.amazonaws.com/?Action=ConfirmSubscription&Token=token-1"
        )
    signed = "".join(f"{name}\n{message[name]}\n" for name in events.SIGNED[kind] if name in message).encode()
    digest = hashes.SHA256() if version == "2" else hashes.SHA1()
    message["Signature"] = base64.b64encode(KEY.sign(signed, padding.PKCS1v15(), digest)).decode()
    return message


@pytest.fixture
def events_client(app, monkeypatch):
    monkeypatch.setenv("IDP_NOTIFY_AWS_EVENTS_TOPIC_ARN", TOPIC)
    monkeypatch.setitem(events._keys, CERTIFICATE_URL, x509.load_pem_x509_certificate(_certificate()).public_key())
    return create_app({"TESTING": True}).test_client()


def _counted(event: str) -> float:
    return events.EVENTS.labels("voice", "aws", event)._value.get()


def _post(client, message) -> int:
    return client.post(
        "/notify/aws/events",
        data=json.dumps(message),
        headers={"x-amz-sns-message-type": message.get("Type", "")},
        content_type="text/plain; charset=UTF-8",
    ).status_code


@pytest.mark.parametrize("event", ["VOICE_COMPLETED", "VOICE_NO_ANSWER", "VOICE_BUSY", "VOICE_FAILED"])
@pytest.mark.parametrize("version", ["1", "2"])
def test_a_voice_provider_event_signed_by_sns_counts_by_channel_provider_and_event(events_client, event, version):
    before = _counted(event)
    assert _post(events_client, sns(event=event, version=version)) == 204
    assert _counted(event) == before + 1


@pytest.mark.parametrize(
    ("message", "why"),
    [
        (lambda: {**sns(), "Message": json.dumps({"eventType": "VOICE_FAILED"})}, "a wrong signature"),
        (lambda: sns(topic="arn:aws:sns:ca-central-1:999999999999:someone-else"), "another topic"),
        (lambda: sns(SigningCertURL="https://example.com/SimpleNotificationService-0123.pem"), "not signed by SNS"),
        (lambda: sns(SigningCertURL=CERTIFICATE_URL.replace("https", "http")), "not signed by SNS"),
        (lambda: sns(version="3"), "not signed by SNS"),
        (lambda: sns(sent=datetime.now(UTC) - timedelta(hours=2)), "too old"),
        (lambda: {"Type": "Notification"}, "another topic"),
    ],
)
def test_a_voice_provider_event_that_is_not_our_topics_sns_message_counts_nothing(events_client, caplog, message, why):
    before = {event: _counted(event) for event in events.VOICE_EVENTS | {"other"}}
    assert _post(events_client, message()) == 403
    assert {event: _counted(event) for event in before} == before
    assert f"SNS message refused: {why}" in caplog.text


def test_the_voice_provider_events_endpoint_is_closed_without_a_topic(client):
    assert _post(client, sns()) == 404


def test_a_subscription_to_the_voice_provider_events_is_confirmed_once_sns_signed_it(events_client, monkeypatch):
    fetched = []
    monkeypatch.setattr(
        events.outbound, "call", lambda purpose, method, url, policy, **_: fetched.append((purpose, method, url))
    )
    assert _post(events_client, sns("SubscriptionConfirmation")) == 204
    assert fetched == [
        ("aws_events", "GET", "https://sns.ca-central-1.amazonaws.com/?Action=ConfirmSubscription&Token=token-1")
    ]
    assert _post(events_client, sns("SubscriptionConfirmation", SubscribeURL="https://example.com/confirm")) == 403
    assert len(fetched) == 1


def test_the_voice_provider_events_signing_certificate_is_fetched_through_the_door_once(app, monkeypatch):
    served = []
    certificate = _certificate()

    def answer(path):
        served.append(path)
        return [http(200, certificate, Content_Type="application/x-pem-file")]

    server = Outside(answer)
    try:
        url = f"{server.url}/SimpleNotificationService-abc.pem"
        with app.app_context():
            assert events.signing_key(url).public_numbers() == KEY.public_key().public_numbers()
            events.signing_key(url)
        assert len(served) == 1
    finally:
        server.stop()
        events._keys.pop(url, None)
