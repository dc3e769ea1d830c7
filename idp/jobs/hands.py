"""The hands of a `jobs work` process: queue.concurrency threads, each doing one job at a time,
so that one process keeps that many provider calls in flight. A provider answers in 100-300 ms:
one job at a time, a process delivers a few messages a second; with 64 hands, hundreds
(bench/delivery.py, docs/operations.md "Capacity").

RQ's loop (rq_worker.Worker, the process's main thread, which alone gets signals) takes a job
only once a hand is free, and gives it to that hand. Each hand is an RQ SimpleWorker of its own,
which records the job in hand under its own name and claim, does it in an app context of its
own (a database session of its own) and retries or keeps it by the kind's rule, as one worker
alone did. A job's time limit (Kind.timeout_seconds) is a timer, not SIGALRM, which only the
main thread gets. A job whose bookkeeping Redis cut short is dropped from the hand: its claim,
no longer renewed, lapses and RQ's maintenance retries it (rq_worker.py).
"""

from __future__ import annotations

import logging
import queue as fifo
import threading

from flask import Flask
from rq import Queue, SimpleWorker
from rq.executions import Execution
from rq.job import Job
from rq.timeouts import TimerDeathPenalty

log = logging.getLogger("idp.jobs")


class Hand(SimpleWorker):
    death_penalty_class = TimerDeathPenalty

    def __init__(self, queue: Queue, name: str, claim_seconds: int):
        super().__init__([queue], connection=queue.connection, name=name)
        self.claim_seconds = claim_seconds

    def get_heartbeat_ttl(self, job: Job) -> int:
        return self.claim_seconds


class Hands:
    """count hands doing the jobs RQ's loop gives them; started by start(app), ended by finish()."""

    def __init__(self, queue: Queue, count: int, name: str, claim_seconds: int):
        self.hands = [Hand(queue, f"{name}.{number}", claim_seconds) for number in range(count)]
        self.free = threading.Semaphore(count)
        self.given: fifo.SimpleQueue[tuple[Job, Queue] | None] = fifo.SimpleQueue()
        self.threads: list[threading.Thread] = []

    def start(self, app: Flask) -> None:
        if self.threads:
            return
        self.threads = [
            threading.Thread(target=self._serve, args=(app, hand), daemon=True, name=hand.name) for hand in self.hands
        ]
        for thread in self.threads:
            thread.start()

    def reserve(self) -> None:
        """Wait for a free hand and keep it for the next job (a signal still interrupts the wait)."""
        self.free.acquire()

    def release(self) -> None:
        """No job came for the hand reserved."""
        self.free.release()

    def give(self, job: Job, queue: Queue) -> None:
        """The job, to the hand reserved for it."""
        self.given.put((job, queue))

    def in_hand(self) -> list[tuple[Hand, Execution]]:
        """The hands doing a job now and their executions, whose claims the process's beat renews."""
        return [(hand, execution) for hand in self.hands if (execution := hand.execution) is not None]

    def finish(self) -> None:
        """Every job given is done, then the hands stop."""
        for _ in self.threads:
            self.given.put(None)
        for thread in self.threads:
            thread.join()
        self.threads = []

    def _serve(self, app: Flask, hand: Hand) -> None:
        while (given := self.given.get()) is not None:
            job, queue = given
            try:
                with app.app_context():
                    hand.execute_job(job, queue)
            except Exception as error:  # Redis failed the bookkeeping: the claim lapses, the job is retried
                log.warning("job dropped from its hand", extra={"error": type(error).__name__, "job": job.id})
            finally:
                hand.execution = None
                self.free.release()
