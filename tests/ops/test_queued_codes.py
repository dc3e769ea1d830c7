"""What the job worker makes of a code that waited in the queue, with the real parts on loopback:
RQ on the test Redis, an SMTP server (issue 52, point 2; issue 51, a person told when a message
cannot be delivered).

Who holds what, what happens, what they must get:

- **The worker was down; the person asked for a new code.** The backlog holds the older code
  and the newer: the worker delivers the newer only, drops the older and counts it
  (`idp_messages_dropped_total{reason="replaced"}`). Nobody receives a replaced code, so nobody
  types one and is told "wrong code". A code answered (or used up, or superseded by another
  channel) while its message waited is dropped the same way.
- **The worker takes a message before the request that made it committed** (the request puts it
  on the queue just before its commit): the worker waits for the commit, then delivers.
- **The provider refuses the message for good** (an SMTP 5xx; an HTTP 4xx: a number it will not
  call, a wrong setting): one attempt, no retry, the job kept as failed; the code is marked
  undeliverable (`idp_messages_undeliverable_total`); the person's journey says
  `deliveryFailed` and a new code may be asked at once, instead of a wait for a message that
  never comes.
- **The provider fails for a while** (an SMTP 4xx): retried by the queue's rule; once the last
  attempt failed, the same as above.
- **A stranger types an address at sign-up** whose mailbox refuses mail: an address with an
  account gets a message without a code, whose failure nobody is told; so no code to an address
  a stranger may type says its delivery failed, or the screen would tell which addresses have an
  account.
"""

from __future__ import annotations

import re
import threading
import time

import pytest

from idp import metrics
from idp.extensions import db
from idp.flows.credentials import passwords
from idp.models import OtpTransaction, User
from tests.ops.conftest import REDIS_URL, work_until
from tests.support.journeys import EMAIL, PASSWORD


@pytest.fixture
def queued(app_with, smtp_server):
    controller, handler = smtp_server
    app = app_with(
        IDP_NOTIFY_PROVIDER="smtp",
        IDP_NOTIFY_SMTP_PORT=str(controller.port),
        IDP_QUEUE_REDIS_URL=REDIS_URL,
        IDP_QUEUE_RETRY_BACKOFF_SECONDS="1",
        IDP_QUEUE_MAX_ATTEMPTS="3",
        IDP_NOTIFY_TIMEOUT_SECONDS="2",
        IDP_OTP_RESEND_WAIT_SECONDS="0",
    )
    return app, handler


def send_code(client):
    return client.post("/v1/otp/transient_otp/send", json={"userName": EMAIL, "otpType": "email", "language": "eng"})


def journey(client, flow: str = "signup") -> dict:
    return client.get("/v1/session").json["data"]["journeys"][flow]


def sign_in_by_email_code(app, client):
    """An account whose sign-up stopped before its phone: its sign-in code goes to its own
    address (a code a stranger cannot have asked)."""
    with app.app_context():
        if db.session.scalar(db.select(User).filter_by(email=EMAIL)) is None:
            db.session.add(User(email=EMAIL, email_verified=True, password_hash=passwords.hash_password(PASSWORD)))
            db.session.commit()
    return client.post("/v1/otp/users/login", json={"userName": EMAIL, "password": PASSWORD})


def code_in(message) -> str:
    return re.search(r"\b(\d{6})\b", message.get_payload(decode=True).decode()).group(1)


def dropped() -> float:
    return metrics.MESSAGES_DROPPED.labels("email", "replaced")._value.get()


def undeliverable() -> float:
    return metrics.MESSAGES_UNDELIVERABLE.labels("email")._value.get()


def test_a_code_replaced_while_it_waited_in_the_queue_is_never_delivered(queued, redis_queue):
    app, handler = queued
    client = app.test_client()
    client.post("/v1/signup/privacy", json={})
    assert send_code(client).status_code == 200
    assert send_code(client).status_code == 200
    before = dropped()
    work_until(app, lambda: redis_queue.count == 0 and handler.received)
    time.sleep(0.3)
    [message] = handler.received
    assert dropped() == before + 1
    shown = journey(client)
    answer = client.post(
        "/v1/otp/transient_otp/verify",
        json={
            "userName": EMAIL,
            "otpType": "email",
            "otp": code_in(message),
            "trxnId": shown["trxnId"],
        },
    )
    assert answer.status_code == 200


