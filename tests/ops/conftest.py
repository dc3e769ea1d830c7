"""Fixtures of the operations tests: an app with given settings, the test Redis queue, the worker."""

from __future__ import annotations

import os
import time

import pytest
import redis
from rq import Queue

from idp import create_app
from idp.jobs.queue import QUEUE_NAME
from tests.support.contract import ContractClient

REDIS_URL = os.environ.get("IDP_TEST_REDIS_URL", "").strip()


@pytest.fixture
def app_with(app, monkeypatch):
    """An app on the test database with these settings (IDP_* environment variables)."""

    def make(**settings: str):
        for name, value in settings.items():
            monkeypatch.setenv(name, value)
        made = create_app({"TESTING": True})
        made.test_client_class = ContractClient
        return made

    return make


@pytest.fixture
def redis_queue():
    if not REDIS_URL:
        pytest.skip("IDP_TEST_REDIS_URL is not set")
    connection = redis.Redis.from_url(REDIS_URL)
    connection.flushdb()
    yield Queue(QUEUE_NAME, connection=connection)
    connection.flushdb()


def work_until(app, until, seconds: float = 30) -> None:
    """Run the worker (as `flask --app idp jobs work` does) until `until()` holds."""
    worker = app.extensions["idp.queue"].worker()
    deadline = time.monotonic() + seconds
    with app.app_context():
        while not until():
            assert time.monotonic() < deadline, "the worker did not get there in time"
            worker.work(burst=True, with_scheduler=True)
            time.sleep(0.2)
