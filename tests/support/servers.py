"""The product as real processes on free ports: the development server (`make run`'s) or
production's web server (config/web.py: granian) with, if asked, its management process, each
with its own environment and log file, and helpers for the relying-service side of OpenID
Connect."""

from __future__ import annotations

import atexit
import base64
import contextlib
import functools
import hashlib
import json
import os
import secrets
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import requests

from idp import keys
from tests.conftest import free_port

ROOT = Path(__file__).resolve().parents[2]
CLIENT_ID = "ops-test"
CLIENT_SECRET = "ops-test-client-secret-0123456789abcdef"
REDIRECT_URI = "https://rp.example/callback"
POST_LOGOUT_URI = "https://rp.example/"

CLIENTS = f"""
[clients.{CLIENT_ID}]
client_secret_env = "OPS_TEST_CLIENT_SECRET"
redirect_uris = ["{REDIRECT_URI}"]
post_logout_redirect_uris = ["{POST_LOGOUT_URI}"]
scopes = ["openid", "profile", "email", "phone", "offline_access"]

[clients.{CLIENT_ID}.service]
id = 1
url = "{POST_LOGOUT_URI}"
title_en = "Test service"
title_fr = "Service d'essai"
"""


def environment(folder: Path, database_url: str, **extra: str) -> dict[str, str]:
    """A development environment of the identity provider in folder, on database_url."""
    clients = folder / "clients.toml"
    clients.write_text(CLIENTS, encoding="utf-8")
    # `make test` exports the issuer of `make run`: each server here is its own issuer
    # (Server) unless extra names a shared one.
    inherited = {
        name: value for name, value in os.environ.items() if name not in ("IDP_TEST_DATABASE_URL", "IDP_SERVER_ISSUER")
    }
    return {
        **inherited,
        "IDP_SERVER_ENVIRONMENT": "development",
        "IDP_SERVER_SECRET_KEY": "ops-test-secret-key-shared-by-every-instance-0123",
        "IDP_INSTANCE_PATH": str(folder),
        "IDP_CLIENTS_FILE": str(clients),
        "OPS_TEST_CLIENT_SECRET": CLIENT_SECRET,
        "DATABASE_URL": database_url,
        **extra,
    }


def wait_until_up(url: str, process: subprocess.Popen, seconds: float = 90) -> None:
    """Until url answers at all; fails at once when the process has exited."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert process.poll() is None, f"the process serving {url} exited early"
        try:
            requests.get(url, timeout=1)
            return
        except requests.ConnectionError:
            time.sleep(0.3)
    raise AssertionError(f"{url} did not start")


def delivered_in_a_fresh_process(tmp_path: Path, channel: str, loaded_later: tuple[str, ...], **env: str) -> None:
    """A development app in a process of its own finds none of `loaded_later` imported, delivers
    one message on `channel` through its provider, then finds them all: a web worker, which only
    queues messages, never carries what the delivery needs."""
    script = (
        "import sys\n"
        "from idp import create_app\n"
        "from idp.notify.providers import Message\n"
        "app = create_app()\n"
        f"later = {loaded_later!r}\n"
        "assert not [name for name in later if name in sys.modules], 'loaded with the app'\n"
        "with app.app_context():\n"
        f"    app.extensions['idp_notify'][{channel!r}].deliver(\n"
        f"        Message({channel!r}, '+16132345678', 'en', '', 'Your code is 1, 2.', '12'))\n"
        "assert all(name in sys.modules for name in later)\n"
    )
    env = {
        "IDP_SERVER_ENVIRONMENT": "development",
        "IDP_INSTANCE_PATH": str(tmp_path),
        "DATABASE_URL": f"sqlite:///{tmp_path}/db.sqlite3",
        "PATH": "/usr/bin:/bin",
        **env,
    }
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]


def migrate(env: dict[str, str]) -> None:
    """env's database at the latest revision, by `flask db upgrade`. A SQLite database not made
    yet is a copy of one this test process migrated so once: the migrations cost seconds of each
    server's start, dozens of times a run."""
    database = env["DATABASE_URL"].removeprefix("sqlite:///")
    if database == env["DATABASE_URL"] or Path(database).exists():
        _upgrade(env)
        return
    with (
        contextlib.closing(sqlite3.connect(_migrated_sqlite())) as source,
        contextlib.closing(sqlite3.connect(database)) as copy,
    ):
        source.backup(copy)


