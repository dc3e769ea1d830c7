"""What every benchmark shares: the production server (granian), a fresh PostgreSQL
database, server CPU read from /proc, the machine's description and the figures' report.

Nothing here asserts anything: benchmarks print figures, RESULTS.md keeps the latest run.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import platform
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(ROOT))

PYTHON_BIN = Path(sys.executable).parent
PG = os.environ.get("IDP_BENCH_PG", "postgresql://postgres@127.0.0.1:5432")
CLIENT_ID = "reservations"
# The same service registered a second time with ES256 ID tokens, for the token benchmark's
# ES256 runs (provider_environment adds it to the clients file).
CLIENT_IDS = {"RS256": CLIENT_ID, "ES256": "reservations-es256"}
CLIENT_SECRET = "bench-reservations-client-secret-0123456789"
REDIRECT_URI = "http://localhost:5001/callback"
PASSWORD = "Maple-Syrup-Harbour-42"
CLOCK_TICK = os.sysconf("SC_CLK_TCK")
SERVER_CORE = 0
CLIENT_CORE = 1


def web(env: dict[str, str], port: int, workers: int, cores: str | None, threads: int = 4) -> Server:
    """The one place the benchmarks start the production server: the operator's command
    (README, "Production": config/web.py, granian) with the worker count and the port each
    benchmark picks. Workers are not recycled (a lifetime longer than any run): a worker replaced
    mid-run would take its CPU time with it and the figures would count less work than was done."""
    env = {
        **env,
        "IDP_BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": str(workers),
        "IDP_THREADS": str(threads),
        "IDP_WORKERS_LIFETIME": str(24 * 3600),
    }
    return Server([sys.executable, str(ROOT / "config" / "web.py")], env, port, cores, "/healthz")


# --- the machine ---------------------------------------------------------------------------


def _first_line(command: list[str]) -> str:
    try:
        return subprocess.run(command, capture_output=True, text=True, check=True).stdout.strip().splitlines()[0]
    except (OSError, subprocess.CalledProcessError, IndexError):
        return "not found"


def machine() -> dict[str, str]:
    model = "unknown"
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return {
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "cores": str(os.cpu_count()),
        "cpu": model,
        "memory": f"{os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') / 2**30:.0f} GiB",
        "kernel": platform.release(),
        "python": platform.python_version(),
        "node": _first_line(["node", "--version"]),
        "postgresql": _first_line(["psql", "-h", "127.0.0.1", "-U", "postgres", "-tAc", "SHOW server_version"]),
        "granian": _first_line([str(PYTHON_BIN / "granian"), "--version"]),
        # wrk prints its version with the usage and exits with 1.
        "wrk": _first_line(["sh", "-c", 'wrk -v 2>&1; test -x "$(command -v wrk)"']),
        "load average at start": Path("/proc/loadavg").read_text().split(" ", 3)[:3].__str__(),
    }


def load_average() -> float:
    return float(Path("/proc/loadavg").read_text().split()[0])


# --- the report ----------------------------------------------------------------------------


class Report:
    """Figures of one benchmark, printed as they come (run_all.py keeps them in RESULTS.md)."""

    def __init__(self, title: str):
        self.title = title
        print(f"\n== {title}", flush=True)

    def figure(self, text: str) -> None:
        print(text, flush=True)

    def block(self, text: str) -> None:
        """A multi-line text (query plans, a profile), printed as it is."""
        print(text.rstrip(), flush=True)


# --- CPU from /proc ------------------------------------------------------------------------


def process_cpu_seconds(pid: int) -> float:
    """utime + stime of one process (all its threads), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICK


