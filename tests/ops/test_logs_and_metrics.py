"""What operators read, from production's web server (granian, two workers) through a whole journey: one JSON line
per request with its correlation id, security events with account, address and user agent,
no secret and no e-mail address anywhere; /metrics adds up every worker's counts."""

from __future__ import annotations

import json
import re

import pytest
import requests

from tests.support.full_journey import EMAIL, NEW_PASSWORD, PHONE, FullJourney
from tests.support.servers import Server, environment, migrate, token_request


@pytest.fixture(scope="module")
def journey_logs(tmp_path_factory):
    """Runs the journey once; answers (the journey, the server's log lines, its /metrics)."""
    folder = tmp_path_factory.mktemp("logs")
    # The sixth wrong password in a row is both throttled and, here, the last one allowed.
    env = environment(folder, f"sqlite:///{folder / 'logs.sqlite3'}", IDP_PASSWORD_MAX_CONSECUTIVE_FAILURES="6")
    migrate(env)
    server = Server(folder, env, production=True).start()
    try:
        journey = FullJourney([server.url], server.url)
        tokens = journey.run()
        replayed_code = token_request(
            server.url, grant_type="authorization_code", code=tokens["code"], redirect_uri="https://rp.example/callback"
        )
        assert replayed_code.status_code == 400
        third = journey.single_sign_on()
        journey.refresh(third["refresh_token"])
        assert (
            token_request(server.url, grant_type="refresh_token", refresh_token=third["refresh_token"]).status_code
            == 400
        )
        assert journey.post("/profile/name", firstName="Jeanne", lastName="Tremblay-Roy").status_code == 200
        assert journey.post("/logout").status_code == 200
        journey.recover()
        # a guesser's browser, not the person's trusted device: its failures meet the cap
        guesser = requests.Session()
        for _ in range(6):
            guesser.post(
                f"{server.url}/v1/otp/users/login",
                json={"userName": EMAIL, "password": "Wrong-Password-Again-1"},
                headers={"Origin": server.url},
                timeout=60,
            )
        metrics = requests.get(f"{server.url}/metrics", timeout=30).text
    finally:
        server.stop()
    return journey, server.lines(), metrics


def _records(lines: list[str]) -> list[dict]:
    return [json.loads(line) for line in lines]


def _events(lines: list[str]) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for record in _records(lines):
        if record["logger"] == "idp.security":
            found.setdefault(record["event"], []).append(record)
    return found


def test_every_log_line_is_json(journey_logs):
    _, lines, _ = journey_logs
    assert lines and all(isinstance(record, dict) for record in _records(lines))


def test_no_log_line_holds_a_secret_or_the_email_address_or_phone_number(journey_logs):
    journey, lines, _ = journey_logs
    text = "\n".join(lines)
    looked_for = journey.secrets | {EMAIL, EMAIL.split("@")[0], PHONE, PHONE[2:], NEW_PASSWORD}
    assert len(journey.secrets) > 15
    assert [secret for secret in looked_for if secret and secret in text] == []


def test_each_request_has_one_line_with_its_route_status_and_correlation_id(journey_logs):
    journey, lines, _ = journey_logs
    requests_logged = [record for record in _records(lines) if record["logger"] == "idp.requests"]
    by_id = {record["correlation_id"]: record for record in requests_logged}
    for answer in journey.answers:
        record = by_id[answer.headers["X-Correlation-ID"]]
        assert record["status"] == answer.status_code
        assert record["path"] == answer.request.path_url.split("?")[0]
        assert record["ip"] == "127.0.0.1" and record["duration_ms"] >= 0


def test_a_code_transaction_carries_the_correlation_id_of_the_request_that_sent_it(journey_logs):
    journey, _, _ = journey_logs
    sends = [answer for answer in journey.answers if answer.request.path_url == "/v1/otp/transient_otp/send"]
    assert sends
    for answer in sends:
        assert answer.json()["data"]["correlationID"] == answer.headers["X-Correlation-ID"]