def _upgrade(env: dict[str, str]) -> None:
    subprocess.run(
        [sys.executable, "-m", "flask", "--app", "idp", "db", "upgrade"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )


@functools.cache
def _migrated_sqlite() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="idp-migrated-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    _upgrade(environment(folder, f"sqlite:///{folder / 'migrated.sqlite3'}"))
    return folder / "migrated.sqlite3"


class Server:
    """One server process; its issuer is its own address unless env names another."""

    def __init__(self, folder: Path, env: dict[str, str], name: str = "idp", production: bool = False):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = folder / f"{name}.log"
        self.env = {"IDP_SERVER_ISSUER": self.url, **env}
        if production:
            self.command = [sys.executable, "config/web.py"]
            self.env["IDP_BIND"] = f"127.0.0.1:{self.port}"
            self.env.setdefault("WEB_CONCURRENCY", "2")
            self.env.setdefault("PROMETHEUS_MULTIPROC_DIR", str(folder / f"{name}-metrics"))
        else:
            self.command = [
                sys.executable,
                "-m",
                "flask",
                "--app",
                "idp",
                "run",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
            ]
        self.process: subprocess.Popen | None = None

    def start(self, ready_path: str = "/healthz") -> Server:
        """Once ready_path answers 200."""
        return self.launch().ready(ready_path)

    def launch(self) -> Server:
        """The process started, not waited for: several servers start side by side (launch each, then
        ready each), each taking seconds to import the app."""
        # in a session of its own, so that stop() ends every process of it, workers included
        self.process = subprocess.Popen(
            self.command,
            cwd=ROOT,
            env=self.env,
            stdout=self.log.open("w"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        return self

    def ready(self, ready_path: str = "/healthz") -> Server:
        """Once the launched process answers 200 at ready_path."""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.url} exited early:\n{self.log.read_text()[-3000:]}")
            try:
                if requests.get(f"{self.url}{ready_path}", timeout=1).status_code == 200:
                    return self
            except requests.ConnectionError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"{self.url} did not start:\n{self.log.read_text()[-3000:]}")

    def stop(self) -> None:
        """TERM, as an operator's systemd would; then whatever of its session is left is killed:
        a worker still finishing when its master was killed, or was slower than its master, would
        outlive the test, a server of nobody's on the machine (one did, in a run of .ci/run)."""
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)

    def lines(self) -> list[str]:
        return self.log.read_text(encoding="utf-8").splitlines()


class Management(Server):
    """The management process (`flask --app idp management serve`) beside a production server,
    in its environment: the IDP_MANAGEMENT_BIND it names, its IDP_BIND and PROMETHEUS_MULTIPROC_DIR."""

    def __init__(self, folder: Path, web: Server, name: str = "management"):
        super().__init__(folder, web.env, name=name)
        self.port = int(web.env["IDP_MANAGEMENT_BIND"].rpartition(":")[2])
        self.url = f"http://127.0.0.1:{self.port}"
        self.command = [sys.executable, "-m", "flask", "--app", "idp", "management", "serve"]


def start_instances(folder: Path, database_url: str, **shared: str) -> list[Server]:
    """Two production servers, a and b, over one database, sharing one signing-keys file and the
    settings in shared (one issuer: set IDP_SERVER_ISSUER); a migrates the database first."""
    key_file = folder / "signing_keys.json"
    key_file.write_text(json.dumps({"keys": [keys.new_key_entry()]}), encoding="utf-8")
    servers: list[Server] = []
    try:
        for name in ("a", "b"):
            (folder / name).mkdir()
            env = environment(folder / name, database_url, IDP_SIGNING_KEYS_FILE=str(key_file), **shared)
            if not servers:
                migrate(env)
            servers.append(Server(folder / name, env, name=name, production=True).launch())
        for server in servers:
            server.ready()
    except Exception:
        for server in servers:
            server.stop()
        raise
    return servers


def outbox_code(server_url: str, to: str) -> str:
    messages = requests.get(f"{server_url}/dev/outbox.json", timeout=10).json()["messages"]
    return next(message["code"] for message in messages if message["to"] == to and message["code"])


class Pkce:
    def __init__(self):
        self.verifier = secrets.token_urlsafe(48)
        digest = hashlib.sha256(self.verifier.encode()).digest()
        self.challenge = base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def authorize_params(pkce: Pkce, scope: str = "openid profile email phone", **extra: str) -> dict[str, str]:
    return {
        "response_type": "code",
        "client_id": CLIENT_ID,
        "redirect_uri": REDIRECT_URI,
        "scope": scope,
        "state": secrets.token_urlsafe(8),
        "nonce": secrets.token_urlsafe(8),
        "code_challenge": pkce.challenge,
        "code_challenge_method": "S256",
        **extra,
    }


def code_from(location: str) -> str:
    assert location.startswith(REDIRECT_URI), location
    return parse_qs(urlsplit(location).query)["code"][0]


def token_request(base_url: str, **form: str) -> requests.Response:
    return requests.post(f"{base_url}/token", data=form, auth=(CLIENT_ID, CLIENT_SECRET), timeout=30)
