"""Browser journeys of the profile area and password recovery, in English and French, with an
axe scan of every page. The account is made quickly through /v1 with the browser context's
request client, which shares its cookies with the page (so the page starts signed in)."""

from __future__ import annotations

import json
import uuid

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.accessibility import assert_no_violations
from tests.e2e.conftest import ROOT
from tests.e2e.people import new_person
from tests.e2e.steps import sign_up_through_api

pytestmark = pytest.mark.e2e

TEXTS = {
    language: json.loads((ROOT / "login-ui" / "src" / "i18n" / f"{language}.json").read_text(encoding="utf-8"))
    for language in ("en", "fr")
}
NEW_PASSWORD = "Lighthouse-Tundra-Canoe-77"
TIMEOUT_MS = 15000


def heading(page: Page, text: str) -> None:
    expect(page.get_by_role("heading", level=1, name=text)).to_be_visible(timeout=TIMEOUT_MS)


def scanned(page: Page, language: str, key: str) -> None:
    """The page with this title is shown and has no WCAG 2.2 A/AA violation."""
    heading(page, TEXTS[language][key])
    assert_no_violations(page, key)


def button(page: Page, language: str, key: str):
    return page.get_by_role("button", name=TEXTS[language][key], exact=True)


def enter_code(page: Page, language: str, code: str) -> None:
    page.get_by_label(TEXTS[language]["verification.codeLabel"], exact=True).fill(code)
    button(page, language, "common.continue").click()


@pytest.fixture
def context(browser):
    opened = browser.new_context()
    yield opened
    opened.close()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_name_change_reaches_the_relying_service(product, context, language):
    account = new_person()
    sign_up_through_api(context, product, account, language)
    page = context.new_page()
    page.goto(f"{product.idp_url}/{language}/profilehome")
    scanned(page, language, "profile.home.title")
    expect(page.get_by_text(account.email, exact=False)).to_be_visible()
    page.goto(f"{product.idp_url}/{language}/profilelanguage")
    scanned(page, language, "profile.languageEdit.title")
    page.goto(f"{product.idp_url}/{language}/profilehome")
    name_row = f"{TEXTS[language]['profile.change']} {TEXTS[language]['profile.home.name']}"
    page.get_by_role("link", name=name_row).click()
    scanned(page, language, "profile.nameEdit.title")
    page.get_by_label(TEXTS[language]["profile.core.firstName"], exact=True).fill("Marie-Ève")
    page.get_by_label(TEXTS[language]["profile.core.lastName"], exact=True).fill("Côté")
    button(page, language, "common.continue").click()
    scanned(page, language, "profile.nameConfirm.title")
    button(page, language, "profile.nameConfirm.submit").click()
    scanned(page, language, "profile.nameDone.title")

    page.goto(product.rp_url)
    page.locator("form[action$='/signin'] button").click()
    expect(page.get_by_text("Marie-Ève Côté")).to_be_visible(timeout=TIMEOUT_MS)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_an_email_change_with_password_and_two_step_code(product, context, language):
    account = new_person()
    sign_up_through_api(context, product, account, language)
    new_email = f"n-{uuid.uuid4().hex[:10]}@example.ca"
    page = context.new_page()
    page.goto(f"{product.idp_url}/{language}/firstverifyitsyou")
    scanned(page, language, "profile.verify.title")
    page.get_by_label(TEXTS[language]["password.label"], exact=True).fill(account.password)
    button(page, language, "common.continue").click()
    scanned(page, language, "profile.twoStep.title")
    enter_code(page, language, product.latest_code(account.e164))
    scanned(page, language, "profile.newEmail.title")
    page.get_by_label(TEXTS[language]["profile.newEmail.label"], exact=True).fill(new_email)
    button(page, language, "common.continue").click()
    scanned(page, language, "profile.checkEmail.title")
    enter_code(page, language, product.latest_code(new_email))
    scanned(page, language, "profile.emailConfirm.title")
    button(page, language, "profile.emailConfirm.submit").click()
    scanned(page, language, "profile.emailDone.title")
    page.get_by_role("link", name=TEXTS[language]["profile.backToProfile"]).click()
    heading(page, TEXTS[language]["profile.home.title"])
    expect(page.get_by_text(new_email, exact=False)).to_be_visible()
    notices = [m for m in product.outbox() if m["to"] == account.email]
    assert notices and not notices[0].get("code")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_password_recovery_signs_in_with_the_new_password(product, browser, context, language):
    account = new_person()
    sign_up_through_api(context, product, account, language)
    fresh = browser.new_context()
    try:
        page = fresh.new_page()
        page.goto(f"{product.idp_url}/{language}/forgotpassword")
        scanned(page, language, "recovery.email.title")
        page.get_by_label(TEXTS[language]["email.label"], exact=True).fill(account.email)
        button(page, language, "recovery.email.submit").click()
        scanned(page, language, "recovery.checkEmail.title")
        enter_code(page, language, product.latest_code(account.email))
        scanned(page, language, "recovery.twoStep.title")
        enter_code(page, language, product.latest_code(account.e164))
        scanned(page, language, "recovery.password.title")
        page.get_by_label(TEXTS[language]["recovery.password.label"], exact=True).fill(NEW_PASSWORD)
        button(page, language, "recovery.password.submit").click()
        heading(page, TEXTS[language]["profile.home.title"])
        # The other browser's session ended with the new password.
        other = context.request.get(f"{product.idp_url}/v1/profile")
        assert other.status == 401
    finally:
        fresh.close()
