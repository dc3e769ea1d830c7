"""Sign-in and token latency with 10^4 and 10^6 accounts, and the plans of the hot queries.

    .venv/bin/python bench/scale.py [--sizes 10000 1000000] [--sign-ins 30]

Each size is bulk-loaded (one INSERT ... SELECT generate_series per table): accounts with a
verified phone and, per account, the history a sign-in leaves behind (a browser session, a
journey, a used code, a redeemed authorization code, a token, two rate-limit counters; an
unfinished authorization request for one account in ten). Then one client signs in
--sign-ins random people one after the other against the production server (granian, one
worker on core 0), and one more sign-in runs in this process with every SQL statement
captured: each is printed with its EXPLAIN (ANALYZE) plan and whether it uses an index.
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import re
import time

import harness
import journeys
import population

DATABASE = "idp_bench_scale"
U = population.UTC_NOW
# The history rows take negative ids, so the rows the server adds between two sizes (from its
# sequences) never meet the next load.
HISTORY = """
INSERT INTO browser_sessions (id, token_hash, sid, created_at, last_seen_at, expires_at, user_id, auth_time, amr,
                              clients)
SELECT -(i + 1), md5('session' || i) || md5('token' || i), md5('sid' || i), {U}, {U}, {U} + interval '12 hours',
       md5('user' || i)::uuid::text, {U}, '["pwd", "otp", "sms", "mfa"]', '["reservations"]'
FROM generate_series({first}, {last}) AS i;
INSERT INTO grants (id, user_id, client_id, scope, first_used_at, last_used_at)
SELECT -(i + 1), md5('user' || i)::uuid::text, 'reservations', 'openid profile email phone', {U}, {U}
FROM generate_series({first}, {last}) AS i;
INSERT INTO devices (id, user_id, secret_hash, first_seen_at, last_seen_at)
SELECT md5('device' || i), md5('user' || i)::uuid::text, md5('device secret' || i) || md5('secret' || i), {U}, {U}
FROM generate_series({first}, {last}) AS i;
INSERT INTO journeys (id, browser_session_id, flow, state, email, language, user_id, channel, created_at, updated_at)
SELECT -(i + 1), -(i + 1), 'signin', 'COMPLETED', 'person' || i || '@example.ca', 'fr', md5('user' || i)::uuid::text,
       'sms', {U}, {U}
FROM generate_series({first}, {last}) AS i;
INSERT INTO otp_transactions (id, correlation_id, browser_session_id, journey_id, user_id, channel, destination,
                              code_hash, state, attempts, created_at, updated_at, expires_at)
SELECT md5('otp' || i)::uuid::text, md5('correlation' || i)::uuid::text, -(i + 1), -(i + 1),
       md5('user' || i)::uuid::text,
       'sms', '+1613' || (2000000 + i)::text, md5('code' || i) || md5('code2' || i), 'USED', 0, {U}, {U}, {U}
FROM generate_series({first}, {last}) AS i;
INSERT INTO authorization_codes (id, code_hash, client_id, grant_id, sid, user_id, redirect_uri, scope, nonce,
                                 code_challenge, code_challenge_method, auth_time, amr, created_at, expires_at,
                                 redeemed_at)
SELECT -(i + 1), md5('authorization' || i) || md5('code' || i), 'reservations', -(i + 1), md5('sid' || i),
       md5('user' || i)::uuid::text,
       'http://localhost:5001/callback', 'openid profile email phone', md5('nonce' || i), md5('challenge' || i),
       'S256', {U}, '["pwd", "otp", "sms", "mfa"]', {U}, {U}, {U}
FROM generate_series({first}, {last}) AS i;
INSERT INTO tokens (id, client_id, user_id, grant_id, sid, authorization_code_id, access_token_hash, scope, issued_at,
                    access_token_expires_at)
SELECT -(i + 1), 'reservations', md5('user' || i)::uuid::text, -(i + 1), md5('sid' || i), -(i + 1),
       md5('access' || i) || md5('token' || i),
       'openid profile email phone', {U}, {U}
