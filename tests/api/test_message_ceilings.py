"""A hard ceiling on the messages one destination receives in a day, whatever proof a request
brings, and a service-wide day of anonymous messages under the providers' quotas.

Who holds what, what they try, what they must get:

- A stranger with a person's e-mail address and sixty forwarded client addresses (or a
  thousand), who solves every proof of work asked (about 50 ms of native CPU each), asks sign-up
  codes and recovery codes for that address, to fill the mailbox. Past the address's day of
  anonymous e-mails (limits.max_messages_per_destination_per_day) each further request answers
  exactly as before — the same status, the same fields, the same proofs asked — and nothing
  reaches the mailbox; idp_messages_withheld_total{channel="email"} counts each one. Sent all at
  once, they take turns at the day: not one more (tests/api/test_concurrency.py).
- The same stranger writing the address with a tag (person+1@, person+2@...), which most
  providers deliver to the same mailbox (RFC 5233): one mailbox, one day.
- The same stranger, trying to learn whether the address has an account: past the ceiling, a
  known address and an unknown one answer alike, as they did before it (sign-up sends an
  existing account "you already have an account", recovery sends an unknown one nothing).
- The owner of that mailbox: their own codes (a sign-in's, a lost phone's, recovery from their
  trusted device) count apart and still reach them; the notices of their account (a password
  changed, a new sign-in) are never withheld. What the stranger does cost them: recovery from a
  browser that is not a trusted device stays silent until the address's day is over.
- A thief who holds the password asks the codes of the person's own phone again and again, to
  harass it: past the number's day of own codes each further one is refused with the reason
  (code 50, data.channel, data.retryAfter): a journey that proved the account is told the
  truth, and nothing is sent. Re-authentication passes over that phone to another method the
  person has.
- A stranger who types a person's phone number at sign-up's phone step from throwaway
  accounts: phones name no account, so past the number's day of anonymous codes the answer
  says so (code 50); the owner's own codes still go.
- A botnet signing up thousands of fresh addresses, to spend the service's quota at its e-mail
  provider, which every person's codes share: past limits.max_anonymous_messages_per_day's
  e-mails, anonymous e-mails pause until midnight UTC (code 51, data.retryAfter) while people's
  own codes go on; idp_message_ceiling_used and idp_message_ceiling_maximum tell the operator
  how near it is before it is reached, and an operator who raises it (the provider raised its
  quota) reopens it at once.
"""

from __future__ import annotations

import pytest
from prometheus_client import REGISTRY

from tests.api.account_helpers import add_app, post
from tests.support.journeys import EMAIL, PASSWORD, PHONE, SignIn, SignUp

LIMITS = "max_messages_per_destination_per_day"
SERVICE = "max_anonymous_messages_per_day"
NOBODY = "nobody@example.ca"


@pytest.fixture
def ceilings(app, monkeypatch):
    """Small days, so that a test reaches them without proofs of work."""
    monkeypatch.setitem(app.config["IDP"]["limits"], LIMITS, "email:3,sms:2,voice:2")


@pytest.fixture
def account(returning_person, frozen):
    return returning_person


def stranger_signs_up(app, outbox, email: str = EMAIL):
    return SignUp(app.test_client(), outbox).send_email(email=email)


def stranger_recovers(app, email: str = EMAIL):
    return post(app.test_client(), "/recovery/send", userName=email, language="eng")


def shape(answer) -> tuple:
    """What a caller can read in an answer, beside ids and moments."""
    data, journey = answer.json["data"], answer.json["data"].get("journey", {})
    return (
        answer.status_code,
        answer.json["success"],
        answer.json["message"],
        tuple(sorted(data)),
        data.get("type"),
        data.get("resendAfter"),
        journey.get("state"),
        journey.get("screen"),
        journey.get("otpType"),
    )


def withheld(channel: str) -> float:
    return REGISTRY.get_sample_value("idp_messages_withheld_total", {"channel": channel}) or 0


def test_past_an_addresss_day_of_anonymous_emails_sign_up_answers_as_before_and_sends_nothing(
    app, outbox, ceilings, frozen
):
    answers = [stranger_signs_up(app, outbox, "person@example.ca") for _ in range(5)]
    assert {shape(answer) for answer in answers} == {shape(answers[0])}
    assert len(outbox.messages("person@example.ca")) == 3


