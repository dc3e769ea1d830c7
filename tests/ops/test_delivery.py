"""Delivery under faults, with the real parts on loopback.

Within the request (development): an SMTP server that refuses or never answers, a GC
Notify that fails or is slow, take at most notify.timeout_seconds and answer code 25
with nothing kept: no code claims to have been sent.

On the queue (RQ on the Redis named by IDP_TEST_REDIS_URL, as in CI): the request only
puts the message on the queue; the worker delivers it, retries a failure with back-off,
keeps the job as failed after the last attempt, and no job read from Redis shows the
code or the address; Redis unreachable answers code 25 and keeps nothing; a send that a
stalled Redis holds keeps no other person's send waiting.
"""

from __future__ import annotations

import contextlib
import os
import time
import zlib
from concurrent.futures import ThreadPoolExecutor

import pytest
import redis
import requests

from idp.extensions import db
from idp.models import Journey, OtpTransaction
from idp.notify.providers import Unavailable
from tests.conftest import LiveServer
from tests.ops.conftest import REDIS_URL, work_until
from tests.support.fakes import FakeNotify, notify_settings
from tests.support.journeys import EMAIL, PASSWORD, people_with_phones, person
from tests.support.proxy import Proxy


def _send_email_code(client):
    assert client.post("/v1/signup/privacy", json={}).status_code == 200
    return client.post("/v1/otp/transient_otp/send", json={"userName": EMAIL, "otpType": "email", "language": "eng"})


def _nothing_kept(app) -> None:
    """No code claims to have been sent, and the journey still waits for its first code."""
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(OtpTransaction)) == 0
        assert db.session.scalars(db.select(Journey.state)).all() == ["PRIVACY_ACCEPTED"]


def _elapsed(call):
    started = time.monotonic()
    result = call()
    return result, time.monotonic() - started


# Within the request (development).


def test_an_smtp_server_that_refuses_gets_code_25_and_nothing_is_kept(app_with, smtp_server):
    controller, handler = smtp_server
    handler.refuse = True
    app = app_with(IDP_NOTIFY_PROVIDER="smtp", IDP_NOTIFY_SMTP_PORT=str(controller.port))
    answer = _send_email_code(app.test_client())
    assert (answer.status_code, answer.json["message"]) == (503, "25")
    assert handler.refused == 1
    _nothing_kept(app)


def test_an_smtp_server_that_never_answers_gets_code_25_within_the_timeout(app_with, silent_server):
    app = app_with(IDP_NOTIFY_PROVIDER="smtp", IDP_NOTIFY_SMTP_PORT=str(silent_server), IDP_NOTIFY_TIMEOUT_SECONDS="1")
    answer, seconds = _elapsed(lambda: _send_email_code(app.test_client()))
    assert (answer.status_code, answer.json["message"]) == (503, "25")
    assert seconds < 10
    _nothing_kept(app)


def test_gc_notify_answering_5xx_gets_code_25_and_nothing_is_kept(app_with, notify_server):
    FakeNotify.status = 500
    app = app_with(**notify_settings(notify_server))
    answer = _send_email_code(app.test_client())
    assert (answer.status_code, answer.json["message"]) == (503, "25")
    assert len(FakeNotify.received) >= 1
    _nothing_kept(app)


def test_gc_notify_timing_out_gets_code_25_within_the_timeout(app_with, notify_server):
    FakeNotify.delay_seconds = 4
    app = app_with(**notify_settings(notify_server, IDP_NOTIFY_TIMEOUT_SECONDS="1"))
    answer, seconds = _elapsed(lambda: _send_email_code(app.test_client()))
    assert (answer.status_code, answer.json["message"]) == (503, "25")
    assert seconds < 4
    _nothing_kept(app)


# On the queue.


def _queued_app(app_with, smtp_port: int, redis_url: str = "", **more: str):
    return app_with(
        IDP_NOTIFY_PROVIDER="smtp",
        IDP_NOTIFY_SMTP_PORT=str(smtp_port),
        IDP_QUEUE_REDIS_URL=redis_url or REDIS_URL,
        IDP_QUEUE_RETRY_BACKOFF_SECONDS="1",
        IDP_QUEUE_MAX_ATTEMPTS="3",
        IDP_NOTIFY_TIMEOUT_SECONDS="2",
        **more,
    )


