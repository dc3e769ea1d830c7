"""A client address that asked many anonymous codes lately shows a proof of work for each
further one (ALTCHA, solved by the browser; idp/flows/proof.py), a hard one past
limits.max_sends_per_ip: never a block nor a wait for the people who share it, a cost for a
flood. A person's own codes are never asked one."""

from __future__ import annotations

import base64
import json

import altcha
import pytest

from tests.support.journeys import SignUp
from tests.support.proof import solved

ADDRESS = "192.0.2.10"


@pytest.fixture(autouse=True)
def threshold(app, client, monkeypatch):
    """client: every browser's answers checked against the API's contract."""
    monkeypatch.setitem(app.config["IDP"]["limits"], "proof_of_work_after_sends", 2)
    monkeypatch.setitem(app.config["IDP"]["limits"], "proof_of_work_max_number", 2000)
    monkeypatch.setitem(app.config["IDP"]["limits"], "proof_of_work_hard_max_number", 4000)


def browser(app, outbox, address: str = ADDRESS, answer: str | None = None) -> SignUp:
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    if answer is not None:
        client.environ_base["HTTP_X_PROOF_OF_WORK"] = answer
    return SignUp(client, outbox)


def crowd(app, outbox, count: int = 2) -> None:
    for n in range(count):
        assert browser(app, outbox).send_email(email=f"crowd{n}@example.ca").status_code == 200


def asked(app, outbox) -> dict:
    answer = browser(app, outbox).send_email(email="asked@example.ca")
    assert (answer.status_code, answer.json["message"]) == (428, "43")
    return answer.json["data"]["challenge"]


def test_an_address_past_the_threshold_is_asked_a_proof_of_work_with_a_challenge(app, outbox, frozen):
    crowd(app, outbox)
    challenge = asked(app, outbox)
    assert set(challenge) == {"algorithm", "challenge", "maxNumber", "salt", "signature"}
    assert challenge["maxNumber"] == 2000


def test_a_code_asked_with_a_solved_challenge_is_sent(app, outbox, frozen):
    crowd(app, outbox)
    answer = solved(asked(app, outbox))
    assert browser(app, outbox, answer=answer).send_email(email="person@example.ca").status_code == 200
    assert outbox.messages(to="person@example.ca")


def test_an_answer_is_good_once(app, outbox, frozen):
    crowd(app, outbox)
    answer = solved(asked(app, outbox))
    browser(app, outbox, answer=answer).send_email(email="first@example.ca")
    again = browser(app, outbox, answer=answer).send_email(email="second@example.ca")
    assert (again.status_code, again.json["message"]) == (428, "43")


def test_a_wrong_number_is_no_answer(app, outbox, frozen):
    crowd(app, outbox)
    challenge = asked(app, outbox)
    wrong = solved(challenge, number=(solved_number(challenge) + 1) % 2001)
    assert browser(app, outbox, answer=wrong).send_email(email="person@example.ca").status_code == 428


def solved_number(challenge: dict) -> int:
    return json.loads(base64.b64decode(solved(challenge)))["number"]


def test_a_challenge_grows_stale_after_five_minutes(app, outbox, frozen):
    crowd(app, outbox)
    answer = solved(asked(app, outbox))
    frozen.shift(301)  # the address's window (600 s) is the same: it is still asked one
    assert browser(app, outbox, answer=answer).send_email(email="person@example.ca").status_code == 428


def test_a_challenge_signed_by_someone_else_is_no_answer(app, outbox, frozen):
    crowd(app, outbox)
    forged = altcha.create_challenge_v1(hmac_key="not the provider's", max_number=100).to_dict()
    assert browser(app, outbox, answer=solved(forged)).send_email(email="person@example.ca").status_code == 428


@pytest.mark.parametrize("garbage", ["x", "e30=", "WzFd", "NQ==", "é" * 10, "A" * 5000])
def test_an_answer_that_is_not_one_gets_a_fresh_challenge_not_a_failure(app, outbox, frozen, garbage):
    crowd(app, outbox)
    answer = browser(app, outbox, answer=garbage).send_email(email="person@example.ca")
    assert (answer.status_code, answer.json["message"]) == (428, "43")


def test_another_address_is_not_asked(app, outbox, frozen):
    crowd(app, outbox)
    assert browser(app, outbox, address="192.0.2.11").send_email(email="person@example.ca").status_code == 200


def test_the_threshold_counts_in_the_window(app, outbox, frozen):
    crowd(app, outbox)
    frozen.shift(app.config["IDP"]["limits"]["window_seconds"] + 1)
    assert browser(app, outbox).send_email(email="person@example.ca").status_code == 200


def test_a_persons_own_codes_are_never_asked_a_proof_of_work(app, outbox, returning_person, frozen):
    from tests.support.journeys import SignIn

    crowd(app, outbox)
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = ADDRESS
    assert SignIn(client, outbox).through("send").status_code == 200


def test_past_the_sends_of_an_address_the_proof_is_a_hard_one_and_never_a_wait(app, outbox, frozen, monkeypatch):
    monkeypatch.setitem(app.config["IDP"]["limits"], "max_sends_per_ip", 3)
    crowd(app, outbox)
    for n in range(5):
        challenge = asked(app, outbox)
        assert challenge["maxNumber"] == (2000 if n == 0 else 4000)
        sent = browser(app, outbox, answer=solved(challenge)).send_email(email=f"person{n}@example.ca")
        assert sent.status_code == 200


def test_an_answer_to_an_ordinary_challenge_does_not_pass_where_a_hard_one_is_asked(app, outbox, frozen, monkeypatch):
    from idp.flows import proof

    monkeypatch.setitem(app.config["IDP"]["limits"], "max_sends_per_ip", 2)
    crowd(app, outbox)
    with app.app_context():
        ordinary = proof.challenge(proof.ORDINARY)
    refused = browser(app, outbox, answer=solved(ordinary)).send_email(email="person@example.ca")
    assert (refused.status_code, refused.json["data"]["challenge"]["maxNumber"]) == (428, 4000)
