"""Wrong passwords slow a guesser down without locking the owner out (OWASP ASVS 5.0 V6.3,
NIST SP 800-63B §3.2.2): growing waits per account for browsers that are not a trusted
device of it, a proof of work per try at a client address where many failed, a run of its
own for a trusted device, the same
answers for an address without an account, and recovery after 100 failures in a row."""

from __future__ import annotations

import pytest

from tests.support.journeys import EMAIL, PASSWORD, PHONE, SignIn, wrong
from tests.support.proof import with_proof

WRONG = "Not-The-Password-123"
UNKNOWN = "nobody@example.ca"


@pytest.fixture
def account(returning_person, frozen):
    return returning_person


def answers(signin, n, email=EMAIL, password=WRONG):
    return [
        (r.status_code, r.json["message"], r.json["data"].get("retryAfter"))
        for r in (signin.login(email=email, password=password) for _ in range(n))
    ]


def test_wrong_passwords_up_to_the_free_ones_are_answered_plainly(signin, account):
    assert answers(signin, 5) == [(401, "19", None)] * 5


def test_past_the_free_ones_the_next_try_waits_without_the_password_being_tried(signin, account, frozen):
    answers(signin, 6)
    assert answers(signin, 1, password=PASSWORD) == [(429, "18", 30)]
    frozen.shift(30)
    assert signin.login().status_code == 200


def test_each_failure_past_the_free_ones_doubles_the_wait_up_to_the_longest(signin, account, frozen):
    answers(signin, 5)
    waits = []
    for _ in range(7):
        answers(signin, 1)
        waits.append(answers(signin, 1)[0][2])
        frozen.shift(waits[-1])
    assert waits == [30, 60, 120, 240, 480, 900, 900]


def test_an_address_without_an_account_is_answered_exactly_like_one(signin, account, frozen):
    known = answers(signin, 8)
    frozen.shift(3600)
    unknown = answers(signin, 8, email=UNKNOWN)
    assert known == unknown


def test_a_guesser_elsewhere_does_not_lock_out_a_trusted_device(signin, account, app, outbox):
    signin.through("verify")
    guesser = SignIn(app.test_client(), outbox)
    answers(guesser, 8)
    assert answers(guesser, 1, password=PASSWORD)[0][:2] == (429, "18")
    assert signin.login().status_code == 200


def test_a_trusted_device_runs_its_own_count(signin, account):
    signin.through("verify")
    answers(signin, 6)
    assert answers(signin, 1, password=PASSWORD)[0][:2] == (429, "18")


def test_past_the_failures_of_a_client_address_each_try_there_costs_a_proof_of_work(signin, account, app, monkeypatch):
    monkeypatch.setitem(app.config["IDP"]["password"], "max_failures_per_ip", 3)
    for n in range(3):
        signin.login(email=f"person{n}@example.ca", password=WRONG)
    asked = signin.login()
    assert (asked.status_code, asked.json["message"]) == (428, "43")
    assert asked.json["data"]["challenge"]["maxNumber"] == app.config["IDP"]["limits"]["proof_of_work_max_number"]


def test_a_person_beside_a_guesser_never_waits_whatever_the_guessers_failures(
    signin, account, app, monkeypatch, frozen
):
    monkeypatch.setitem(app.config["IDP"]["password"], "max_failures_per_ip", 3)
    for n in range(20):
        answer = with_proof(lambda n=n: signin.login(email=f"person{n}@example.ca", password=WRONG), signin.client)
        assert (answer.status_code, answer.json["message"]) == (401, "19")
    signed_in = with_proof(signin.login, signin.client)
    assert signed_in.status_code == 200  # at once: no wait, a proof of work the browser solved


def test_a_trusted_device_is_spared_the_throttle_of_its_address(signin, account, app, monkeypatch):
    signin.through("verify")
    monkeypatch.setitem(app.config["IDP"]["password"], "max_failures_per_ip", 3)
    for n in range(3):
        signin.login(email=f"person{n}@example.ca", password=WRONG)
    assert signin.login().status_code == 200


def test_a_completed_sign_in_ends_the_run(signin, account):
    answers(signin, 5)
    signin.through("verify")
    signin.client.delete_cookie("idp_device")
    assert answers(signin, 5) == [(401, "19", None)] * 5


def test_a_right_password_alone_does_not_end_the_run(signin, account):
    answers(signin, 5)
    assert signin.login().status_code == 200
    answers(signin, 1)
    assert answers(signin, 1)[0][:2] == (429, "18")


def test_wrong_codes_after_the_password_count_in_the_same_run(signin, account, outbox):
    answers(signin, 4)
    signin.through("send")
    signin.verify(code=wrong(outbox.code(PHONE)))
    signin.verify(code=wrong(outbox.code(PHONE)))
    assert answers(signin, 1, password=PASSWORD)[0][:2] == (429, "18")


@pytest.fixture
def few_failures_allowed(app, monkeypatch):
    """The cap of consecutive failures, lowered from 100 so the test stays short."""
    monkeypatch.setitem(app.config["IDP"]["password"], "max_consecutive_failures", 8)


def fail_to_the_cap(signin, frozen, email=EMAIL):
    for _ in range(8):
        signin.login(email=email, password=WRONG)
        frozen.shift(900)


def test_after_the_cap_of_failures_the_account_needs_recovery(signin, account, few_failures_allowed, frozen, outbox):
    fail_to_the_cap(signin, frozen)
    frozen.shift(86400)
    locked = signin.login()
    assert (locked.status_code, locked.json["message"]) == (403, "37")
    notice = outbox.last(EMAIL)
    assert (notice.subject, notice.code) == ("Votre compte est verrouillé", None)


def test_an_address_without_an_account_reaches_the_cap_alike_and_nobody_is_told(
    signin, account, few_failures_allowed, frozen, outbox
):
    fail_to_the_cap(signin, frozen, email=UNKNOWN)
    assert signin.login(email=UNKNOWN).json["message"] == "37"
    assert outbox.messages(UNKNOWN) == []


def test_recovery_unlocks_the_account(signin, account, few_failures_allowed, frozen, outbox, client):
    from tests.api.account_helpers import NEW_PASSWORD, post

    fail_to_the_cap(signin, frozen)
    post(client, "/recovery/send", userName=EMAIL, language="eng")
    post(client, "/recovery/verify", otp=outbox.code(EMAIL))
    post(client, "/recovery/code/verify", otp=outbox.code(PHONE))
    assert post(client, "/recovery/password", password=NEW_PASSWORD).status_code == 200
    post(client, "/logout")
    assert signin.login(password=NEW_PASSWORD).status_code == 200


def test_the_cap_leaves_the_owners_trusted_device_a_way_in(signin, account, few_failures_allowed, frozen, outbox, app):
    trusted = SignIn(app.test_client(), outbox)
    trusted.through("verify")
    trusted.post("/logout")
    fail_to_the_cap(signin, frozen)
    assert signin.login().json["message"] == "37"
    assert trusted.login().status_code == 200
    assert trusted.send().status_code == 200
    assert trusted.verify().status_code == 200


def test_a_trusted_devices_failures_do_not_count_toward_the_cap(
    signin, account, few_failures_allowed, frozen, outbox, app
):
    trusted = SignIn(app.test_client(), outbox)
    trusted.through("verify")
    trusted.post("/logout")
    fail_to_the_cap(trusted, frozen)
    assert signin.login().status_code == 200
