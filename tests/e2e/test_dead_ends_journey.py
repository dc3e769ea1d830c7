"""Issue 13's dead ends: a sign-up that stopped after the password is finished at sign-in,
in the person's language; Back and Forward land where the journey stands; a guard that
sends someone home says why, in the language of the flow they were in."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e import steps
from tests.e2e.accessibility import assert_no_violations
from tests.e2e.conftest import DESKTOP, MOBILE, ROOT
from tests.e2e.steps import t

pytestmark = pytest.mark.e2e

ARTIFACTS = ROOT / "test-artifacts"


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def stop_after_the_password(new_context, product, person, language, viewport):
    """Privacy, the e-mail and its code, the password: then the browser is closed."""
    page = new_context(language=language, viewport=viewport).new_page()
    steps.reach_email_code(page, product, person, language)
    steps.verify_email(page, product, language, person)
    steps.create_password(page, language, person)
    page.context.close()


@pytest.mark.parametrize(("language", "viewport", "size"), [("en", DESKTOP, 1280), ("fr", MOBILE, 375)])
def test_a_sign_up_stopped_after_the_password_is_finished_by_signing_in(
    new_context, product, person, language, viewport, size
):
    stop_after_the_password(new_context, product, person, language, viewport)
    page = new_context(language=language, viewport=viewport).new_page()
    steps.resume_sign_up_by_signing_in(page, product, language, person)
    assert_no_violations(page, f"the resumed phone step ({language}, {size} px)")
    shot(page, f"issue13-p1-resume-signup-{language}-{size}")
    steps.set_up_phone(page, language, person)
    steps.verify_phone(page, product, language, person)
    steps.enter_name(page, language, person)
    steps.continue_to_the_service(page, language)
    steps.expect_signed_in_at_reservations(page, product, person, language)


def test_a_sign_up_stopped_after_the_password_is_finished_through_i_forgot_my_password(new_context, product, person):
    stop_after_the_password(new_context, product, person, "en", DESKTOP)
    page = new_context().new_page()
    steps.sign_in_at_reservations(page, product)
    steps.enter_sign_in_email(page, "en", person)
    steps.link(page, "en", "password.signin.forgot").click()
    steps.expect_screen(page, "en", "recovery.email.title")
    page.get_by_label(t("en", "email.label"), exact=True).fill(person.email)
    steps.button(page, "en", "recovery.email.submit").click()
    steps.expect_screen(page, "en", "recovery.checkEmail.title")
    steps.enter_code(page, "en", product.latest_code(person.email))
    steps.expect_screen(page, "en", "recovery.password.title")
    page.get_by_label(t("en", "recovery.password.label"), exact=True).fill("a brand new long passphrase")
    steps.button(page, "en", "recovery.password.submit").click()
    steps.expect_screen(page, "en", "setup.title", step=3)
    steps.set_up_phone(page, "en", person)
    steps.verify_phone(page, product, "en", person)
    steps.enter_name(page, "en", person)
    steps.continue_to_the_service(page)
    steps.expect_signed_in_at_reservations(page, product, person)


@pytest.mark.parametrize(("language", "viewport", "size"), [("en", DESKTOP, 1280), ("fr", MOBILE, 375)])
def test_back_and_forward_after_create_my_account_stay_on_the_phone_step(
    new_context, product, person, language, viewport, size
):
    page = new_context(language=language, viewport=viewport).new_page()
    steps.reach_email_code(page, product, person, language)
    steps.verify_email(page, product, language, person)
    steps.create_password(page, language, person)
    setup = f"{product.idp_url}/{language}/signUp/verificationsetup"
    page.go_back()
    steps.expect_screen(page, language, "setup.title", step=3)
    expect(page).to_have_url(setup)
    page.go_back()
    steps.expect_screen(page, language, "setup.title", step=3)
    page.go_forward()
    steps.expect_screen(page, language, "setup.title", step=3)
    expect(page).to_have_url(setup)
    assert_no_violations(page, f"the phone step after Back ({language}, {size} px)")
    shot(page, f"issue13-p2-back-after-create-account-{language}-{size}")
    # and the journey goes on from there
    steps.set_up_phone(page, language, person)


def expect_sent_home_with_a_reason(page, product, language):
    # the specification's rule: an unmet guard leads to /, in the language of the flow
    expect(page).to_have_url(product.idp_url + "/")
    steps.expect_screen(page, language, "home.title")
    # the browser sends no session for it (cookies cleared or blocked, or another browser)
    notice = page.get_by_role("status").filter(has_text=t(language, "error.46"))
    expect(notice).to_be_visible()


@pytest.mark.parametrize(("language", "viewport", "size"), [("en", DESKTOP, 1280), ("fr", MOBILE, 375)])
def test_a_step_opened_in_a_new_browser_goes_home_saying_the_browser_has_no_session_for_it(
    new_context, product, language, viewport, size
):
    page = new_context(language="fr" if language == "en" else "en", viewport=viewport).new_page()
    page.goto(f"{product.idp_url}/{language}/signUp/profile")
    # in the language of the link, not of the browser
    expect_sent_home_with_a_reason(page, product, language)
    assert_no_violations(page, f"home after a closed step ({language}, {size} px)")
    shot(page, f"issue13-p3-session-ended-{language}-{size}")


def test_an_older_link_in_a_french_flow_stays_french_in_an_english_browser(new_context, product, person):
    page = new_context(language="en").new_page()
    page.goto(f"{product.idp_url}/fr")
    steps.choose_sign_up(page, "fr")
    steps.enter_sign_up_email(page, "fr", person)
    steps.verify_email(page, product, "fr", person)
    page.goto(f"{product.idp_url}/password")
    expect(page).to_have_url(f"{product.idp_url}/fr/signUp/password")
    steps.expect_screen(page, "fr", "password.signup.title", step=2)


def test_an_older_link_without_a_journey_goes_home_saying_why(new_context, product):
    page = new_context(language="fr").new_page()
    page.goto(f"{product.idp_url}/verification")
    expect_sent_home_with_a_reason(page, product, "fr")


def test_the_reason_goes_once_the_person_starts_again(new_context, product):
    page = new_context().new_page()
    page.goto(f"{product.idp_url}/en/signUp/password")
    expect_sent_home_with_a_reason(page, product, "en")
    steps.link(page, "en", "home.signUp").click()
    steps.expect_screen(page, "en", "privacy.title")
    page.go_back()
    steps.expect_screen(page, "en", "home.title")
    expect(page.get_by_text(t("en", "error.46"))).to_have_count(0)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_signing_in_directly_names_the_account_not_a_service_and_lands_there(new_context, product, person, language):
    """Issue 13 point 5: no relying service waits, so the redirect page names the account."""
    steps.sign_up_through_api(new_context(language=language), product, person, language)
    page = new_context(language=language).new_page()
    page.clock.install()
    account = f"{product.idp_url}/{language}/profilehome"
    handed_to = steps.keep_hand_off(page, account)
    page.goto(f"{product.idp_url}/{language}")
    steps.enter_sign_in_email(page, language, person)
    steps.enter_sign_in_password(page, language, person)
    steps.choose_code_by(page, language, "sms")
    steps.enter_code(page, language, product.latest_code(person.e164))
    steps.expect_screen(page, language, "redirect.title")
    expect(page.get_by_text(t(language, "redirect.toAccount"), exact=True)).to_be_visible()
    expect(steps.continue_link(page, language, "")).to_be_visible()
    title = page.request.get(f"{product.idp_url}/v1/services?lang={language}").json()["data"][0]["title"]
    expect(page.get_by_role("main")).not_to_contain_text(title)
    assert_no_violations(page, f"the redirect page without a service ({language})")
    shot(page, f"issue13-p5-redirect-to-account-{language}-1280")
    for _ in range(40):
        if handed_to:
            break
        page.clock.run_for(500)
    assert handed_to == [account]


def test_a_browser_asking_for_fr_ca_then_en_gets_french_everywhere(browser, product):
    """Issue 13 point 6: the sign-in home, the provider and the reservations service agree."""
    context = browser.new_context(locale="fr-CA", extra_http_headers={"Accept-Language": "fr-CA,en;q=0.9"})
    try:
        page = context.new_page()
        page.goto(product.rp_url + "/")
        expect(steps.heading(page, steps.RESERVATIONS["fr"]["home"])).to_be_visible()
        page.goto(product.idp_url + "/")
        steps.expect_screen(page, "fr", "home.title")
        shot(page, "issue13-p6-fr-ca-then-en-is-french-1280")
    finally:
        context.close()
