"""Issue 42 points 1 and 2, in English on a 1280 px desktop and in French on a 375 px phone,
with a screenshot and an axe scan of each new state:

- the new-device e-mail's link, opened in a browser that is not signed in, asks to sign in
  without claiming a session ended, and the sign-in lands on Account activity;
- a refused step says its cause and what to do: a sign-up taken over by another tab, a
  browser that lost its session cookie, a page that expired (the sign-up's code step and an
  account page, in the same words).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e import steps
from tests.e2e.accessibility import photograph_and_scan
from tests.e2e.conftest import DESKTOP, MOBILE, Product
from tests.e2e.people import new_person
from tests.e2e.steps import t

pytestmark = pytest.mark.e2e
BOTH = pytest.mark.parametrize(("language", "viewport", "size"), [("en", DESKTOP, "desktop"), ("fr", MOBILE, "mobile")])
# a third of the default's minute of waiting, said as one minute (rounded up): enough for the
# steps before the wait on a busy machine
IDLE_SECONDS = 20
# error.45 with one minute (a plural message: steps.t fills simple names only)
EXPIRED = {
    "en": "This page expired: for your security, it closes after 1 minute without activity. Start again.",
    "fr": "Cette page a expiré : pour votre sécurité, elle se ferme après 1 minute d'inactivité. Recommencez.",
}
# what a page must not claim when nothing happened to the person's session
CLAIMS = ("error.20", "error.46")


@pytest.fixture(scope="module")
def hasty_product(tmp_path_factory):
    """The product with sessions that end after 20 seconds without use."""
    running = Product(tmp_path_factory.mktemp("hasty"), IDP_SESSION_IDLE_TIMEOUT_SECONDS=str(IDLE_SECONDS)).start()
    yield running
    running.stop()


def expect_problem(page, language: str, message: str) -> None:
    """The error summary says the cause, and offers to start again."""
    summary = page.get_by_role("alert").filter(has=page.get_by_role("heading", name=t(language, "error.1")))
    expect(summary).to_contain_text(message)
    expect(steps.link(page, language, "common.startAgain")).to_be_visible()


def new_device_link(product: Product, email: str) -> str:
    for message in product.messages(email):
        found = re.search(r"\S+/account/activity", message.get("body") or "")
        if found:
            return found.group(0)
    raise AssertionError(f"no e-mail to {email} links to the account activity")


@BOTH
def test_the_new_device_emails_link_opened_signed_out_asks_to_sign_in_then_opens_the_activity(
    new_context, product, screenshots, language, viewport, size
):
    person = new_person("Dominique", "Lévesque")
    steps.sign_up_through_api(new_context(language=language), product, person, language)
    steps.sign_in_through_api(new_context(language=language), product, person)
    link = new_device_link(product, person.email)
    assert link == f"{product.idp_url}/{language}/account/activity"
    page = new_context(language=language, viewport=viewport).new_page()
    page.clock.install()
    page.goto(link)
    steps.expect_screen(page, language, "home.title")
    expect(page.get_by_role("status").filter(has_text=t(language, "home.signInFirst"))).to_be_visible()
    for claim in CLAIMS:
        expect(page.get_by_text(t(language, claim))).to_have_count(0)
    expect(page.get_by_text(EXPIRED[language])).to_have_count(0)
    photograph_and_scan(page, screenshots, size, language, "issue42-p1-link-signed-out-asks-to-sign-in")
    steps.enter_sign_in_email(page, language, person)
    steps.enter_sign_in_password(page, language, person)
    steps.choose_code_by(page, language, "sms")
    steps.enter_code(page, language, product.latest_code(person.e164))
    steps.expect_screen(page, language, "redirect.title")
    page.clock.run_for(10_000)
    expect(page).to_have_url(link)
    steps.expect_screen(page, language, "account.activity.title")
    photograph_and_scan(page, screenshots, size, language, "issue42-p1-activity-after-sign-in")


@BOTH
def test_a_sign_up_taken_over_in_another_tab_says_to_continue_there_or_start_again(
    new_context, product, screenshots, language, viewport, size
):
    person, second = new_person(), new_person()
    context = new_context(language=language, viewport=viewport)
    first_tab = context.new_page()
    steps.reach_email_code(first_tab, product, person, language)
    second_tab = context.new_page()
    steps.reach_email_code(second_tab, product, second, language)
    first_tab.bring_to_front()
    steps.enter_code(first_tab, language, product.latest_code(person.email))
    expect_problem(first_tab, language, t(language, "error.20"))
    photograph_and_scan(first_tab, screenshots, size, language, "issue42-p2-taken-over-by-another-tab")
    # the second tab goes on
    steps.verify_email(second_tab, product, language, second)


@BOTH
def test_a_sign_up_whose_browser_lost_its_cookie_says_to_allow_cookies_and_start_again(
    new_context, product, screenshots, language, viewport, size
):
    person = new_person()
    page = new_context(language=language, viewport=viewport).new_page()
    steps.reach_email_code(page, product, person, language)
    page.context.clear_cookies()
    steps.enter_code(page, language, product.latest_code(person.email))
    expect_problem(page, language, t(language, "error.46"))
    photograph_and_scan(page, screenshots, size, language, "issue42-p2-browser-lost-its-session")


def test_a_sign_up_step_after_the_idle_timeout_says_the_page_expired_after_a_minute(
    new_context, hasty_product, screenshots
):
    person = new_person()
    page = new_context(language="en", viewport=DESKTOP).new_page()
    steps.reach_email_code(page, hasty_product, person, "en")
    page.wait_for_timeout((IDLE_SECONDS + 2) * 1000)
    steps.enter_code(page, "en", hasty_product.latest_code(person.email))
    expect_problem(page, "en", EXPIRED["en"])
    photograph_and_scan(page, screenshots, "desktop", "en", "issue42-p2-sign-up-page-expired")


def test_an_account_page_after_the_idle_timeout_says_the_page_expired_in_the_same_words(
    new_context, hasty_product, screenshots
):
    person = new_person("Dominique", "Lévesque")
    context = new_context(language="fr", viewport=MOBILE)
    steps.sign_up_through_api(context, hasty_product, person, "fr")
    page = context.new_page()
    page.goto(f"{hasty_product.idp_url}/fr/account/activity")
    steps.expect_screen(page, "fr", "account.activity.title")
    page.wait_for_timeout((IDLE_SECONDS + 2) * 1000)
    steps.link(page, "fr", "profile.backToProfile").click()
    steps.expect_screen(page, "fr", "home.title")
    expect(page.get_by_role("status").filter(has_text=EXPIRED["fr"])).to_be_visible()
    photograph_and_scan(page, screenshots, "mobile", "fr", "issue42-p2-account-page-expired")
    # signing in again leads back to the page the person was going to
    steps.enter_sign_in_email(page, "fr", person)
    steps.enter_sign_in_password(page, "fr", person)
    steps.choose_code_by(page, "fr", "sms")
    steps.enter_code(page, "fr", hasty_product.latest_code(person.e164))
    steps.expect_screen(page, "fr", "redirect.title")
    expect(page).to_have_url(f"{hasty_product.idp_url}/fr/profilehome", timeout=20_000)
