"""The engines behind a sign-in, for sizing them (docs/operations.md, "Capacity"): PostgreSQL's
CPU, transactions, WAL and rows per sign-in and per sign-up; the connections one web process
holds at its busiest, to PostgreSQL or to PgBouncer, and what PostgreSQL then sees; Redis's
commands per message sent.

    .venv/bin/python bench/engines.py [--seconds 10] [--accounts 1500]

The production server (granian, one worker of four threads, pinned to core 0) on the local
PostgreSQL; sign-ins as in signin_per_core.py (each account once: password, code by text,
resume, token, userinfo), sign-ups as in concurrency.py (address and phone proven, password,
profile, resume, token, userinfo), four client threads on core 1.
- PostgreSQL: pg_stat_database's counters and pg_current_wal_lsn() before and after each run (this
  benchmark's database only; the server is stopped before each reading, so that every backend has
  reported its counts), its backends' CPU from /proc. The background writer, checkpointer and WAL
  writer are not counted. A code is written to the outbox table by the request (development's
  provider): one INSERT a message that production puts on Redis instead.
- Connections: pg_stat_activity sampled every 20 ms while 16 people sign in at once against that
  one worker (more people than its threads), then the same through PgBouncer (transaction mode, a
  pool of 4: tests/support/engines.py starts it) with PgBouncer's own count of clients (SHOW POOLS).
- Redis: a redis-server of the benchmark's own (append-only file, as production's), people asking
  a code by text after their password (a sign-in's one message; a browser the account had not used
  gets a second, the new-device notice), the server putting it on the queue and one job worker
  (`flask --app idp jobs work`) taking it to the development provider; INFO commandstats before and
  after, less what the idle worker and server send in the same time (beats, waits for jobs),
  measured first.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import threading
import time
from urllib.parse import urlsplit

import harness
import journeys
import population
from tests.support.engines import PgBouncer, RedisServer, engine_folder, remove_folder

DATABASE = "idp_bench_engines"
THREADS = 4
CROWD = 16
POOL = 4


class Accounts:
    """Account numbers handed out once each, across the runs."""

    def __init__(self, count: int):
        self.left = iter(range(count))
        self.lock = threading.Lock()

    def next(self) -> int | None:
        with self.lock:
            return next(self.left, None)


def run_people(port: int, issuer: str, outbox: journeys.Outbox, people: int, seconds: float, journey) -> int:
    """journey(browser, outbox) by `people` threads, again and again, for `seconds`; how many ended."""
    done, lock = [0], threading.Lock()
    deadline = time.monotonic() + seconds

    def person() -> None:
        while time.monotonic() < deadline:
            browser = journeys.Browser(journeys.http_transport(port), issuer, journeys.Timings())
            try:
                if journey(browser, outbox) is False:
                    return
            except journeys.JourneyError:
                continue
            with lock:
                done[0] += 1

    threads = [threading.Thread(target=person) for _ in range(people)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return done[0]


def signing_in(accounts: Accounts):
    def journey(browser, outbox):
        number = accounts.next()
        if number is None:
            return False
        journeys.sign_in(browser, outbox, population.email(number))

    return journey


def signing_up(newcomers: Accounts):
    def journey(browser, outbox):
        number = newcomers.next()
        journeys.sign_up(browser, outbox, f"newcomer{number}@example.ca", f"+1613{5000000 + number}")

    return journey


def database_counts() -> dict[str, float]:
    row = harness.psql(
        f"SELECT xact_commit, tup_inserted, tup_updated, tup_deleted, "
        f"pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0') FROM pg_stat_database WHERE datname = '{DATABASE}'"
    )
    return dict(zip(("transactions", "inserted", "updated", "deleted", "wal"), map(float, row.split("|")), strict=True))


def server_backends() -> list[int]:
    rows = harness.psql(
        f"SELECT pid FROM pg_stat_activity WHERE datname = '{DATABASE}' AND application_name <> "
        f"'{journeys.OUTBOX_READER}' AND pid <> pg_backend_pid()"
    )
    return [int(row) for row in rows.split()]


def postgres_per_journey(report, env, port, outbox, journey, seconds: float, what: str) -> None:
    """The counters over the whole life of a server (its backends report theirs as they end), the
    CPU of its backends once their connections are open (a connection's start costs a few ms)."""
    before, read_before = database_counts(), outbox.queries
    with harness.web(env, port, workers=1, cores=str(harness.SERVER_CORE)) as server:
        issuer = env["IDP_SERVER_ISSUER"]
        opening = run_people(port, issuer, outbox, THREADS, 2, journey)
        backends_before = harness.cpu_of(server_backends())
        cpu, count = harness.measured(server.pids, lambda: run_people(port, issuer, outbox, THREADS, seconds, journey))
        backends = harness.cpu_of(server_backends()) - backends_before
    time.sleep(0.5)
    after = database_counts()
    after["transactions"] -= outbox.queries - read_before
    each = {name: (after[name] - before[name]) / (opening + count) for name in before}
    report.figure(
        f"per {what:<8} PostgreSQL CPU {backends / count * 1000:5.1f} ms   {each['transactions']:5.1f} transactions   "
        f"WAL {each['wal'] / 1024:5.1f} KiB   rows {each['inserted']:4.1f} inserted, {each['updated']:4.1f} updated, "
        f"{each['deleted']:4.1f} deleted   ({count} {what}s, web server CPU {cpu / count * 1000:.1f} ms each)"
    )
    report.figure(f"  {what}s per PostgreSQL core  {count / backends:7.0f} /s   (its backends' CPU alone)")


def most_connections(database: str, running: threading.Event, found: list[int]) -> None:
    import psycopg

    with psycopg.connect(f"{harness.PG}/{database}", autocommit=True) as watcher:
        while running.is_set():
            found[0] = max(
                found[0],
                watcher.execute(
                    "SELECT count(*) FROM pg_stat_activity "
                    "WHERE datname = %s AND application_name <> %s AND pid <> pg_backend_pid()",
                    (database, journeys.OUTBOX_READER),
                ).fetchone()[0],
            )
            time.sleep(0.02)


def pgbouncer_show(bouncer: PgBouncer, what: str) -> list[int]:
    """PgBouncer's SHOW <what> (its admin console) for this benchmark's database: the numbers of its row."""
    rows = subprocess.run(
        ["psql", bouncer.url("pgbouncer"), "-tAq", "-F", "|", "-c", f"SHOW {what}"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    row = next(
        (line for line in rows.splitlines() if line.startswith(f"{DATABASE}|")), ""
    )  # none before any client came
    return [int(value) if value.isdigit() else 0 for value in row.split("|")] + [0] * 20


def connections(report, env, port, outbox, accounts: Accounts, seconds: float, bouncer: PgBouncer | None) -> None:
    """The most connections PostgreSQL (and PgBouncer) saw while CROWD people signed in at once."""
    found, running = [0], threading.Event()
    running.set()
    watcher = threading.Thread(target=most_connections, args=(DATABASE, running, found), daemon=True)
    with harness.web(env, port, workers=1, cores=str(harness.SERVER_CORE)) as server:
        watcher.start()
        pgbouncer_cpu = harness.cpu_of([bouncer.process.pid]) if bouncer else 0.0
        stats = pgbouncer_show(bouncer, "STATS") if bouncer else []
        cpu, count = harness.measured(
            server.pids,
            lambda: run_people(port, env["IDP_SERVER_ISSUER"], outbox, CROWD, seconds, signing_in(accounts)),
        )
        if bouncer:
            pools = pgbouncer_show(bouncer, "POOLS")
            clients = pools[2] + pools[3]  # cl_active (idle between transactions too) and cl_waiting
            pgbouncer_cpu = harness.cpu_of([bouncer.process.pid]) - pgbouncer_cpu
            # total_xact_count and total_query_count: what PgBouncer carried for the sign-ins
            carried = [
                (after - before) / count
                for before, after in zip(stats[1:3], pgbouncer_show(bouncer, "STATS")[1:3], strict=True)
            ]
        running.clear()
        watcher.join()
    if bouncer is None:
        report.figure(
            f"connections of one web process (4 threads) to PostgreSQL, at most   {found[0]:3d}   "
            f"({CROWD} people signing in at once, {count} sign-ins, web CPU {cpu / count * 1000:.1f} ms each)"
        )
    else:
        report.figure(
            f"through PgBouncer (transaction mode, pool {POOL}): the web process's connections to PgBouncer "
            f"{clients:3d}, PostgreSQL's connections at most {found[0]:3d}   ({count} sign-ins, web CPU "
            f"{cpu / count * 1000:.1f} ms each, PgBouncer CPU {pgbouncer_cpu / count * 1000:.2f} ms each)"
        )
        report.figure(
            f"  PgBouncer carried per sign-in {carried[0]:5.1f} transactions, {carried[1]:5.1f} statements   "
            f"(so one PgBouncer process, one core, about {count / max(pgbouncer_cpu, 1e-9):.0f} sign-ins a second)"
        )


def redis_commands(url: str) -> dict[str, int]:
    import redis

    stats = redis.Redis.from_url(url).info("commandstats")
    return {name.removeprefix("cmdstat_"): int(values["calls"]) for name, values in stats.items()}


def asking_codes(accounts: Accounts):
    """A sign-in as far as its code: the password, then the code sent by text (one message)."""

    def journey(browser, outbox):
        number = accounts.next()
        if number is None:
            return False
        login = browser.v1("/v1/otp/users/login", {"userName": population.email(number), "password": harness.PASSWORD})
        browser.v1(
            "/v1/otp/otp/send",
            {"userName": population.email(number), "otpType": login["otpType"], "phone": login["phone"]},
        )

    return journey


def redis_per_message(report, env, port, accounts: Accounts, seconds: float, idle_seconds: float = 6) -> None:
    folder = engine_folder("bench-redis")
    with RedisServer(folder, persistent=True) as redis_server:
        queued = {**env, "IDP_QUEUE_REDIS_URL": redis_server.url}
        worker = subprocess.Popen(
            [sys.executable, "-m", "flask", "--app", "idp", "jobs", "work"],
            env=queued,
            cwd=harness.ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        try:
            with harness.web(queued, port, workers=1, cores=str(harness.SERVER_CORE)):
                time.sleep(2)
                redis_cpu = [harness.cpu_of([redis_server.process.pid])]
                start = redis_commands(redis_server.url)
                time.sleep(idle_seconds)
                idle = redis_commands(redis_server.url)
                redis_cpu.append(harness.cpu_of([redis_server.process.pid]))
                began = time.monotonic()
                count = run_people(port, env["IDP_SERVER_ISSUER"], None, THREADS, seconds, asking_codes(accounts))
                time.sleep(1)  # the worker's last jobs
                elapsed = time.monotonic() - began
                end = redis_commands(redis_server.url)
                redis_cpu.append(harness.cpu_of([redis_server.process.pid]))
        finally:
            worker.terminate()
            worker.wait(timeout=30)
    remove_folder(folder)
    idle_rate = {name: (idle.get(name, 0) - start.get(name, 0)) / idle_seconds for name in idle}
    each = {name: (calls - idle.get(name, 0) - idle_rate.get(name, 0) * elapsed) / count for name, calls in end.items()}
    listed = ", ".join(
        f"{name} {value:.1f}" for name, value in sorted(each.items(), key=lambda item: -item[1]) if value >= 0.5
    )
    report.figure(
        f"Redis commands per message   {sum(each.values()):6.1f}   ({count} codes sent by text, each put on the queue "
        f"by the web server and delivered by one job worker; idle, the two send {sum(idle_rate.values()):.1f} a second)"
    )
    report.figure(f"  by command: {listed}")
    busy = redis_cpu[2] - redis_cpu[1] - (redis_cpu[1] - redis_cpu[0]) / idle_seconds * elapsed
    report.figure(
        f"Redis CPU per message        {busy / count * 1000:6.2f} ms   "
        "(so one Redis core, Redis being single-threaded, "
        f"about {count / max(busy, 1e-9):.0f} messages a second)"
    )


def main(argv=None) -> harness.Report:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--accounts", type=int, default=1500)
    args = parser.parse_args(argv)
    report = harness.Report(
        "The engines behind a sign-in: PostgreSQL, connections, PgBouncer, Redis (granian, 1 worker on 1 core)"
    )
    port, database_url, env = harness.prepared(DATABASE)
    population.load_accounts(DATABASE, 0, args.accounts, population.password_hash(env))
    accounts, newcomers = Accounts(args.accounts), Accounts(10**6)
    os.sched_setaffinity(0, {harness.CLIENT_CORE})
    outbox = journeys.Outbox(database_url)
    with harness.web(env, port, workers=1, cores=str(harness.SERVER_CORE)):
        run_people(port, env["IDP_SERVER_ISSUER"], outbox, THREADS, 3, signing_in(accounts))  # warm-up
    postgres_per_journey(report, env, port, outbox, signing_in(accounts), args.seconds, "sign-in")
    postgres_per_journey(report, env, port, outbox, signing_up(newcomers), args.seconds, "sign-up")
    connections(report, env, port, outbox, accounts, args.seconds / 2, None)
    folder = engine_folder("bench-pgbouncer")
    server = urlsplit(harness.PG)
    bouncer = PgBouncer(
        folder,
        {DATABASE: f"host={server.hostname} port={server.port or 5432} dbname={DATABASE}"},
        default_pool_size=str(POOL),
    ).start()
    try:
        behind = {**env, "DATABASE_URL": bouncer.url(DATABASE), "IDP_DATABASE_TRANSACTION_POOLING": "true"}
        connections(report, behind, port, outbox, accounts, args.seconds / 2, bouncer)
    finally:
        bouncer.stop()
        remove_folder(folder)
    outbox.close()
    redis_per_message(report, env, port, accounts, args.seconds)
    return report


if __name__ == "__main__":
    main()
