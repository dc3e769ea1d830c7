"""Every screen of the specification, in English and French, on a 375 px phone and a 1280 px
desktop: no WCAG 2.1 A/AA violation (axe-core), and a screenshot for people to look at.

One browser page per viewport is reused for every screen and both languages. Before the
scans it walks a real sign-up (so the browser is signed in, as on the profile pages, and the
reservations service has a person to show); then Playwright's clock is installed, so a scan
can run the resend countdown out at once. (A paused clock would also stop axe, which uses
timers.) The redirect page's destination answers 204 No Content, so the page stays.
Screens behind the guards of section 4 are opened with the session state the app keeps in
sessionStorage after each step (as src/session/reducer.js stores it).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.e2e import steps
from tests.e2e.accessibility import assert_no_violations
from tests.e2e.conftest import DESKTOP, EXPECT_TIMEOUT_MS, MOBILE, Product
from tests.e2e.people import Person, new_person
from tests.e2e.steps import t

pytestmark = pytest.mark.e2e

VIEWPORTS = {"mobile": MOBILE, "desktop": DESKTOP}
LANGUAGES = ("en", "fr")
STORAGE_KEY = "idp.session.v1"

# The client state after each step (section 3's userData), as the reducer stores it.
INITIAL = {
    "service": None, "language": "en", "email": None, "emailLanguage": None, "emailValidated": False,
    "trxnId": None, "passwordSubmitted": False, "phone": None, "stepVerificationSent": False,
    "stepVerified": False, "viewPrivacy": False, "id": None, "otpType": None, "passwordValidated": False,
    "verificationType": None, "flow": None, "redirectTo": None,
}
SIGNUP_PRIVACY = {"flow": "signup", "viewPrivacy": True, "emailLanguage": "eng"}
SIGNUP_EMAIL_SENT = {**SIGNUP_PRIVACY, "email": "ada@example.com", "trxnId": "T1", "otpType": "email",
                     "verificationType": "email"}
SIGNUP_EMAIL_VALIDATED = {**SIGNUP_EMAIL_SENT, "emailValidated": True}
SIGNUP_CREATED = {**SIGNUP_EMAIL_VALIDATED, "id": "U1", "passwordSubmitted": True}
SIGNUP_SMS_SENT = {**SIGNUP_CREATED, "phone": "+16132345678", "otpType": "sms", "verificationType": "sms",
                   "trxnId": "T2", "stepVerificationSent": True}
SIGNUP_VOICE_SENT = {**SIGNUP_SMS_SENT, "otpType": "voice", "verificationType": "voice"}
SIGNUP_PHONE_VERIFIED = {**SIGNUP_SMS_SENT, "stepVerified": True}
SIGNIN_EMAIL = {"flow": "signin", "email": "ada@example.com"}
SIGNIN_PASSWORD = {**SIGNIN_EMAIL, "id": "U1", "phone": "******5678", "otpType": "sms", "verificationType": "sms",
                   "passwordValidated": True}
SIGNIN_SMS_SENT = {**SIGNIN_PASSWORD, "trxnId": "T3"}
SIGNIN_VOICE_SENT = {**SIGNIN_SMS_SENT, "otpType": "voice", "verificationType": "voice"}
# Where the redirect page sends the person: a same-origin address that answers 204 No Content
# during the scans, so the browser stays on the redirect page (see scan_pages).
STAY = "/e2e/stay-on-this-page"
SIGNED_IN = {**SIGNIN_SMS_SENT, "redirectTo": STAY}


def submit(label_key: str, value: str, button_key: str) -> Callable[[Page, str], None]:
    """An error state: the person types a value the form refuses and submits."""
    def act(page: Page, language: str) -> None:
        page.get_by_label(t(language, label_key), exact=True).fill(value)
        steps.button(page, language, button_key).click()
        expect(page.get_by_role("heading", name=t(language, "error.1"))).to_be_visible()
    return act


def wait_for_resend(page: Page, language: str) -> None:
    """The countdown runs out: a new code (and the other phone channel) can be asked for."""
    steps.run_out_countdown(page)
    expect(page.get_by_role("link", name=t(language, "verification.requestNewCode"))).to_be_visible()


@dataclass(frozen=True)
class Screen:
    name: str
    path: str  # {lang} is replaced by the language
    title: str  # catalogue key of the h1
    state: dict | None = None  # userData to seed; None clears the session state
    act: Callable[[Page, str], None] | None = None
    authenticated: bool = False


CODE_ERROR = submit("verification.codeLabel", "12", "common.continue")
IDP_SCREENS = [
    Screen("home", "/{lang}", "home.title"),
    Screen("home-error", "/{lang}", "home.title", act=submit("email.label", "ada@", "common.continue")),
    Screen("signup-privacy", "/{lang}/signUp/privacy", "privacy.title"),
    Screen("signup-email", "/{lang}/signUp", "email.signup.title", SIGNUP_PRIVACY),
    Screen("signup-email-error", "/{lang}/signUp", "email.signup.title", SIGNUP_PRIVACY,
           act=submit("email.label", "not an address", "email.signup.submit")),
    Screen("signup-verification-email", "/{lang}/signUp/verification/email", "verification.email.title",
           SIGNUP_EMAIL_SENT),
    Screen("signup-verification-email-error", "/{lang}/signUp/verification/email", "verification.email.title",
           SIGNUP_EMAIL_SENT, act=CODE_ERROR),
    Screen("signup-verification-email-resend", "/{lang}/signUp/verification/email", "verification.email.title",
           SIGNUP_EMAIL_SENT, act=wait_for_resend),
    Screen("signup-password", "/{lang}/signUp/password", "password.signup.title", SIGNUP_EMAIL_VALIDATED),
    Screen("signup-password-error", "/{lang}/signUp/password", "password.signup.title", SIGNUP_EMAIL_VALIDATED,
           act=submit("password.label", "short", "password.signup.submit")),
    Screen("signup-verificationsetup", "/{lang}/signUp/verificationsetup", "setup.title", SIGNUP_CREATED),
    Screen("signup-verificationsetup-error", "/{lang}/signUp/verificationsetup", "setup.title", SIGNUP_CREATED,
           act=submit("phone.label", "613", "setup.submit")),
    Screen("signup-verification-sms", "/{lang}/signUp/verification/sms", "verification.sms.title", SIGNUP_SMS_SENT),
    Screen("signup-verification-sms-error", "/{lang}/signUp/verification/sms", "verification.sms.title",
           SIGNUP_SMS_SENT, act=CODE_ERROR),
    Screen("signup-verification-sms-resend", "/{lang}/signUp/verification/sms", "verification.sms.title",
           SIGNUP_SMS_SENT, act=wait_for_resend),
    Screen("signup-verification-voice", "/{lang}/signUp/verification/voice", "verification.voice.title",
           SIGNUP_VOICE_SENT),
    Screen("signup-profile", "/{lang}/signUp/profile", "profile.core.title", SIGNUP_PHONE_VERIFIED),
    Screen("signup-profile-error", "/{lang}/signUp/profile", "profile.core.title", SIGNUP_PHONE_VERIFIED,
           act=submit("profile.core.firstName", "J", "profile.core.submit")),
    Screen("signin-email", "/{lang}/signIn", "email.signin.title"),
    Screen("signin-email-error", "/{lang}/signIn", "email.signin.title",
           act=submit("email.label", "ada@example", "common.continue")),
    Screen("signin-password", "/{lang}/signIn/password", "password.signin.title", SIGNIN_EMAIL),
    Screen("signin-password-error", "/{lang}/signIn/password", "password.signin.title", SIGNIN_EMAIL,
           act=submit("password.label", "", "password.signin.submit")),
    Screen("signin-selectverification", "/{lang}/signIn/selectverification", "select.title", SIGNIN_PASSWORD),
    Screen("signin-verification-sms", "/{lang}/signIn/verification/sms", "verification.sms.title", SIGNIN_SMS_SENT),
    Screen("signin-verification-sms-error", "/{lang}/signIn/verification/sms", "verification.sms.title",
           SIGNIN_SMS_SENT, act=CODE_ERROR),
    Screen("signin-verification-voice", "/{lang}/signIn/verification/voice", "verification.voice.title",
           SIGNIN_VOICE_SENT),
    Screen("signin-verification-voice-resend", "/{lang}/signIn/verification/voice", "verification.voice.title",
           SIGNIN_VOICE_SENT, act=wait_for_resend),
    Screen("redirecttorp", "/{lang}/redirecttorp", "redirect.title", SIGNED_IN, authenticated=True),
    Screen("phoneotp", "/{lang}/phoneotp", "phoneotp.title"),
]


@dataclass
class ScanPage:
    page: Page
    person: Person  # signed in on this page; the profile scans change its e-mail and phone
    product: Product
    viewport: str


@pytest.fixture(scope="module")
def scan_pages(browser, product):
    """One page per viewport, made when first asked for, kept for the whole module."""
    made: dict[str, ScanPage] = {}
    contexts = []

    def get(viewport: str) -> ScanPage:
        if viewport not in made:
            context = browser.new_context(viewport=VIEWPORTS[viewport], locale="en-CA")
            context.set_default_timeout(EXPECT_TIMEOUT_MS)
            contexts.append(context)
            page = context.new_page()
            person = new_person("Dominique", "Lévesque")
            steps.sign_up(page, product, person)  # a signed-in browser, and a person at the reservations service
            page.clock.install()
            page.route(product.idp_url + STAY, lambda route: route.fulfill(status=204))
            made[viewport] = ScanPage(page, person, product, viewport)
        return made[viewport]

    yield get
    for context in contexts:
        context.close()


def _shoot(page: Page, screenshots, viewport: str, language: str, name: str) -> None:
    page.screenshot(path=str(screenshots / viewport / language / f"{name}.png"), full_page=True)


def _check(scan: ScanPage, screenshots, language: str, name: str, title: str) -> None:
    """The screen with this h1 is shown: screenshot, then no WCAG 2.1 A/AA violation."""
    steps.expect_screen(scan.page, language, title)
    _shoot(scan.page, screenshots, scan.viewport, language, name)
    assert_no_violations(scan.page, f"{name} ({language}, {scan.viewport})")


def _seed(scan: ScanPage, state: dict | None, authenticated: bool) -> None:
    page = scan.page
    if not page.url.startswith(scan.product.idp_url):
        page.goto(scan.product.idp_url + "/dev/outbox")
    stored = {"isAuthenticated": authenticated, "userData": {**INITIAL, **(state or {})}}
    page.evaluate("([key, value]) => window.sessionStorage.setItem(key, value)", [STORAGE_KEY, json.dumps(stored)])


@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("screen", IDP_SCREENS, ids=lambda s: s.name)
def test_login_ui_screen_has_no_wcag_violations(scan_pages, screenshots, screen, language, viewport):
    scan = scan_pages(viewport)
    page = scan.page
    _seed(scan, screen.state and {**screen.state, "language": language}, screen.authenticated)
    page.goto(scan.product.idp_url + screen.path.format(lang=language))
    steps.expect_screen(page, language, screen.title)
    expect(page.get_by_test_id("service-name")).to_be_visible()
    if screen.act:
        screen.act(page, language)
    _shoot(page, screenshots, viewport, language, screen.name)
    assert_no_violations(page, f"{screen.name} ({language}, {viewport})")


RESERVATIONS_PAGES = {
    "reservations-home": ("/", "home"),
    "reservations-signed-in": ("/profile", "signed_in"),
    "reservations-error": ("/callback?iss={issuer}&code=unknown&state=unknown", "error"),
}


@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", RESERVATIONS_PAGES)
def test_reservations_page_has_no_wcag_violations(scan_pages, screenshots, name, language, viewport):
    scan = scan_pages(viewport)
    page = scan.page
    path, title = RESERVATIONS_PAGES[name]
    page.goto(scan.product.rp_url + "/?lang=" + language)  # the service keeps the language in its session
    page.goto(scan.product.rp_url + path.format(issuer=scan.product.idp_url))
    expect(steps.heading(page, steps.RESERVATIONS[language][title])).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", language)
    _shoot(page, screenshots, viewport, language, name)
    assert_no_violations(page, f"{name} ({language}, {viewport})")


# --- the profile area and password recovery: stateful pages, reached by walking them ------

@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_profile_name_and_language_pages_have_no_wcag_violations(scan_pages, screenshots, language, viewport):
    scan = scan_pages(viewport)
    page, idp = scan.page, scan.product.idp_url
    page.goto(f"{idp}/{language}/profilehome")
    _check(scan, screenshots, language, "profilehome", "profile.home.title")
    page.goto(f"{idp}/{language}/profilelanguage")
    _check(scan, screenshots, language, "profilelanguage", "profile.languageEdit.title")
    page.goto(f"{idp}/{language}/profilenameedit")
    _check(scan, screenshots, language, "profilenameedit", "profile.nameEdit.title")
    page.get_by_label(t(language, "profile.core.lastName"), exact=True).fill("")
    steps.button(page, language, "common.continue").click()
    expect(page.get_by_role("heading", name=t(language, "error.1"))).to_be_visible()
    _check(scan, screenshots, language, "profilenameedit-error", "profile.nameEdit.title")
    page.get_by_label(t(language, "profile.core.lastName"), exact=True).fill(scan.person.last_name)
    steps.button(page, language, "common.continue").click()
    _check(scan, screenshots, language, "areYouSureEditYourName", "profile.nameConfirm.title")
    steps.button(page, language, "profile.nameConfirm.submit").click()
    _check(scan, screenshots, language, "profileYouMayUpdateName", "profile.nameDone.title")


@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_profile_email_change_pages_have_no_wcag_violations(scan_pages, screenshots, language, viewport):
    scan = scan_pages(viewport)
    page, idp, person = scan.page, scan.product.idp_url, scan.person
    page.goto(f"{idp}/{language}/firstverifyitsyou")
    _check(scan, screenshots, language, "firstverifyitsyou", "profile.verify.title")
    page.get_by_label(t(language, "password.label"), exact=True).fill(person.password)
    steps.button(page, language, "common.continue").click()
    _check(scan, screenshots, language, "completetwostepverification", "profile.twoStep.title")
    steps.enter_code(page, language, scan.product.latest_code(person.e164))
    _check(scan, screenshots, language, "enternewemail", "profile.newEmail.title")
    new_email = new_person().email
    page.get_by_label(t(language, "profile.newEmail.label"), exact=True).fill(new_email)
    steps.button(page, language, "common.continue").click()
    _check(scan, screenshots, language, "checkyouremail", "profile.checkEmail.title")
    steps.enter_code(page, language, scan.product.latest_code(new_email))
    _check(scan, screenshots, language, "areYouSureUpdateYourEmail", "profile.emailConfirm.title")
    steps.button(page, language, "profile.emailConfirm.submit").click()
    _check(scan, screenshots, language, "youMayUpdateEmailAtOtherPlaces", "profile.emailDone.title")
    scan.person = replace(person, email=new_email)


@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_profile_phone_change_pages_have_no_wcag_violations(scan_pages, screenshots, language, viewport):
    scan = scan_pages(viewport)
    page, idp = scan.page, scan.product.idp_url
    page.goto(f"{idp}/{language}/enterNewPhoneNumber")
    _check(scan, screenshots, language, "enterNewPhoneNumber", "profile.newPhone.title")
    new_phone = new_person().phone
    page.get_by_label(t(language, "phone.label"), exact=True).fill(new_phone)
    steps.button(page, language, "setup.submit").click()
    _check(scan, screenshots, language, "verifynewphone", "verification.sms.title")
    steps.enter_code(page, language, scan.product.latest_code("+1" + new_phone))
    _check(scan, screenshots, language, "phonechanged", "profile.phoneDone.title")
    scan.person = replace(scan.person, phone=new_phone)


@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_password_recovery_pages_have_no_wcag_violations(scan_pages, screenshots, language, viewport):
    """'I forgot my password', in a browser of its own (signed out), for the scan page's person."""
    scan = scan_pages(viewport)
    context = scan.page.context.browser.new_context(viewport=VIEWPORTS[viewport])
    try:
        recovery = ScanPage(context.new_page(), scan.person, scan.product, viewport)
        page = recovery.page
        page.goto(f"{scan.product.idp_url}/{language}/forgotpassword")
        _check(recovery, screenshots, language, "forgotpassword", "recovery.email.title")
        page.get_by_label(t(language, "email.label"), exact=True).fill(scan.person.email)
        steps.button(page, language, "recovery.email.submit").click()
        _check(recovery, screenshots, language, "forgotpassword-checkemail", "recovery.checkEmail.title")
        steps.enter_code(page, language, scan.product.latest_code(scan.person.email))
        _check(recovery, screenshots, language, "forgotpassword-verification", "recovery.twoStep.title")
        steps.enter_code(page, language, scan.product.latest_code(scan.person.e164))
        _check(recovery, screenshots, language, "forgotpassword-newpassword", "recovery.password.title")
    finally:
        context.close()
