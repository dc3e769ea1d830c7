"""Nobody can block another person's codes, and SMS and calls cannot be pumped: anonymous
journeys count apart from the account's own, per client address too, and the whole
service has a ceiling of text messages and calls."""
from __future__ import annotations

import pytest
from prometheus_client import REGISTRY

from tests.support.journeys import EMAIL, PHONE, SignUp

ATTACKER_ADDRESS = "attacker@example.ca"


@pytest.fixture
def account(returning_person, frozen):
    return returning_person


def anonymous_browser(app, outbox) -> SignUp:
    return SignUp(app.test_client(), outbox)


def test_sign_ups_of_a_persons_address_do_not_block_their_sign_in(app, outbox, signin, account, frozen):
    for _ in range(12):
        anonymous_browser(app, outbox).send_email(email=EMAIL)
        frozen.shift(1)
    assert signin.through("send").status_code == 200


def test_a_throwaway_sign_up_with_a_persons_phone_does_not_block_their_two_step_codes(app, outbox, signin, account, frozen):
    for n in range(12):
        thief = anonymous_browser(app, outbox)
        thief.email = f"thief{n}@example.ca"
        thief.through("create")
        thief.send_phone(phone=PHONE)
    assert signin.through("send").status_code == 200


def test_anonymous_sends_to_one_address_are_still_limited(app, outbox, account, frozen):
    answers = [anonymous_browser(app, outbox).send_email(email=EMAIL) for _ in range(11)]
    assert (answers[-1].status_code, answers[-1].json["message"]) == (429, "17")


def test_one_client_address_may_ask_only_so_many_anonymous_codes(app, outbox, monkeypatch, frozen):
    monkeypatch.setitem(app.config["IDP"]["limits"], "max_sends_per_ip", 3)
    answers = [anonymous_browser(app, outbox).send_email(email=f"person{n}@example.ca") for n in range(4)]
    assert [answer.json["message"] for answer in answers] == ["", "", "", "17"]


def test_the_ceiling_of_text_messages_and_calls_pauses_them(app, outbox, monkeypatch, frozen):
    monkeypatch.setitem(app.config["IDP"]["limits"], "max_phone_messages", 2)
    browsers = []
    for n in range(3):
        browser = anonymous_browser(app, outbox)
        browser.email = f"person{n}@example.ca"
        browser.through("create")
        browsers.append(browser.send_phone(phone=f"+1613234{5670 + n:04d}"))
    assert [answer.status_code for answer in browsers[:2]] == [200, 200]
    assert (browsers[2].status_code, browsers[2].json["message"]) == (503, "38")


def test_reaching_the_ceiling_of_text_messages_and_calls_is_counted_in_the_metrics(app, outbox, monkeypatch, frozen):
    monkeypatch.setitem(app.config["IDP"]["limits"], "max_phone_messages", 1)
    reached = lambda: REGISTRY.get_sample_value("idp_limits_reached_total", {"limit": "phone-messages"}) or 0  # noqa: E731
    before = reached()
    anonymous_browser(app, outbox).through("send_phone")
    assert reached() == before + 1
    assert b'idp_limits_reached_total{limit="phone-messages"}' in app.test_client().get("/metrics").data


def test_the_ceiling_leaves_e_mail_codes_alone(app, outbox, monkeypatch, frozen):
    monkeypatch.setitem(app.config["IDP"]["limits"], "max_phone_messages", 1)
    first = anonymous_browser(app, outbox)
    first.through("send_phone")
    assert anonymous_browser(app, outbox).send_email(email=ATTACKER_ADDRESS).status_code == 200
