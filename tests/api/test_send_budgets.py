"""Nobody can block another person's codes, and SMS and calls cannot be pumped: anonymous
journeys count apart from the account's own, per client address (an IPv6 /64 as one) too;
texts and calls to people's own phones have a ceiling that anonymous ones never spend, and
anonymous ones have ceilings of their own: in all, per country and per range of numbers."""

from __future__ import annotations

import pytest
from prometheus_client import REGISTRY

from tests.support.journeys import EMAIL, PHONE, SignUp
from tests.support.proof import with_proof

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


def test_a_throwaway_sign_up_with_a_persons_phone_does_not_block_their_two_step_codes(
    app, outbox, signin, account, frozen, monkeypatch
):
    monkeypatch.setitem(
        app.config["IDP"]["limits"], "proof_of_work_after_sends", 50
    )  # proofs of work: test_proof_of_work.py
    for n in range(12):
        thief = anonymous_browser(app, outbox)
        thief.email = f"thief{n}@example.ca"
        thief.through("create")
        thief.send_phone(phone=PHONE)
    assert signin.through("send").status_code == 200


def test_anonymous_sends_to_one_address_past_its_budget_each_cost_a_hard_proof_of_work(app, outbox, account, frozen):
    answers = [anonymous_browser(app, outbox).send_email(email=EMAIL) for _ in range(11)]
    assert [answer.status_code for answer in answers] == [200] * 10 + [428]
    hard = app.config["IDP"]["limits"]["proof_of_work_hard_max_number"]
    assert answers[-1].json["data"]["challenge"]["maxNumber"] == hard


def test_a_client_address_past_its_anonymous_codes_pays_a_hard_proof_of_work_and_never_waits(
    app, outbox, monkeypatch, frozen
):
    monkeypatch.setitem(app.config["IDP"]["limits"], "max_sends_per_ip", 3)
    monkeypatch.setitem(app.config["IDP"]["limits"], "proof_of_work_after_sends", 2)
    browsers = [anonymous_browser(app, outbox) for _ in range(8)]
    answers = [
        with_proof(lambda b=b, n=n: b.send_email(email=f"person{n}@example.ca"), b.client)
        for n, b in enumerate(browsers)
    ]
    assert [answer.status_code for answer in answers] == [200] * 8
    assert not any("retryAfter" in answer.json["data"] for answer in answers)


def _anonymous_phone_sends(app, outbox, phones: list[str]) -> list:
    answers = []
    for n, phone in enumerate(phones):
        browser = anonymous_browser(app, outbox)
        browser.email = f"person{n}@example.ca"
        browser.through("create")
        answers.append(browser.send_phone(phone=phone))
    return answers


def test_anonymous_texts_and_calls_have_a_ceiling_of_their_own(app, outbox, monkeypatch, frozen):
    monkeypatch.setitem(app.config["IDP"]["limits"], "max_anonymous_phone_messages", 2)
    answers = _anonymous_phone_sends(app, outbox, [f"+1613234{5670 + n:04d}" for n in range(3)])
    assert [answer.status_code for answer in answers[:2]] == [200, 200]
    assert (answers[2].status_code, answers[2].json["message"]) == (503, "38")


def test_strangers_who_spend_the_anonymous_ceiling_do_not_pause_a_persons_own_codes(
    app, outbox, signin, account, monkeypatch, frozen
):
    monkeypatch.setitem(app.config["IDP"]["limits"], "max_anonymous_phone_messages", 1)
    _anonymous_phone_sends(app, outbox, ["+16132345670", "+16135550199"])
    assert signin.through("send").status_code == 200


@pytest.fixture
def every_country(app, monkeypatch):
    """Texts to every country ([phone]; tests/api/test_phone_numbers.py): what stops them here is the budget."""
    monkeypatch.setitem(app.config["IDP"]["phone"], "sms_countries", "*")


def test_a_country_the_service_does_not_text_gets_no_anonymous_code(app, outbox, monkeypatch, frozen, every_country):
    monkeypatch.setitem(app.config["IDP"]["limits"], "anonymous_phone_countries", "CA:200,*:0")
    france, canada = _anonymous_phone_sends(app, outbox, ["+33612345678", "+16132345670"])
    assert (france.status_code, france.json["message"]) == (503, "38")
    assert canada.status_code == 200


def test_a_country_has_its_own_ceiling_of_anonymous_codes(app, outbox, monkeypatch, frozen, every_country):
    monkeypatch.setitem(app.config["IDP"]["limits"], "anonymous_phone_countries", "CA:200,*:1")
    answers = _anonymous_phone_sends(app, outbox, ["+33612345678", "+33698765432", "+16132345670"])
    assert [answer.status_code for answer in answers] == [200, 503, 200]


