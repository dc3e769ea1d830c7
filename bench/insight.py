"""First-party analytics at volume: the collector's rate per server core, and the funnel report
with 10^7 raw events in PostgreSQL (issue 28).

    .venv/bin/python bench/insight.py [--seconds 5] [--events 10000000]

1. The collector: wrk (core 1) posts the same batch of 20 events, as the login UI's beacon would,
   to the production server (granian, one worker on core 0); printed: batches and events kept
   per second of server CPU, and PostgreSQL's CPU per batch apart.
2. The report: --events raw events of sign-up journeys over the last seven days (one INSERT ...
   SELECT generate_series; journeys that stop at every step), then in this process the time of
   housekeeping's rollup (the finished days, and today so far), of the funnel of sign-up over 7
   days from the rolled rows (what the console's report reads), of housekeeping's roll of today
   alone (each of its runs), and of today read live from its raw events.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import harness

DATABASE = "idp_bench_insight"
LUA = Path(__file__).resolve().parent / "wrk" / "events.lua"
BATCH = 20
# the steps of sign-up, in order (idp/insight/funnel.py STEPS)
SCREENS = (
    "signUp/privacy",
    "signUp",
    "signUp/verification/email",
    "signUp/password",
    "signUp/verificationsetup",
    "signUp/verification/sms",
    "signUp/profile",
    "redirecttorp",
)
# each page view after the first with a bucket of the seconds on the screen before; a journey's
# events in the order they came (their ids)
LOAD = """
INSERT INTO insight_events (day, journey, kind, screen, page, language, service, device, elapsed, result, error)
SELECT CAST((now() AT TIME ZONE 'utc') AS date) - (j % 7), md5('journey' || j), 'pageview', s.screen, 'page',
       (ARRAY['en', 'fr'])[1 + j % 2], 'reservations', (ARRAY['phone', 'desktop', 'tablet'])[1 + j % 3],
       CASE WHEN s.n = 1 THEN 0 ELSE (ARRAY[3, 5, 8, 13, 21, 34, 55, 89, 144])[1 + (j + s.n) % 9] END, NULL,
       CASE WHEN s.n = j % 9 AND j % 4 = 0 THEN '22' END
FROM generate_series(1, {journeys}) AS j, unnest(ARRAY[{screens}]) WITH ORDINALITY AS s(screen, n)
WHERE s.n <= 1 + j % 9
ORDER BY j, s.n
"""


def batch(journey: str, elapsed: tuple[int, ...]) -> str:
    """The UI's batch of one journey, its id one the provider made, its times buckets."""
    events = [
        {
            "event": "pageview" if i % 2 == 0 else "event",
            "screen": SCREENS[i % len(SCREENS)],
            "page": "privacy",
            "category": "signup",
            "action": "privacy_submit_success",
            "label": "button",
            "language": "fr",
            "device": "phone",
            "service": "reservations",
            "journey": journey,
            "elapsed": elapsed[i % len(elapsed)],
        }
        for i in range(BATCH)
    ]
    return json.dumps({"events": events})


def main(argv=None) -> harness.Report:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--events", type=int, default=10_000_000)
    args = parser.parse_args(argv)
    report = harness.Report(
        "Insight: the collector per server core, and the funnel report over 10^7 raw events (PostgreSQL)"
    )
    port, _, env = harness.prepared(DATABASE)
    # one loopback address sends everything: its budget is meant for real traffic
    env |= {"IDP_INSIGHT_MAX_BATCHES_PER_ADDRESS": str(10**9), "IDP_INSIGHT_MAX_BATCHES_PER_CLIENT_DAY": str(10**9)}
    body = Path(env["IDP_INSTANCE_PATH"]) / "batch.json"
    with harness.provider_app(env):
        from idp.insight.collector import new_journey
        from idp.insight.names import ELAPSED

        body.write_text(batch(new_journey(), ELAPSED), encoding="utf-8")
    wrk_env = {"BODY_FILE": str(body), "ORIGIN": env["IDP_SERVER_ISSUER"]}
    url = f"http://127.0.0.1:{port}/v1/events"
    with harness.web(env, port, workers=1, cores=str(harness.SERVER_CORE)) as server:
        harness.wrk(url, 10, 1, LUA, wrk_env)
        backends = harness.backend_pids(DATABASE)
        database_before = harness.cpu_of(backends)
        cpu, run = harness.measured(server.pids, lambda: harness.wrk(url, 10, args.seconds, LUA, wrk_env))
        database_cpu = harness.cpu_of(backends) - database_before
    kept = int(harness.psql("SELECT count(*) FROM insight_events", DATABASE))
    report.figure(
        f"collector: {run.requests / cpu:8.1f} batches of {BATCH} per server core-second "
        f"({run.requests / cpu * BATCH:,.0f} events), {run.rate:7.1f} /s, "
        f"p50 {run.p50_ms:.1f} ms, errors {run.errors}; "
        f"{kept:,} events kept; PostgreSQL {database_cpu / max(run.requests, 1) * 1000:.2f} ms CPU per batch apart"
    )

    harness.psql("TRUNCATE insight_events", DATABASE)
    # a journey j reaches the first 1 + j % 9 steps (all 8 from j % 9 = 7): 44 events every 9 journeys
    journeys = args.events * 9 // 44
    started = time.monotonic()
    screens = ", ".join(f"'{screen}'" for screen in SCREENS)
    harness.psql(LOAD.format(journeys=journeys, screens=screens), DATABASE)
    harness.psql("VACUUM ANALYZE insight_events", DATABASE)
    loaded = int(harness.psql("SELECT count(*) FROM insight_events", DATABASE))
    report.figure(
        f"loaded {loaded:,} raw events of {journeys:,} journeys over 7 days in {time.monotonic() - started:.0f} s"
    )
    with harness.provider_app(env) as app:
        from idp.clock import now
        from idp.extensions import db
        from idp.flows.steps import Flow
        from idp.insight import funnel, rollup

        started = time.monotonic()
        rolled = rollup.run()
        report.figure(
            f"housekeeping's first rollup: the 6 finished days and today so far, {time.monotonic() - started:.1f} s "
            f"({rolled['insight_rows']:,} rows)"
        )
        for label in ("the funnel of sign-up, 7 days (today as housekeeping rolled it)", "the same again"):
            started = time.monotonic()
            steps = funnel.report(Flow.SIGNUP, 7, now().date())
            report.figure(
                f"{label}: {(time.monotonic() - started) * 1000:.0f} ms, {len(steps)} steps, "
                f"{steps[0].now.reached:,} journeys reached the first"
            )
        with app.app_context():
            started = time.monotonic()
            rollup.roll(now().date())
            db.session.commit()
            report.figure(
                f"housekeeping's roll of today again (each run, every 15 minutes): {time.monotonic() - started:.1f} s"
            )
            started = time.monotonic()
            funnel.summarize(now().date())
            report.figure(
                f"today read live from its raw events (where housekeeping never rolled it): "
                f"{time.monotonic() - started:.1f} s"
            )
    return report


if __name__ == "__main__":
    main()
