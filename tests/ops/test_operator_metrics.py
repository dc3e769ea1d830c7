"""What operators alert on, in /metrics: the server processes (CPU, memory, open files), the
database pools (lent, waited for, capacity), the job queue (depth, oldest job, live workers,
failed attempts by kind) and delivery latency by channel and provider; and every series the
operators' guide names is one that /metrics serves."""

from __future__ import annotations

import re
import time

from prometheus_client.parser import text_string_to_metric_families

from idp import jobs
from idp.extensions import db
from idp.jobs.queue import HEARTBEAT_PREFIX
from tests.ops.conftest import REDIS_URL, work_until
from tests.support.servers import ROOT


def scrape(app) -> dict[str, float]:
    """Every sample of /metrics: name{labels} -> value."""
    text = app.test_client().get("/metrics").get_data(as_text=True)
    samples = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            labels = ",".join(f'{key}="{value}"' for key, value in sorted(sample.labels.items()))
            samples[f"{sample.name}{{{labels}}}" if labels else sample.name] = sample.value
    return samples


def test_metrics_show_the_cpu_memory_and_open_files_of_the_server_processes(app_with):
    numbers = scrape(app_with())
    assert numbers["idp_processes"] == 1
    assert numbers["idp_process_resident_memory_bytes"] > 10_000_000
    assert numbers["idp_process_open_fds"] > 3
    assert numbers["idp_process_cpu_seconds_total"] > 0


def test_metrics_show_the_database_connections_lent_out_and_the_pools_capacity(app_with):
    app = app_with()
    before = scrape(app)["idp_db_connections_in_use"]
    with app.app_context():
        held = db.engine.connect()
        try:
            assert scrape(app)["idp_db_connections_in_use"] == before + 1
        finally:
            held.close()
    numbers = scrape(app)
    assert numbers["idp_db_connections_in_use"] == before
    assert numbers["idp_db_connections_waiting"] == 0
    assert numbers["idp_db_pool_capacity"] >= 1


def _send_code(app, address: str):
    client = app.test_client()
    client.post("/v1/signup/privacy", json={})
    return client.post("/v1/otp/transient_otp/send", json={"userName": address, "otpType": "email", "language": "eng"})


def test_metrics_show_the_age_of_the_oldest_job_waiting(app_with, redis_queue):
    app = app_with(IDP_QUEUE_REDIS_URL=REDIS_URL)
    assert scrape(app)["idp_queue_oldest_job_age_seconds"] == 0
    assert _send_code(app, "waiting@example.ca").status_code == 200
    time.sleep(1.1)
    numbers = scrape(app)
    assert numbers["idp_queue_depth"] == 1
    assert numbers["idp_queue_oldest_job_age_seconds"] >= 1


def test_metrics_count_the_workers_that_beat(app_with, redis_queue):
    app = app_with(IDP_QUEUE_REDIS_URL=REDIS_URL)
    assert scrape(app)["idp_queue_workers"] == 0
    redis_queue.connection.set(f"{HEARTBEAT_PREFIX}machine-a:123", 1, ex=30)
    redis_queue.connection.set(f"{HEARTBEAT_PREFIX}machine-b:456", 1, ex=30)
    assert scrape(app)["idp_queue_workers"] == 2


def test_metrics_measure_delivery_latency_by_channel_and_provider(app_with, redis_queue, smtp_server):
    controller, handler = smtp_server
    app = app_with(IDP_QUEUE_REDIS_URL=REDIS_URL, IDP_NOTIFY_PROVIDER="smtp", IDP_NOTIFY_SMTP_PORT=str(controller.port))
    assert _send_code(app, "latency@example.ca").status_code == 200
    work_until(app, lambda: len(handler.received) == 1)
    numbers = scrape(app)
    assert numbers['idp_delivery_latency_seconds_count{channel="email",provider="smtp"}'] == 1
    assert numbers['idp_delivery_latency_seconds_bucket{channel="email",le="+Inf",provider="smtp"}'] == 1
    assert 0 < numbers['idp_delivery_latency_seconds_sum{channel="email",provider="smtp"}'] < 60


def test_metrics_count_failed_attempts_by_kind_of_job(app_with, redis_queue):
    def refuse(payload):
        raise jobs.Failed("probe refused")

    app = app_with(IDP_QUEUE_REDIS_URL=REDIS_URL)
    jobs.register(app, jobs.Kind("probe", refuse, attempts=lambda: 2, backoff=lambda: [1]))
    with app.test_request_context():
        jobs.enqueue("probe", {"n": 1})
    work_until(app, lambda: redis_queue.failed_job_registry.count == 1)
    numbers = scrape(app)
    assert numbers['idp_job_attempts_failed_total{kind="probe"}'] == 2
    assert numbers["idp_deliveries_failed"] == 1


def test_every_series_the_operators_guide_names_is_served(app_with, redis_queue, smtp_server):
    controller, handler = smtp_server
    app = app_with(IDP_QUEUE_REDIS_URL=REDIS_URL, IDP_NOTIFY_PROVIDER="smtp", IDP_NOTIFY_SMTP_PORT=str(controller.port))
    _send_code(app, "series@example.ca")
    work_until(app, lambda: len(handler.received) == 1)
    text = app.test_client().get("/metrics").get_data(as_text=True)
    served = {family.name for family in text_string_to_metric_families(text)}
    guide = (ROOT / "docs" / "operations.md").read_text(encoding="utf-8")
    metrics_section = guide.split("## Metrics and alerts", 1)[1].split("\n## ", 1)[0]
    named = {re.sub(r"_(total|bucket|count|sum)$", "", name) for name in re.findall(r"`(idp_[a-z_]+)", metrics_section)}
    assert named - served == set(), "docs/operations.md names series that /metrics does not serve"
    # (the development server's registry adds a *_created series beside each counter)
    ours = {name for name in served if name.startswith("idp_") and not name.endswith("_created")}
    assert ours - named == set(), "/metrics serves series that docs/operations.md does not explain"
