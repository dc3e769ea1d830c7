"""The metrics folder (PROMETHEUS_MULTIPROC_DIR) never stops the service: production's web server
(granian, two workers) on a folder in a small tmpfs, filled for real by another program's file
beside it (as on a shared /run).

Who holds what, what they try or what befalls them, and what they must get:
- The folder fills while the service runs (another program's files on a shared /run, a tmpfs
  sized too small, the counts of a long life): a new series needs room its file does not have.
  Every request is still answered, by the same workers (none dies: a worker that died at its first
  new series was respawned to die again, until granian saw a crash loop and exited); each
  process says once, in the log, that its metrics are not written, naming PROMETHEUS_MULTIPROC_DIR,
  the folder and the cause; the failures count in idp_metrics_write_failures_total wherever a
  process's file can still hold them; once the folder has room again, the series are written
  again, without a restart (a count kept in memory meanwhile reaches its file at that series'
  next write in the same process).
- Workers started while the folder is full (granian replaces them on SIGHUP, when their lifetime
  ends, when one dies) cannot make files of their own: they serve all the same.
- A scrape while a process makes its file never reads a file without its room (an empty file would
  stop every scrape of the machine).
- The folder cannot hold a process's files when it starts (full; read-only; a path through a
  file): the web server, the management process and the job worker each stop
  at once with one line naming PROMETHEUS_MULTIPROC_DIR and the cause, and a non-zero exit code,
  instead of a traceback repeated by every process (or a web server whose workers die at their
  first request).

Mounting a tmpfs needs root (CAP_SYS_ADMIN): where the tests may not, those that need one skip.
The job worker under a full folder: tests/ops/test_queue_faults.py.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests
from prometheus_client.parser import text_string_to_metric_families

from idp.processes import children
from tests.conftest import free_port
from tests.support.disks import fill, small_tmpfs
from tests.support.servers import ROOT, Server, environment, migrate

PROBES = ("/metrics", "/healthz", "/readyz")
# Room for the web server's own files (three kinds of file for each of its three processes, and
# granian's pid file) and little else: the rest is filled.
FOLDER_SIZE = "2m"


def _requests_to_every_route(app) -> list[tuple[str, str]]:
    """A request to each of the app's routes but the probes (method, path): every one a new
    series of each worker (its count, latency buckets and CPU), many more than a worker's first
    files hold."""
    found = []
    for rule in app.url_map.iter_rules():
        if rule.rule in PROBES:
            continue
        methods = sorted(rule.methods - {"HEAD", "OPTIONS"})
        found.append(("GET" if "GET" in methods else methods[0], re.sub(r"<[^>]*>", "en", rule.rule)))
    return found


def _send(base: str, wanted: list[tuple[str, str]]) -> list[tuple[str, str, int | str]]:
    """Each request and its status, or why it got none."""
    answers: list[tuple[str, str, int | str]] = []
    for method, path in wanted:
        try:
            answers.append(
                (method, path, requests.request(method, base + path, timeout=30, allow_redirects=False).status_code)
            )
        except requests.RequestException as error:
            answers.append((method, path, type(error).__name__))
    return answers


def _scrape(base: str) -> tuple[int | str, list[tuple[str, dict[str, str], float]]]:
    """/metrics' status and samples; why there were none from a server that no longer answers."""
    try:
        answer = requests.get(f"{base}/metrics", timeout=30)
    except requests.ConnectionError as error:
        return type(error).__name__, []
    if answer.status_code != 200:
        return answer.status_code, []
    return 200, [
        (sample.name, sample.labels, sample.value)
        for family in text_string_to_metric_families(answer.text)
        for sample in family.samples
    ]


def _replaced(web: Server) -> int:
    return sum("Stopped old worker" in line for line in web.lines())


@pytest.fixture(scope="module")
def full(tmp_path_factory, migrated_app):
    """The web server's folder filled while it serves: every route asked twice, the workers
    replaced (SIGHUP) and every route asked twice again, /metrics read; then room made and every
    route asked once more, /metrics read again. Answers what was seen."""
    base = tmp_path_factory.mktemp("full")
    wanted = _requests_to_every_route(migrated_app)
    with small_tmpfs(base / "disk", FOLDER_SIZE) as disk:
        folder = disk / "idp"
        folder.mkdir()
        env = environment(
            base, f"sqlite:///{base / 'idp.sqlite3'}", PROMETHEUS_MULTIPROC_DIR=str(folder), IDP_THREADS="2"
        )
        migrate(env)
        web = Server(base, env, production=True).start()
        try:
            master = web.process.pid
            first_workers = children(master)
            fill(disk)
            answers = _send(web.url, wanted * 2)
            os.kill(master, signal.SIGHUP)
            deadline = time.monotonic() + 60
            while _replaced(web) < 2 and time.monotonic() < deadline and web.process.poll() is None:
                time.sleep(0.3)
            later_workers = children(master)
            answers += _send(web.url, wanted * 2)
            scraped_while_full, while_full = _scrape(web.url)
            (disk / "filler").unlink()
            answers_with_room = _send(web.url, wanted)
            _, with_room = _scrape(web.url)
            serving = web.process.poll() is None
        finally:
            web.stop()
    return {
        "wanted": wanted,
        "answers": answers,
        "answers_with_room": answers_with_room,
        "while_full": while_full,
        "with_room": with_room,
        "scraped_while_full": scraped_while_full,
        "serving": serving,
        "first_workers": first_workers,
        "later_workers": later_workers,
        "replaced": _replaced(web),
        "lines": web.lines(),
        "folder": str(folder),
    }