FROM generate_series({first}, {last}) AS i;
INSERT INTO limit_counters (key, count, window_started_at)
SELECT kind || md5('destination' || i) || md5('key' || i), 1, {U}
FROM generate_series({first}, {last}) AS i, (VALUES ('send-own:'), ('wrong-own:')) AS kinds (kind);
INSERT INTO interactions (uid, browser_session_id, client_id, params, created_at, expires_at)
SELECT md5('interaction' || i), -(i + 1), 'reservations', '{{}}', {U}, {U} + interval '1 hour'
FROM generate_series({first}, {last}) AS i WHERE i % 10 = 0;
"""
# Tables that grow with the accounts; a sequential scan on one of them grows with them too.
GROWING = (
    "users",
    "phone_credentials",
    "browser_sessions",
    "journeys",
    "otp_transactions",
    "authorization_codes",
    "tokens",
    "audit_events",
    "outbox_messages",
    "interactions",
    "limit_counters",
    "grants",
    "devices",
)


def load(first: int, count: int, hashed: str) -> float:
    started = time.monotonic()
    population.load_accounts(DATABASE, first, count, hashed)
    harness.psql(HISTORY.format(U=U, first=first, last=first + count - 1), DATABASE)
    harness.psql("VACUUM ANALYZE", DATABASE)
    return time.monotonic() - started


def latencies(port: int, database_url: str, issuer: str, people: list[int]) -> journeys.Timings:
    timings = journeys.Timings()
    outbox = journeys.Outbox(database_url)
    try:
        for i in people:
            browser = journeys.Browser(journeys.http_transport(port), issuer, timings)
            started = time.perf_counter()
            try:
                journeys.sign_in(browser, outbox, population.email(i))
            except journeys.JourneyError:
                continue
            timings.samples["whole sign-in"].append(time.perf_counter() - started)
    finally:
        outbox.close()
    return timings


def captured_statements(env: dict[str, str], person: int, database_url: str):
    """One sign-in in this process with every statement captured: (operation, sql, parameters),
    and the round trips to PostgreSQL of each call, counted on the wire (tests/support/wire.py)."""
    from sqlalchemy import event

    from tests.support.wire import RoundTrips

    captured, trips = [], {}
    with harness.provider_app(env) as app:
        from idp.extensions import db

        current = {"operation": ""}
        wire = RoundTrips(db.engine)

        def record(conn, cursor, statement, parameters, context, executemany):
            captured.append((current["operation"], statement, parameters))

        event.listen(db.engine, "before_cursor_execute", record)
        client = app.test_client(use_cookies=False)
        send = journeys.flask_transport(client)

        def tagged(method, path, headers, body):
            current["operation"] = f"{method} {path.split('?')[0]}"
            if path.startswith("/authorize/resume/"):
                current["operation"] = "GET /authorize/resume"
            before = wire.count()
            answer = send(method, path, headers, body)
            trips[current["operation"]] = trips.get(current["operation"], 0) + wire.count() - before
            return answer

        outbox = journeys.Outbox(database_url)
        # The app's request and security lines would land in the printed figures.
        logging.disable(logging.INFO)
        try:
            journeys.sign_in(
                journeys.Browser(tagged, env["IDP_SERVER_ISSUER"], journeys.Timings()), outbox, population.email(person)
            )
        finally:
            logging.disable(logging.NOTSET)
            outbox.close()
        event.remove(db.engine, "before_cursor_execute", record)
        wire.close()
        plans = []
        seen = set()
        for operation, statement, parameters in captured:
            verb = statement.lstrip().split()[0].upper()
            key = " ".join(statement.split())
            if verb not in ("SELECT", "UPDATE", "DELETE") or key in seen or statement.strip() == "SELECT 1":
                continue
            seen.add(key)
            with db.engine.connect() as connection:
                transaction = connection.begin()
                rows = connection.exec_driver_sql("EXPLAIN (ANALYZE, COSTS OFF) " + statement, parameters).all()
                transaction.rollback()
            plans.append((operation, key, [row[0] for row in rows]))
    counts = {}
    for operation, _, _ in captured:
        counts[operation] = counts.get(operation, 0) + 1
    return plans, counts, trips


def verdict(plan: list[str]) -> str:
    scans = [re.search(r"Seq Scan on (\w+)", line) for line in plan]
    growing = sorted({match.group(1) for match in scans if match and match.group(1) in GROWING})
    if growing:
        return "SEQUENTIAL SCAN on " + ", ".join(growing)
    indexes = sorted(
        {
            match.group(1)
            for line in plan
            for match in [re.search(r"Index (?:Only )?Scan (?:using|on) (\w+)", line)]
            if match
        }
    )
    return "index: " + ", ".join(indexes) if indexes else "no table read"


def main(argv=None) -> harness.Report:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 1_000_000])
    parser.add_argument("--sign-ins", type=int, default=30)
    args = parser.parse_args(argv)
    report = harness.Report("Scale: sign-in and token latency by number of accounts (PostgreSQL), hot query plans")
    port, database_url, env = harness.prepared(DATABASE)
    hashed = population.password_hash(env)
    loaded = 0
    summary = {}
    for size in args.sizes:
        seconds = load(loaded, size - loaded, hashed)
        loaded = size
        people = random.Random(size).sample(range(size), args.sign_ins + 1)
        os.sched_setaffinity(0, {harness.CLIENT_CORE})
        with harness.web(env, port, workers=1, cores=str(harness.SERVER_CORE)):
            latencies(port, database_url, env["IDP_SERVER_ISSUER"], people[:3])
            timings = latencies(port, database_url, env["IDP_SERVER_ISSUER"], people[1:])
        os.sched_setaffinity(0, set(range(os.cpu_count())))
        whole = journeys.percentile(timings.samples["whole sign-in"], 0.5) * 1000
        token = journeys.percentile(timings.samples["POST /token"], 0.5) * 1000
        summary[size] = (whole, token)
        report.figure(
            f"{size:>9,} accounts (loaded in {seconds:5.1f} s): whole sign-in p50 {whole:7.1f} ms, "
            f"POST /token p50 {token:6.1f} ms, errors {len(timings.errors)}"
        )
        for name in sorted(timings.samples):
            if name != "whole sign-in":
                report.figure(f"    {name:<30} p50 {journeys.percentile(timings.samples[name], 0.5) * 1000:7.1f} ms")
    if len(summary) > 1:
        small, large = min(summary), max(summary)
        report.figure(
            f"growth {small:,} -> {large:,} accounts: sign-in x{summary[large][0] / summary[small][0]:.2f}, "
            f"token x{summary[large][1] / summary[small][1]:.2f}   (target: no growth beyond noise)"
        )
    plans, counts, trips = captured_statements(env, people[0], database_url)
    report.figure(
        "SQL statements per call of one sign-in (no call grows with the data: no N+1): "
        + ", ".join(f"{operation} {count}" for operation, count in counts.items())
        + f"; {sum(counts.values())} in all (target <= 20)"
    )
    report.figure(
        "round trips to PostgreSQL per call of the same sign-in (statements, BEGIN, COMMIT, pings): "
        + ", ".join(f"{operation} {count}" for operation, count in trips.items())
        + f"; {sum(trips.values())} in all (targets: <= 2 per code exchange, <= 6 per code verify)"
    )
    flagged = [plan for plan in plans if verdict(plan[2]).startswith("SEQUENTIAL")]
    report.figure(
        f"hot queries at {loaded:,} accounts: {len(plans)} distinct, "
        f"{len(plans) - len(flagged)} use an index, {len(flagged)} scan a growing table"
    )
    for operation, statement, plan in plans:
        report.figure(f"  [{verdict(plan)}] {operation}: {statement[:150]}")
    report.block(
        "\n\n".join(f"-- {operation}\n{statement}\n" + "\n".join(plan) for operation, statement, plan in plans)
    )
    return report


if __name__ == "__main__":
    main()