def test_login_hint_and_id_token_hint_are_masked_in_request_lines(journey_logs):
    _, lines, _ = journey_logs
    queries = [(record["route"], record["query"]) for record in _records(lines) if record["logger"] == "idp.requests"]
    assert any(route == "/authorize" and "login_hint=%5Bredacted%5D" in query for route, query in queries)
    assert any(route == "/logout" and "id_token_hint=%5Bredacted%5D" in query for route, query in queries)


@pytest.mark.parametrize(
    "event",
    [
        "signup_completed",
        "signin_completed",
        "password_wrong",
        "code_wrong",
        "sessions_ended",
        "name_changed",
        "authorization_code_replayed",
        "refresh_token_replayed",
        "recovery_requested",
        "password_reset",
        "recovery_completed",
        "account_locked",
    ],
)
def test_security_events_name_the_account_the_address_and_the_user_agent(journey_logs, event):
    _, lines, _ = journey_logs
    (first, *_) = _events(lines)[event]
    assert re.fullmatch(r"[0-9a-f-]{36}", first["account_id"])
    assert first["ip"] == "127.0.0.1"
    assert first["user_agent"].startswith("python-requests/")
    assert first["time"] and first["correlation_id"]


def test_a_throttled_run_of_wrong_passwords_is_an_event(journey_logs):
    _, lines, _ = journey_logs
    throttled = [(event["limit"], event["failures"], event["ip"]) for event in _events(lines)["throttled"]]
    assert ("account", 6, "127.0.0.1") in throttled


def test_a_replay_is_followed_by_the_revocation_it_caused(journey_logs):
    _, lines, _ = journey_logs
    events = _events(lines)
    for replay in ("authorization_code_replayed", "refresh_token_replayed"):
        (replayed,) = events[replay]
        revoked = [
            record for record in events["tokens_revoked"] if record["correlation_id"] == replayed["correlation_id"]
        ]
        assert len(revoked) == 1 and revoked[0]["tokens_revoked"] >= 1 and revoked[0]["reason"] == "replayed"


def test_metrics_add_up_the_counts_of_every_web_worker(journey_logs):
    _, _, metrics = journey_logs
    assert 'idp_security_events_total{event="signup_completed"} 1.0' in metrics
    assert 'idp_security_events_total{event="signin_completed"} 1.0' in metrics
    assert 'idp_tokens_issued_total{grant_type="authorization_code"} 3.0' in metrics
    assert 'idp_codes_sent_total{channel="sms"}' in metrics
    assert re.search(r'idp_http_requests_total\{method="POST",route="/token",status="200"\} [4-9]\.0', metrics)
    assert 'idp_http_request_duration_seconds_bucket{le="0.5",route="/authorize"}' in metrics


def test_the_development_server_prints_no_unmasked_request_line(tmp_path):
    env = environment(tmp_path, f"sqlite:///{tmp_path / 'dev.sqlite3'}")
    migrate(env)
    server = Server(tmp_path, env).start()
    try:
        requests.get(f"{server.url}/authorize", params={"login_hint": EMAIL, "client_id": "nobody"}, timeout=30)
    finally:
        server.stop()
    assert not [line for line in server.lines() if EMAIL.replace("@", "%40") in line or EMAIL in line]
    assert any('"route": "/authorize"' in line for line in server.lines())


def test_metrics_count_the_cpu_each_route_cost_the_app(journey_logs):
    _, _, metrics = journey_logs
    spent = {
        route: float(value)
        for route, value in re.findall(r'idp_http_request_cpu_seconds_total\{route="([^"]+)"\} (\S+)', metrics)
    }
    # the password's hash alone is milliseconds of CPU at each sign-in
    assert spent["/v1/otp/users/login"] > 0.01 and spent["/token"] > 0 and spent["/authorize"] > 0


def test_metrics_count_the_password_hashes_and_their_cpu(journey_logs):
    _, _, metrics = journey_logs
    hashes = float(re.search(r"^idp_password_hashes_total (\S+)$", metrics, re.M).group(1))
    cpu = float(re.search(r"^idp_password_hash_cpu_seconds_total (\S+)$", metrics, re.M).group(1))
    # the journey's sign-up hashes a password and its sign-in checks it: milliseconds of CPU each
    assert hashes >= 2 and cpu > 0.005 * hashes
