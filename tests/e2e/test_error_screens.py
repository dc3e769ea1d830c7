"""Issue 13 point 11: when the sign-in service fails in a way no form can show (the database
down: 503; no answer), the person sees the generic Error screen inside the usual frame, in
their language, with a way on; the provider's own error page (OIDC) has the same name,
frame and language toggle. English at 1280 px, French at 375 px; axe on each."""

import json
import re

import pytest
from playwright.sync_api import expect

from tests.e2e import steps
from tests.e2e.accessibility import assert_no_violations
from tests.e2e.conftest import DESKTOP, MOBILE, ROOT
from tests.e2e.steps import t

pytestmark = pytest.mark.e2e

ARTIFACTS = ROOT / "test-artifacts"
# what /v1 answers while its database is unreachable (idp/health.py, code 35)
DATABASE_DOWN = {
    "status": 503,
    "content_type": "application/json",
    "body": json.dumps({"success": False, "message": "35", "data": None}),
}


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def no_horizontal_scroll(page) -> None:
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize(("language", "viewport", "size"), [("en", DESKTOP, 1280), ("fr", MOBILE, 375)])
def test_a_server_that_cannot_answer_shows_the_error_screen_and_trying_again_goes_on(
    new_context, product, person, language, viewport, size
):
    page = new_context(language=language, viewport=viewport).new_page()
    steps.reach_email_code(page, product, person, language)
    code_screen = page.url
    page.route(re.compile(r"/v1/session"), lambda route: route.fulfill(**DATABASE_DOWN))
    page.reload()
    steps.expect_screen(page, language, "error.page.title")
    expect(page).to_have_url(f"{product.idp_url}/{language}/error")
    expect(page.get_by_text(t(language, "error.page.unavailable"), exact=True)).to_be_visible()
    expect(page.locator(".site-header__name")).to_have_text(t(language, "layout.siteName"))
    expect(page.get_by_role("link", name=t(language, "layout.otherLanguageName"), exact=True)).to_be_visible()
    expect(page.get_by_role("link", name=t(language, "footer.help"), exact=True)).to_be_visible()
    expect(steps.link(page, language, "common.startAgain")).to_have_attribute("href", f"/{language}")
    assert_no_violations(page, f"the Error screen ({language}, {size} px)")
    no_horizontal_scroll(page)
    shot(page, f"issue13-p11-error-{language}-{size}")
    # the database is back: the person goes on where they were
    page.unroute(re.compile(r"/v1/session"))
    steps.link(page, language, "error.page.tryAgain").click()
    expect(page).to_have_url(code_screen)
    steps.expect_screen(page, language, "verification.email.title", step=1)


def test_the_language_toggle_keeps_the_error_screen(new_context, product):
    page = new_context(language="en", viewport=DESKTOP).new_page()
    page.route(re.compile(r"/v1/session"), lambda route: route.fulfill(**DATABASE_DOWN))
    page.goto(f"{product.idp_url}/en/signUp/password")
    steps.expect_screen(page, "en", "error.page.title")
    page.get_by_role("link", name=t("en", "layout.otherLanguageName"), exact=True).click()
    steps.expect_screen(page, "fr", "error.page.title")
    expect(page.get_by_text(t("fr", "error.page.unavailable"), exact=True)).to_be_visible()


def test_the_providers_error_page_has_the_name_frame_and_toggle_in_french(new_context, product):
    page = new_context(language="fr", viewport=MOBILE).new_page()
    page.goto(f"{product.idp_url}/authorize?client_id=nobody&response_type=code&scope=openid&ui_locales=fr")
    expect(page.get_by_role("heading", level=1, name="Nous ne pouvons pas continuer")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator(".site-header__name")).to_have_text(t("fr", "layout.siteName"))
    expect(page.get_by_role("link", name=t("fr", "footer.terms"), exact=True)).to_be_visible()
    toggle = page.get_by_role("link", name="English", exact=True)
    expect(toggle).to_have_attribute("lang", "en")
    assert_no_violations(page, "the provider's error page (fr, 375 px)")
    no_horizontal_scroll(page)
    shot(page, "issue13-p11-oauth-error-fr-375")
    toggle.click()
    expect(page.get_by_role("heading", level=1, name="We cannot continue")).to_be_visible()
    expect(page.locator(".site-header__name")).to_have_text(t("en", "layout.siteName"))
