"""Issue 13 point 14, test mode (specification section 7): the sample person of [testmode]
walks through with the fixed code and pre-filled forms, and their success opens the design
prototype's link, the relying service beside it. A product of its own runs in test mode.
English sign-up at 1280 px, then French sign-in at 375 px; axe on the last page."""

import re
import tomllib

import pytest
from playwright.sync_api import expect

from tests.e2e import steps
from tests.e2e.accessibility import assert_no_violations
from tests.e2e.conftest import BROWSER_LANGUAGES, DESKTOP, EXPECT_TIMEOUT_MS, MOBILE, ROOT, Product
from tests.e2e.steps import t

pytestmark = pytest.mark.e2e

ARTIFACTS = ROOT / "test-artifacts"
SAMPLE = tomllib.loads((ROOT / "config" / "settings.toml").read_text(encoding="utf-8"))["testmode"]
PROTOTYPE = "https://prototype.example/sign-in-design"


@pytest.fixture(scope="module")
def testmode_product(tmp_path_factory):
    running = Product(tmp_path_factory.mktemp("testmode"))
    running.env.update(IDP_TESTMODE_ENABLED="true", IDP_TESTMODE_PROTOTYPE_URL=PROTOTYPE)
    yield running.start()
    running.stop()


def open_page(browser, language, viewport):
    locale, accept_language = BROWSER_LANGUAGES[language]
    context = browser.new_context(
        locale=locale, extra_http_headers={"Accept-Language": accept_language}, viewport=viewport
    )
    context.set_default_timeout(EXPECT_TIMEOUT_MS)
    return context.new_page()


def continue_with_the_prefilled(page, language, label_key, value, button_key="common.continue"):
    expect(page.get_by_label(t(language, label_key), exact=True)).to_have_value(value)
    steps.button(page, language, button_key).click()


def expect_the_prototype_link(page, language, size):
    link = steps.link(page, language, "redirect.testmode.open")
    expect(link).to_have_attribute("href", PROTOTYPE)
    expect(page.get_by_text(t(language, "redirect.testmode.notice"), exact=True)).to_be_visible()
    expect(steps.continue_link(page, language)).to_be_visible()
    assert_no_violations(page, f"the sample person's last page ({language}, {size} px)")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"issue13-p14-testmode-{language}-{size}.png"), full_page=True)


def test_the_sample_persons_success_opens_the_design_prototype(browser, testmode_product):
    product = testmode_product
    # English sign-up, every form pre-filled, the fixed code each time
    page = open_page(browser, "en", DESKTOP)
    steps.sign_in_at_reservations(page, product, "en")
    steps.choose_sign_up(page, "en")
    continue_with_the_prefilled(page, "en", "email.label", SAMPLE["email"], "email.signup.submit")
    steps.expect_screen(page, "en", "verification.email.title", step=1)
    continue_with_the_prefilled(page, "en", "verification.codeLabel", SAMPLE["code"])
    steps.expect_screen(page, "en", "password.signup.title", step=2)
    continue_with_the_prefilled(page, "en", "password.label", SAMPLE["password"], "password.signup.submit")
    steps.expect_screen(page, "en", "setup.title", step=3)
    expect(page.get_by_label(t("en", "phone.label"), exact=True)).to_have_value(re.compile(r"613\D*234\D*5678"))
    steps.button(page, "en", "setup.submit").click()
    steps.expect_screen(page, "en", "verification.sms.title", step=3)
    continue_with_the_prefilled(page, "en", "verification.codeLabel", SAMPLE["code"])
    steps.expect_screen(page, "en", "profile.core.title", step=4)
    continue_with_the_prefilled(page, "en", "profile.core.lastName", SAMPLE["last_name"], "profile.core.submit")
    steps.expect_screen(page, "en", "redirect.ready.title")
    expect_the_prototype_link(page, "en", 1280)
    page.context.close()

    # French sign-in later: the page stays on the prototype link instead of handing off
    page = open_page(browser, "fr", MOBILE)
    steps.sign_in_at_reservations(page, product, "fr")
    continue_with_the_prefilled(page, "fr", "email.label", SAMPLE["email"])
    steps.expect_screen(page, "fr", "password.signin.title")
    continue_with_the_prefilled(page, "fr", "password.label", SAMPLE["password"], "password.signin.submit")
    steps.expect_screen(page, "fr", "select.title")
    steps.choose_code_by(page, "fr", "sms")
    continue_with_the_prefilled(page, "fr", "verification.codeLabel", SAMPLE["code"])
    steps.expect_screen(page, "fr", "redirect.title")
    expect_the_prototype_link(page, "fr", 375)
    page.wait_for_timeout(2000)
    steps.expect_screen(page, "fr", "redirect.title")
    page.context.close()
