"""Jobs: work done off the request path, each of a named kind with its own retry rule.

A kind (Kind) says how to do one job (its handler, which gets the job's payload), how many
attempts it gets, the waits between them and how long one attempt may run. `enqueue(kind,
payload)` is the one way to ask for a job:

- with a queue (queue.redis_url; production), the job goes to RQ on Redis, sealed (Fernet:
  a payload may carry a code or an address), and `flask --app idp jobs work` does it,
  retrying by the kind's rule, then keeping it in RQ's failed registry (idp/jobs/queue.py,
  the worker's loop idp/jobs/worker.py);
- without one (`make run`), a kind that must be done within the request (a message: the
  person is told a code was sent only once it was) runs at once, and its failure is the
  request's; any other kind runs right after the answer has gone to the person.

The kinds: "message" (e-mail, SMS and voice delivery, idp/notify/) and "backchannel_logout"
(logout tokens to relying services, idp/oauth/backchannel.py). Adding a kind is one
register() call beside the code that knows how to do it; delivery is not touched.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import click
from flask import Flask, after_this_request, current_app, has_request_context
from flask.cli import AppGroup

from idp import metrics, observability
from idp.jobs.kinds import (
    EXTENSION,
    QUEUE,
    Delivered,
    Failed,
    Kind,
    QueueUnavailable,
    Registry,
    kind_of,
    register,
    retried_by_the_queue,
)
from idp.jobs.numbers import QueueCollector
from idp.jobs.queue import JobQueue
from idp.jobs.worker import work_until_stopped

__all__ = [
    "Delivered",
    "Failed",
    "Kind",
    "QueueUnavailable",
    "enqueue",
    "init_app",
    "job_queue",
    "on_work",
    "register",
    "retried_by_the_queue",
]

log = logging.getLogger("idp.jobs")


def job_queue():
    """The app's job queue, or None when jobs run in process."""
    return current_app.extensions.get(QUEUE)


def enqueue(name: str, payload: Any) -> None:
    """Ask for one job of the kind. With a queue, raises QueueUnavailable when Redis does not
    take it (nothing is kept); without one, a kind done within the request raises Failed as
    its handler does (see the module's docstring)."""
    kind = kind_of(name)
    jobs = job_queue()
    if jobs is not None:
        jobs.put(kind, payload, observability.correlation_id())
    elif kind.within_request or not has_request_context():
        kind.handler(payload)
    else:
        _after_the_answer(kind, payload)


def _after_the_answer(kind: Kind, payload: Any) -> None:
    app = current_app._get_current_object()

    @after_this_request
    def run_later(response):
        response.call_on_close(lambda: _run_in_process(app, kind, payload))
        return response


def _run_in_process(app: Flask, kind: Kind, payload: Any) -> None:
    """One attempt, in its own app context, once the person has the answer: a failure is
    logged and dropped (development has no retries)."""
    with app.app_context():
        try:
            kind.handler(payload)
        except Exception:  # any failure of one job must not reach the server
            log.warning("job failed", extra={"kind": kind.name}, exc_info=True)


group = AppGroup("jobs", help="The job queue: messages and other work done off the request path.")


def on_work(app: Flask, prepare: Callable[[int], None]) -> None:
    """prepare(queue.concurrency) is called as a `jobs work` process starts: what its hands need
    of the process (idp/__init__.py: the outbound door lets each of them make its call)."""
    app.extensions.setdefault(EXTENSION, Registry()).on_work.append(prepare)


@group.command("work")
def work() -> None:
    """Do queued jobs, queue.concurrency at a time, until stopped (SIGTERM finishes the jobs in hand first)."""
    jobs = job_queue()
    if jobs is None:
        raise click.ClickException("IDP_QUEUE_REDIS_URL is not set: jobs are done within the web process")
    for prepare in current_app.extensions[EXTENSION].on_work:
        prepare(jobs.concurrency)
    work_until_stopped(jobs)


# The command operators knew before jobs had kinds; it does the same.
deliveries = AppGroup("deliveries", help="Alias of `jobs`: the job queue (messages first of all).")
deliveries.add_command(work)


def init_app(app: Flask) -> None:
    settings = app.config["IDP"]
    app.extensions.setdefault(EXTENSION, Registry())
    if settings["queue"]["redis_url"]:
        jobs = JobQueue(settings, app.config["SECRET_KEY"])
        app.extensions[QUEUE] = jobs
        metrics.add_collector(app, lambda: QueueCollector(jobs.numbers))
    app.cli.add_command(group)
    app.cli.add_command(deliveries)
