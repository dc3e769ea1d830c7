"""The voice provider, AWS End User Messaging SMS and Voice, through boto3 against a stand-in of
its API on loopback (tests/support/aws_voice.py): the SDK's own signed requests, through the
outbound door, in English and in French."""

from __future__ import annotations

import time

import pytest

from idp import metrics
from idp.config import ConfigError
from idp.notify.aws import AwsVoice, ssml
from idp.notify.channels import providers_for
from idp.notify.providers import DeliveryError, Message
from tests.conftest import free_port
from tests.notify.test_providers import _settings
from tests.support import aws_voice as stand_in
from tests.support.aws_voice import StandIn, spoken
from tests.support.outside import Outside, dripped, http
from tests.support.servers import delivered_in_a_fresh_process

WORDS = {
    "en": "Hello. This is a call from Sign-in for federal services. Your verification code is: <code>. "
    "Again, your code is: <code>. "
    "It expires in 10 minutes. Never share it. Goodbye.",
    "fr": "Bonjour. Ceci est un appel de Connexion aux services fédéraux. Votre code de vérification est : <code>. "
    "Je répète, votre code est : <code>. Il expire dans 10 minutes. Ne le partagez jamais. Au revoir.",
}


def _call(app, language: str, code: str = "482915", to: str = "+16132345678") -> Message:
    from idp import notify

    with app.test_request_context():
        _, body = notify.render("voice_code", language, code=code, minutes=10)
    return Message(channel="voice", to=to, language=language, subject="", body=body, code=code)


def _provider(url: str, environment: str = "development", **notify) -> AwsVoice:
    return providers_for(_settings("notify", environment, voice_provider="aws", aws_endpoint_url=url, **notify))[
        "voice"
    ]


@pytest.mark.parametrize(("language", "voice"), [("en", "JOANNA"), ("fr", "CHANTAL")])
def test_the_voice_provider_places_a_call_that_reads_the_code_twice_slowly_and_says_who_calls(
    app, aws_voice, language, voice
):
    _provider(aws_voice).deliver(_call(app, language))
    (call,) = StandIn.calls
    assert call["DestinationPhoneNumber"] == "+16132345678"
    assert call["OriginationIdentity"] == "+16135550199"
    assert (call["MessageBodyTextType"], call["VoiceId"], call["TimeToLive"]) == ("SSML", voice, 600)
    words, codes = spoken(call["MessageBody"])
    assert words == WORDS[language]
    assert codes == ["482915", "482915"]
    assert call["MessageBody"].count('<prosody rate="slow">4<break time="500ms"/>8<break time="500ms"/>2') == 2


def test_the_voice_provider_sends_nothing_else_about_the_person(app, aws_voice):
    _provider(aws_voice).deliver(_call(app, "en"))
    (call,) = StandIn.calls
    assert set(call) == {
        "DestinationPhoneNumber",
        "OriginationIdentity",
        "MessageBody",
        "MessageBodyTextType",
        "VoiceId",
        "TimeToLive",
    }


def test_the_voice_provider_names_the_configuration_set_and_the_price_ceiling_when_set(app, aws_voice):
    _provider(aws_voice, aws_configuration_set="idp-voice", aws_max_price_per_minute="0.10").deliver(_call(app, "fr"))
    (call,) = StandIn.calls
    assert (call["ConfigurationSetName"], call["MaxPricePerMinute"]) == ("idp-voice", "0.10")


def test_the_voice_provider_calls_through_the_door_counted_under_its_purpose(app, aws_voice):
    counted = metrics.OUTBOUND_CALLS.labels("aws_voice", "ok")
    before = counted._value.get()
    _provider(aws_voice).deliver(_call(app, "en"))
    assert counted._value.get() == before + 1


