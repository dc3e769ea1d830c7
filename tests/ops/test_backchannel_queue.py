"""Logout tokens through the job queue (production): each service to tell is one job, sealed in
Redis, delivered by the worker with its retries, then kept as failed naming the service only."""

from __future__ import annotations

from idp import outbound, sessions
from idp.extensions import db
from idp.models import User
from idp.oauth import backchannel
from tests.ops.conftest import REDIS_URL, work_until

SID = "a-session-id-that-must-never-appear-in-clear"


def _person(app) -> str:
    with app.app_context():
        user = User(
            email="amelie@example.ca",
            email_verified=True,
            password_hash="x",
            first_name="Amélie",
            last_name="Tremblay",
            language="fr",
        )
        db.session.add(user)
        db.session.commit()
        return user.id


def test_a_service_to_tell_is_one_sealed_job_retried_then_kept_as_failed_naming_the_service_only(
    app_with, redis_queue, monkeypatch
):
    app = app_with(IDP_QUEUE_REDIS_URL=REDIS_URL, IDP_QUEUE_MAX_ATTEMPTS="2", IDP_QUEUE_RETRY_BACKOFF_SECONDS="1")
    user_id = _person(app)
    with app.app_context():
        backchannel.tell([sessions.Ended(1, SID, user_id, ["reservations"])])
    (job_id,) = redis_queue.job_ids
    stored = b"".join(value for value in redis_queue.connection.hgetall(f"rq:job:{job_id}").values())
    assert SID.encode() not in stored and user_id.encode() not in stored

    attempts = []

    def unreachable(purpose, method, url, chosen, **options):
        attempts.append((url, options["data"]["logout_token"]))
        raise outbound.OutboundError("unreachable", "unreachable (ConnectError)")

    monkeypatch.setattr(backchannel.outbound, "call", unreachable)
    work_until(app, lambda: redis_queue.failed_job_registry.count == 1)
    assert [url for url, _ in attempts] == ["http://localhost:5001/backchannel-logout"] * 2
    failure = redis_queue.fetch_job(job_id).latest_result().exc_string
    assert "back-channel logout to reservations: unreachable (ConnectError)" in failure
    assert SID not in failure and user_id not in failure


def test_a_service_that_answers_is_told_once(app_with, redis_queue, monkeypatch):
    app = app_with(IDP_QUEUE_REDIS_URL=REDIS_URL)
    user_id = _person(app)
    with app.app_context():
        backchannel.tell([sessions.Ended(1, SID, user_id, ["reservations"])])
    told = []

    class Answer:
        status_code = 200

    monkeypatch.setattr(
        backchannel.outbound, "call", lambda purpose, method, url, chosen, **options: told.append(url) or Answer()
    )
    work_until(app, lambda: len(told) == 1 and redis_queue.count == 0)
    assert told == ["http://localhost:5001/backchannel-logout"]
