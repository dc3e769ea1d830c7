"""Journey 3: the same sign-up entirely in French for a browser that asks for fr-CA, fr; and
the language toggle, in the middle of a flow, keeps the step and what the person typed."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e import steps
from tests.e2e.steps import t

pytestmark = pytest.mark.e2e


def test_sign_up_entirely_in_french_from_a_french_browser(new_context, product, person):
    page = new_context(language="fr").new_page()
    steps.sign_up(page, product, person, language="fr")
    # the messages came in French too (the correspondence language defaulted to French)
    assert {message["language"] for message in product.messages(person.email)} == {"fr"}
    assert {message["language"] for message in product.messages(person.e164)} == {"fr"}


def test_the_language_toggle_keeps_the_step_and_the_typed_email(new_context, product, person):
    page = new_context(language="fr").new_page()
    steps.sign_in_at_reservations(page, product, "fr")
    steps.choose_sign_up(page, "fr")
    page.get_by_label(t("fr", "email.label"), exact=True).fill(person.email)
    page.get_by_role("link", name="English", exact=True).click()
    expect(page).to_have_url(re.compile(r"/en/signUp$"))
    steps.expect_screen(page, "en", "email.signup.title", step=1)
    expect(page.get_by_label(t("en", "email.label"), exact=True)).to_have_value(person.email)
    # and the flow goes on in English
    steps.button(page, "en", "email.signup.submit").click()
    steps.expect_screen(page, "en", "verification.email.title", step=1)


def test_the_language_toggle_keeps_the_typed_names_on_the_last_step(page, product, person):
    steps.sign_in_at_reservations(page, product)
    steps.choose_sign_up(page)
    steps.enter_sign_up_email(page, "en", person)
    steps.verify_email(page, product, "en", person)
    steps.create_password(page, "en", person)
    steps.set_up_phone(page, "en", person)
    steps.verify_phone(page, product, "en", person)
    page.get_by_label(t("en", "profile.core.firstName"), exact=True).fill(person.first_name)
    page.get_by_label(t("en", "profile.core.lastName"), exact=True).fill(person.last_name)
    page.get_by_role("link", name="Français", exact=True).click()
    steps.expect_screen(page, "fr", "profile.core.title", step=4)
    expect(page.get_by_label(t("fr", "profile.core.firstName"), exact=True)).to_have_value(person.first_name)
    expect(page.get_by_label(t("fr", "profile.core.lastName"), exact=True)).to_have_value(person.last_name)
    steps.button(page, "fr", "profile.core.submit").click()
    steps.expect_screen(page, "fr", "redirect.ready.title")
    steps.continue_to_the_service(page, "fr")
    steps.expect_signed_in_at_reservations(page, product, person, "en")
