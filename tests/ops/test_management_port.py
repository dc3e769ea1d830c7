"""The management port under gunicorn (IDP_MANAGEMENT_BIND): /metrics, /healthz and /readyz
answer there and not on the public port, which answers everything else; and /metrics there adds
up the server's processes (gunicorn's master and its workers)."""
from __future__ import annotations

import subprocess
import sys
import time

import pytest
import requests
from prometheus_client.parser import text_string_to_metric_families

from tests.conftest import free_port
from tests.support.servers import ROOT, environment, migrate, wait_until_up


@pytest.fixture
def two_ports(tmp_path):
    public, management = free_port(), free_port()
    env = environment(tmp_path, f"sqlite:///{tmp_path / 'idp.sqlite3'}", IDP_BIND=f"127.0.0.1:{public}",
                      IDP_MANAGEMENT_BIND=f"127.0.0.1:{management}", WEB_CONCURRENCY="2",
                      IDP_SERVER_ISSUER=f"http://127.0.0.1:{public}", PROMETHEUS_MULTIPROC_DIR=str(tmp_path / "metrics"))
    (tmp_path / "metrics").mkdir()
    migrate(env)
    log = tmp_path / "gunicorn.log"
    process = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", "config/gunicorn.conf.py"], cwd=ROOT, env=env,
                               stdout=log.open("w"), stderr=subprocess.STDOUT)
    try:
        wait_until_up(f"http://127.0.0.1:{management}/healthz", process, seconds=60)
        yield f"http://127.0.0.1:{public}", f"http://127.0.0.1:{management}"
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_health_and_metrics_answer_on_the_management_port_only(two_ports):
    public, management = two_ports
    for path in ("/metrics", "/healthz", "/readyz"):
        assert requests.get(management + path, timeout=10).status_code == 200, path
        assert requests.get(public + path, timeout=10).status_code == 404, path


def test_the_public_port_answers_everything_else_and_the_management_port_nothing_else(two_ports):
    public, management = two_ports
    assert requests.get(public + "/.well-known/openid-configuration", timeout=10).status_code == 200
    assert requests.get(public + "/en/signUp", timeout=10).status_code == 200
    assert requests.get(management + "/.well-known/openid-configuration", timeout=10).status_code == 404
    assert requests.get(management + "/en/signUp", timeout=10).status_code == 404


def _numbers(management: str) -> dict[str, float]:
    text = requests.get(management + "/metrics", timeout=10).text
    return {sample.name: sample.value for family in text_string_to_metric_families(text) for sample in family.samples}


def test_metrics_under_gunicorn_add_up_the_master_and_its_workers(two_ports):
    _, management = two_ports
    # gunicorn forks its workers one after the other: the second may still be on its way
    deadline = time.monotonic() + 30
    while (numbers := _numbers(management))["idp_processes"] < 3 and time.monotonic() < deadline:
        time.sleep(0.5)
    assert numbers["idp_processes"] == 3
    assert numbers["idp_process_resident_memory_bytes"] > 3 * 10_000_000
    assert numbers["idp_db_pool_capacity"] >= 1


def test_a_command_line_bind_that_drops_the_management_port_stops_gunicorn_saying_so(tmp_path):
    env = environment(tmp_path, f"sqlite:///{tmp_path / 'idp.sqlite3'}", IDP_MANAGEMENT_BIND=f"127.0.0.1:{free_port()}",
                      WEB_CONCURRENCY="1")
    stopped = subprocess.run([sys.executable, "-m", "gunicorn", "-c", "config/gunicorn.conf.py", "--bind", f"127.0.0.1:{free_port()}"],
                             cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert stopped.returncode != 0
    assert "IDP_MANAGEMENT_BIND" in stopped.stderr and "is not among the listeners" in stopped.stderr
