"""Jobs of any kind, beside messages: each kind with its own retry rule, queued on Redis in
production and done after the answer when there is no queue (make run)."""

from __future__ import annotations

import pytest
from flask import Blueprint

from idp import jobs
from tests.ops.conftest import REDIS_URL, work_until


def _with_kind(app, handler, attempts: int = 3):
    """The app with a job kind "probe" and a route that asks for one job of it."""
    jobs.register(app, jobs.Kind("probe", handler, attempts=lambda: attempts, backoff=lambda: [1] * (attempts - 1)))
    bp = Blueprint("probe", __name__)

    @bp.post("/_test/probe")
    def ask():
        jobs.enqueue("probe", {"n": 1})
        return "queued"

    app.register_blueprint(bp)
    return app


def test_without_a_queue_a_job_runs_after_the_answer(app_with):
    done = []
    app = _with_kind(app_with(), lambda payload: done.append(payload))
    with app.test_client() as client:
        response = client.post("/_test/probe")
        assert response.get_data(as_text=True) == "queued"
        response.close()
    assert done == [{"n": 1}]


def test_without_a_queue_a_failed_job_never_reaches_the_person(app_with):
    def fail(payload):
        raise RuntimeError("the relying service is down")

    app = _with_kind(app_with(), fail)
    response = app.test_client().post("/_test/probe")
    response.close()
    assert response.status_code == 200


def test_a_queued_job_is_retried_by_its_kinds_rule_then_kept_as_failed(app_with, redis_queue):
    attempts = []

    def fail(payload):
        attempts.append(payload)
        raise jobs.Failed("probe refused")

    app = _with_kind(app_with(IDP_QUEUE_REDIS_URL=REDIS_URL), fail, attempts=2)
    assert app.test_client().post("/_test/probe").status_code == 200
    (job_id,) = redis_queue.job_ids
    work_until(app, lambda: redis_queue.failed_job_registry.count == 1)
    assert attempts == [{"n": 1}, {"n": 1}]
    failure = redis_queue.fetch_job(job_id).latest_result().exc_string
    assert "AttemptFailed: probe refused" in failure


def test_an_unforeseen_failure_keeps_only_the_name_of_what_was_raised(app_with, redis_queue):
    def fail(payload):
        raise ValueError("person@example.ca could not be reached")

    app = _with_kind(app_with(IDP_QUEUE_REDIS_URL=REDIS_URL), fail, attempts=1)
    app.test_client().post("/_test/probe")
    (job_id,) = redis_queue.job_ids
    work_until(app, lambda: redis_queue.failed_job_registry.count == 1)
    failure = redis_queue.fetch_job(job_id).latest_result().exc_string
    assert "AttemptFailed: probe: ValueError" in failure and "person@example.ca" not in failure


@pytest.mark.parametrize("command", [["jobs", "work"], ["deliveries", "work"]])
def test_the_worker_command_needs_a_queue(app_with, command):
    result = app_with().test_cli_runner().invoke(args=command)
    assert result.exit_code != 0 and "IDP_QUEUE_REDIS_URL is not set" in result.output
