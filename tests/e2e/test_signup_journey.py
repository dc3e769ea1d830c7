"""Journey 1 (and 5, on a phone): a person signs up from the reservations service, step by
step as section 4 orders it, and comes back there signed in with their name and e-mail."""

import pytest
from playwright.sync_api import expect

from tests.e2e import steps
from tests.e2e.conftest import MOBILE

pytestmark = pytest.mark.e2e


def test_sign_up_from_the_reservations_service_comes_back_signed_in_with_name_and_email(page, product, person):
    steps.sign_up(page, product, person)


def test_sign_up_on_a_375_px_wide_phone_comes_back_signed_in(new_context, product, person):
    page = new_context(viewport=MOBILE, is_mobile=True, has_touch=True).new_page()
    steps.sign_up(page, product, person)
    # nothing is wider than the phone's screen
    assert page.evaluate("() => document.documentElement.scrollWidth") <= MOBILE["width"]


def test_sign_up_by_voice_call_reads_the_code_from_the_call(page, product, person):
    steps.reach_email_code(page, product, person)
    steps.verify_email(page, product, "en", person)
    steps.create_password(page, "en", person)
    steps.set_up_phone(page, "en", person, method="voice")
    steps.verify_phone(page, product, "en", person)
    steps.enter_name(page, "en", person)
    steps.continue_to_the_service(page)
    steps.expect_signed_in_at_reservations(page, product, person)


def test_back_after_create_my_account_lands_on_the_phone_step(page, product, person):
    """The account exists: its password step is closed, so Back shows where the journey stands."""
    steps.reach_email_code(page, product, person)
    steps.verify_email(page, product, "en", person)
    steps.create_password(page, "en", person)
    page.go_back()
    steps.expect_screen(page, "en", "setup.title", step=3)
    expect(page).to_have_url(f"{product.idp_url}/en/signUp/verificationsetup")


def test_a_reload_on_a_code_screen_keeps_the_journey(page, product, person):
    steps.reach_email_code(page, product, person)
    page.reload()
    steps.expect_screen(page, "en", "verification.email.title", step=1)
    expect(page.get_by_text(steps.t("en", "verification.email.sentTo", destination=person.email))).to_be_visible()
    steps.verify_email(page, product, "en", person)


def test_a_new_tab_opens_where_the_journey_stands(page, product, person):
    steps.reach_email_code(page, product, person)
    other = page.context.new_page()
    other.goto(f"{product.idp_url}/en/signUp/password")
    steps.expect_screen(other, "en", "verification.email.title", step=1)
    expect(other).to_have_url(f"{product.idp_url}/en/signUp/verification/email")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_create_an_account_at_the_service_opens_sign_up_directly_and_comes_back_signed_in(
    new_context, product, person, language
):
    """The service asks prompt=create (OpenID Connect Prompt Create 1.0): no sign-in page between."""
    page = new_context(language=language).new_page()
    steps.open_reservations(page, product, language)
    page.get_by_role("button", name=steps.RESERVATIONS[language]["sign_up"], exact=True).click()
    steps.expect_screen(page, language, "privacy.title")
    steps.button(page, language, "privacy.accept").click()
    steps.expect_screen(page, language, "email.signup.title", step=1)
    steps.sign_up_from_the_email_step(page, product, person, language)
    steps.expect_signed_in_at_reservations(page, product, person, language)
