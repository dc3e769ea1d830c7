"""Concurrent requests on PostgreSQL: counters lose nothing, one account per address, no 500."""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests

from idp.extensions import db
from idp.flows.credentials import passwords
from idp.models import LimitCounter, OtpTransaction, OutboxMessage, User
from idp.store import limits
from tests.support.journeys import EMAIL, PASSWORD

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(not os.environ.get("IDP_TEST_DATABASE_URL"), reason="IDP_TEST_DATABASE_URL is not set"),
]

HEADERS = {"Origin": "http://localhost:5000"}


class Browser:
    def __init__(self, server):
        self.server, self.http = server, requests.Session()

    def post(self, path: str, **body) -> requests.Response:
        return self.http.post(f"{self.server.url}/v1{path}", json=body, headers=HEADERS, timeout=60)

    def send_email_code(self) -> str:
        """A sign-up of EMAIL up to its e-mail code; answers the code's trxnId."""
        assert self.post("/signup/privacy").status_code == 200
        return self.post("/otp/transient_otp/send", userName=EMAIL, otpType="email").json()["data"]["trxnId"]


def _code(app, to: str) -> str:
    with app.app_context():
        return db.session.scalar(db.select(OutboxMessage.code).filter_by(to=to).order_by(OutboxMessage.id.desc()))


def _all_at_once(calls, workers: int = 50):
    with ThreadPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(lambda call: call(), calls))


def test_fifty_concurrent_wrong_codes_count_exactly_fifty(app, live_server, monkeypatch):
    monkeypatch.setitem(app.config["IDP"]["otp"], "max_attempts", 1000)
    monkeypatch.setitem(app.config["IDP"]["limits"], "max_wrong_codes", 1000)
    browser = Browser(live_server)
    trxn = browser.send_email_code()
    guess = "000000" if _code(app, EMAIL) != "000000" else "111111"
    answers = _all_at_once(
        [lambda: browser.post("/otp/transient_otp/verify", userName=EMAIL, otpType="email", otp=guess, trxnId=trxn)]
        * 50
    )
    assert {answer.status_code for answer in answers} == {400}
    with app.app_context():
        assert db.session.get(OtpTransaction, trxn).attempts == 50
    with app.test_request_context():
        key = limits.key("wrong-anonymous", EMAIL)
        assert db.session.get(LimitCounter, key).count == 50


def test_fifty_concurrent_wrong_codes_never_let_a_code_through_nor_fail(app, live_server):
    browser = Browser(live_server)
    trxn = browser.send_email_code()
    guess = "000000" if _code(app, EMAIL) != "000000" else "111111"
    answers = _all_at_once(
        [lambda: browser.post("/otp/transient_otp/verify", userName=EMAIL, otpType="email", otp=guess, trxnId=trxn)]
        * 50
    )
    assert all(400 <= answer.status_code < 500 for answer in answers)
    assert {answer.json()["message"] for answer in answers} <= {"14", "16", "17"}
    right = browser.post(
        "/otp/transient_otp/verify", userName=EMAIL, otpType="email", otp=_code(app, EMAIL), trxnId=trxn
    )
    assert right.status_code in (400, 429)


def test_a_code_verified_twenty_times_at_once_is_accepted_once(app, live_server):
    browser = Browser(live_server)
    trxn = browser.send_email_code()
    code = _code(app, EMAIL)
    answers = _all_at_once(
        [lambda: browser.post("/otp/transient_otp/verify", userName=EMAIL, otpType="email", otp=code, trxnId=trxn)] * 20
    )
    assert sorted(answer.status_code for answer in answers).count(200) == 1
    assert all(answer.status_code < 500 for answer in answers)


def test_concurrent_sign_ups_of_one_address_make_exactly_one_account(app, live_server):
    browsers = [Browser(live_server) for _ in range(8)]
    transactions = []
    for browser in browsers:
        trxn = browser.send_email_code()
        verified = browser.post(
            "/otp/transient_otp/verify", userName=EMAIL, otpType="email", otp=_code(app, EMAIL), trxnId=trxn
        )
        assert verified.status_code == 200
        transactions.append(trxn)
    answers = _all_at_once(
        [
            (
                lambda browser=browser, trxn=trxn: browser.post(
                    "/users/create", userName=EMAIL, password=PASSWORD, trxnId=trxn
                )
            )
            for browser, trxn in zip(browsers, transactions, strict=True)
        ]
    )
    assert sorted(answer.status_code for answer in answers) == [200] + [409] * 7
    assert {answer.json()["message"] for answer in answers if answer.status_code == 409} == {"31"}
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(User)) == 1


def test_thirty_concurrent_wrong_passwords_for_one_account_get_exactly_the_allowance(app, live_server):
    with app.app_context():
        user = User(
            email=EMAIL,
            email_verified=True,
            password_hash=passwords.hash_password(PASSWORD),
            first_name="Jeanne",
            last_name="Tremblay",
            language="fr",
        )
        db.session.add(user)
        db.session.commit()
    free = app.config["IDP"]["password"]["throttle_after"]
    browsers = [Browser(live_server) for _ in range(30)]
    answers = _all_at_once(
        [
            (lambda browser=browser: browser.post("/otp/users/login", userName=EMAIL, password="Not-The-Password-123"))
            for browser in browsers
        ],
        workers=30,
    )
    statuses = sorted(answer.status_code for answer in answers)
    # the free tries and the one past them are tried; every other waits, its password untried
    assert statuses == [401] * (free + 1) + [429] * (30 - free - 1)


def test_thirty_concurrent_sign_ups_of_one_address_put_exactly_its_day_in_the_mailbox(app, live_server, monkeypatch):
    """Each read the day open at once; the day takes each message before it goes, so they take turns."""
    monkeypatch.setitem(app.config["IDP"]["limits"], "max_messages_per_destination_per_day", "email:5,sms:20,voice:10")
    for free in ("max_sends", "proof_of_work_after_sends", "max_sends_per_ip"):
        monkeypatch.setitem(app.config["IDP"]["limits"], free, 1000)
    browsers = [Browser(live_server) for _ in range(30)]
    for browser in browsers:
        assert browser.post("/signup/privacy").status_code == 200
    answers = _all_at_once(
        [
            (lambda browser=browser: browser.post("/otp/transient_otp/send", userName=EMAIL, otpType="email"))
            for browser in browsers
        ],
        workers=30,
    )
    assert {answer.status_code for answer in answers} == {200}
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(OutboxMessage).filter_by(to=EMAIL)) == 5
