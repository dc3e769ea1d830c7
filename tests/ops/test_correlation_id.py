"""Every answer names its request's correlation id; an id a load balancer already gave the
request is kept when it is plainly an id."""

from __future__ import annotations

import re

UUID = r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"


def test_every_answer_carries_a_new_correlation_id(client):
    first, second = client.get("/healthz"), client.get("/healthz")
    assert re.fullmatch(UUID, first.headers["X-Correlation-ID"])
    assert first.headers["X-Correlation-ID"] != second.headers["X-Correlation-ID"]


def test_an_id_given_by_the_load_balancer_is_kept(client):
    given = "lb-7f3a9c2e-41d0"
    assert client.get("/healthz", headers={"X-Correlation-ID": given}).headers["X-Correlation-ID"] == given


def test_a_given_id_that_is_not_plainly_an_id_is_replaced(client):
    answer = client.get("/healthz", headers={"X-Correlation-ID": "<script>alert(1)</script>"})
    assert re.fullmatch(UUID, answer.headers["X-Correlation-ID"])


def test_the_delivery_worker_needs_a_queue(runner):
    result = runner.invoke(args=["deliveries", "work"])
    assert result.exit_code != 0
    assert "IDP_QUEUE_REDIS_URL is not set" in result.output
