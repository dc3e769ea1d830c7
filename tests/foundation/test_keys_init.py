"""flask --app idp keys init PATH makes the first signing keys where the secret store keeps them:
outside the repository, readable by the owner only, never over existing keys, and before the
app could start (production refuses to start without the file it makes)."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from idp import create_app, keys
from tests.support.production import production_environment, set_production
from tests.support.servers import ROOT


def keys_init(tmp_path, *arguments: str) -> subprocess.CompletedProcess:
    # The operator's production environment, whose key file does not exist yet.
    environment = {**os.environ, **production_environment(tmp_path, write_keys=False)}
    return subprocess.run(
        [sys.executable, "-m", "flask", "--app", "idp", "keys", "init", *arguments],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_keys_init_writes_a_key_set_only_its_owner_can_read_and_production_starts_with_it(monkeypatch, tmp_path):
    made = keys_init(tmp_path, str(tmp_path / "signing_keys.json"))
    assert made.returncode == 0, made.stderr
    key_file = tmp_path / "signing_keys.json"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert [entry["alg"] for entry in json.loads(key_file.read_text())["keys"]] == ["RS256"]
    set_production(monkeypatch, tmp_path)
    assert create_app() is not None


def test_keys_init_makes_an_ec_key_beside_the_rsa_key_when_asked(tmp_path):
    assert keys_init(tmp_path, str(tmp_path / "k.json"), "--algorithm", "RS256", "--algorithm", "ES256").returncode == 0
    assert [entry["alg"] for entry in json.loads((tmp_path / "k.json").read_text())["keys"]] == ["RS256", "ES256"]


def test_keys_init_never_replaces_existing_keys(tmp_path):
    key_file = tmp_path / "signing_keys.json"
    key_file.write_text('{"keys": ["the live ones"]}')
    refused = keys_init(tmp_path, str(key_file))
    assert refused.returncode != 0
    assert refused.stderr.strip() == f"Error: {key_file} exists: keys init never replaces keys (use keys rotate)"
    assert key_file.read_text() == '{"keys": ["the live ones"]}'


def test_keys_init_refuses_a_path_inside_the_repository(tmp_path):
    refused = keys_init(tmp_path, "signing_keys.json")
    assert refused.returncode != 0
    assert "is inside the repository" in refused.stderr
    assert not (ROOT / "signing_keys.json").exists()


@pytest.mark.parametrize("path", ["signing_keys.json", "config/signing_keys.production.json"])
def test_git_ignores_a_key_file_left_in_the_repository(path):
    assert subprocess.run(["git", "check-ignore", "-q", path], cwd=ROOT).returncode == 0


def test_processes_starting_together_on_a_new_instance_keep_one_key_file(tmp_path):
    # make test's management-port test met it: the web and the management process both made
    # the development key file, and one renamed the other's half-written copy away.
    path = tmp_path / "signing_keys.json"
    made = [[keys.new_key_entry()] for _ in range(8)]
    start = threading.Barrier(len(made))

    def create(entries):
        start.wait()
        return keys.KeyFile(path).create(entries)

    with ThreadPoolExecutor(len(made)) as pool:
        created = list(pool.map(create, made))
    assert created.count(True) == 1
    assert json.loads(path.read_text())["keys"] == made[created.index(True)]
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [entry.name for entry in tmp_path.iterdir()] == ["signing_keys.json"]