def test_past_an_addresss_day_recovery_answers_a_known_address_as_an_unknown_one(app, outbox, account, ceilings):
    for _ in range(3):
        stranger_recovers(app)
    received = len(outbox.messages(EMAIL))
    known, unknown = stranger_recovers(app), stranger_recovers(app, NOBODY)
    assert shape(known) == shape(unknown)
    assert len(outbox.messages(EMAIL)) == received


def test_the_addresses_of_one_mailbox_share_its_day(app, outbox, ceilings, frozen):
    """person+1@, person+2@... reach person@'s mailbox (RFC 5233 subaddressing)."""
    for n in range(5):
        stranger_signs_up(app, outbox, f"person+{n}@example.ca")
    assert sum(len(outbox.messages(f"person+{n}@example.ca")) for n in range(5)) == 3


def test_each_withheld_email_is_counted_in_the_metrics(app, outbox, ceilings, frozen):
    before = withheld("email")
    for _ in range(5):
        stranger_signs_up(app, outbox, "person@example.ca")
    assert withheld("email") == before + 2
    assert b'idp_messages_withheld_total{channel="email"}' in app.test_client().get("/metrics").data


def test_the_addresss_day_ends_and_its_messages_go_again(app, outbox, ceilings, frozen):
    for _ in range(4):
        stranger_signs_up(app, outbox, "person@example.ca")
    frozen.shift(86400 + 1)
    stranger_signs_up(app, outbox, "person@example.ca")
    assert len(outbox.messages("person@example.ca")) == 4


def test_the_owners_own_codes_still_reach_an_address_strangers_filled(app, outbox, account, ceilings):
    for _ in range(4):
        stranger_recovers(app)
    received = len(outbox.messages(EMAIL))
    owner = SignIn(app.test_client(), outbox)
    assert owner.login().status_code == 200
    assert post(owner.client, "/otp/lostphone/send", userName=EMAIL).status_code == 200
    assert len(outbox.messages(EMAIL)) == received + 1


def test_the_notices_of_an_account_reach_an_address_strangers_filled(app, client, outbox, signup, ceilings, frozen):
    signup.through("profile")
    for _ in range(4):
        stranger_recovers(app)
    received = len(outbox.messages(EMAIL))
    assert post(client, "/profile/password/password", password=PASSWORD).status_code == 200
    assert post(client, "/profile/password/code/verify", otp=outbox.code(PHONE)).status_code == 200
    assert post(client, "/profile/password/new", password="Lighthouse-Tundra-Canoe-77").status_code == 200
    assert len(outbox.messages(EMAIL)) == received + 1


def _own_codes(client, app, frozen, count: int) -> list:
    """A signed-in person (or a thief with the password) asks the code of the account's own
    phone again and again, waiting out each resend wait."""
    answers = [post(client, "/profile/password/password", password=PASSWORD)]
    for _ in range(count - 1):
        frozen.shift(app.config["IDP"]["otp"]["resend_wait_seconds"] * (len(answers) + 1))
        answers.append(post(client, "/profile/password/code/send", otpType="sms"))
    return answers


def test_past_a_numbers_day_of_own_codes_the_person_is_told_and_nothing_is_sent(
    app, client, signup, outbox, ceilings, frozen
):
    signup.through("profile")
    received = len(outbox.messages(PHONE))
    *sent, refused = _own_codes(client, app, frozen, 3)
    assert [answer.status_code for answer in sent] == [200, 200]
    assert (refused.status_code, refused.json["message"], refused.json["data"]["channel"]) == (429, "50", "sms")
    assert 0 < refused.json["data"]["retryAfter"] <= 86400
    assert len(outbox.messages(PHONE)) == received + 2


def test_a_refused_code_is_counted_in_the_metrics(app, client, signup, ceilings, frozen):
    signup.through("profile")
    before = withheld("sms")
    _own_codes(client, app, frozen, 3)
    assert withheld("sms") == before + 1


