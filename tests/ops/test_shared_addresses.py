"""People who share a client address (an office, a library, a carrier's NAT) are not shut out
by what someone else does from it, nor made to wait: past its thresholds the address's
requests cost a proof of work. The real server, with clients bound to different loopback
addresses (127.0.0.2 the busy one, 127.0.0.3 its neighbour), on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
import requests
from requests.adapters import HTTPAdapter

from tests.support.proof import solved
from tests.support.servers import Server, environment, migrate

BUSY, NEIGHBOUR = "127.0.0.2", "127.0.0.3"


class FromAddress(HTTPAdapter):
    """Connections that leave from one source address."""

    def __init__(self, address: str):
        self.address = address
        super().__init__()

    def init_poolmanager(self, *args, **kwargs):
        kwargs["source_address"] = (self.address, 0)
        super().init_poolmanager(*args, **kwargs)


@pytest.fixture(params=["sqlite", "postgresql"])
def server(request, tmp_path):
    folder = tmp_path
    if request.param == "postgresql":
        database_url = request.getfixturevalue("scratch_postgres_url")
    else:
        database_url = f"sqlite:///{folder / 'idp.sqlite3'}"
    env = environment(
        folder,
        database_url,
        IDP_PASSWORD_MAX_FAILURES_PER_IP="3",
        IDP_LIMITS_PROOF_OF_WORK_AFTER_SENDS="2",
        IDP_LIMITS_PROOF_OF_WORK_MAX_NUMBER="2000",
    )
    migrate(env)
    running = Server(folder, env).start()
    yield running
    running.stop()


class Browser:
    def __init__(self, server: Server, address: str):
        self.server = server
        self.session = requests.Session()
        self.session.mount("http://", FromAddress(address))

    def post(self, path: str, proof: str | None = None, **body) -> requests.Response:
        headers = {"Origin": self.server.url, **({"X-Proof-Of-Work": proof} if proof else {})}
        response = self.session.post(f"{self.server.url}/v1{path}", json=body, headers=headers, timeout=30)
        assert response.status_code < 500, response.text
        return response

    def ask_email_code(self, email: str, proof: str | None = None) -> requests.Response:
        self.post("/signup/privacy")
        return self.post("/otp/transient_otp/send", proof, userName=email, otpType="email", language="eng")

    def code(self, to: str) -> str:
        messages = self.session.get(f"{self.server.url}/dev/outbox.json", timeout=30).json()["messages"]
        return next(message["code"] for message in messages if message["to"] == to and message["code"])


def test_failed_sign_ins_cost_their_address_a_proof_of_work_never_a_wait_and_leave_its_neighbour_alone(server):
    guesser = Browser(server, BUSY)
    answers = [
        guesser.post("/otp/users/login", userName=f"guess{n}@example.ca", password="Wrong-Password-123").status_code
        for n in range(4)
    ]
    assert answers == [401, 401, 401, 428]
    colleague = Browser(server, BUSY)
    asked = colleague.post("/otp/users/login", userName="colleague@example.ca", password="Right-Password-456")
    assert (asked.status_code, asked.json()["message"]) == (428, "43")
    tried = colleague.post(
        "/otp/users/login",
        solved(asked.json()["data"]["challenge"]),
        userName="colleague@example.ca",
        password="Right-Password-456",
    )
    assert tried.status_code == 401  # tried at once, not refused: no such account here
    neighbour = Browser(server, NEIGHBOUR).post(
        "/otp/users/login", userName="colleague@example.ca", password="Right-Password-456"
    )
    assert neighbour.status_code == 401


def test_a_busy_address_shows_a_proof_of_work_for_more_codes_and_its_neighbour_does_not(server):
    for n in range(2):
        assert Browser(server, BUSY).ask_email_code(f"crowd{n}@example.ca").status_code == 200
    asked = Browser(server, BUSY).ask_email_code("person@example.ca")
    assert (asked.status_code, asked.json()["message"]) == (428, "43")
    answer = solved(asked.json()["data"]["challenge"])
    assert Browser(server, BUSY).ask_email_code("person@example.ca", proof=answer).status_code == 200
    assert Browser(server, BUSY).ask_email_code("other@example.ca", proof=answer).status_code == 428  # once
    assert Browser(server, NEIGHBOUR).ask_email_code("neighbour@example.ca").status_code == 200


def test_a_person_typing_a_code_they_received_is_not_stopped_by_the_crowd_at_their_address(server):
    person = Browser(server, BUSY)
    sent = person.ask_email_code("typist@example.ca")
    assert sent.status_code == 200
    for n in range(3):
        Browser(server, BUSY).ask_email_code(f"crowd-later{n}@example.ca")
    verified = person.post(
        "/otp/transient_otp/verify",
        userName="typist@example.ca",
        otpType="email",
        otp=person.code("typist@example.ca"),
        trxnId=sent.json()["data"]["trxnId"],
    )
    assert verified.status_code == 200, verified.text