def test_every_request_is_answered_while_the_folder_is_full(full):
    unanswered = [answer for answer in full["answers"] if not isinstance(answer[2], int) or answer[2] >= 500]
    assert unanswered == []


def test_no_worker_dies_and_granian_keeps_serving(full):
    assert full["serving"]
    assert not [line for line in full["lines"] if "Unexpected exit" in line or "crash loop" in line]


def test_workers_started_while_the_folder_is_full_serve(full):
    assert full["replaced"] >= 2
    assert full["later_workers"] and not full["later_workers"] & full["first_workers"]
    assert [answer[2] for answer in full["answers"][2 * len(full["wanted"]) :] if not isinstance(answer[2], int)] == []


def _told(lines: list[str]) -> list[dict]:
    records = [json.loads(line) for line in lines if line.startswith("{")]
    return [record for record in records if record["message"] == "metrics not written"]


def test_each_process_says_once_that_its_metrics_are_not_written_naming_the_variable_and_the_cause(full):
    told = _told(full["lines"])
    assert told
    assert {(record["variable"], record["folder"], record["error"]) for record in told} == {
        ("PROMETHEUS_MULTIPROC_DIR", full["folder"], "No space left on device")
    }
    pids = [record["pid"] for record in told]
    assert len(pids) == len(set(pids))
    assert set(pids) <= full["first_workers"] | full["later_workers"]


def test_metrics_answer_while_processes_cannot_make_their_files(full):
    assert full["scraped_while_full"] == 200


def test_failed_writes_are_counted_where_a_file_can_hold_them(full):
    assert sum(value for name, _, value in full["while_full"] if name == "idp_metrics_write_failures_total") > 0


def _latency_routes(samples: list[tuple[str, dict[str, str], float]]) -> set[str]:
    return {labels["route"] for name, labels, _ in samples if name == "idp_http_request_duration_seconds_sum"}


def test_the_series_are_written_again_once_the_folder_has_room(full):
    assert all(isinstance(answer[2], int) and answer[2] < 500 for answer in full["answers_with_room"])
    # while full, the latencies of many routes were kept in memory only
    assert _latency_routes(full["while_full"]) < _latency_routes(full["with_room"])


# --- at start-up -----------------------------------------------------------------------------------

COMMANDS = {
    "web": [sys.executable, "config/web.py"],
    "management": [sys.executable, "-m", "flask", "--app", "idp", "management", "serve"],
    "jobs": [sys.executable, "-m", "flask", "--app", "idp", "jobs", "work"],
}


def _started(tmp_path: Path, folder: Path, command: str) -> subprocess.CompletedProcess:
    """The command run until it exits (at most 60 s), in a session of its own: one that starts
    serving instead, its workers with it, is ended with the test."""
    env = environment(
        tmp_path,
        f"sqlite:///{tmp_path / 'idp.sqlite3'}",
        PROMETHEUS_MULTIPROC_DIR=str(folder),
        IDP_BIND=f"127.0.0.1:{free_port()}",
        IDP_MANAGEMENT_BIND=f"127.0.0.1:{free_port()}",
    )
    process = subprocess.Popen(
        COMMANDS[command],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        stdout, stderr = process.communicate(timeout=60)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)


def _one_line_naming(stopped: subprocess.CompletedProcess, folder: Path, cause: str) -> None:
    assert stopped.returncode != 0
    said = (stopped.stdout + stopped.stderr).strip().splitlines()
    assert len(said) == 1, said
    assert "PROMETHEUS_MULTIPROC_DIR" in said[0] and str(folder) in said[0] and cause in said[0], said[0]


@pytest.mark.parametrize("command", ["web", "management", "jobs"])
def test_a_folder_through_a_file_stops_start_up_with_one_line(tmp_path, command):
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    folder = tmp_path / "a-file" / "metrics"
    _one_line_naming(_started(tmp_path, folder, command), folder, "Not a directory")


@pytest.mark.parametrize("command", ["web", "management", "jobs"])
def test_a_read_only_folder_stops_start_up_with_one_line(tmp_path, command):
    with small_tmpfs(tmp_path / "disk", "1m", "ro") as disk:
        _one_line_naming(_started(tmp_path, disk, command), disk, "Read-only file system")


@pytest.mark.parametrize("command", ["web", "management", "jobs"])
def test_a_full_folder_stops_start_up_with_one_line(tmp_path, command):
    with small_tmpfs(tmp_path / "disk", "1m") as disk:
        (disk / "idp").mkdir()
        fill(disk)
        _one_line_naming(_started(tmp_path, disk / "idp", command), disk / "idp", "No space left on device")
