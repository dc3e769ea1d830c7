"""The account pages' lists for one account with 1,000 sessions and 100,000 events (issue 27).

    .venv/bin/python bench/account_lists.py [--sessions 1000] [--events 100000] [--reads 30]

One person signs up against the production server (granian, one worker on core 0; the client
on core 1), then their account is given --sessions more live browser sessions and --events more
events of its activity (one INSERT ... SELECT generate_series each). The client reads, --reads
times each, the first page of "Where you're signed in" and of "Account activity", the page
after the first (keyset: the cursor the first answered), and the activity's last page (its
oldest events); then walks the whole session list once, a page at a time. p50 and p95 of each
are printed, then the statements of each list with their EXPLAIN (ANALYZE) plan and whether it
walks an index or scans a growing table.
"""

from __future__ import annotations

import argparse
import json
import logging

import harness
import journeys
import population

DATABASE = "idp_bench_lists"
U = population.UTC_NOW
FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"
EMAIL, PHONE = "lists.bench@example.ca", "+16135550142"
# Sessions last used within the idle timeout (config/settings.toml: 30 minutes), one a second.
LOAD = f"""
INSERT INTO browser_sessions (token_hash, sid, created_at, last_seen_at, expires_at, user_id, user_agent, auth_time,
                              amr)
SELECT md5('session' || i) || md5('token' || i), md5('sid' || i), {U} - make_interval(secs => i),
       {U} - make_interval(secs => i), {U} + interval '12 hours', '{{user}}', '{FIREFOX}',
       {U} - make_interval(secs => i),
       '["pwd", "otp", "sms", "mfa"]'
FROM generate_series(1, {{sessions}}) AS i;
INSERT INTO audit_events (at, user_id, action, details, user_agent)
SELECT {U} - make_interval(secs => i), '{{user}}',
       (ARRAY['signin_completed', 'password_wrong', 'name_changed'])[1 + i % 3],
       '{{{{"amr": ["pwd", "otp", "sms", "mfa"]}}}}', '{FIREFOX}'
FROM generate_series(1, {{events}}) AS i;
"""
GROWING = ("browser_sessions", "audit_events")


def page(browser: journeys.Browser, path: str, name: str) -> dict:
    data, _ = browser.call("GET", path, name)
    return json.loads(data)["data"]


def plans(env: dict[str, str], cookies: dict[str, str], paths: list[str]) -> list[tuple[str, str, list[str]]]:
    """Each path read once in this process, its statements on the growing tables explained."""
    from sqlalchemy import event

    captured = []
    with harness.provider_app(env) as app:
        from idp.extensions import db

        def record(conn, cursor, statement, parameters, context, executemany):
            captured.append((current[0], statement, parameters))

        current = [""]
        event.listen(db.engine, "before_cursor_execute", record)
        client = app.test_client(use_cookies=False)
        header = "; ".join(f"{key}={value}" for key, value in cookies.items())
        logging.disable(logging.INFO)
        try:
            for path in paths:
                current[0] = path
                assert client.get(path, headers={"Cookie": header}).status_code == 200, path
        finally:
            logging.disable(logging.NOTSET)
            event.remove(db.engine, "before_cursor_execute", record)
        explained = []
        for path, statement, parameters in captured:
            if statement.lstrip().upper().startswith("SELECT") and any(table in statement for table in GROWING):
                with db.engine.connect() as connection:
                    rows = connection.exec_driver_sql("EXPLAIN (ANALYZE, COSTS OFF) " + statement, parameters).all()
                explained.append((path, " ".join(statement.split()), [row[0] for row in rows]))
    return explained


def uses_index(plan: list[str]) -> str:
    scanned = [table for table in GROWING if any(f"Seq Scan on {table}" in line for line in plan)]
    return f"SEQUENTIAL SCAN on {', '.join(scanned)}" if scanned else "index walk"


def main(argv=None) -> harness.Report:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=1_000)
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--reads", type=int, default=30)
    args = parser.parse_args(argv)
    report = harness.Report(
        f"Account lists: one account with {args.sessions:,} sessions and {args.events:,} events (PostgreSQL)"
    )
    port, database_url, env = harness.prepared(DATABASE)
    timings = journeys.Timings()
    with harness.web(env, port, 1, "0"):
        browser = journeys.Browser(journeys.http_transport(port), env["IDP_SERVER_ISSUER"], timings)
        outbox = journeys.Outbox(database_url)
        try:
            journeys.sign_up(browser, outbox, EMAIL, PHONE)
        finally:
            outbox.close()
        user = harness.psql("SELECT id FROM users", DATABASE).strip()
        harness.psql(LOAD.format(user=user, sessions=args.sessions, events=args.events), DATABASE)
        for table in GROWING:
            harness.psql(f"VACUUM ANALYZE {table}", DATABASE)
        oldest = int(harness.psql(f"SELECT min(id) + 1 FROM audit_events WHERE user_id = '{user}'", DATABASE).strip())
        timings.samples.clear()
        for _ in range(args.reads):
            sessions = page(browser, "/v1/account/sessions", "sessions: first page")
            page(browser, f"/v1/account/sessions?after={sessions['next']}", "sessions: the page after")
            activity = page(browser, "/v1/account/activity?lang=en", "activity: first page")
            page(browser, f"/v1/account/activity?lang=en&after={activity['next']}", "activity: the page after")
            page(browser, f"/v1/account/activity?lang=en&after={oldest + 40}", "activity: the last page (oldest)")
        listed, after = 0, None
        while True:
            answer = page(
                browser, "/v1/account/sessions" + (f"?after={after}" if after else ""), "sessions: each page of a walk"
            )
            listed += len(answer["sessions"])
            after = answer["next"]
            if after is None:
                break
        cookies = dict(browser.cookies)
    report.figure(
        f"a walk through the sessions listed {listed:,} of {args.sessions + 1:,}, each once; "
        f"errors {len(timings.errors)}"
    )
    report.figure(f"{'call':<36} {'p50':>8} {'p95':>8}  calls   (ms, over HTTP, one worker)")
    for name, values in timings.samples.items():
        marks = [journeys.percentile(values, share) * 1000 for share in (0.5, 0.95)]
        report.figure(f"{name:<36} {marks[0]:8.1f} {marks[1]:8.1f}  {len(values):5d}")
    explained = plans(
        env,
        cookies,
        [
            f"/v1/account/sessions?after={sessions['next']}",
            f"/v1/account/activity?lang=en&after={oldest + 40}",
        ],
    )
    for path, statement, plan in explained:
        report.figure(f"{path}: {uses_index(plan)} — {statement[:120]}")
    report.block("\n\n".join(f"-- {path}\n{statement}\n" + "\n".join(plan) for path, statement, plan in explained))
    return report


if __name__ == "__main__":
    main()
