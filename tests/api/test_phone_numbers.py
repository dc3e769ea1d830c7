"""The numbers a text or a call may go to ([phone] in config/settings.toml): the countries each
channel serves (Canada and the United States by default) and the kinds of numbers refused
whatever the country; the server decides at every send, whatever the browser checked.

Who holds what, what they try, what they must get:

- A fraudster who rents premium-rate numbers (+1 900, +44 909, +33 89, +979 international
  premium rate) and satellite ones (+8816 Iridium, +870 Inmarsat: dollars a minute), who signs up
  throwaway accounts to have the service call them: each is refused at the phone step with the
  person's words for that kind of number (code 52, data.reason; a number of a country the
  channel does not serve is refused for its country first, as the UI does), before any budget is
  spent and with nothing sent; idp_phone_numbers_refused_total{channel,reason} counts them.
- The same fraudster with shared-cost, universal-access, personal (forwarding), pager or VoIP
  numbers, where phonenumbers can tell: refused alike, whatever the country.
- A pumper with a range of numbers bought in a country the service does not serve (France,
  Jamaica's +1 876 behind the same +1 as Canada): refused with the countries the channel serves
  (data.countries), by text and by call alike; the country is the number's, not the +1.
- An operator who serves calls in fewer countries than texts: a number of the others gets a
  text and never a call, "call me instead" included.
- A signed-in person (or whoever holds their session and password) who changes the phone to a
  premium number: refused as at sign-up.
- A person whose phone on file the policy now refuses (put there before this policy existed, or
  before a setting changed): their own codes never go there; they are told why (code 52), and
  re-authentication passes over it to another method they have. A notice the account's phone
  would get (a removal of a lost phone asked) goes to the address only.
- Production offering calls without a price ceiling: refused at start-up in one line
  (tests/notify/test_voice_provider_settings.py).
"""

from __future__ import annotations

import pytest
from prometheus_client import REGISTRY

from idp.extensions import db
from idp.models import PhoneCredential
from tests.api.account_helpers import add_app, post
from tests.support.journeys import EMAIL, PASSWORD, PHONE, SignIn, SignUp

REFUSED = [
    ("+19002345678", "premium_rate"),
    ("+449098790000", "premium_rate"),
    ("+33891123456", "premium_rate"),
    ("+979123456789", "premium_rate"),
    ("+881612345678", "satellite"),
    ("+870301234567", "satellite"),
    ("+33884012345", "shared_cost"),
    ("+443456789012", "uan"),
    ("+15002345678", "personal_number"),
    ("+447640123456", "pager"),
    ("+16002012345", "voip"),
]
FRANCE = "+33612345678"
JAMAICA = "+18765230123"
UNITED_STATES = "+12025550123"


def throwaway(app, outbox, number: int = 0) -> SignUp:
    """A sign-up that reached the phone step, as a fraudster's script would."""
    browser = SignUp(app.test_client(), outbox)
    browser.email = f"throwaway{number}@example.ca"
    browser.through("create")
    return browser


def refused(channel: str, reason: str) -> float:
    return REGISTRY.get_sample_value("idp_phone_numbers_refused_total", {"channel": channel, "reason": reason}) or 0


@pytest.mark.parametrize(("phone", "reason"), REFUSED, ids=[reason + phone for phone, reason in REFUSED])
def test_a_kind_of_number_that_bills_the_caller_is_refused_at_sign_up_whatever_the_country(
    app, outbox, phone, reason, monkeypatch
):
    monkeypatch.setitem(app.config["IDP"]["phone"], "voice_countries", "*")
    answer = throwaway(app, outbox).send_phone(phone=phone, channel="voice")
    assert (answer.status_code, answer.json["message"], answer.json["data"]) == (
        400,
        "52",
        {"reason": reason, "channel": "voice"},
    )
    assert outbox.messages(phone) == []


def test_a_refused_number_is_counted_by_channel_and_reason(app, outbox):
    before = refused("voice", "premium_rate")
    throwaway(app, outbox).send_phone(phone="+19002345678", channel="voice")
    assert refused("voice", "premium_rate") == before + 1
    assert (
        b'idp_phone_numbers_refused_total{channel="voice",reason="premium_rate"}'
        in app.test_client().get("/metrics").data
    )


