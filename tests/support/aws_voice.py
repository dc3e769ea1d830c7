"""A stand-in of AWS End User Messaging SMS and Voice on loopback: the v2 API's SendVoiceMessage
as AWS documents it (the JSON 1.0 protocol: POST / with X-Amz-Target
PinpointSMSVoiceV2.SendVoiceMessage, a JSON body, Signature Version 4), so that the tests drive
the SDK's own requests. It checks each request as AWS would — the signature, computed here
from the secret key by the documented algorithm, the operation's parameters and SSML that
parses — and answers {"MessageId": ...}, or an error in AWS's shape when told to."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import time
import uuid
import xml.etree.ElementTree as ElementTree
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.conftest import free_port, serve_in_thread

ACCESS_KEY_ID = "AKIAIOSFODNN7EXAMPLE"  # AWS's documentation example keys
SECRET_ACCESS_KEY = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
REGION = "ca-central-1"
ORIGINATION = "+16135550199"
TARGET = "PinpointSMSVoiceV2.SendVoiceMessage"
VOICES = {
    "AMY",
    "BRIAN",
    "CELINE",
    "CHANTAL",
    "EMMA",
    "IVY",
    "JOANNA",
    "JOEY",
    "JUSTIN",
    "KENDRA",
    "KIMBERLY",
    "LEA",
    "MATHIEU",
    "MATTHEW",
    "NICOLE",
    "RUSSELL",
    "SALLI",
}  # of the API's VoiceId, those that speak English or French
AUTHORIZATION = re.compile(
    r"AWS4-HMAC-SHA256 Credential=(?P<key>[^/]+)/(?P<scope>[^,]+), SignedHeaders=(?P<signed>[^,]+), "
    r"Signature=(?P<signature>[0-9a-f]{64})"
)


def settings(url: str, **more: str) -> dict[str, str]:
    """The settings of calls through AWS at url (the stand-in)."""
    return {
        "IDP_NOTIFY_VOICE_PROVIDER": "aws",
        "IDP_NOTIFY_AWS_ENDPOINT_URL": url,
        "IDP_NOTIFY_AWS_REGION": REGION,
        "IDP_NOTIFY_AWS_ACCESS_KEY_ID": ACCESS_KEY_ID,
        "IDP_NOTIFY_AWS_SECRET_ACCESS_KEY": SECRET_ACCESS_KEY,
        "IDP_NOTIFY_AWS_ORIGINATION_IDENTITY": ORIGINATION,
        **more,
    }


def _hmac(key: bytes, text: str) -> bytes:
    return hmac.new(key, text.encode(), hashlib.sha256).digest()


def signature_refusal(method: str, path: str, headers, body: bytes) -> str | None:
    """Why the request's Signature Version 4 does not hold for SECRET_ACCESS_KEY, or None."""
    found = AUTHORIZATION.fullmatch(headers.get("Authorization", ""))
    if found is None:
        return "no SigV4 Authorization header"
    date, region, service, terminator = found["scope"].split("/")
    if (found["key"], region, service, terminator) != (ACCESS_KEY_ID, REGION, "sms-voice", "aws4_request"):
        return "a credential scope of another key, region or service"
    signed = found["signed"].split(";")
    if not {"host", "x-amz-date"} <= set(signed):
        return "host and x-amz-date unsigned"
    canonical = "\n".join(
        [
            method,
            path,
            "",
            *(f"{name}:{' '.join(headers.get(name, '').split())}" for name in signed),
            "",
            found["signed"],
            hashlib.sha256(body).hexdigest(),
        ]
    )
    amz_date = headers.get("X-Amz-Date", "")
    to_sign = "\n".join(["AWS4-HMAC-SHA256", amz_date, found["scope"], hashlib.sha256(canonical.encode()).hexdigest()])
    key = _hmac(_hmac(_hmac(_hmac(f"AWS4{SECRET_ACCESS_KEY}".encode(), date), region), service), terminator)
    if not hmac.compare_digest(hmac.new(key, to_sign.encode(), hashlib.sha256).hexdigest(), found["signature"]):
        return "a signature that does not match"
    return None


def parameter_refusal(call: dict) -> str | None:
    """Why SendVoiceMessage's parameters would be refused (its documented constraints), or None."""
    if not re.fullmatch(r"\+?[1-9][0-9]{1,18}", str(call.get("DestinationPhoneNumber", ""))):
        return "DestinationPhoneNumber"
    if not call.get("OriginationIdentity"):
        return "OriginationIdentity"
    body, kind = str(call.get("MessageBody", "")), call.get("MessageBodyTextType", "TEXT")
    if kind not in ("TEXT", "SSML") or not 1 <= len(body) <= (6000 if kind == "SSML" else 3000):
        return "MessageBody"
    if kind == "SSML":
        try:
            if ElementTree.fromstring(body).tag != "speak":
                return "MessageBody"
        except ElementTree.ParseError:
            return "MessageBody"
    if call.get("VoiceId", "JOANNA") not in VOICES:
        return "VoiceId"
    if not 5 <= int(call.get("TimeToLive", 259200)) <= 259200:
        return "TimeToLive"
    return None


class StandIn(BaseHTTPRequestHandler):
    calls: list = []  # each accepted call: its parameters
    # what to answer instead of accepting: (status, AWS's error type), e.g. (400, "ThrottlingException")
    failure: tuple[int, str] | None = None
    delay_seconds = 0.0

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        kind = type(self)
        calls = kind.calls  # this test's, however long the answer takes
        time.sleep(kind.delay_seconds)
        if (
            self.headers.get("X-Amz-Target") != TARGET
            or self.headers.get("Content-Type") != "application/x-amz-json-1.0"
        ):
            return self._answer(400, {"__type": "UnknownOperationException"})
        refused = signature_refusal("POST", self.path, self.headers, body)
        if refused:
            return self._answer(400, {"__type": "InvalidSignatureException", "message": refused})
        call = json.loads(body)
        refused = parameter_refusal(call)
        if refused:
            return self._answer(
                400, {"__type": "ValidationException", "Message": "Invalid parameter", "Fields": [{"Name": refused}]}
            )
        if kind.failure:
            status, error = kind.failure
            return self._answer(status, {"__type": error, "Message": error})
        calls.append(call)
        self._answer(200, {"MessageId": str(uuid.uuid4())})

    def _answer(self, status: int, content: dict) -> None:
        encoded = json.dumps(content).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/x-amz-json-1.0")
        self.send_header("x-amzn-RequestId", str(uuid.uuid4()))
        if status >= 300:
            self.send_header("x-amzn-ErrorType", content["__type"])
        self.send_header("Content-Length", str(len(encoded)))
        self.end_headers()
        self.wfile.write(encoded)

    def log_message(self, *args):
        pass


def start(handler: type[StandIn] = StandIn) -> ThreadingHTTPServer:
    handler.calls, handler.failure, handler.delay_seconds = [], None, 0.0
    server = ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    serve_in_thread(server)
    return server


@pytest.fixture
def aws_voice():
    """The stand-in's URL; what it took is StandIn.calls."""
    server = start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


def spoken(ssml: str) -> tuple[str, list[str]]:
    """What a call says: its words with each reading of the code as "<code>", and the codes read."""
    root = ElementTree.fromstring(ssml)
    codes = ["".join(element.itertext()) for element in root.iter("prosody")]
    words = (root.text or "") + "".join("<code>" + (child.tail or "") for child in root)
    return words, codes
