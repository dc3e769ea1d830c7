"""A sign-up whose phone code comes by a call, in English and in French, with production's way of
delivering: each channel through its own provider — e-mail and texts through GC Notify, calls
through AWS End User Messaging (boto3), stand-ins of both APIs on loopback — every message queued
on Redis and delivered by a `flask --app idp jobs work` process, no outbox. The person reads the
e-mail code in what GC Notify was asked to send and hears the phone code in what AWS was asked
to read. (The development flag stays on only because production calls no plain-http, private
address; the stand-ins are both.)"""

from __future__ import annotations

import re
import subprocess
import time
from http.server import ThreadingHTTPServer

import pytest
from playwright.sync_api import expect

from tests.conftest import free_port, serve_in_thread
from tests.e2e import steps
from tests.e2e.accessibility import assert_no_violations
from tests.e2e.conftest import MOBILE, ROOT, Product
from tests.ops.test_queue_faults import RedisServer
from tests.support import aws_voice
from tests.support.fakes import FakeNotify, notify_settings

pytestmark = pytest.mark.e2e

GREETING = {
    "en": "Hello. This is a call from Sign-in for federal services.",
    "fr": "Bonjour. Ceci est un appel de Connexion aux services fédéraux.",
}


class Arrivals(list):
    """What a stand-in took, each message also noted, as (to, code), in the order of arrival."""

    def __init__(self, noted: list, read):
        super().__init__()
        self.noted, self.read = noted, read

    def append(self, item) -> None:
        super().append(item)
        self.noted.append(self.read(item))


class GcNotify(FakeNotify):
    received: list = []


class Aws(aws_voice.StandIn):
    calls: list = []


def _from_notify(item) -> tuple[str, str]:
    _, _, body = item
    return body.get("email_address") or body["phone_number"], re.search(
        r"\b(\d{6})\b", body["personalisation"]["body"]
    )[1]


def _from_aws(call: dict) -> tuple[str, str]:
    return call["DestinationPhoneNumber"], aws_voice.spoken(call["MessageBody"])[1][0]


class DeliveredProduct(Product):
    """The product with a provider per channel, its queue and a job worker; codes are read from
    what the providers were asked to deliver."""

    def __init__(self, folder, notify_url: str, aws_url: str, redis_url: str):
        super().__init__(
            folder,
            **notify_settings(notify_url),
            **aws_voice.settings(aws_url),
            IDP_QUEUE_REDIS_URL=redis_url,
            IDP_NOTIFY_CHANNELS="email,sms,voice",
            IDP_OTP_RESEND_WAIT_SECONDS="1",
        )
        self.noted: list[tuple[str, str]] = []
        self.read: dict[str, int] = {}

    def start(self) -> DeliveredProduct:
        super().start()
        log = (self.folder / "worker.log").open("w")
        self.processes.append(
            subprocess.Popen(
                self._flask("--app", "idp", "jobs", "work"),
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        )
        return self

    def latest_code(self, to: str) -> str:
        """The code of the newest message to `to` that was not read yet, once it has arrived."""
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            codes = [code for address, code in self.noted if address == to]
            if len(codes) > self.read.get(to, 0):
                self.read[to] = len(codes)
                return codes[-1]
            time.sleep(0.2)
        raise AssertionError(f"no new message reached {to}: see {self.folder}/worker.log")

    def last_call(self, to: str) -> dict:
        return [call for call in Aws.calls if call["DestinationPhoneNumber"] == to][-1]


def _serve(handler) -> ThreadingHTTPServer:
    server = ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    serve_in_thread(server)
    return server


@pytest.fixture(scope="module")
def delivered(tmp_path_factory):
    folder = tmp_path_factory.mktemp("delivered")
    redis = RedisServer(folder).start()
    GcNotify.status, GcNotify.delay_seconds = 201, 0.0
    notify = _serve(GcNotify)
    aws = aws_voice.start(Aws)
    product = DeliveredProduct(
        folder, f"http://127.0.0.1:{notify.server_port}", f"http://127.0.0.1:{aws.server_port}", redis.url
    )
    GcNotify.received = Arrivals(product.noted, _from_notify)
    Aws.calls = Arrivals(product.noted, _from_aws)
    try:
        yield product.start()
    finally:
        product.stop()
        aws.shutdown()
        notify.shutdown()
        redis.stop()


def _hear_the_call(page, delivered: DeliveredProduct, language: str, person) -> None:
    """On the call's code screen: what the call said, the code typed, sign-up goes on."""
    steps.expect_screen(page, language, "verification.voice.title", step=3)
    assert_no_violations(page, f"sign-up's code by call ({language})")
    steps.verify_phone(page, delivered, language, person)
    call = delivered.last_call(person.e164)
    words, codes = aws_voice.spoken(call["MessageBody"])
    assert words.startswith(GREETING[language]) and words.count("<code>") == 2 and codes[0] == codes[1]
    assert call["VoiceId"] == {"en": "JOANNA", "fr": "CHANTAL"}[language]


def _finish(page, delivered: DeliveredProduct, language: str, person) -> None:
    steps.enter_name(page, language, person)
    steps.continue_to_the_service(page, language)
    steps.expect_signed_in_at_reservations(page, delivered, person, language)


def test_a_sign_up_choosing_a_call_gets_its_code_read_by_the_voice_provider_in_english(new_context, delivered, person):
    page = new_context(language="en").new_page()
    steps.reach_email_code(page, delivered, person, "en")
    steps.verify_email(page, delivered, "en", person)
    steps.create_password(page, "en", person)
    page.get_by_role("radio", name=steps.t("en", "setup.method.voice"), exact=True).check()
    assert_no_violations(page, "sign-up's phone step with a call chosen (en)")
    steps.set_up_phone(page, "en", person, method="voice")
    _hear_the_call(page, delivered, "en", person)
    _finish(page, delivered, "en", person)


def test_a_sign_up_that_asks_for_a_call_instead_of_a_text_gets_it_in_french(new_context, delivered, person):
    page = new_context(language="fr", viewport=MOBILE).new_page()
    steps.reach_email_code(page, delivered, person, "fr")
    steps.verify_email(page, delivered, "fr", person)
    steps.create_password(page, "fr", person)
    steps.set_up_phone(page, "fr", person, method="sms")
    delivered.latest_code(person.e164)  # the text came, through GC Notify
    call_instead = page.get_by_role("link", name=steps.t("fr", "verification.switchTo.voice"))
    expect(call_instead).to_be_visible()
    assert_no_violations(page, "sign-up's code by text, a call offered (fr, 375 px)")
    call_instead.click()
    expect(page.get_by_text(steps.t("fr", "verification.voice.resent"))).to_be_visible()
    _hear_the_call(page, delivered, "fr", person)
    _finish(page, delivered, "fr", person)