def test_a_number_of_a_country_the_channel_does_not_serve_is_refused_naming_the_countries_it_serves(app, outbox):
    answer = throwaway(app, outbox).send_phone(phone=FRANCE, channel="sms")
    assert (answer.status_code, answer.json["message"]) == (400, "52")
    assert answer.json["data"] == {"reason": "country", "channel": "sms", "countries": ["CA", "US"]}
    assert outbox.messages(FRANCE) == []


def test_the_country_is_the_numbers_not_its_plus_one(app, outbox):
    answer = throwaway(app, outbox).send_phone(phone=JAMAICA, channel="voice")
    assert (answer.json["message"], answer.json["data"]["reason"]) == ("52", "country")


def test_each_channel_serves_its_own_countries(app, outbox, monkeypatch):
    monkeypatch.setitem(app.config["IDP"]["phone"], "voice_countries", "CA")
    browser = throwaway(app, outbox)
    called = browser.send_phone(phone=UNITED_STATES, channel="voice")
    assert (called.json["message"], called.json["data"]["countries"]) == ("52", ["CA"])
    assert throwaway(app, outbox, 1).send_phone(phone=UNITED_STATES, channel="sms").status_code == 200


def test_call_me_instead_is_refused_where_calls_do_not_go(app, outbox, monkeypatch, frozen):
    monkeypatch.setitem(app.config["IDP"]["phone"], "voice_countries", "CA")
    browser = throwaway(app, outbox)
    assert browser.send_phone(phone=UNITED_STATES, channel="sms").status_code == 200
    frozen.shift(60)
    assert browser.send_phone(channel="voice").json["message"] == "52"


def test_every_country_is_served_with_a_star(app, outbox, monkeypatch):
    monkeypatch.setitem(app.config["IDP"]["phone"], "sms_countries", "*")
    assert throwaway(app, outbox).send_phone(phone=FRANCE, channel="sms").status_code == 200


def test_refused_numbers_spend_none_of_the_browsers_budgets(app, outbox, monkeypatch):
    monkeypatch.setitem(app.config["IDP"]["limits"], "max_sends", 2)
    browser = throwaway(app, outbox)
    for _ in range(3):
        browser.send_phone(phone="+19002345678", channel="voice")
    assert browser.send_phone(phone=PHONE, channel="sms").status_code == 200


def test_a_new_phone_in_the_profile_is_refused_like_one_at_sign_up(app, client, signup, outbox):
    signup.through("profile")
    assert post(client, "/profile/phone/password", password=PASSWORD).status_code == 200
    assert post(client, "/profile/phone/code/verify", otp=outbox.code(PHONE)).status_code == 200
    answer = post(client, "/profile/phone", phoneNumber="+19002345678", otpType="sms")
    assert (answer.status_code, answer.json["message"], answer.json["data"]["reason"]) == (400, "52", "premium_rate")


def _phone_on_file_becomes(app, e164: str) -> None:
    """A number put on file before the policy refused it."""
    with app.app_context():
        db.session.execute(db.update(PhoneCredential).values(e164=e164))
        db.session.commit()


def test_a_phone_on_file_the_policy_refuses_gets_no_code_and_the_person_is_told(app, outbox, returning_person, signin):
    _phone_on_file_becomes(app, "+19002345678")
    signin.login()
    answer = signin.send(channel="sms")
    assert (answer.status_code, answer.json["message"], answer.json["data"]["reason"]) == (400, "52", "premium_rate")
    assert outbox.messages("+19002345678") == []


def test_re_authentication_passes_over_a_phone_on_file_the_policy_refuses(app, client, signup, outbox):
    signup.through("profile")
    add_app(client, outbox)
    _phone_on_file_becomes(app, FRANCE)
    asked = post(client, "/profile/email/password", password=PASSWORD)
    assert asked.status_code == 200 and asked.json["data"]["journey"]["otpType"] == "app"


def test_a_lost_phones_notice_goes_to_the_address_only_when_the_policy_refuses_the_phone(app, outbox, returning_person):
    _phone_on_file_becomes(app, FRANCE)
    person = SignIn(app.test_client(), outbox)
    person.login()
    post(person.client, "/otp/lostphone/send", userName=EMAIL)
    answer = post(person.client, "/otp/lostphone/verify", userName=EMAIL, otp=outbox.code(EMAIL))
    assert answer.status_code == 200
    assert "/phonereset/cancel#" in outbox.last(EMAIL).body
    assert outbox.messages(FRANCE) == []
