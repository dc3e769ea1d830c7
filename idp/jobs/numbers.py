"""The job queue's numbers in /metrics, read from Redis when Prometheus scrapes (the workers
keep theirs there): the same on every web instance. NaN when Redis does not answer."""
from __future__ import annotations

from collections.abc import Callable, Iterator

from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, HistogramMetricFamily, Metric

from idp.jobs.queue import QueueNumbers


class QueueCollector:
    """Reads the job queue's numbers (idp/jobs/queue.py) at each scrape."""

    def __init__(self, read: Callable[[], QueueNumbers]):
        self.read = read

    def collect(self) -> Iterator[Metric]:
        numbers = self.read()
        yield GaugeMetricFamily("idp_queue_depth", "Jobs waiting in the queue, retries not yet due included.", value=numbers.waiting)
        yield GaugeMetricFamily("idp_queue_oldest_job_age_seconds", "Age of the oldest job waiting to be taken (0: none).",
                                value=numbers.oldest_seconds)
        yield GaugeMetricFamily("idp_queue_workers", "Job worker processes alive: beating, and connected to Redis.",
                                value=numbers.workers)
        yield GaugeMetricFamily("idp_deliveries_failed", "Jobs whose every attempt failed, kept for inspection.", value=numbers.failed)
        yield CounterMetricFamily("idp_queue_resets", "Times Redis lost the queue's data (a flush, a restart without persistence).",
                                  value=numbers.resets)
        yield CounterMetricFamily("idp_queue_jobs_lost", "Jobs lost with the queue's data: those waiting at a worker's last beat before.",
                                  value=numbers.jobs_lost)
        attempts = CounterMetricFamily("idp_job_attempts_failed", "Attempts at a job that failed (each retried or kept), by kind.",
                                       labels=["kind"])
        for kind, count in sorted(numbers.failed_attempts.items()):
            attempts.add_metric([kind], count)
        yield attempts
        deliveries = CounterMetricFamily("idp_delivery_attempts_failed", "Attempts at a message that failed, by channel and provider.",
                                         labels=["channel", "provider"])
        for (channel, provider), count in sorted(numbers.failed_deliveries.items()):
            deliveries.add_metric([channel, provider], count)
        yield deliveries
        latency = HistogramMetricFamily("idp_delivery_latency_seconds",
                                        "From queued to handed to the provider (retries included), by channel and provider.",
                                        labels=["channel", "provider"])
        for (channel, provider), histogram in sorted(numbers.latency.items()):
            latency.add_metric([channel, provider], buckets=histogram.buckets, sum_value=histogram.sum)
        yield latency