# The JSON protocol answers its client errors 400, whatever their type; the server's 500.
@pytest.mark.parametrize(
    ("status", "error"),
    [
        (400, "ValidationException"),
        (400, "AccessDeniedException"),
        (400, "ThrottlingException"),
        (500, "InternalServerException"),
    ],
)
def test_a_voice_provider_refusal_is_a_delivery_error_logged_without_the_number(app, aws_voice, caplog, status, error):
    StandIn.failure = (status, error)
    with pytest.raises(DeliveryError):
        _provider(aws_voice).deliver(_call(app, "en"))
    assert f"answered {status}" in caplog.text
    assert "2345678" not in caplog.text and "482915" not in caplog.text


def test_the_voice_provider_signs_with_its_own_key_and_a_wrong_one_is_refused(app, aws_voice, caplog):
    with pytest.raises(DeliveryError):
        _provider(aws_voice, aws_secret_access_key="not-the-secret-key-0123456789").deliver(_call(app, "en"))
    assert "answered 400" in caplog.text and StandIn.calls == []
    assert "not-the-secret-key" not in caplog.text


def test_the_sdk_retries_nothing_the_queue_does(app, aws_voice):
    StandIn.failure = (500, "InternalServerException")
    counted = metrics.OUTBOUND_CALLS.labels("aws_voice", "status")
    before = counted._value.get()
    with pytest.raises(DeliveryError):
        _provider(aws_voice).deliver(_call(app, "en"))
    assert counted._value.get() == before + 1


def test_an_unreachable_voice_provider_is_a_delivery_error(app):
    with pytest.raises(DeliveryError):
        _provider(f"http://127.0.0.1:{free_port()}").deliver(_call(app, "en"))


def test_a_slow_voice_provider_is_cut_off_at_the_deadline(app, aws_voice):
    StandIn.delay_seconds = 3
    started = time.monotonic()
    with pytest.raises(DeliveryError):
        _provider(aws_voice, timeout_seconds=1).deliver(_call(app, "en"))
    assert time.monotonic() - started < 2.5


def test_a_voice_provider_that_drips_its_answer_is_cut_off_at_the_deadline(app):
    answer = http(200, b'{"MessageId": "' + b"0" * 36 + b'"}', Content_Type="application/x-amz-json-1.0")
    server = Outside(lambda path: [answer[:-40], *dripped(answer[-40:])], drip_seconds=0.25)
    try:
        started = time.monotonic()
        with pytest.raises(DeliveryError):
            _provider(server.url, timeout_seconds=1).deliver(_call(app, "en"))
        # the whole answer would drip for 10 s; cut at the 1-s deadline, with room for a busy machine
        assert time.monotonic() - started < 5
    finally:
        server.stop()


def test_production_places_no_call_through_an_api_on_a_private_address(app, aws_voice):
    with pytest.raises(DeliveryError):
        _provider(aws_voice, "production").deliver(_call(app, "en"))
    assert StandIn.calls == []


@pytest.mark.parametrize("missing", ["aws_access_key_id", "aws_secret_access_key", "aws_origination_identity"])
def test_the_voice_provider_without_its_key_or_number_stops_start_up(missing):
    with pytest.raises(
        ConfigError, match=f"IDP_NOTIFY_{missing.upper()} is required when IDP_NOTIFY_VOICE_PROVIDER is aws"
    ):
        providers_for(_settings("notify", "production", voice_provider="aws", **{missing: ""}))


def test_the_voice_providers_ssml_keeps_words_as_words():
    message = Message(
        channel="voice", to="+16132345678", language="en", subject="", body="A & B <c>: 1, 2. 1, 2.", code="12"
    )
    assert ssml(message) == (
        '<speak>A &amp; B &lt;c&gt;: <prosody rate="slow">1<break time="500ms"/>2</prosody>. '
        '<prosody rate="slow">1<break time="500ms"/>2</prosody>.</speak>'
    )


def test_the_voice_providers_sdk_loads_with_the_first_call_not_with_the_app(aws_voice, tmp_path):
    """Web workers only queue messages: the SDK (tens of MiB) loads in the process that places a call."""
    delivered_in_a_fresh_process(tmp_path, "voice", ("boto3", "botocore"), **stand_in.settings(aws_voice))
    assert len(StandIn.calls) == 1
