"""Every failed proof is a security event of its own, with the account (when known), the
client's address and user agent, and a metric: a wrong authenticator-app code, a wrong backup
code, a failed passkey, and a request refused as cross-site."""

from __future__ import annotations

import logging

import pytest

from idp import metrics
from tests.api.account_helpers import add_app, add_backup_codes, add_passkey, post
from tests.api.test_second_factor import answer, choose, sign_in_again
from tests.support.authenticator import SoftAuthenticator
from tests.support.contract import ISSUER
from tests.support.journeys import EMAIL


@pytest.fixture
def account(signup, client, frozen):
    signup.through("profile")
    return signup.user_id


@pytest.fixture
def events(caplog):
    caplog.set_level(logging.INFO, logger="idp.security")

    def named(event: str) -> list[logging.LogRecord]:
        return [
            record
            for record in caplog.records
            if record.name == "idp.security" and getattr(record, "event", None) == event
        ]

    return named


def count(event: str) -> float:
    return metrics.SECURITY_EVENTS.labels(event)._value.get()


def test_a_wrong_authenticator_app_code_is_a_security_event(client, account, outbox, events):
    add_app(client, outbox)
    sign_in_again(client)
    choose(client, "app")
    before = count("app_code_wrong")
    answer(client, "app", otp="000000")
    (event,) = events("app_code_wrong")
    assert event.account_id == account and event.ip and event.user_agent
    assert count("app_code_wrong") == before + 1


def test_a_wrong_backup_code_is_a_security_event(client, account, outbox, events):
    add_backup_codes(client, outbox)
    sign_in_again(client)
    choose(client, "backup")
    answer(client, "backup", otp="ABCDE-23456")
    (event,) = events("backup_code_wrong")
    assert event.account_id == account and event.error == "14"


def test_a_failed_passkey_is_a_security_event(client, account, outbox, events):
    add_passkey(client, outbox, SoftAuthenticator(ISSUER))
    sign_in_again(client)
    options = choose(client, "passkey").json["data"]["publicKey"]
    stranger = SoftAuthenticator(ISSUER).get(options)
    client.post("/v1/otp/otp/verify", json={"userName": EMAIL, "otpType": "passkey", "credential": stranger})
    (event,) = events("passkey_failed")
    assert event.account_id == account


def test_a_cross_site_request_is_a_security_event(client, events):
    before = count("cross_site_refused")
    refused = client.post("/v1/signup/privacy", json={}, headers={"Origin": "https://evil.example"})
    assert refused.status_code == 403
    (event,) = events("cross_site_refused")
    assert event.origin == "https://evil.example" and event.ip
    assert count("cross_site_refused") == before + 1


def test_a_right_answer_is_no_failed_proof_event(client, account, outbox, events):
    codes = add_backup_codes(client, outbox)
    sign_in_again(client)
    choose(client, "backup")
    post(client, "/otp/otp/verify", userName=EMAIL, otpType="backup", otp=codes[0])
    assert events("backup_code_wrong") == []
