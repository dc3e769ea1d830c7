"""Calls by AWS End User Messaging SMS and Voice: SendVoiceMessage of its v2 API
(pinpoint-sms-voice-v2), through AWS's own SDK, boto3. Amazon Polly reads the message to the
person's phone in their language (notify.aws_voice_en, notify.aws_voice_fr).

Chosen for a federal service: its API and voices run in Canada (ca-central-1), under the
cloud contract the Government of Canada already holds with AWS, which GC Notify itself sends
its texts through; Polly has a Canadian French voice (CHANTAL).

What is sent is the destination number and the message, nothing else about the person: the
words of idp/templates/messages/voice_code.<language>.txt as SSML, each reading of the code
slow, a pause between its digits. The SDK builds, signs and parses each request; its HTTP is
the outbound door's (idp/outbound): botocore's before-send event hands the signed request to
outbound.call, whose answer it parses as its own, so notify.timeout_seconds is the whole call's
deadline, the answer is capped, redirects fail and production calls only public addresses.
The SDK retries nothing: a failed attempt is the job queue's to retry, by its rule.

boto3 is imported by the first call a process places, in practice the job worker's: a web
worker only queues messages and never carries the SDK's memory.
"""

from __future__ import annotations

import logging
import threading
from typing import Any
from xml.sax.saxutils import escape

from idp import outbound
from idp.notify.providers import LATER, DeliveryError, Message, refused_for_good

log = logging.getLogger(__name__)

PURPOSE = "aws_voice"  # its label in idp_outbound_calls_total
SERVICE = "pinpoint-sms-voice-v2"
# Between two digits of the code, read slowly: time to write each one down.
PAUSE = '<break time="500ms"/>'


def ssml(message: Message) -> str:
    """The message as Polly reads it: its words as written, and each reading of the code (its
    digits joined by ", ", as the template writes it) slow, with a pause between digits."""
    if not message.code:
        return f"<speak>{escape(message.body)}</speak>"
    slow = f'<prosody rate="slow">{PAUSE.join(message.code)}</prosody>'
    return "<speak>" + slow.join(escape(words) for words in message.body.split(", ".join(message.code))) + "</speak>"


class AwsVoice:
    """The voice channel through AWS End User Messaging ([notify] aws_* settings)."""

    name = "aws"

    def __init__(self, notify: dict, ttl_seconds: int, policy: outbound.Policy):
        self.settings, self.policy = notify, policy
        self.timeout = notify["timeout_seconds"]
        # A call placed after the code expired would read a dead code.
        self.ttl_seconds = min(max(ttl_seconds, 5), 259200)
        self._client: Any = None
        self._lock = threading.Lock()

    def request(self, message: Message) -> dict:
        """SendVoiceMessage's parameters for one message."""
        settings = self.settings
        parameters = {
            "DestinationPhoneNumber": message.to,
            "OriginationIdentity": settings["aws_origination_identity"],
            "MessageBody": ssml(message),
            "MessageBodyTextType": "SSML",
            "VoiceId": settings[f"aws_voice_{message.language}"],
            "TimeToLive": self.ttl_seconds,
        }
        if settings["aws_configuration_set"]:
            parameters["ConfigurationSetName"] = settings["aws_configuration_set"]
        if settings["aws_max_price_per_minute"]:
            parameters["MaxPricePerMinute"] = settings["aws_max_price_per_minute"]
        return parameters

    def deliver(self, message: Message) -> None:
        client = self.client()
        from botocore.exceptions import BotoCoreError

        try:
            client.send_voice_message(**self.request(message))
        except outbound.OutboundError as error:
            log.warning("AWS voice delivery failed: %s", error.reason)
            # AWS answers its throttling with a 400 (ThrottlingException), like a refused
            # parameter, and the door reads no further: a 400 is tried again
            raise DeliveryError(self.name, refused_for_good(error, later=(400, *LATER))) from None
        except BotoCoreError as error:  # its text may quote a parameter: the number
            log.warning("AWS voice delivery failed: %s", type(error).__name__)
            raise DeliveryError(self.name) from None

    def client(self) -> Any:
        """The SDK's client, made at the first call (the SDK loads then, not before)."""
        with self._lock:
            if self._client is None:
                import boto3
                from botocore.config import Config

                session = boto3.session.Session(
                    aws_access_key_id=self.settings["aws_access_key_id"],
                    aws_secret_access_key=self.settings["aws_secret_access_key"],
                    region_name=self.settings["aws_region"],
                )
                client = session.client(
                    SERVICE,
                    endpoint_url=self.settings["aws_endpoint_url"] or None,
                    config=Config(
                        retries={"mode": "standard", "total_max_attempts": 1},
                        # no endpoint from AWS_ENDPOINT_URL* or ~/.aws/config: only the setting's
                        ignore_configured_endpoint_urls=True,
                    ),
                )
                client.meta.events.register(f"before-send.{SERVICE}", self._through_the_door)
                self._client = client
            return self._client

    def _through_the_door(self, request: Any, **_: Any) -> Any:
        """botocore's before-send: the signed request, sent by the door; its answer, as botocore's."""
        from botocore.awsrequest import AWSResponse

        body = request.body or b""
        answer = outbound.call(
            PURPOSE,
            request.method,
            request.url,
            self.policy,
            deadline_seconds=self.timeout,
            headers=dict(request.headers.items()),
            content=body.encode() if isinstance(body, str) else body,
        )
        return AWSResponse(request.url, answer.status_code, dict(answer.headers.items()), _Read(answer.content))


class _Read:
    """An answer's body as botocore reads it (AWSResponse.raw.stream())."""

    def __init__(self, content: bytes):
        self.content = content

    def stream(self, **_: Any):
        yield self.content
