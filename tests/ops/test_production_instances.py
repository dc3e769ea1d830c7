"""The production command as an operator runs it: two web server instances (config/web.py) in production mode
(`__Host-` Secure cookies, HSTS, no outbox) over one PostgreSQL, messages put on the Redis
queue and sent by the delivery worker (`flask --app idp jobs work`) to GC Notify (a
fake on loopback), and every request of a whole journey alternating between the instances."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from itertools import pairwise

import pytest

from tests.support.fakes import FakeNotify, notify_settings
from tests.support.full_journey import EMAIL, PHONE, FullJourney
from tests.support.production import APP_SECRET_KEY
from tests.support.servers import ROOT, start_instances

pytestmark = pytest.mark.postgres

ISSUER = "https://signin.example.ca"
REDIS_URL = os.environ.get("IDP_TEST_REDIS_URL", "").strip()
CODE = re.compile(r"\b(\d{6})\b")


class ProductionJourney(FullJourney):
    """A browser on plain-HTTP loopback that still returns Secure cookies (as Chromium does
    for localhost); codes are read where GC Notify received them."""

    def __init__(self, urls: list[str], issuer: str):
        super().__init__(urls, issuer)
        self.secure_cookies: dict[str, bool] = {}
        self.read = 0

    def _keep(self, response):
        for cookie in self.browser.cookies:
            self.secure_cookies.setdefault(cookie.name, cookie.secure)
            cookie.secure = False
        return super()._keep(response)

    def code(self, to: str) -> str:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            for index in range(len(FakeNotify.received) - 1, self.read - 1, -1):
                body = FakeNotify.received[index][2]
                if to in (body.get("email_address"), body.get("phone_number")):
                    self.read = index + 1
                    code = CODE.search(body["personalisation"]["body"]).group(1)
                    self.secrets.add(code)
                    return code
            time.sleep(0.1)
        raise AssertionError(f"no message for {to} reached GC Notify")


@pytest.fixture
def production_site(tmp_path, scratch_postgres_url, notify_server):
    if not REDIS_URL:
        pytest.skip("IDP_TEST_REDIS_URL is not set")
    shared = {
        "IDP_SERVER_ENVIRONMENT": "production",
        "IDP_SERVER_ISSUER": ISSUER,
        "IDP_METHODS_APP_SECRET_KEY": APP_SECRET_KEY,
        "IDP_QUEUE_REDIS_URL": REDIS_URL,
        **notify_settings(notify_server),
        "IDP_NOTIFY_CHANNELS": "email,sms",
    }
    servers = start_instances(tmp_path, scratch_postgres_url, **shared)
    worker = subprocess.Popen(
        [sys.executable, "-m", "flask", "--app", "idp", "deliveries", "work"],
        cwd=ROOT,
        env=servers[0].env,
        stdout=(tmp_path / "worker.log").open("w"),
        stderr=subprocess.STDOUT,
    )
    yield servers
    for server in servers:
        server.stop()
    worker.terminate()
    worker.wait(timeout=20)


def test_a_whole_journey_on_two_production_instances_with_the_queue_worker_succeeds(production_site):
    a, b = production_site
    journey = ProductionJourney([a.url, b.url], ISSUER)
    tokens = journey.run()
    assert journey.refresh(tokens["refresh_token"])["access_token"]

    assert journey.secure_cookies and all(journey.secure_cookies.values())
    assert all(name.startswith("__Host-") for name in journey.secure_cookies)
    assert all("max-age=" in answer.headers.get("Strict-Transport-Security", "") for answer in journey.answers)
    assert {body.get("email_address") or body.get("phone_number") for _, _, body in FakeNotify.received} == {
        EMAIL,
        PHONE,
    }
    served = [answer.url.split("/")[2] for answer in journey.answers]
    assert all(first != second for first, second in pairwise(served))
    print(
        f"\n{len(journey.answers)} requests in production mode, alternating between {a.url} and {b.url}; "
        f"{len(FakeNotify.received)} messages sent by the worker to GC Notify"
    )
