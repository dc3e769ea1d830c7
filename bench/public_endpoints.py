"""Server CPU per request of the public GET endpoints: /jwks, discovery, /v1/password/policy.

    .venv/bin/python bench/public_endpoints.py [--seconds 5]

The production server (granian, one worker) pinned to core 0, wrk on core 1 with 10
connections; server CPU is utime+stime of the server's processes from /proc.
"""

from __future__ import annotations

import argparse

import harness

LUA = harness.BENCH / "wrk" / "get.lua"
PATHS = ("/jwks", "/.well-known/openid-configuration", "/v1/password/policy")
DATABASE = "idp_bench_public"


def main(argv=None) -> harness.Report:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=5)
    args = parser.parse_args(argv)
    report = harness.Report("Public endpoints: server CPU per request (granian, 1 worker on 1 core, wrk c=10)")
    port, _, env = harness.prepared(DATABASE)
    with harness.web(env, port, workers=1, cores=str(harness.SERVER_CORE)) as server:
        for path in PATHS:
            url = f"http://127.0.0.1:{port}{path}"
            harness.wrk(url, 10, 1, LUA)
            cpu, run = harness.measured(server.pids, lambda url=url: harness.wrk(url, 10, args.seconds, LUA))
            report.figure(
                f"GET {path:<34} {cpu / run.requests * 1000:7.3f} ms server CPU per request   "
                f"{run.rate:8.1f} /s   p50 {run.p50_ms:6.1f} ms   errors {run.errors}   "
                f"load generator {run.generator_busy:4.0%} of its core"
            )
    return report


if __name__ == "__main__":
    main()