def test_a_range_of_numbers_has_its_own_ceiling_of_anonymous_codes(app, outbox, monkeypatch, frozen):
    monkeypatch.setitem(app.config["IDP"]["limits"], "max_anonymous_phone_messages_per_range", 2)
    answers = _anonymous_phone_sends(app, outbox, ["+16132340001", "+16132340002", "+16132340003", "+16135550004"])
    assert [answer.status_code for answer in answers] == [200, 200, 503, 200]


def test_reaching_a_ceiling_of_text_messages_and_calls_is_counted_in_the_metrics(app, outbox, monkeypatch, frozen):
    monkeypatch.setitem(app.config["IDP"]["limits"], "max_anonymous_phone_messages", 1)
    reached = lambda: REGISTRY.get_sample_value("idp_limits_reached_total", {"limit": "phone-messages-anonymous"}) or 0  # noqa: E731
    before = reached()
    anonymous_browser(app, outbox).through("send_phone")
    assert reached() == before + 1
    assert b'idp_limits_reached_total{limit="phone-messages-anonymous"}' in app.test_client().get("/metrics").data


def test_the_ceiling_leaves_e_mail_codes_alone(app, outbox, monkeypatch, frozen):
    monkeypatch.setitem(app.config["IDP"]["limits"], "max_anonymous_phone_messages", 1)
    first = anonymous_browser(app, outbox)
    first.through("send_phone")
    assert anonymous_browser(app, outbox).send_email(email=ATTACKER_ADDRESS).status_code == 200


def test_addresses_of_one_ipv6_64_share_one_gate(app, outbox, monkeypatch, frozen):
    monkeypatch.setitem(app.config["IDP"]["limits"], "proof_of_work_after_sends", 3)
    answers = []
    for n in range(4):
        client = app.test_client()
        client.environ_base["REMOTE_ADDR"] = f"2001:db8:1:2::{n + 1:x}"
        answers.append(SignUp(client, outbox).send_email(email=f"person{n}@example.ca"))
    assert [answer.status_code for answer in answers] == [200, 200, 200, 428]
    elsewhere = app.test_client()
    elsewhere.environ_base["REMOTE_ADDR"] = "2001:db8:1:3::1"
    assert SignUp(elsewhere, outbox).send_email(email="person9@example.ca").status_code == 200


def _own_codes(client, app, frozen, count: int) -> list:
    """A signed-in person asks the code to their own phone again and again (re-authentication),
    waiting out each resend wait as a person would."""
    from tests.api.account_helpers import post
    from tests.support.journeys import PASSWORD

    answers = [post(client, "/profile/password/password", password=PASSWORD)]
    for _ in range(count - 1):
        frozen.shift(app.config["IDP"]["otp"]["resend_wait_seconds"] * (len(answers) + 1))
        answers.append(post(client, "/profile/password/code/send", otpType="sms"))
    return answers


def test_a_signed_in_person_proving_their_own_factors_is_not_budgeted_like_anonymous_traffic(
    app, client, signup, frozen
):
    signup.through("profile")
    numbers = app.config["IDP"]["limits"]
    answers = _own_codes(client, app, frozen, numbers["max_sends"] + 2)
    assert [answer.status_code for answer in answers] == [200] * len(answers)


def test_own_codes_still_have_a_budget_of_their_own(app, client, signup, frozen, monkeypatch):
    signup.through("profile")
    monkeypatch.setitem(app.config["IDP"]["limits"], "max_own_sends", 3)
    *_, last = _own_codes(client, app, frozen, 4)
    assert (last.status_code, last.json["message"]) == (429, "17")


def test_anonymous_codes_of_a_browser_do_not_spend_its_persons_own_budget(
    app, client, signup, outbox, frozen, monkeypatch
):
    from tests.api.account_helpers import post, reauthenticate

    signup.through("profile")
    monkeypatch.setitem(app.config["IDP"]["limits"], "max_sends", 2)
    reauthenticate(client, outbox, "email")
    # codes to new addresses are anonymous: this browser's budget for them runs out
    for n in range(2):
        frozen.shift(60)
        post(client, "/profile/email/new", email=f"new{n}@example.ca")
    frozen.shift(60)
    assert post(client, "/profile/email/new", email="new2@example.ca").json["message"] == "17"
    assert [answer.status_code for answer in _own_codes(client, app, frozen, 3)] == [200] * 3


def test_a_person_typing_a_code_they_received_is_not_stopped_by_others_sends_from_their_address(
    app, client, outbox, monkeypatch, frozen
):
    monkeypatch.setitem(app.config["IDP"]["limits"], "proof_of_work_after_sends", 3)
    person = anonymous_browser(app, outbox)
    assert person.send_email(email="person@example.ca").status_code == 200
    crowd = [anonymous_browser(app, outbox).send_email(email=f"other{n}@example.ca") for n in range(3)]
    assert crowd[-1].status_code == 428  # the address's codes cost a proof of work now
    assert person.verify_email().status_code == 200
