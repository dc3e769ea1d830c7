"""Journey 4: the mistakes a person makes, and what the service tells them."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e import steps
from tests.e2e.steps import t

pytestmark = pytest.mark.e2e

BAD_EMAIL = "Invalid email. Email must contain an ‘@’ symbol followed by a domain."
SHORT_PASSWORD = "Invalid password. Password must be at least 12 characters and maximum 65 characters."
WRONG_CODE = "Code sent does not match. Try again."
# The server's first resend wait (config/settings.toml, otp.resend_wait_seconds) and some room.
RESEND_WAIT_MS = 20_000


def at_email_code(page, product, person):
    steps.sign_in_at_reservations(page, product)
    steps.choose_sign_up(page)
    steps.enter_sign_up_email(page, "en", person)


def test_a_bad_email_address_is_refused_with_the_catalogue_message(page, product):
    steps.sign_in_at_reservations(page, product)
    steps.choose_sign_up(page)
    page.get_by_label("E-mail address", exact=True).fill("ada.example.com")
    steps.button(page, "en", "email.signup.submit").click()
    steps.expect_field_error(page, "en", "email.label", BAD_EMAIL)
    expect(page).to_have_title(re.compile(r"^Error: "))
    # the summary takes the focus, and its link leads to the field
    expect(page.get_by_role("alert")).to_be_focused()
    page.get_by_role("link", name=BAD_EMAIL).click()
    expect(page.get_by_label("E-mail address", exact=True)).to_be_focused()
    # checked again on change: a good address clears the message
    page.get_by_label("E-mail address", exact=True).fill("ada@example.com")
    expect(page.get_by_text(BAD_EMAIL)).to_have_count(0)


def test_a_short_password_is_refused_with_the_length_message(page, product, person):
    at_email_code(page, product, person)
    steps.verify_email(page, product, "en", person)
    page.get_by_label("Password", exact=True).fill("too short")
    expect(page.get_by_test_id("password-counter")).to_have_text("9 characters of at least 12")
    steps.button(page, "en", "password.signup.submit").click()
    steps.expect_field_error(page, "en", "password.label", SHORT_PASSWORD)


def test_a_code_of_the_wrong_length_is_refused_before_sending(page, product, person):
    at_email_code(page, product, person)
    steps.enter_code(page, "en", "12345")
    steps.expect_field_error(page, "en", "verification.codeLabel", "Codes must be six digits. Try again.")


def test_a_wrong_code_shows_a_message_that_a_new_code_clears_with_the_input(page, product, person):
    at_email_code(page, product, person)
    first = product.latest_code(person.email)
    wrong = "000000" if first != "000000" else "111111"
    steps.enter_code(page, "en", wrong)
    steps.expect_field_error(page, "en", "verification.codeLabel", WRONG_CODE)
    expect(page.get_by_label("Enter the code", exact=True)).to_have_value(wrong)
    # no new code until the server's wait (10 seconds after the first code) is over: the
    # server refuses one asked sooner, so the test waits as a person would
    expect(page.get_by_role("timer")).to_have_text(re.compile(r"You can ask for a new code in \d+ seconds?\."))
    expect(page.get_by_role("link", name="Send me a new code")).to_have_count(0)
    page.get_by_role("link", name="Send me a new code").click(timeout=RESEND_WAIT_MS)
    expect(page.get_by_role("status").filter(has_text="We sent you a new code by e-mail.")).to_be_visible()
    expect(page.get_by_text(WRONG_CODE)).to_have_count(0)
    expect(page.get_by_label("Enter the code", exact=True)).to_have_value("")
    # the next wait is 10 seconds times the number of codes sent (2), as the server answers it
    expect(page.get_by_role("timer")).to_have_text(re.compile(r"You can ask for a new code in (20|19) seconds\."))
    assert len([m for m in product.messages(person.email) if m.get("code")]) == 2
    steps.verify_email(page, product, "en", person)


def test_too_many_wrong_codes_lock_the_code_with_a_message(page, product, person):
    at_email_code(page, product, person)
    right = product.latest_code(person.email)
    wrong = "000000" if right != "000000" else "111111"
    for _ in range(3):
        steps.enter_code(page, "en", wrong)
        steps.expect_field_error(page, "en", "verification.codeLabel", WRONG_CODE)
    steps.enter_code(page, "en", wrong)
    steps.expect_field_error(page, "en", "verification.codeLabel", t("en", "error.16"))
    # even the right code no longer works: a new one must be asked for
    steps.enter_code(page, "en", right)
    steps.expect_field_error(page, "en", "verification.codeLabel", t("en", "error.16"))


def test_an_unknown_path_goes_to_the_home_page(page, product):
    page.goto(product.idp_url + "/en/no/such/page")
    expect(page).to_have_url(product.idp_url + "/")
    steps.expect_screen(page, "en", "home.title")


def test_a_guarded_step_opened_directly_goes_to_the_home_page_in_the_steps_language(page, product):
    page.goto(product.idp_url + "/en/signUp/password")
    expect(page).to_have_url(product.idp_url + "/")
    steps.expect_screen(page, "en", "home.title")
    page.goto(product.idp_url + "/fr/signIn/selectverification")
    expect(page).to_have_url(product.idp_url + "/")
    expect(steps.heading(page, t("fr", "home.title"))).to_be_visible()
    # a browser that never had a session for it: its cookies may be blocked, or the link moved browsers
    expect(page.get_by_text(t("fr", "error.46"))).to_be_visible()
