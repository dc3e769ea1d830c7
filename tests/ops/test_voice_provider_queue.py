"""Calls on the queue: a code by voice is queued by the request and placed by the worker through
the voice provider (AWS's API, a stand-in on loopback); a refused call is retried by the queue's
rule, then kept as failed, counted by channel and provider, with neither the code nor the
number in Redis or in the failure."""

from __future__ import annotations

from idp.extensions import db
from idp.models import Journey
from tests.ops.conftest import REDIS_URL, work_until
from tests.ops.test_delivery import _everything_in
from tests.ops.test_operator_metrics import scrape
from tests.support import aws_voice as stand_in
from tests.support.aws_voice import StandIn, spoken
from tests.support.journeys import EMAIL, PHONE


def _queued_app(app_with, smtp_port: int, url: str):
    return app_with(
        IDP_NOTIFY_PROVIDER="smtp",
        IDP_NOTIFY_SMTP_PORT=str(smtp_port),
        IDP_QUEUE_REDIS_URL=REDIS_URL,
        IDP_QUEUE_RETRY_BACKOFF_SECONDS="1",
        IDP_QUEUE_MAX_ATTEMPTS="3",
        IDP_NOTIFY_TIMEOUT_SECONDS="2",
        IDP_NOTIFY_CHANNELS="email,sms,voice",
        **stand_in.settings(url),
    )


def _ask_for_a_call(app, language: str = "fr"):
    """A sign-up at the phone step asks for its code by voice."""
    client = app.test_client()
    assert client.post("/v1/signup/privacy", json={}).status_code == 200
    assert (
        client.post(
            "/v1/otp/transient_otp/send", json={"userName": EMAIL, "otpType": "email", "language": language}
        ).status_code
        == 200
    )
    with app.app_context():
        db.session.execute(db.update(Journey).values(state="ACCOUNT_CREATED", email=EMAIL))
        db.session.commit()
    return client.post("/v1/otp/transient_otp/send", json={"userName": EMAIL, "otpType": "voice", "phoneNumber": PHONE})


def test_a_voice_code_is_queued_then_placed_by_the_worker_through_the_voice_provider(
    app_with, smtp_server, aws_voice, redis_queue
):
    controller, _ = smtp_server
    app = _queued_app(app_with, controller.port, aws_voice)
    assert _ask_for_a_call(app, "fr").status_code == 200
    assert StandIn.calls == []
    work_until(app, lambda: StandIn.calls)
    (call,) = StandIn.calls
    words, codes = spoken(call["MessageBody"])
    assert (call["DestinationPhoneNumber"], call["VoiceId"]) == (PHONE, "CHANTAL")
    assert words.startswith("Bonjour. Ceci est un appel de Connexion aux services fédéraux.") and len(set(codes)) == 1
    numbers = scrape(app)
    assert numbers['idp_delivery_latency_seconds_count{channel="voice",provider="aws"}'] == 1


def test_a_refused_call_is_retried_by_the_queues_rule_then_kept_failed_and_counted_by_provider(
    app_with, smtp_server, aws_voice, redis_queue
):
    controller, _ = smtp_server
    StandIn.failure = (400, "ThrottlingException")
    app = _queued_app(app_with, controller.port, aws_voice)
    assert _ask_for_a_call(app).status_code == 200
    work_until(app, lambda: redis_queue.failed_job_registry.count == 1)
    numbers = scrape(app)
    assert numbers['idp_delivery_attempts_failed_total{channel="voice",provider="aws"}'] == 3
    assert numbers['idp_job_attempts_failed_total{kind="message"}'] == 3
    (job_id,) = redis_queue.failed_job_registry.get_job_ids()
    failure = redis_queue.fetch_job(job_id).latest_result().exc_string
    assert "AttemptFailed: voice delivery through aws failed" in failure and PHONE not in failure
    stored = _everything_in(redis_queue.connection)
    assert PHONE.encode() not in stored and PHONE[2:].encode() not in stored


def test_a_call_aws_refuses_for_good_is_tried_once_and_kept_failed(app_with, smtp_server, aws_voice, redis_queue):
    """AWS's 403 (AccessDeniedException: the keys or the origination number are wrong) does not
    pass with time: one attempt, kept failed at once; its 400s are tried again (the test above),
    since AWS answers its throttling with a 400 too."""
    controller, _ = smtp_server
    StandIn.failure = (403, "AccessDeniedException")
    app = _queued_app(app_with, controller.port, aws_voice)
    assert _ask_for_a_call(app).status_code == 200
    work_until(app, lambda: redis_queue.failed_job_registry.count == 1)
    assert scrape(app)['idp_delivery_attempts_failed_total{channel="voice",provider="aws"}'] == 1