def test_a_code_answered_while_its_message_waited_is_not_delivered(queued, redis_queue):
    app, handler = queued
    client = app.test_client()
    client.post("/v1/signup/privacy", json={})
    assert send_code(client).status_code == 200
    with app.app_context():
        db.session.execute(db.update(OtpTransaction).values(state="USED"))
        db.session.commit()
    work_until(app, lambda: redis_queue.count == 0)
    assert handler.received == []


def test_the_worker_waits_for_the_commit_of_the_request_that_queued_the_code(queued, redis_queue):
    app, handler = queued
    client = app.test_client()
    client.post("/v1/signup/privacy", json={})
    assert send_code(client).status_code == 200
    with app.app_context():
        # what a worker quicker than the request's commit finds: the code's row not written yet
        [row] = db.session.scalars(db.select(OtpTransaction)).all()
        sends = row.sends
        db.session.execute(db.update(OtpTransaction).values(sends=sends - 1))
        db.session.commit()

    def commit_soon():
        time.sleep(0.3)
        with app.app_context():
            db.session.execute(db.update(OtpTransaction).values(sends=sends))
            db.session.commit()

    threading.Thread(target=commit_soon).start()
    work_until(app, lambda: handler.received)
    assert len(handler.received) == 1


def test_a_message_the_provider_refuses_for_good_is_tried_once_and_the_person_is_told(queued, redis_queue):
    app, handler = queued
    handler.refuse = True  # 550: mailbox unavailable
    client = app.test_client()
    assert sign_in_by_email_code(app, client).status_code == 200
    assert "deliveryFailed" not in journey(client, "signin")
    before = undeliverable()
    work_until(app, lambda: redis_queue.failed_job_registry.count == 1)
    assert handler.refused == 1
    assert undeliverable() == before + 1
    assert journey(client, "signin")["deliveryFailed"] is True
    # a new code at once, through a provider that takes it now
    handler.refuse = False
    again = client.post("/v1/otp/otp/send", json={"userName": EMAIL, "otpType": "email"})
    assert again.status_code == 200 and "deliveryFailed" not in again.json["data"]["journey"]


def test_a_provider_failing_for_a_while_is_retried_and_the_last_failed_attempt_tells_the_person(queued, redis_queue):
    app, handler = queued
    handler.refuse = True
    handler.reply = "451 4.3.0 try again later"
    client = app.test_client()
    assert sign_in_by_email_code(app, client).status_code == 200
    work_until(app, lambda: redis_queue.failed_job_registry.count == 1)
    assert handler.refused == 3
    assert journey(client, "signin")["deliveryFailed"] is True


def test_a_code_whose_delivery_failed_may_be_asked_again_at_once(app_with, smtp_server, redis_queue):  # noqa: F811
    controller, handler = smtp_server
    handler.refuse = True
    app = app_with(IDP_NOTIFY_PROVIDER="smtp", IDP_NOTIFY_SMTP_PORT=str(controller.port), IDP_QUEUE_REDIS_URL=REDIS_URL)
    client = app.test_client()
    assert sign_in_by_email_code(app, client).json["data"]["journey"]["resendAfter"] > 0
    work_until(app, lambda: redis_queue.failed_job_registry.count == 1)
    assert journey(client, "signin")["resendAfter"] == 0
    handler.refuse = False
    assert client.post("/v1/otp/otp/send", json={"userName": EMAIL, "otpType": "email"}).status_code == 200


def test_a_sign_up_code_to_an_address_that_refuses_mail_says_nothing_a_stranger_could_read(queued, redis_queue):
    app, handler = queued
    handler.refuse = True
    client = app.test_client()
    client.post("/v1/signup/privacy", json={})
    assert send_code(client).status_code == 200
    work_until(app, lambda: redis_queue.failed_job_registry.count == 1)
    assert "deliveryFailed" not in journey(client)