def test_a_code_request_only_queues_the_message_and_the_worker_delivers_it(app_with, smtp_server, redis_queue):
    controller, handler = smtp_server
    app = _queued_app(app_with, controller.port)
    answer = _send_email_code(app.test_client())
    assert answer.status_code == 200
    assert (redis_queue.count, handler.received) == (1, [])
    work_until(app, lambda: handler.received)
    (message,) = handler.received
    assert message["To"] == EMAIL
    assert redis_queue.count == 0


def test_a_refused_delivery_is_retried_with_back_off_then_kept_as_failed_without_code_or_address(
    app_with, smtp_server, redis_queue
):
    controller, handler = smtp_server
    handler.refuse = True
    handler.reply = "451 4.3.0 try again later"
    app = _queued_app(app_with, controller.port)
    assert _send_email_code(app.test_client()).status_code == 200
    (job_id,) = redis_queue.job_ids
    work_until(app, lambda: redis_queue.failed_job_registry.count == 1)
    assert handler.refused == 3
    assert redis_queue.failed_job_registry.get_job_ids() == [job_id]

    job = redis_queue.fetch_job(job_id)
    with app.app_context():
        kind, message = job.args[0], app.extensions["idp.queue"].open(job.args[1])
    assert kind == "message"
    assert message["to"] == EMAIL and message["code"] and message["code"] in message["body"]
    stored = _everything_in(redis_queue.connection)
    assert message["code"].encode() not in stored and EMAIL.encode() not in stored
    failure = job.latest_result().exc_string
    assert "AttemptFailed: email delivery through smtp failed" in failure
    assert message["code"] not in failure and EMAIL not in failure


def _everything_in(connection: redis.Redis) -> bytes:
    """Every value Redis holds, as RQ wrote it and, where it is compressed, decompressed."""
    values: list[bytes] = []
    for key in connection.keys("*"):
        kind = connection.type(key)
        if kind == b"hash":
            values += connection.hgetall(key).values()
        elif kind == b"string":
            values.append(connection.get(key))
        elif kind == b"list":
            values += connection.lrange(key, 0, -1)
        elif kind == b"zset":
            values += connection.zrange(key, 0, -1)
        elif kind == b"stream":
            values += [value for _, fields in connection.xrange(key) for value in fields.values()]
    for value in list(values):
        with contextlib.suppress(zlib.error):
            values.append(zlib.decompress(value))
    return b"\n".join(values)


def test_redis_unreachable_answers_code_25_and_keeps_nothing(app_with, smtp_server, redis_queue):
    controller, _ = smtp_server
    target = redis.Redis.from_url(REDIS_URL).connection_pool.connection_kwargs
    proxy = Proxy(target.get("host", "127.0.0.1"), target.get("port", 6379)).start()
    try:
        app = _queued_app(app_with, controller.port, f"redis://127.0.0.1:{proxy.port}/{target.get('db', 0)}")
        proxy.cut()
        answer = _send_email_code(app.test_client())
        assert (answer.status_code, answer.json["message"]) == (503, "25")
        _nothing_kept(app)
        proxy.restore()
        assert _send_email_code(app.test_client()).status_code == 200
        assert redis_queue.count == 1
    finally:
        proxy.stop()


def _people_at_their_phone_code(app, server: LiveServer, count: int) -> list:
    """Browsers of `count` people with a verified phone, past their password: each answers its
    own send of the phone's code."""
    with app.app_context():
        people_with_phones(count)
    sends = []
    for number in range(count):
        browser, (email, _) = requests.Session(), person(number)
        browser.headers["Origin"] = "http://localhost:5000"
        login = browser.post(
            f"{server.url}/v1/otp/users/login", json={"userName": email, "password": PASSWORD}, timeout=30
        )
        assert (login.status_code, login.json()["data"]["otpType"]) == (200, "sms")
        sends.append(
            lambda browser=browser, email=email: browser.post(
                f"{server.url}/v1/otp/otp/send", json={"userName": email, "otpType": "sms"}, timeout=30
            )
        )
    return sends


