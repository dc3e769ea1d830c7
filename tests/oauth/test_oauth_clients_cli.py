"""flask --app idp clients check / clients new: the integrators' tools for the clients file."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

from joserfc import jwt
from joserfc.jwk import ECKey, KeySet

from idp.clients.file import check_clients
from tests.support.production import CONFORMANCE_CLIENT

ROOT = Path(__file__).resolve().parents[2]
# the demo's table, without the development-only conformance client
SHIPPED = (ROOT / "config" / "clients.toml").read_text(encoding="utf-8").split(CONFORMANCE_CLIENT)[0]


def flask(
    *args: str, clients_file: Path | None = None, environment: str = "development"
) -> subprocess.CompletedProcess:
    env = {"PATH": "/usr/bin:/bin", "IDP_SERVER_ENVIRONMENT": environment}
    if clients_file is not None:
        env["IDP_CLIENTS_FILE"] = str(clients_file)
    return subprocess.run(
        [sys.executable, "-m", "flask", "--app", "idp", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_check_says_the_shipped_file_is_sound_in_development():
    done = flask("clients", "check")
    assert done.returncode == 0, done.stderr
    assert "2 client(s), no problem (development)" in done.stdout


def test_check_prints_one_line_per_problem_and_fails(tmp_path):
    broken = SHIPPED.replace('title_fr = "Service de réservations"', "") + SHIPPED.replace(
        "[clients.reservations", "[clients.other"
    ).replace('redirect_uris = ["http://localhost:5001/callback"]', 'redirect_uris = ["https://*.example.ca/cb"]')
    path = tmp_path / "clients.toml"
    path.write_text(broken, encoding="utf-8")
    done = flask("clients", "check", clients_file=path)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        "clients file: clients.reservations.service.title_fr must be a non-empty string",
        "clients file: clients.other.redirect_uris must be written out in full, in lower-case, without wildcards "
        "(got 'https://*.example.ca/cb')",
    ]


def test_check_lists_every_problem_of_every_client_not_only_the_first(tmp_path):
    broken = (
        SHIPPED.replace('title_fr = "Service de réservations"', "")
        .replace('redirect_uris = ["http://localhost:5001/callback"]', 'redirect_uris = ["https://*.example.ca/cb"]')
        .replace('subject_type = "public"', 'colour = "blue"\nsubject_type = "secret"')
    )
    path = tmp_path / "clients.toml"
    path.write_text(
        broken + SHIPPED.replace("[clients.reservations", "[clients.other").replace("id = 1", "id = 0"),
        encoding="utf-8",
    )
    done = flask("clients", "check", clients_file=path)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        "clients file: clients.reservations.colour is not a known key",
        "clients file: clients.reservations.subject_type must be public or pairwise",
        "clients file: clients.reservations.redirect_uris must be written out in full, in lower-case, "
        "without wildcards "
        "(got 'https://*.example.ca/cb')",
        "clients file: clients.reservations.service.title_fr must be a non-empty string",
        "clients file: clients.other.service.id must be a whole number above 0",
    ]


def test_check_in_production_refuses_the_demos_http_addresses():
    done = flask("clients", "check", environment="production")
    assert done.returncode == 1 and "must be https" in done.stderr and "Traceback" not in done.stderr


def test_a_bad_clients_file_stops_start_up_with_one_line(tmp_path):
    path = tmp_path / "clients.toml"
    path.write_text("[clients.x]\nredirect_uris = 5\n", encoding="utf-8")
    done = flask("routes", clients_file=path)
    assert done.returncode != 0
    assert done.stderr.strip().splitlines()[-1].startswith("Error: idp cannot start: clients file: clients.x")
    assert "Traceback" not in done.stderr


def test_new_prints_a_table_that_checks_and_a_private_key_that_signs_for_it(tmp_path):
    done = flask("clients", "new", "bookings")
    assert done.returncode == 0, done.stderr
    table, private_line = done.stdout.rsplit("\n# It is shown once", 1)
    private = ECKey.import_key(json.loads(private_line.strip().splitlines()[-1]))
    path = tmp_path / "clients.toml"
    path.write_text((ROOT / "config" / "clients.toml").read_text(encoding="utf-8") + "\n" + table, encoding="utf-8")
    found, problems = check_clients(path, "production", {"RESERVATIONS_CLIENT_SECRET": "s" * 40})
    assert [problem for problem in problems if "bookings" in problem] == []
    registered = tomllib.loads(path.read_text(encoding="utf-8"))["clients"]["bookings"]
    assert registered["token_endpoint_auth_method"] == "private_key_jwt" and registered["service"]["id"] == 3
    assert not any(field in registered["jwks"]["keys"][0] for field in ("d", "p", "q"))
    signed = jwt.encode({"alg": "ES256", "kid": private.kid}, {"iss": "bookings"}, private)
    assert jwt.decode(signed, KeySet.import_key_set(registered["jwks"])).claims == {"iss": "bookings"}


def test_new_refuses_a_name_already_registered():
    done = flask("clients", "new", "reservations")
    assert done.returncode != 0 and "already registers reservations" in done.stderr


def test_new_proposes_a_service_id_that_no_client_uses_not_even_one_this_environment_refuses():
    # in production the development-only conformance client is refused, yet its id 2 is taken
    done = flask("clients", "new", "bookings", environment="production")
    assert done.returncode == 0, done.stderr
    table = tomllib.loads(done.stdout.split("\n# The service's private key")[0])
    assert table["clients"]["bookings"]["service"]["id"] == 3


def test_new_refuses_the_name_of_a_client_this_environment_refuses():
    done = flask("clients", "new", "conformance", environment="production")
    assert done.returncode != 0 and "already registers conformance" in done.stderr
