"""Run every benchmark against the production server and write bench/RESULTS.md.

    make bench            (or .venv/bin/python bench/run_all.py [--quick])

Each benchmark runs in a process of its own and prints its figures; RESULTS.md keeps the
machine, the load average around each benchmark, and every printed figure. --quick runs
shorter and smaller (for trying the harness, not for figures).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

import harness

QUICK = {
    "token_exchange.py": ["--seconds", "3"],
    "pipeline.py": ["--seconds", "2", "--requests", "2000"],
    "paths.py": ["--calls", "300", "--rounds", "3"],
    "public_endpoints.py": ["--seconds", "2"],
    "signin_per_core.py": ["--seconds", "8", "--accounts", "300"],
    "concurrency.py": ["--people", "20"],
    "scale.py": ["--sizes", "1000", "10000", "--sign-ins", "5"],
    "account_lists.py": ["--events", "10000", "--reads", "5"],
    "insight.py": ["--seconds", "2", "--events", "100000"],
    "proof_of_work.py": ["--challenges", "5"],
    "first_screen.py": ["--runs", "1"],
    "engines.py": ["--seconds", "4", "--accounts", "800"],
    "delivery.py": ["--seconds", "3", "--paced-seconds", "2", "--messages", "1500", "--concurrency", "1", "64"],
}
BENCHMARKS = [
    "token_exchange.py",
    "pipeline.py",
    "paths.py",
    "public_endpoints.py",
    "signin_per_core.py",
    "concurrency.py",
    "scale.py",
    "account_lists.py",
    "insight.py",
    "proof_of_work.py",
    "ui_bundle_size.py",
    "first_screen.py",
    "engines.py",
    "delivery.py",
]
NOTES = """\
How these figures are made (see each script's docstring):
- The production server: granian with config/web.py, started by
  `bench/harness.py:web`, PostgreSQL on this machine, signing keys from IDP_SIGNING_KEYS_FILE;
  IDP_SERVER_ENVIRONMENT=development only so that codes land in the outbox table and cookies work on
  plain-HTTP loopback (bench/harness.py:provider_environment says why).
- "Per server core" = requests / (utime + stime of the server's processes, read from /proc), with the
  server pinned to core 0 and wrk (or the Python client) on core 1. PostgreSQL's backends run unpinned;
  their CPU is printed apart where it matters.
- One-time codes come from the database: notify.provider = outbox keeps every message in the
  outbox_messages table and the client reads the newest code for its address or phone there.
- The 100 people wait a random 0-4 s between two steps (people read and type); the server still sees
  every call of sign-up and sign-in from all of them within a few seconds.
- A simulated person keeps one connection open for all their calls, as a browser keeps its connection
  to a site (bench/journeys.py:http_transport); until the sixth round of issue 25 every call opened its own.
- The load average counts the benchmarks' own processes: a server, its load generator and PostgreSQL
  keep it near 2 while a benchmark runs and for a minute after. The figure before the first benchmark
  tells whether other work shared the machine.
- oidc-provider (panva) 9.13.3, pinned in bench/package-lock.json, runs on the machine's Node twice: with
  its own in-memory adapter given room for a run's codes (its default keeps 1,000 entries), and with a
  Redis adapter (bench/peer/redis_adapter.mjs, ioredis, the machine's Redis), a store several instances can
  share as our PostgreSQL is. Redis's CPU is printed apart, like PostgreSQL's backends for us.
- The token benchmark runs ours under each WSGI server (granian, a Rust server with a WSGI mode,
  production's; gunicorn gthread, which production ran before) with the same app, settings and worker count.
- The job worker's deliveries (delivery.py) go to a stand-in GC Notify answering after a set latency (10 and
  200 ms), one worker process pinned to core 0: messages a second per process and per core of its CPU, at
  each concurrency (queue.concurrency; 1 is the worker as it was before issue 52).
- Round trips to PostgreSQL are counted on the wire: libpq's trace of every message a connection sends
  (tests/support/wire.py); each Query and each Sync waits for an answer.
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    machine = harness.machine()
    sections = []
    for script in BENCHMARKS:
        load_before = harness.load_average()
        started = time.monotonic()
        command = [sys.executable, str(harness.BENCH / script), *(QUICK.get(script, []) if args.quick else [])]
        process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=harness.ROOT
        )
        lines = []
        for line in process.stdout:
            print(line, end="", flush=True)
            lines.append(line.rstrip("\n"))
        process.wait()
        status = "" if process.returncode == 0 else f" — FAILED (exit {process.returncode})"
        load = f"load average {load_before:.2f} before, {harness.load_average():.2f} after"
        sections.append((script, status, f"{load}; {time.monotonic() - started:.0f} s", lines))
    write(machine, sections, args.quick)
    if any(status for _, status, _, _ in sections):
        sys.exit(1)


def write(machine: dict[str, str], sections, quick: bool) -> None:
    out = [
        "# Benchmark results",
        "",
        "Written by `make bench` (bench/run_all.py); the latest run replaces it. "
        + ("**Quick run: shortened, not for comparison.**" if quick else ""),
        "",
        "| machine | |",
        "|---|---|",
    ]
    out += [f"| {key} | {value} |" for key, value in machine.items()]
    out += ["", NOTES]
    before = harness.BENCH / "BEFORE.md"
    if before.exists():
        out += [before.read_text(encoding="utf-8").rstrip(), ""]
    for script, status, timing, lines in sections:
        out += [f"## bench/{script}{status}", "", f"_{timing}_", "", "```", *lines, "```", ""]
    (harness.BENCH / "RESULTS.md").write_text("\n".join(out), encoding="utf-8")
    print(f"\nwrote {harness.BENCH / 'RESULTS.md'}")


if __name__ == "__main__":
    main()