@pytest.mark.postgres
@pytest.mark.skipif(
    not os.environ.get("IDP_TEST_DATABASE_URL"), reason="row locks are PostgreSQL's (SQLite has one writer)"
)
def test_a_send_a_stalled_queue_holds_keeps_no_other_persons_send_waiting(app_with, redis_queue):
    # Every code to a person's own phone counts in the service's one ceiling of texts: a send
    # that waited for the queue with that count made would hold its row locked, and every other
    # person's send would wait behind it, one timeout after the other.
    target = redis.Redis.from_url(REDIS_URL).connection_pool.connection_kwargs
    proxy = Proxy(target.get("host", "127.0.0.1"), target.get("port", 6379)).start()
    app = app_with(
        IDP_NOTIFY_PROVIDER="outbox",
        IDP_QUEUE_REDIS_URL=f"redis://127.0.0.1:{proxy.port}/{target.get('db', 0)}",
        IDP_QUEUE_TIMEOUT_SECONDS="3",
    )
    server = LiveServer(app).start()
    try:
        first, second = _people_at_their_phone_code(app, server, 2)
        proxy.stall()
        with ThreadPoolExecutor(max_workers=2) as pool:
            held = pool.submit(first)
            while proxy.stalled == 0 and not held.done():
                time.sleep(0.01)
            answers = [pool.submit(second).result(), held.result()]
        assert proxy.most_stalled == 2, "the second send reached the queue only once the first had given up"
        assert [(answer.status_code, answer.json()["message"]) for answer in answers] == [(503, "25")] * 2
    finally:
        server.stop()
        proxy.stop()


def test_a_channel_no_provider_carries_is_refused_at_once_not_queued(app_with, smtp_server, redis_queue):
    controller, _ = smtp_server
    app = _queued_app(app_with, controller.port)
    # As in production, where SMTP carries no text messages (development keeps them in the outbox).
    app.extensions["idp_notify"]["sms"] = Unavailable()
    client = app.test_client()
    assert _send_email_code(client).status_code == 200
    with app.app_context():
        db.session.execute(db.update(Journey).values(state="ACCOUNT_CREATED", email=EMAIL))
        db.session.commit()
    answer = client.post(
        "/v1/otp/transient_otp/send", json={"userName": EMAIL, "otpType": "sms", "phoneNumber": "+16132345678"}
    )
    assert (answer.status_code, answer.json["message"]) == (503, "25")
    assert redis_queue.count == 1
    with app.app_context():
        assert db.session.scalars(db.select(OtpTransaction.channel)).all() == ["email"]


def test_recovery_for_an_unknown_address_queues_a_message_like_a_known_one_and_sends_nothing(
    app_with, smtp_server, redis_queue
):
    controller, handler = smtp_server
    app = _queued_app(app_with, controller.port)
    client = app.test_client()
    answer = client.post("/v1/recovery/send", json={"userName": "nobody@example.ca", "language": "en"})
    assert answer.status_code == 200
    assert redis_queue.count == 1
    work_until(app, lambda: redis_queue.count == 0)
    assert handler.received == []


def test_metrics_show_the_queue_depth_and_the_failed_deliveries(app_with, smtp_server, redis_queue):
    controller, _ = smtp_server
    app = _queued_app(app_with, controller.port)
    client = app.test_client()
    assert _send_email_code(client).status_code == 200
    metrics = client.get("/metrics").text
    assert "idp_queue_depth 1.0" in metrics
    assert "idp_deliveries_failed 0.0" in metrics


def test_a_queued_email_goes_to_gc_notify(app_with, notify_server, redis_queue):
    app = app_with(IDP_QUEUE_REDIS_URL=REDIS_URL, **notify_settings(notify_server))
    client = app.test_client()
    assert _send_email_code(client).status_code == 200
    work_until(app, lambda: FakeNotify.received)
    ((path, _, body),) = FakeNotify.received
    assert (path, body["email_address"]) == ("/v2/notifications/email", EMAIL)
