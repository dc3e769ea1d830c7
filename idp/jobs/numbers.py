"""The job queue's numbers in /metrics: what the workers count (failed attempts, the delivery
latency, Redis losing the queue's data) is kept in Redis and read from there when Prometheus
scrapes, so it is the same on every web instance. NaN when Redis does not answer."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from math import nan as NAN

from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, HistogramMetricFamily, Metric
from redis import Redis
from redis.exceptions import RedisError

from idp.jobs.kinds import Delivered

# Redis holds nothing durable: a flush restarts the counts, which Prometheus reads as a counter reset.
FAILED_ATTEMPTS_KEY = "idp:jobs:failed-attempts"
# The same of deliveries, by "<channel> <provider>".
FAILED_DELIVERIES_KEY = "idp:deliveries:failed-attempts"
# What the workers counted of Redis losing its data (idp/jobs/worker.py): "resets" and "jobs".
LOSSES_KEY = "idp:queue:losses"
LATENCY_KEY = "idp:deliveries:latency"
LATENCY_BUCKETS = (1.0, 2.0, 5.0, 10.0, 30.0, 60.0, 300.0, 900.0, float("inf"))
# Each bound as Prometheus names it (le="...").
BUCKET_NAMES = tuple("+Inf" if bound == float("inf") else str(bound) for bound in LATENCY_BUCKETS)


@dataclass
class Histogram:
    buckets: list[tuple[str, float]]
    sum: float


@dataclass
class QueueNumbers:
    """The queue's numbers at one moment (idp/jobs/queue.py reads them); NaN and empty when Redis
    does not answer."""

    waiting: float = NAN
    failed: float = NAN
    oldest_seconds: float = NAN
    workers: float = NAN
    failed_attempts: dict[str, int] = field(default_factory=dict)
    failed_deliveries: dict[tuple[str, str], int] = field(default_factory=dict)
    latency: dict[tuple[str, str], Histogram] = field(default_factory=dict)
    resets: float = NAN
    jobs_lost: float = NAN


def count_failed(connection: Redis, kind_name: str, delivery: Delivered | None = None) -> None:
    pipeline = connection.pipeline(transaction=False)
    pipeline.hincrby(FAILED_ATTEMPTS_KEY, kind_name, 1)
    if delivery is not None:
        pipeline.hincrby(FAILED_DELIVERIES_KEY, f"{delivery.channel} {delivery.provider}", 1)
    with contextlib.suppress(RedisError):  # a count lost with Redis; the job's own retry is RQ's
        pipeline.execute()


def observe_latency(connection: Redis, channel: str, provider: str, seconds: float) -> None:
    pipeline = connection.pipeline(transaction=False)
    for bound, bucket in zip(LATENCY_BUCKETS, BUCKET_NAMES, strict=True):
        if seconds <= bound:
            pipeline.hincrby(LATENCY_KEY, f"{channel} {provider} {bucket}", 1)
    pipeline.hincrbyfloat(LATENCY_KEY, f"{channel} {provider} sum", seconds)
    with contextlib.suppress(RedisError):
        pipeline.execute()


def read_counts(connection: Redis) -> dict:
    """What the workers counted, as QueueNumbers' fields. RedisError when Redis does not answer."""
    losses = connection.hgetall(LOSSES_KEY)
    # fields "<channel> <provider> <bucket name or sum>"
    counted = {name.decode(): float(value) for name, value in connection.hgetall(LATENCY_KEY).items()}
    latency = {
        (channel, provider): Histogram(
            [(bucket, counted.get(f"{channel} {provider} {bucket}", 0.0)) for bucket in BUCKET_NAMES],
            counted.get(f"{channel} {provider} sum", 0.0),
        )
        for channel, provider in {tuple(name.split(" ")[:2]) for name in counted}
    }
    return {
        "failed_attempts": {
            kind.decode(): int(count) for kind, count in connection.hgetall(FAILED_ATTEMPTS_KEY).items()
        },
        "failed_deliveries": {
            tuple(name.decode().split(" ", 1)): int(count)
            for name, count in connection.hgetall(FAILED_DELIVERIES_KEY).items()
        },
        "latency": latency,
        "resets": int(losses.get(b"resets", 0)),
        "jobs_lost": int(losses.get(b"jobs", 0)),
    }


class QueueCollector:
    """Reads the job queue's numbers (idp/jobs/queue.py) at each scrape."""

    def __init__(self, read: Callable[[], QueueNumbers]):
        self.read = read

    def collect(self) -> Iterator[Metric]:
        numbers = self.read()
        yield GaugeMetricFamily(
            "idp_queue_depth", "Jobs waiting in the queue, retries not yet due included.", value=numbers.waiting
        )
        yield GaugeMetricFamily(
            "idp_queue_oldest_job_age_seconds",
            "Age of the oldest job waiting to be taken (0: none).",
            value=numbers.oldest_seconds,
        )
        yield GaugeMetricFamily(
            "idp_queue_workers", "Job worker processes alive: beating, and connected to Redis.", value=numbers.workers
        )
        yield GaugeMetricFamily(
            "idp_deliveries_failed", "Jobs whose every attempt failed, kept for inspection.", value=numbers.failed
        )
        yield CounterMetricFamily(
            "idp_queue_resets",
            "Times Redis lost the queue's data (a flush, a restart without persistence).",
            value=numbers.resets,
        )
        yield CounterMetricFamily(
            "idp_queue_jobs_lost",
            "Jobs lost with the queue's data: those waiting at a worker's last beat before.",
            value=numbers.jobs_lost,
        )
        attempts = CounterMetricFamily(
            "idp_job_attempts_failed", "Attempts at a job that failed (each retried or kept), by kind.", labels=["kind"]
        )
        for kind, count in sorted(numbers.failed_attempts.items()):
            attempts.add_metric([kind], count)
        yield attempts
        deliveries = CounterMetricFamily(
            "idp_delivery_attempts_failed",
            "Attempts at a message that failed, by channel and provider.",
            labels=["channel", "provider"],
        )
        for (channel, provider), count in sorted(numbers.failed_deliveries.items()):
            deliveries.add_metric([channel, provider], count)
        yield deliveries
        latency = HistogramMetricFamily(
            "idp_delivery_latency_seconds",
            "From queued to handed to the provider (retries included), by channel and provider.",
            labels=["channel", "provider"],
        )
        for (channel, provider), histogram in sorted(numbers.latency.items()):
            latency.add_metric([channel, provider], buckets=histogram.buckets, sum_value=histogram.sum)
        yield latency
