"""`make run IDP_PORT=… RP_PORT=…`, as the README documents it: the provider and the
reservations demo start on the ports given, and the demo's sign-in reaches the provider's
login UI (its redirect URI follows the port), not the "we cannot continue" page."""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

import requests

from tests.conftest import free_port
from tests.support.servers import wait_until_up

ROOT = Path(__file__).resolve().parents[2]


def test_make_run_on_other_ports_signs_in_through_the_demo(tmp_path):
    idp_port, rp_port = free_port(), free_port()
    # what make test exports for make run's default ports must not leak into this one
    env = {name: value for name, value in os.environ.items() if not name.startswith(("IDP_", "MAKE", "MFLAGS"))}
    env["IDP_INSTANCE_PATH"] = str(tmp_path)
    # UI_PACKAGES=all: the checkout's tests' tools stay installed (make run alone installs
    # the build's packages only, which would take them away from the tests running beside)
    process = subprocess.Popen(
        ["make", "--no-print-directory", "run", f"IDP_PORT={idp_port}", f"RP_PORT={rp_port}", "UI_PACKAGES=all"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        demo = f"http://localhost:{rp_port}"
        wait_until_up(f"http://localhost:{idp_port}/healthz", process)
        wait_until_up(demo, process)
        browser = requests.Session()
        asked = browser.post(f"{demo}/signin", allow_redirects=False, timeout=10)
        authorize = asked.headers["Location"]
        assert authorize.startswith(f"http://localhost:{idp_port}/authorize?")
        answer = browser.get(authorize, allow_redirects=False, timeout=10)
        assert (answer.status_code, answer.headers.get("Location")) == (303, "/en/")
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
