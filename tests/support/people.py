"""People signing up and signing in through the login UI's API of a running server, each
answer kept: the traffic of the tests that fail the engines under the service (tests/ops/
test_pgbouncer.py, test_failover.py). Codes are read where the development server keeps them
(/dev/outbox.json), as a person reads a message.

A person whose step is answered 503 tries that step again a moment later, as someone clicks again
after "the service is unavailable for a moment"; every other answer past 200 ends their journey."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

import requests

from tests.support.journeys import person

PASSWORD = "Maple-Syrup-Harbour-42"
# Every simulated person comes from loopback, and a returning one signs in again and again: the
# budgets of one client address, of one phone's day and the ceilings of texts, meant for real
# traffic, would stop them (as bench/harness.py says).
LIMITS_LIFTED = {
    "IDP_LIMITS_MAX_SENDS_PER_IP": "1000000",
    "IDP_LIMITS_PROOF_OF_WORK_AFTER_SENDS": "1000000",
    "IDP_PASSWORD_MAX_FAILURES_PER_IP": "1000000",
    "IDP_LIMITS_MAX_PHONE_MESSAGES": "1000000",
    "IDP_LIMITS_MAX_ANONYMOUS_PHONE_MESSAGES": "1000000",
    "IDP_LIMITS_MAX_ANONYMOUS_PHONE_MESSAGES_PER_RANGE": "1000000",
    "IDP_LIMITS_MAX_OWN_SENDS": "1000000",
    "IDP_LIMITS_MAX_MESSAGES_PER_DESTINATION_PER_DAY": "email:1000000,sms:1000000,voice:1000000",
}
RETRY_PAUSE_SECONDS = 0.2


class Refused(Exception):
    """A step answered neither 200 nor 503 (or 503 past retry_until)."""

    def __init__(self, answer: Answer):
        super().__init__(f"{answer.step}: {answer.status} {answer.body}")
        self.answer = answer


@dataclass
class Answer:
    at: float  # time.monotonic() when the answer came
    step: str
    status: int
    body: dict


@dataclass
class Person:
    base: str
    number: int
    answers: list[Answer] = field(default_factory=list)
    account_id: str | None = None  # once /v1/users/create answered it
    retry_until: float = 0.0  # a 503 is tried again until then (0: never)

    def __post_init__(self):
        self.email, self.phone = person(self.number)
        self.browser = requests.Session()

    def step(self, path: str, **body) -> dict:
        while True:
            response = self.browser.post(f"{self.base}/v1{path}", json=body, headers={"Origin": self.base}, timeout=30)
            answer = Answer(time.monotonic(), path, response.status_code, response.json())
            self.answers.append(answer)
            if answer.status == 200:
                return answer.body["data"]
            if answer.status != 503 or time.monotonic() > self.retry_until:
                raise Refused(answer)
            time.sleep(RETRY_PAUSE_SECONDS)

    def code(self, to: str) -> str:
        while True:
            response = self.browser.get(f"{self.base}/dev/outbox.json", timeout=30)
            if response.status_code == 200:
                return next(
                    message["code"]
                    for message in response.json()["messages"]
                    if message["to"] == to and message["code"]
                )
            if time.monotonic() > self.retry_until:
                raise Refused(Answer(time.monotonic(), "/dev/outbox.json", response.status_code, {}))
            time.sleep(RETRY_PAUSE_SECONDS)

    def create_account(self) -> None:
        """Sign-up as far as the account: its address proven, its password set."""
        self.step("/signup/privacy")
        sent = self.step("/otp/transient_otp/send", userName=self.email, otpType="email", language="eng")
        self.step(
            "/otp/transient_otp/verify",
            userName=self.email,
            otpType="email",
            otp=self.code(self.email),
            trxnId=sent["trxnId"],
        )
        self.account_id = self.step("/users/create", userName=self.email, password=PASSWORD, trxnId=sent["trxnId"])[
            "id"
        ]

    def sign_up(self) -> None:
        self.create_account()
        sent = self.step("/otp/transient_otp/send", userName=self.email, otpType="sms", phoneNumber=self.phone)
        self.step(
            "/otp/transient_otp/verify",
            userName=self.email,
            otpType="sms",
            otp=self.code(self.phone),
            trxnId=sent["trxnId"],
        )
        self.step(
            "/users/createcoreprofile",
            userName=self.email,
            firstName="Camille",
            lastName="Tremblay",
            id=self.account_id,
            language="fr",
        )

    def sign_in(self) -> None:
        self.browser = requests.Session()
        login = self.step("/otp/users/login", userName=self.email, password=PASSWORD)
        sent = self.step("/otp/otp/send", userName=self.email, otpType=login["otpType"], phone=login["phone"])
        self.step(
            "/otp/otp/verify",
            userName=self.email,
            otpType=login["otpType"],
            otp=self.code(self.phone),
            trxnId=sent["trxnId"],
        )


def at_once(people: list[Person], journey) -> list[BaseException]:
    """journey(person) for each person, each in a thread of its own; what they raised."""
    raised: list[BaseException] = []

    def run(someone: Person) -> None:
        try:
            journey(someone)
        except Exception as error:  # noqa: BLE001 (kept for the test to show)
            raised.append(error)

    threads = [threading.Thread(target=run, args=(someone,)) for someone in people]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return raised
