"""Messages a second of ONE job worker process (`flask --app idp jobs work`) against a stand-in
GC Notify that answers each message after a set latency, for each concurrency (queue.concurrency:
the provider calls the process keeps in flight; 1 is the worker as it was before issue 52).

    .venv/bin/python bench/delivery.py [--seconds 8] [--latencies 10 200] [--concurrency 1 16 64 128] [--profile]

- The stand-in: this script again (--stand-in), a threaded HTTP/1.1 server with keep-alive (as GC
  Notify's), answering 201 after the latency; it keeps when each message came. Core 1.
- The worker: the production command on a redis-server of the benchmark's own (append-only file,
  as production's) and PostgreSQL, pinned to core 0, sending SMS through GC Notify's client and the
  outbound door. Each message is sealed and queued as a web process queues it (JobQueue.put);
  it carries no code transaction, so the worker's check that a code is still current (one SELECT
  by primary key) is not in these figures.
- Throughput: the queue is filled first (--messages), then the worker starts; once each of its
  hands has made its first calls (twice the concurrency delivered) and a second more, the messages
  that reached the provider during --seconds, and the worker's CPU (utime + stime of all its
  threads, /proc) over the same time: per process and per core (messages / CPU seconds). On a
  machine shared with other work the worker may get less than its core: "% of a core" says how
  much it had, and the per-core figure is the one to size by.
- Redis commands per message: INFO commandstats over the same time (the worker's alone: its
  beats and waits included, the queueing before).
- Queue to provider: then the rest of the queue is dropped and messages are queued at half that
  rate for --paced-seconds; p50 and p95 of the time from queueing each to the provider taking it.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from dataclasses import asdict
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import harness

DATABASE = "idp_bench_delivery"
PHONE = "+16132345678"


# --- the stand-in provider (its own process) ---------------------------------------------------


class StandIn(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    latency = 0.0
    arrivals: list[tuple[str, float]] = []
    lock = threading.Lock()

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        time.sleep(self.latency)
        with self.lock:
            self.arrivals.append((body["personalisation"]["body"], time.time()))
        self._answer(201, {"id": "00000000-0000-0000-0000-000000000000"})

    def do_GET(self):
        """The arrivals since the last GET (which forgets them)."""
        with self.lock:
            taken, StandIn.arrivals = StandIn.arrivals, []
        self._answer(200, taken)

    def _answer(self, status: int, value) -> None:
        data = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


def stand_in(port: int, latency_ms: float) -> None:
    StandIn.latency = latency_ms / 1000
    ThreadingHTTPServer.request_queue_size = 1024
    ThreadingHTTPServer.daemon_threads = True
    ThreadingHTTPServer(("127.0.0.1", port), StandIn).serve_forever()


# --- the benchmark -------------------------------------------------------------------------------


class Provider:
    def __init__(self, latency_ms: float):
        self.port = harness.free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--stand-in", str(self.port), str(latency_ms)],
            preexec_fn=lambda: os.sched_setaffinity(0, {harness.CLIENT_CORE}),
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                self.arrivals()
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the stand-in provider did not start")

    def arrivals(self) -> list[tuple[str, float]]:
        with urllib.request.urlopen(self.url, timeout=10) as answer:
            return json.loads(answer.read())

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


def environment(env: dict[str, str], redis_url: str, provider: Provider, concurrency: int) -> dict[str, str]:
    return {
        **env,
        "IDP_QUEUE_REDIS_URL": redis_url,
        "IDP_QUEUE_CONCURRENCY": str(concurrency),
        "IDP_NOTIFY_PROVIDER": "notify",
        "IDP_NOTIFY_NOTIFY_BASE_URL": provider.url,
        "IDP_NOTIFY_NOTIFY_API_KEY": (
            "bench-key-00000000-0000-0000-0000-000000000000-00000000-0000-0000-0000-000000000000"
        ),
        "IDP_NOTIFY_NOTIFY_EMAIL_TEMPLATE_ID": "email-template",
        "IDP_NOTIFY_NOTIFY_SMS_TEMPLATE_ID": "sms-template",
    }


def queue_messages(app, count: int, rate: float | None = None) -> None:
    """count messages, as a web process queues them; each body says when it was queued. rate: a second."""
    from idp.jobs import kind_of
    from idp.notify import Message

    jobs, kind = app.extensions["idp.queue"], kind_of("message")
    started = time.monotonic()
    for number in range(count):
        if rate:
            time.sleep(max(0.0, started + number / rate - time.monotonic()))
        message = Message(channel="sms", to=PHONE, language="en", subject="", body=f"{number} {time.time()}")
        jobs.put(kind, asdict(message), "bench")


def redis_calls(store) -> int:
    return sum(int(values["calls"]) for values in store.info("commandstats").values())


def run(
    report: harness.Report,
    env: dict[str, str],
    redis_url: str,
    latency_ms: float,
    concurrency: int,
    args: argparse.Namespace,
) -> None:
    import redis

    provider = Provider(latency_ms)
    queued = environment(env, redis_url, provider, concurrency)
    store = redis.Redis.from_url(redis_url)
    store.flushdb()
    with harness.provider_app(queued) as app:
        queue_messages(app, args.messages)
        # the worker writes to its own copy of the log's descriptor
        with open(os.path.join(env["IDP_INSTANCE_PATH"], f"worker-{latency_ms:.0f}ms-{concurrency}.log"), "w") as log:
            worker = subprocess.Popen(
                [sys.executable, "-m", "flask", "--app", "idp", "jobs", "work"],
                env=queued,
                cwd=harness.ROOT,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                preexec_fn=lambda: os.sched_setaffinity(0, {harness.SERVER_CORE}),
            )
        try:
            arrived = 0
            while arrived < 2 * concurrency:  # every hand has made its first calls (its connection, imports)
                arrived += len(provider.arrivals())
                time.sleep(0.1)
            time.sleep(1)
            provider.arrivals()
            calls = redis_calls(store)
            cpu, began = harness.process_cpu_seconds(worker.pid), time.monotonic()
            if args.profile:
                report.block(
                    harness.profile(worker.pid, int(args.seconds), lambda: time.sleep(args.seconds - 0.5), top=40)
                )
            else:
                time.sleep(args.seconds)
            delivered = len(provider.arrivals())
            cpu, elapsed = harness.process_cpu_seconds(worker.pid) - cpu, time.monotonic() - began
            calls = redis_calls(store) - calls - 1  # less the first reading's INFO
            dry = "" if store.llen("rq:queue:idp-deliveries") else "  (the queue ran dry: more --messages)"
            store.delete("rq:queue:idp-deliveries")
            time.sleep(1 + 2 * latency_ms / 1000)  # the jobs in hand
            provider.arrivals()
            rate = delivered / elapsed
            paced = max(20, int(rate / 2 * args.paced_seconds))
            queue_messages(app, paced, rate / 2)
            time.sleep(1 + 2 * latency_ms / 1000)
            waits = sorted(arrived - float(body.split()[1]) for body, arrived in provider.arrivals())
        finally:
            worker.send_signal(signal.SIGTERM)
            worker.wait(timeout=60)
            provider.stop()
    p50, p95 = statistics.quantiles(waits, n=100)[49] * 1000, statistics.quantiles(waits, n=100)[94] * 1000
    report.figure(
        f"provider {latency_ms:4.0f} ms  concurrency {concurrency:4d}   {rate:7.1f} messages/s per process   "
        f"{delivered / max(cpu, 1e-9):7.1f} per core ({cpu / elapsed * 100:3.0f}% of a core)   "
        f"{calls / max(delivered, 1):4.1f} Redis commands each   "
        f"queue to provider at {rate / 2:.0f}/s: p50 {p50:6.1f} ms  p95 {p95:6.1f} ms ({len(waits)} messages; "
        f"load average {harness.load_average():.1f}){dry}"
    )


def main(argv=None) -> harness.Report:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--paced-seconds", type=float, default=5)
    parser.add_argument("--messages", type=int, default=5000)
    parser.add_argument("--latencies", type=float, nargs="+", default=[10, 200])
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 16, 64, 128])
    parser.add_argument("--profile", action="store_true", help="where the worker spends its CPU (py-spy)")
    args = parser.parse_args(argv)
    from tests.support.engines import RedisServer, engine_folder, remove_folder

    report = harness.Report("Deliveries of one job worker process (core 0) to a stand-in GC Notify (core 1)")
    _, _, env = harness.prepared(DATABASE)
    os.sched_setaffinity(0, {harness.CLIENT_CORE})
    folder = engine_folder("bench-delivery")
    with RedisServer(folder, persistent=True) as redis_server:
        for latency_ms in args.latencies:
            for concurrency in args.concurrency:
                run(report, env, redis_server.url, latency_ms, concurrency, args)
    remove_folder(folder)
    return report


if __name__ == "__main__":
    if sys.argv[1:2] == ["--stand-in"]:
        stand_in(int(sys.argv[2]), float(sys.argv[3]))
    else:
        main()