def named_pids(name: str) -> list[int]:
    """Processes of this name (e.g. the machine's redis-server), from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        with contextlib.suppress(OSError):
            if entry.name.isdigit() and (entry / "comm").read_text().strip() == name:
                found.append(int(entry.name))
    return found


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            found += [int(child) for child in (task / "children").read_text().split()]
    return found


def rss_bytes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def own_memory_bytes(pid: int) -> tuple[int, int]:
    """(PSS, USS) of a process: its resident memory with each page shared with others (the
    master's preloaded app) counted in proportion, and the pages it holds alone."""
    fields = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, _, value = line.partition(":")
        fields[name] = int(value.split()[0]) * 1024
    return fields["Pss"], fields["Private_Clean"] + fields["Private_Dirty"]


def cpu_of(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError):
            total += process_cpu_seconds(pid)
    return total


# --- PostgreSQL ----------------------------------------------------------------------------


def psql(sql: str, database: str = "postgres") -> str:
    return subprocess.run(
        ["psql", f"{PG}/{database}", "-v", "ON_ERROR_STOP=1", "-tAq", "-c", sql],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


def fresh_database(name: str) -> str:
    """Drop and create a benchmark database; answers its URL. Names start with idp_bench."""
    assert name.startswith("idp_bench"), name
    psql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    psql(f'CREATE DATABASE "{name}"')
    return f"{PG}/{name}"


def backend_pids(database: str) -> list[int]:
    rows = psql(f"SELECT pid FROM pg_stat_activity WHERE datname = '{database}' AND pid <> pg_backend_pid()")
    return [int(row) for row in rows.split()]


# --- the provider's environment ------------------------------------------------------------


def provider_environment(database_url: str, port: int, workdir: Path) -> dict[str, str]:
    """Environment of the server on PostgreSQL: secrets, signing keys (RS256 and ES256),
    clients (config/clients.toml and the reservations service again with ES256 ID tokens).

    IDP_SERVER_ENVIRONMENT stays development, for two reasons only: production refuses the
    outbox (codes kept in clear), which is where the benchmarks read the codes a person
    would receive, and production cookies are Secure, which a client on plain-HTTP loopback
    does not send back. Everything else is the production server (config/web.py, PostgreSQL,
    signing keys from a file); delivery to the outbox
    is one INSERT in the request, as putting a message on the production queue is one
    round trip to Redis.
    """
    keys_file = workdir / "signing_keys.json"
    if not keys_file.exists():
        from idp.keys import new_key_entry

        keys_file.write_text(json.dumps({"keys": [new_key_entry("RS256"), new_key_entry("ES256")]}), encoding="utf-8")
        keys_file.chmod(0o600)
    clients_file = workdir / "clients.toml"
    clients_file.write_text(
        (ROOT / "config" / "clients.toml").read_text(encoding="utf-8")
        + f"""
[clients.{CLIENT_IDS["ES256"]}]
client_secret_env = "RESERVATIONS_CLIENT_SECRET"
redirect_uris = ["{REDIRECT_URI}"]
scopes = ["openid", "profile", "email", "phone", "offline_access"]
require_pkce = true
id_token_signed_response_alg = "ES256"

[clients.{CLIENT_IDS["ES256"]}.service]
id = 900
url = "http://localhost:5001/"
title_en = "Reservations service (ES256)"
title_fr = "Service de réservations (ES256)"
""",
        encoding="utf-8",
    )
    (workdir / "metrics").mkdir(exist_ok=True)
    return {
        **os.environ,
        "IDP_SERVER_ENVIRONMENT": "development",
        "IDP_SERVER_ISSUER": f"http://127.0.0.1:{port}",
        "IDP_SERVER_SECRET_KEY": "bench-secret-key-0123456789abcdef0123456789abcdef",
        "IDP_SIGNING_KEYS_FILE": str(keys_file),
        "IDP_CLIENTS_FILE": str(clients_file),
        "IDP_NOTIFY_PROVIDER": "outbox",
        # Every simulated person shares the loopback address: the budgets per client address
        # and the service's ceiling of texts, meant for real traffic, would stop the load.
        "IDP_LIMITS_MAX_SENDS_PER_IP": str(10**9),
        "IDP_PASSWORD_MAX_FAILURES_PER_IP": str(10**9),
        "IDP_LIMITS_MAX_PHONE_MESSAGES": str(10**9),
        # and the anonymous ceilings of texts and the proof of work asked of a busy address
        # (issue 24), which would ask every simulated person for one.
        "IDP_LIMITS_MAX_ANONYMOUS_PHONE_MESSAGES": str(10**9),
        "IDP_LIMITS_MAX_ANONYMOUS_PHONE_MESSAGES_PER_RANGE": str(10**9),
        "IDP_LIMITS_ANONYMOUS_PHONE_COUNTRIES": f"*:{10**9}",
        "IDP_LIMITS_PROOF_OF_WORK_AFTER_SENDS": str(10**9),
        "IDP_INSTANCE_PATH": str(workdir),
        "PROMETHEUS_MULTIPROC_DIR": str(workdir / "metrics"),
        "RESERVATIONS_CLIENT_SECRET": CLIENT_SECRET,
        "DATABASE_URL": database_url,
        "PYTHONDONTWRITEBYTECODE": "1",
    }


@contextlib.contextmanager
def provider_app(env: dict[str, str]):
    """The Flask app in this process, configured like the server, for minting rows and plans."""
    saved = dict(os.environ)
    os.environ.update(env)
    try:
        from idp import create_app

        app = create_app()
        with app.app_context():
            yield app
    finally:
        os.environ.clear()
        os.environ.update(saved)


def migrate(env: dict[str, str]) -> None:
    subprocess.run(
        [str(PYTHON_BIN / "flask"), "--app", "idp", "db", "upgrade"], env=env, cwd=ROOT, check=True, capture_output=True
    )


def prepared(database: str) -> tuple[int, str, dict[str, str]]:
    """A free port, a fresh migrated database and the production environment of a server on them."""
    port = free_port()
    database_url = fresh_database(database)
    env = provider_environment(database_url, port, Path(tempfile.mkdtemp(prefix="idp-bench-")))
    migrate(env)
    return port, database_url, env


def basic_auth(client_id: str = CLIENT_ID) -> str:
    return base64.b64encode(f"{client_id}:{CLIENT_SECRET}".encode()).decode()


# --- servers -------------------------------------------------------------------------------


class Server:
    """A server process group; CPU of every process in it, read from /proc."""

    def __init__(
        self,
        command: list[str],
        env: dict[str, str],
        port: int,
        cores: str | None,
        ready_path: str,
        stdin: bool = False,
    ):
        self.port = port
        pinned = ["taskset", "-c", cores] if cores is not None else []
        # the server writes to its own copy of the file's descriptor: this process keeps only the path
        with tempfile.NamedTemporaryFile(prefix="idp-bench-server-", suffix=".log", delete=False) as log:
            self.process = subprocess.Popen(
                pinned + command,
                env=env,
                cwd=ROOT,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
                text=True,
                start_new_session=True,
            )
        self.log = Path(log.name)
        self._wait_ready(ready_path)

    def _wait_ready(self, path: str, seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", timeout=2):
                    return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"server not ready after {seconds} s: {self.log.read_text()[-3000:]}")

    def pids(self) -> list[int]:
        return [self.process.pid, *self.descendants()]

    def descendants(self) -> list[int]:
        found, todo = [], [self.process.pid]
        while todo:
            pid = todo.pop()
            with contextlib.suppress(OSError):
                kids = children(pid)
                found += kids
                todo += kids
        return found

    def workers(self) -> list[int]:
        """The web server's workers: children of the master (taskset execs into the master)."""
        return children(self.process.pid)

    def cpu_seconds(self) -> float:
        return cpu_of(self.pids())

    def samples(self) -> list:
        """Every sample of the server's own /metrics, as Prometheus reads them."""
        from prometheus_client.parser import text_string_to_metric_families

        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/metrics", timeout=30) as answer:
            text = answer.read().decode()
        return [sample for family in text_string_to_metric_families(text) for sample in family.samples]

    def counter(self, name: str) -> float:
        """An unlabelled counter of the server's own /metrics (0 before it counted anything)."""
        return next((sample.value for sample in self.samples() if sample.name == name), 0.0)

    def app_cpu_by_route(self) -> dict[str, tuple[float, float]]:
        """route -> (requests answered, CPU seconds the app's threads spent on them), as the
        server's own /metrics counts them (idp_http_request_cpu_seconds_total)."""
        answered, cpu = {}, {}
        for sample in self.samples():
            if sample.name == "idp_http_requests_total":
                answered[sample.labels["route"]] = answered.get(sample.labels["route"], 0.0) + sample.value
            elif sample.name == "idp_http_request_cpu_seconds_total":
                cpu[sample.labels["route"]] = sample.value
        return {route: (answered.get(route, 0.0), seconds) for route, seconds in cpu.items()}

    def tracebacks(self) -> list[str]:
        """The last line of every traceback the server logged (a 500 leaves one)."""
        found, lines = [], self.log.read_text(errors="replace").splitlines()
        for index, line in enumerate(lines):
            if line.startswith("Traceback"):
                tail = next((later for later in lines[index + 1 :] if not later.startswith((" ", "Traceback"))), "")
                found.append(tail)
        return found

    def stop(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        self.log.unlink()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def gunicorn(env: dict[str, str], port: int, workers: int, cores: str | None, threads: int = 4) -> Server:
    """gunicorn's gthread worker serving the same app as production did before granian (the app
    built once and forked, four threads a worker): the WSGI servers side by side."""
    command = [
        str(PYTHON_BIN / "gunicorn"),
        "--preload",
        "-k",
        "gthread",
        "--threads",
        str(threads),
        "-w",
        str(workers),
        "-b",
        f"127.0.0.1:{port}",
        "--backlog",
        "2048",
        "--keep-alive",
        "75",
        "idp.wsgi:application()",
    ]
    # a folder of its own: the counts of a granian run before it would be added in
    env = {**env, "PROMETHEUS_MULTIPROC_DIR": tempfile.mkdtemp(prefix="idp-bench-gunicorn-metrics-")}
    return Server(command, env, port, cores, "/healthz")


WSGI_SERVERS = {"granian": web, "gunicorn": gunicorn}


# --- the load generator --------------------------------------------------------------------


@dataclass
class WrkRun:
    requests: int
    seconds: float
    errors: int
    p50_ms: float
    p90_ms: float
    p99_ms: float
    generator_cpu_seconds: float
    codes: int = 0

    @property
    def rate(self) -> float:
        return self.requests / self.seconds

    @property
    def generator_busy(self) -> float:
        """Share of its core the load generator used: near 1.0 would make it the bottleneck."""
        return self.generator_cpu_seconds / self.seconds


def wrk(url: str, connections: int, seconds: int, script: Path, env: dict[str, str] | None = None) -> WrkRun:
    """One wrk run pinned to the client core; its own CPU comes from wait4's rusage."""
    command = [
        "taskset",
        "-c",
        str(CLIENT_CORE),
        "wrk",
        "-t1",
        f"-c{connections}",
        f"-d{seconds}s",
        "--timeout",
        "30s",
        "-s",
        str(script),
        url,
    ]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, **(env or {})}
    )
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    result = next((line for line in output.splitlines() if line.startswith("RESULT ")), None)
    if process.returncode != 0 or result is None:
        raise RuntimeError(f"wrk failed: {output}")
    values = dict(part.split("=") for part in result.split()[1:])
    errors = sum(int(values[name]) for name in ("non2xx", "connect", "read", "write", "timeout"))
    return WrkRun(
        requests=int(values["requests"]),
        seconds=int(values["duration_us"]) / 1e6,
        errors=errors,
        p50_ms=int(values["p50_us"]) / 1000,
        p90_ms=int(values["p90_us"]) / 1000,
        p99_ms=int(values["p99_us"]) / 1000,
        generator_cpu_seconds=usage.ru_utime + usage.ru_stime,
        codes=int(values.get("codes", 0)),
    )


def measured(server_pids, run):
    """Server CPU seconds spent while run() ran, and run()'s answer."""
    before = cpu_of(server_pids())
    result = run()
    return cpu_of(server_pids()) - before, result


# --- profiles ------------------------------------------------------------------------------


def profile(pid: int, seconds: int, run, top: int = 15) -> str:
    """py-spy samples one process while run() runs; answers the functions that hold the most
    samples, inclusive ("total") and on top of the stack ("self"), as text. Only the thread
    holding the GIL is sampled (--gil): a gthread worker's idle threads would otherwise fill
    the profile, and what is left is where Python spends the CPU."""
    from collections import Counter

    out = Path(tempfile.mkdtemp(prefix="idp-bench-profile-")) / "stacks.txt"
    spy = subprocess.Popen(
        [
            str(PYTHON_BIN / "py-spy"),
            "record",
            "--pid",
            str(pid),
            "--duration",
            str(seconds),
            "--rate",
            "200",
            "--format",
            "raw",
            "--output",
            str(out),
            "--nonblocking",
            "--gil",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(0.5)
    run()
    _, complaint = spy.communicate()
    if not out.exists():
        # py-spy cannot read every build of Python (e.g. "Failed to find python version").
        return f"no profile: py-spy says {complaint.strip().splitlines()[-1] if complaint.strip() else 'nothing'}"
    total, inclusive, own = 0, Counter(), Counter()
    # A frame py-spy cannot name may carry bytes that are not UTF-8.
    for line in out.read_text(errors="replace").splitlines():
        stack, _, count = line.rpartition(" ")
        if not count.isdigit():
            continue
        frames = [
            frame.split(" (", 1)[0] + " " + frame.rsplit("/", 1)[-1].rstrip(")").split(":")[0]
            for frame in stack.split(";")
        ]
        samples = int(count)
        total += samples
        own[frames[-1]] += samples
        for frame in set(frames):
            inclusive[frame] += samples
    lines = [f"{total} samples of the worker"]
    spine = (
        "arbiter.py",
        "base.py",
        "sync.py",
        "wsgiapp.py",
        "<module>",
        "app.py",
        "gthread.py",
        "threading.py",
        "thread.py",
    )
    lines += [
        f"  total {count / total:6.1%}  {frame}"
        for frame, count in inclusive.most_common()
        if not frame.endswith(spine)
    ][:top]
    lines += [f"  self  {count / total:6.1%}  {frame}" for frame, count in own.most_common(8)]
    return "\n".join(lines)
