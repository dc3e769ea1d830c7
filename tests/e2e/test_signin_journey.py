"""Journey 2: a person with an account signs out at the reservations service and signs in
again with their e-mail, password and a code by text message, then by voice call."""

import pytest
from playwright.sync_api import expect

from tests.e2e import steps
from tests.e2e.steps import t

pytestmark = pytest.mark.e2e


def sign_in_again(page, product, person, method: str) -> None:
    steps.sign_in_at_reservations(page, product)
    steps.enter_sign_in_email(page, "en", person)
    expect(page.get_by_text(t("en", "password.signin.lead", email=person.email))).to_be_visible()
    steps.enter_sign_in_password(page, "en", person)
    # the stored phone is shown masked, never in full
    expect(page.get_by_text(person.phone[-4:], exact=False)).to_be_visible()
    expect(page.get_by_text(person.phone, exact=False)).to_have_count(0)
    steps.choose_code_by(page, "en", method)
    steps.enter_code(page, "en", product.latest_code(person.e164))
    steps.expect_screen(page, "en", "redirect.title")
    steps.expect_signed_in_at_reservations(page, product, person)


def test_sign_out_then_sign_in_with_password_and_a_text_message_code(page, product, person):
    steps.sign_up(page, product, person)
    steps.sign_out_at_reservations(page, product)
    sign_in_again(page, product, person, "sms")


def test_sign_in_with_a_voice_call_code_instead(page, product, person):
    steps.sign_up(page, product, person)
    steps.sign_out_at_reservations(page, product)
    sign_in_again(page, product, person, "sms")
    steps.sign_out_at_reservations(page, product)
    sign_in_again(page, product, person, "voice")
    call = product.messages(person.e164)[0]
    assert call["channel"] == "voice"


def test_a_wrong_password_is_refused_with_a_message(page, product, person):
    steps.sign_up(page, product, person)
    steps.sign_out_at_reservations(page, product)
    steps.sign_in_at_reservations(page, product)
    steps.enter_sign_in_email(page, "en", person)
    page.get_by_label("Password", exact=True).fill("not the right password at all")
    steps.button(page, "en", "password.signin.submit").click()
    steps.expect_field_error(page, "en", "password.label", t("en", "error.19"))
