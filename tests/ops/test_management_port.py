"""The management port (IDP_MANAGEMENT_BIND): a process of its own (`flask --app idp management
serve`) beside production's web server (config/web.py, granian with two workers) answers /metrics,
/healthz and /readyz, and nothing else; the web server answers everything else, its own /healthz
and /readyz (the load balancer's), and never /metrics. Its /metrics adds up the web workers'
counts and processes, through a worker killed and respawned. Real processes, real signals.

What fails, and what each side must say:
- The web server is killed (or exits, as granian does after a crash loop) while the management
  process lives: the management port's /healthz and /readyz answer 503 with "web": "unreachable",
  so that neither monitoring nor a balancer pointed there keeps sending people to a dead
  instance; its /metrics still answers.
- The web server hangs (its processes stopped: the kernel still accepts connections, nobody
  answers): the same 503, once the probe's 2 s have passed; ready again once it answers.
- The management process is down or restarting (a crash, a deploy, a metrics folder it refuses):
  the web port's own /readyz, the check the balancer uses, still says the instance is ready, so a
  healthy instance stays in rotation; only the machine's /metrics is missing meanwhile.
- Anyone on the public port asks for /metrics, or //metrics: 404; /healthz and /readyz say no
  more than whether the instance can serve."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests
from prometheus_client.parser import text_string_to_metric_families

from idp.management import PROBE_SECONDS
from idp.processes import children
from tests.conftest import free_port
from tests.support.servers import ROOT, Management, Server, environment, migrate

# SQLAlchemy's QueuePool by default: 5 connections and 10 more when they are all lent.
POOL_PER_PROCESS = 15


@pytest.fixture
def servers(tmp_path):
    env = environment(tmp_path, f"sqlite:///{tmp_path / 'idp.sqlite3'}", IDP_MANAGEMENT_BIND=f"127.0.0.1:{free_port()}")
    migrate(env)
    web = Server(tmp_path, env, production=True)
    management = Management(tmp_path, web)
    try:
        web.launch()
        management.launch()
        web.ready("/.well-known/openid-configuration")
        management.ready()
        yield web, management
    finally:
        management.stop()
        web.stop()


def _numbers(management: Server) -> dict[str, float]:
    text = requests.get(f"{management.url}/metrics", timeout=10).text
    return {
        sample.name + (str(sorted(sample.labels.items())) if sample.labels else ""): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def _policy_requests(numbers: dict[str, float]) -> float:
    return numbers.get(
        "idp_http_requests_total[('method', 'GET'), ('route', '/v1/password/policy'), ('status', '200')]", 0.0
    )


def _master(web: Server) -> int:
    return int((Path(web.env["PROMETHEUS_MULTIPROC_DIR"]) / "web.pid").read_text())


def _settled(management: Server, web: Server, without: int | None = None) -> dict[str, float]:
    """The numbers once the master and both workers are up (and the worker `without` is gone):
    granian starts its workers one after the other, and respawns a dead one, which states its
    pool's capacity as it starts (its gauge file) — on a busy machine, a while after /proc shows it.
    The processes are looked at before the numbers are read: read first, the numbers could
    predate a worker found started just after them."""
    folder = Path(web.env["PROMETHEUS_MULTIPROC_DIR"])
    deadline = time.monotonic() + 30
    while True:
        workers = children(_master(web))
        started = all((folder / f"gauge_livesum_{pid}.db").exists() for pid in workers)
        numbers = _numbers(management)
        if numbers["idp_processes"] == 3 and len(workers) == 2 and without not in workers and started:
            return numbers
        assert time.monotonic() < deadline, (
            f"the web server's workers did not settle: {workers}, {sorted(os.listdir(folder))}"
        )
        time.sleep(0.3)


def _kill_a_worker_that_served(web: Server) -> int:
    folder = Path(web.env["PROMETHEUS_MULTIPROC_DIR"])
    victim = next(pid for pid in sorted(children(_master(web))) if (folder / f"counter_{pid}.db").exists())
    os.kill(victim, signal.SIGKILL)
    return victim


def _load(web: Server, count: int = 30) -> None:
    for _ in range(count):
        assert requests.get(f"{web.url}/v1/password/policy", timeout=10).status_code == 200


def test_metrics_answer_on_the_management_port_only(servers):
    web, management = servers
    assert requests.get(management.url + "/metrics", timeout=10).status_code == 200
    assert requests.get(web.url + "/metrics", timeout=10).status_code == 404
    # the router reads //metrics as /metrics: the route a request reaches decides
    assert requests.get(web.url + "//metrics", timeout=10).status_code == 404


@pytest.mark.parametrize("path", ["/healthz", "/readyz"])
def test_both_ports_answer_the_probes(servers, path):
    web, management = servers
    assert requests.get(management.url + path, timeout=10).json()["web"] == "ok"
    assert requests.get(web.url + path, timeout=10).status_code == 200


def test_the_public_port_answers_everything_else_and_the_management_port_nothing_else(servers):
    web, management = servers
    assert requests.get(web.url + "/.well-known/openid-configuration", timeout=10).status_code == 200
    assert requests.get(web.url + "/en/signUp", timeout=10).status_code == 200
    assert requests.get(management.url + "/.well-known/openid-configuration", timeout=10).status_code == 404
    assert requests.get(management.url + "/en/signUp", timeout=10).status_code == 404


def test_metrics_add_up_the_web_servers_master_and_its_workers(servers):
    web, management = servers
    numbers = _settled(management, web)
    assert numbers["idp_processes"] == 3
    assert numbers["idp_process_resident_memory_bytes"] > 3 * 10_000_000
    # each worker's pool and the management process's own (it answers /readyz); the master's none
    assert numbers["idp_db_pool_capacity"] == 3 * POOL_PER_PROCESS


def test_the_counts_of_a_killed_worker_still_add_up(servers):
    web, management = servers
    _load(web)
    assert _policy_requests(_numbers(management)) == 30
    _kill_a_worker_that_served(web)
    assert _policy_requests(_numbers(management)) == 30


def test_the_live_gauges_of_a_killed_worker_drop_out(servers):
    web, management = servers
    before = _settled(management, web)["idp_db_pool_capacity"]
    _load(web)
    victim = _kill_a_worker_that_served(web)
    # its successor's pool counts; the dead one's would make it one pool more
    assert _settled(management, web, without=victim)["idp_db_pool_capacity"] == before == 3 * POOL_PER_PROCESS
    assert not list(Path(web.env["PROMETHEUS_MULTIPROC_DIR"]).glob(f"gauge_livesum_{victim}.db"))


def test_the_cpu_counter_never_falls_when_a_worker_is_killed(servers):
    web, management = servers
    _load(web, 60)
    seen = [_numbers(management)["idp_process_cpu_seconds_total"]]
    victim = _kill_a_worker_that_served(web)
    deadline = time.monotonic() + 30
    while victim in children(_master(web)) or len(children(_master(web))) < 2:
        seen.append(_numbers(management)["idp_process_cpu_seconds_total"])
        assert time.monotonic() < deadline, "no worker was respawned"
        time.sleep(0.1)
    _load(web, 10)
    seen.append(_numbers(management)["idp_process_cpu_seconds_total"])
    assert seen == sorted(seen), seen


def test_the_web_server_respawns_a_killed_worker(servers):
    web, management = servers
    _load(web)
    victim = _kill_a_worker_that_served(web)
    numbers = _settled(management, web, without=victim)
    assert victim not in children(_master(web)) and len(children(_master(web))) == 2
    assert numbers["idp_processes"] == 3
    _load(web, 10)


def test_healthz_is_503_while_the_web_server_is_stopped_and_metrics_still_answer(servers):
    web, management = servers
    web.stop()
    health = requests.get(f"{management.url}/healthz", timeout=10)
    assert (health.status_code, health.json()["web"]) == (503, "unreachable")
    numbers = _numbers(management)
    assert numbers["idp_processes"] == 0


def _ready(server: Server) -> requests.Response:
    # the management port's probe of the web server gives up after PROBE_SECONDS
    return requests.get(f"{server.url}/readyz", timeout=PROBE_SECONDS + 10)


def test_the_management_port_is_not_ready_while_the_web_server_is_killed(servers):
    web, management = servers
    os.killpg(web.process.pid, signal.SIGKILL)
    ready = _ready(management)
    assert (ready.status_code, ready.json()) == (503, {"status": "unavailable", "database": "ok", "web": "unreachable"})


@pytest.fixture
def hung(servers):
    """The web server's master and workers stopped (SIGSTOP): its port accepts connections that
    nobody answers. Answers a function that lets them go on."""
    web, management = servers
    os.killpg(web.process.pid, signal.SIGSTOP)
    resumed = []

    def resume() -> None:
        if not resumed:
            os.killpg(web.process.pid, signal.SIGCONT)
            resumed.append(True)

    yield web, management, resume
    resume()


def test_the_management_port_is_not_ready_while_the_web_server_hangs(hung):
    _, management, _ = hung
    ready = _ready(management)
    assert (ready.status_code, ready.json()["web"]) == (503, "unreachable")


def test_the_management_port_is_ready_again_once_the_web_server_answers(hung):
    _, management, resume = hung
    assert _ready(management).status_code == 503
    resume()
    assert (_ready(management).status_code, _ready(management).json()["web"]) == (200, "ok")


def test_the_web_port_says_it_is_ready_while_the_management_process_is_down(servers):
    web, management = servers
    os.killpg(management.process.pid, signal.SIGKILL)
    ready = requests.get(f"{web.url}/readyz", timeout=10)
    assert (ready.status_code, ready.json()["database"]) == (200, "ok")
    with pytest.raises(requests.ConnectionError):
        requests.get(f"{management.url}/readyz", timeout=10)


def test_the_management_process_refuses_to_start_without_its_port(tmp_path):
    env = environment(tmp_path, f"sqlite:///{tmp_path / 'idp.sqlite3'}", PROMETHEUS_MULTIPROC_DIR=str(tmp_path))
    stopped = subprocess.run(
        [sys.executable, "-m", "flask", "--app", "idp", "management", "serve"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert stopped.returncode != 0
    assert "IDP_MANAGEMENT_BIND is unset" in stopped.stderr