def test_re_authentication_passes_over_a_phone_whose_day_is_spent(
    app, client, signup, outbox, ceilings, frozen, monkeypatch
):
    monkeypatch.setitem(app.config["IDP"]["notify"], "channels", "email,sms")
    signup.through("profile")
    add_app(client, outbox)
    frozen.shift(600)
    _own_codes(client, app, frozen, 2)
    frozen.shift(600)
    asked = post(client, "/profile/email/password", password=PASSWORD)
    assert asked.status_code == 200 and asked.json["data"]["journey"]["otpType"] == "app"


def _sign_up_to_the_phone(app, outbox, number: int, phone: str = PHONE):
    browser = SignUp(app.test_client(), outbox)
    browser.email = f"thief{number}@example.ca"
    browser.through("create")
    return browser.send_phone(phone=phone)


def test_past_a_numbers_day_of_anonymous_codes_sign_up_is_told(app, outbox, ceilings, frozen):
    answers = [_sign_up_to_the_phone(app, outbox, n) for n in range(3)]
    assert [answer.status_code for answer in answers] == [200, 200, 429]
    assert (answers[-1].json["message"], answers[-1].json["data"]["channel"]) == ("50", "sms")


def test_strangers_who_spend_a_numbers_anonymous_day_do_not_stop_its_owners_codes(
    app, outbox, signin, account, ceilings
):
    for n in range(3):
        _sign_up_to_the_phone(app, outbox, n)
    signin.login()
    assert signin.send().status_code == 200


def test_past_the_services_day_of_anonymous_emails_they_pause_until_midnight_utc(app, outbox, monkeypatch, frozen):
    monkeypatch.setitem(app.config["IDP"]["limits"], SERVICE, "email:2,sms:1000,voice:500")
    answers = [stranger_signs_up(app, outbox, f"person{n}@example.ca") for n in range(3)]
    assert [answer.status_code for answer in answers] == [200, 200, 503]
    # the frozen clock stands at noon UTC
    assert (answers[-1].json["message"], answers[-1].json["data"]["retryAfter"]) == ("51", 43200)
    assert outbox.messages("person2@example.ca") == []


def test_the_services_day_of_anonymous_emails_leaves_peoples_own_codes_alone(app, outbox, account, monkeypatch):
    monkeypatch.setitem(app.config["IDP"]["limits"], SERVICE, "email:1,sms:1000,voice:500")
    stranger_signs_up(app, outbox, "person0@example.ca")
    assert stranger_signs_up(app, outbox, "person1@example.ca").status_code == 503
    owner = SignIn(app.test_client(), outbox)
    owner.login()
    assert post(owner.client, "/otp/lostphone/send", userName=EMAIL).status_code == 200


def test_a_new_utc_day_starts_the_services_count_afresh(app, outbox, monkeypatch, frozen):
    monkeypatch.setitem(app.config["IDP"]["limits"], SERVICE, "email:1,sms:1000,voice:500")
    stranger_signs_up(app, outbox, "person0@example.ca")
    frozen.shift(43200)
    assert stranger_signs_up(app, outbox, "person1@example.ca").status_code == 200


def test_an_operator_who_raises_the_services_day_reopens_it_at_once(app, outbox, monkeypatch, frozen):
    """The alert fired, the provider raised its quota, the setting follows: nobody waits for midnight."""
    monkeypatch.setitem(app.config["IDP"]["limits"], SERVICE, "email:1,sms:1000,voice:500")
    stranger_signs_up(app, outbox, "person0@example.ca")
    assert stranger_signs_up(app, outbox, "person1@example.ca").status_code == 503
    monkeypatch.setitem(app.config["IDP"]["limits"], SERVICE, "email:5000,sms:1000,voice:500")
    assert stranger_signs_up(app, outbox, "person2@example.ca").status_code == 200


def test_the_metrics_tell_how_near_each_service_ceiling_is(app, outbox, monkeypatch, frozen):
    monkeypatch.setitem(app.config["IDP"]["limits"], SERVICE, "email:10,sms:1000,voice:500")
    for n in range(3):
        stranger_signs_up(app, outbox, f"person{n}@example.ca")
    page = app.test_client().get("/metrics").text
    assert 'idp_message_ceiling_used{ceiling="day-service-email"} 3.0' in page
    assert 'idp_message_ceiling_maximum{ceiling="day-service-email"} 10.0' in page
    assert 'idp_message_ceiling_maximum{ceiling="phone-messages"} 1000.0' in page
