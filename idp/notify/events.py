"""What became of each call, as AWS reports it: the voice events (VOICE_COMPLETED,
VOICE_NO_ANSWER, VOICE_BUSY, VOICE_FAILED...) of the configuration set notify.aws_configuration_set,
sent to an SNS topic (notify.aws_events_topic_arn) whose HTTPS subscription is
POST /notify/aws/events. Each counts in idp_delivery_events_total{channel,provider,event} once
it has proved to be SNS's message of that topic:

- the topic is ours: SNS signs every topic's messages alike, anyone's included;
- the signing certificate is SNS's: an https://sns.<region>.amazonaws.com/SimpleNotificationService-….pem,
  fetched through the outbound door (purpose aws_events) and kept by the process;
- the signature (SignatureVersion 1: SHA1, 2: SHA256, RSA) holds over the message's fields;
- it is less than an hour old, so a copy replayed later counts nothing.

Anything else answers 403 and counts nothing. SNS's first message, the subscription's
confirmation, is confirmed by calling its SubscribeURL, once it has passed the same checks.
With no topic set, the endpoint answers 404.
"""

from __future__ import annotations

import base64
import json
import logging
import re
from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding, rsa
from flask import Blueprint, abort, current_app, request
from prometheus_client import Counter

from idp import outbound

log = logging.getLogger(__name__)

bp = Blueprint("notify_events", __name__)

EVENTS = Counter(
    "idp_delivery_events_total",
    "What the providers reported of messages handed to them, by channel, provider and event.",
    ["channel", "provider", "event"],
)
VOICE_EVENTS = frozenset(
    {
        "VOICE_INITIATED",
        "VOICE_RINGING",
        "VOICE_ANSWERED",
        "VOICE_COMPLETED",
        "VOICE_BUSY",
        "VOICE_NO_ANSWER",
        "VOICE_FAILED",
        "VOICE_TTL_EXPIRED",
    }
)
# The fields each kind of SNS message signs, in this order (SNS's "string to sign").
SIGNED = {
    "Notification": ("Message", "MessageId", "Subject", "Timestamp", "TopicArn", "Type"),
    "SubscriptionConfirmation": ("Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"),
    "UnsubscribeConfirmation": ("Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"),
}
DIGESTS = {"1": hashes.SHA1, "2": hashes.SHA256}
SNS_HOST = re.compile(r"sns\.[a-z0-9-]+\.amazonaws\.com")
CERTIFICATE_PATH = re.compile(r"/SimpleNotificationService-[0-9a-f]+\.pem")
MAX_AGE = timedelta(hours=1)

_keys: dict[str, rsa.RSAPublicKey] = {}  # each signing certificate's key, by its address


def from_sns(url: str, path: re.Pattern | None = None) -> bool:
    parts = urlsplit(url)
    return (
        parts.scheme == "https"
        and SNS_HOST.fullmatch(parts.hostname or "") is not None
        and parts.port is None
        and (path is None or path.fullmatch(parts.path) is not None)
    )


def signing_key(url: str) -> rsa.RSAPublicKey:
    """The public key of SNS's certificate at url (checked to be SNS's), fetched once per process."""
    if url not in _keys:

        def parse(answer: outbound.Answer) -> rsa.RSAPublicKey:
            key = x509.load_pem_x509_certificate(answer.content).public_key()
            if not isinstance(key, rsa.RSAPublicKey):
                raise outbound.Unusable("not an RSA certificate")
            return key

        _keys[url] = outbound.call(
            "aws_events", "GET", url, outbound.policy(current_app.config["IDP"]), key=url, parse=parse
        )
    return _keys[url]


def refusal(message: dict, topic: str) -> str | None:
    """Why the message is not SNS's message of our topic, or None when it is."""
    kind = message.get("Type")
    if kind not in SIGNED:
        return "not an SNS message"
    if message.get("TopicArn") != topic:
        return "another topic"
    if message.get("SignatureVersion") not in DIGESTS or not from_sns(
        str(message.get("SigningCertURL", "")), CERTIFICATE_PATH
    ):
        return "not signed by SNS"
    try:
        sent = datetime.fromisoformat(str(message.get("Timestamp")))
        signature = base64.b64decode(str(message.get("Signature", "")), validate=True)
    except ValueError:
        return "a malformed message"
    if sent.tzinfo is None or abs(datetime.now(UTC) - sent) > MAX_AGE:
        return "too old"
    signed = "".join(f"{name}\n{message[name]}\n" for name in SIGNED[kind] if message.get(name) is not None).encode()
    try:
        key = signing_key(message["SigningCertURL"])
        key.verify(signature, signed, padding.PKCS1v15(), DIGESTS[message["SignatureVersion"]]())
    except outbound.OutboundError as error:
        return f"its certificate could not be fetched: {error.reason}"
    except InvalidSignature:
        return "a wrong signature"
    return None


@bp.post("/notify/aws/events")
def aws_events():
    topic = current_app.config["IDP"]["notify"]["aws_events_topic_arn"]
    if not topic:
        abort(404)
    message = request.get_json(force=True, silent=True)
    why = refusal(message, topic) if isinstance(message, dict) else "not JSON"
    if why:
        log.warning("SNS message refused: %s", why)
        abort(403)
    if message["Type"] == "SubscriptionConfirmation":
        if not from_sns(str(message.get("SubscribeURL", ""))):
            abort(403)
        try:
            outbound.call("aws_events", "GET", message["SubscribeURL"], outbound.policy(current_app.config["IDP"]))
        except outbound.OutboundError as error:
            log.warning("SNS subscription not confirmed: %s", error.reason)
            abort(503)  # SNS sends the confirmation again
        log.info("SNS subscription confirmed", extra={"topic": topic})
    elif message["Type"] == "Notification":
        try:
            event = json.loads(message["Message"]).get("eventType")
        except (ValueError, AttributeError):
            event = None
        event = event if event in VOICE_EVENTS else "other"
        EVENTS.labels("voice", "aws", event).inc()
        log.info("delivery event", extra={"channel": "voice", "provider": "aws", "event": event})
    return "", 204
