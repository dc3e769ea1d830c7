"""Several instances: two production web servers on free ports over one PostgreSQL, behind one
issuer, and every request of a whole journey goes to the other one than the request before
(sign-up, sign-in, authorize, token, userinfo, refresh, logout). Nothing another instance
needs may live in one process's memory."""

from __future__ import annotations

from itertools import pairwise

import pytest

from tests.support.full_journey import EMAIL, FullJourney
from tests.support.servers import start_instances

pytestmark = pytest.mark.postgres

ISSUER = "https://signin.example.ca"


@pytest.fixture
def two_instances(tmp_path, scratch_postgres_url):
    servers = start_instances(tmp_path, scratch_postgres_url, IDP_SERVER_ISSUER=ISSUER)
    yield servers
    for server in servers:
        server.stop()


def test_a_whole_journey_alternating_between_two_instances_succeeds(two_instances):
    a, b = two_instances
    journey = FullJourney([a.url, b.url], ISSUER)
    tokens = journey.run()
    assert journey.refresh(tokens["refresh_token"])["access_token"]

    served = [answer.url.split("/")[2] for answer in journey.answers]
    assert {a.url.split("/")[2], b.url.split("/")[2]} == set(served)
    assert all(first != second for first, second in pairwise(served))
    print(f"\n{len(journey.answers)} requests for {EMAIL}, alternating between {a.url} and {b.url}:")
    for answer in journey.answers:
        path = answer.request.path_url.split("?")[0]
        print(f"  {answer.url.split('/')[2]:>16}  {answer.request.method:4} {path:45} {answer.status_code}")
