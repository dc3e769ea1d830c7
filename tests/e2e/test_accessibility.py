"""Every screen of the specification, in English and French, on a 375 px phone and a 1280 px
desktop: no WCAG 2.2 A/AA violation (axe-core), and a screenshot for people to look at.

The server decides where a journey stands, so each screen is reached as a person reaches
it: the tests walk real journeys (sign-up, sign-in, the profile changes, password
recovery) and scan each screen as it comes, with its error state (a value the form
refuses) and, on code screens, the resend state. Playwright's clock is installed in each
page, so a scan can run the resend countdown out at once; the server keeps real time, so
asking for a code on the other channel waits for the server's wait to be over. The
redirect page's destination (/authorize/resume/...) answers 204 No Content while it is
scanned, so the page stays; the person then follows its link.
"""
from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e import steps
from tests.e2e.accessibility import assert_no_violations
from tests.e2e.conftest import DESKTOP, MOBILE, Product
from tests.e2e.people import Person, new_person
from tests.e2e.steps import t

pytestmark = pytest.mark.e2e

VIEWPORTS = {"mobile": MOBILE, "desktop": DESKTOP}
RESUME = "**/authorize/resume/**"


@dataclass
class Scan:
    """One browser page in one language and viewport, scanning as it goes."""

    page: Page
    product: Product
    screenshots: Path
    language: str
    viewport: str
    # the redirect page's attempts to leave, answered 204 (see the fixture)
    kept: list = field(default_factory=list)

    def screen(self, name: str, title_key: str, step: int | None = None) -> None:
        """The sign-in service's screen with this h1 is shown: screenshot, then no violation."""
        steps.expect_screen(self.page, self.language, title_key, step)
        expect(self.page.locator(".site-header__name")).to_have_text(t(self.language, "layout.siteName"))
        self.check(name)

    def reservations(self, name: str, title: str) -> None:
        expect(steps.heading(self.page, steps.RESERVATIONS[self.language][title])).to_be_visible()
        expect(self.page.locator("html")).to_have_attribute("lang", self.language)
        self.check(name)

    def check(self, name: str) -> None:
        folder = self.screenshots / self.viewport / self.language
        folder.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(folder / f"{name}.png"), full_page=True)
        assert_no_violations(self.page, f"{name} ({self.language}, {self.viewport})")

    def fill_in(self, label_key: str, value: str, button_key: str = "common.continue") -> None:
        """The person types a value in the field and presses the button."""
        self.page.get_by_label(t(self.language, label_key), exact=True).fill(value)
        steps.button(self.page, self.language, button_key).click()

    def refused(self, name: str, title_key: str, label_key: str, value: str, button_key: str) -> None:
        """The error state: the person types a value the form refuses and submits."""
        self.fill_in(label_key, value, button_key)
        expect(self.page.get_by_role("heading", name=t(self.language, "error.1"))).to_be_visible()
        self.screen(f"{name}-error", title_key)

    def code_screen(self, name: str, title_key: str, step: int | None = None) -> None:
        """A code screen, its error state, then its resend state (the countdown run out)."""
        self.screen(name, title_key, step)
        self.refused(name, title_key, "verification.codeLabel", "12", "common.continue")
        steps.run_out_countdown(self.page)
        expect(self.page.get_by_role("link", name=t(self.language, "verification.requestNewCode"))).to_be_visible()
        self.check(f"{name}-resend")

    def other_channel(self, flow: str, channel: str) -> None:
        """'Call me instead' / 'Text me instead', once the server's wait is over."""
        steps.wait_until_a_new_code_may_be_sent(self.page, self.product, flow)
        self.page.get_by_role("link", name=t(self.language, f"verification.switchTo.{channel}")).click()
        notice = t(self.language, f"verification.{channel}.resent")
        expect(self.page.get_by_role("status").filter(has_text=notice)).to_be_visible()

    def redirect_page(self) -> None:
        """The redirect page (its destination kept from navigating), then on to the service
        by its link, once the page's own redirect has been kept (a sign-in resumes once)."""
        self.screen("redirecttorp", "redirect.title")
        for _ in range(40):
            if self.kept:
                break
            self.page.clock.run_for(500)
        assert self.kept, "the redirect page did not go on to the relying service"
        self.page.unroute(RESUME)
        steps.continue_link(self.page, self.language).click()

    def ready_page(self) -> None:
        """After a sign-up: the account is ready, with a second way offered; it waits for the
        person, who continues to the service."""
        self.screen("redirecttorp-signup", "redirect.ready.title")
        self.page.unroute(RESUME)
        steps.continue_to_the_service(self.page, self.language)


@pytest.fixture(params=[(language, viewport) for viewport in VIEWPORTS for language in ("en", "fr")],
                ids=lambda param: f"{param[0]}-{param[1]}")
def scan(request, new_context, product, screenshots) -> Scan:
    language, viewport = request.param
    context = new_context(language=language, viewport=VIEWPORTS[viewport])
    page = context.new_page()
    page.clock.install()
    return Scan(page, product, screenshots, language, viewport, kept=steps.keep_hand_off(page, RESUME))


def account_for(new_context, product: Product, language: str) -> Person:
    """A person with an account, made through /v1 in a browser of its own."""
    person = new_person("Dominique", "Lévesque")
    context: BrowserContext = new_context(language=language)
    steps.sign_up_through_api(context, product, person, language)
    return person


def test_sign_up_screens_have_no_wcag_violations(scan):
    page, product, language = scan.page, scan.product, scan.language
    person = new_person("Dominique", "Lévesque")
    steps.open_reservations(page, product, language)
    scan.reservations("reservations-home", "home")
    page.get_by_role("button", name=steps.RESERVATIONS[language]["sign_in"], exact=True).click()
    scan.screen("home", "home.title")
    scan.refused("home", "home.title", "email.label", "ada@", "common.continue")
    steps.link(page, language, "home.signUp").click()
    scan.screen("signup-privacy", "privacy.title")
    steps.button(page, language, "privacy.accept").click()
    scan.screen("signup-email", "email.signup.title", 1)
    scan.refused("signup-email", "email.signup.title", "email.label", "not an address", "email.signup.submit")
    steps.enter_sign_up_email(page, language, person)
    scan.code_screen("signup-verification-email", "verification.email.title", 1)
    steps.verify_email(page, product, language, person)
    scan.screen("signup-password", "password.signup.title", 2)
    scan.refused("signup-password", "password.signup.title", "password.label", "short", "password.signup.submit")
    steps.create_password(page, language, person)
    scan.screen("signup-verificationsetup", "setup.title", 3)
    scan.refused("signup-verificationsetup", "setup.title", "phone.label", "613", "setup.submit")
    steps.set_up_phone(page, language, person)
    scan.code_screen("signup-verification-sms", "verification.sms.title", 3)
    scan.other_channel("signup", "voice")
    scan.screen("signup-verification-voice", "verification.voice.title", 3)
    steps.verify_phone(page, product, language, person)
    scan.screen("signup-profile", "profile.core.title", 4)
    scan.refused("signup-profile", "profile.core.title", "profile.core.firstName", "J", "profile.core.submit")
    steps.enter_name(page, language, person)
    scan.ready_page()
    steps.expect_signed_in_at_reservations(page, product, person, language)
    scan.reservations("reservations-signed-in", "signed_in")
    page.goto(f"{product.rp_url}/callback?iss={product.idp_url}&code=unknown&state=unknown")
    scan.reservations("reservations-error", "error")
    page.goto(f"{product.idp_url}/{language}/phoneotp")
    scan.screen("phoneotp", "phoneotp.title")


def test_sign_in_screens_have_no_wcag_violations(scan, new_context):
    page, product, language = scan.page, scan.product, scan.language
    person = account_for(new_context, product, language)
    steps.sign_in_at_reservations(page, product, language)
    steps.link(page, language, "home.signIn").click()
    scan.screen("signin-email", "email.signin.title")
    scan.refused("signin-email", "email.signin.title", "email.label", "ada@example", "common.continue")
    steps.enter_sign_in_email(page, language, person)
    scan.screen("signin-password", "password.signin.title")
    scan.refused("signin-password", "password.signin.title", "password.label", "", "password.signin.submit")
    steps.enter_sign_in_password(page, language, person)
    scan.screen("signin-selectverification", "select.title")
    steps.choose_code_by(page, language, "voice")
    scan.code_screen("signin-verification-voice", "verification.voice.title")
    scan.other_channel("signin", "sms")
    scan.screen("signin-verification-sms", "verification.sms.title")
    steps.enter_code(page, language, product.latest_code(person.e164))
    scan.redirect_page()
    steps.expect_signed_in_at_reservations(page, product, person, language)


def test_profile_screens_have_no_wcag_violations(scan):
    page, product, language = scan.page, scan.product, scan.language
    person = new_person("Dominique", "Lévesque")
    steps.sign_up_through_api(page.context, product, person, language)
    idp = f"{product.idp_url}/{language}"

    page.goto(f"{idp}/profilehome")
    scan.screen("profilehome", "profile.home.title")
    page.goto(f"{idp}/profilelanguage")
    scan.screen("profilelanguage", "profile.languageEdit.title")
    page.goto(f"{idp}/profilenameedit")
    scan.screen("profilenameedit", "profile.nameEdit.title")
    scan.refused("profilenameedit", "profile.nameEdit.title", "profile.core.lastName", "", "common.continue")
    scan.fill_in("profile.core.lastName", person.last_name)
    scan.screen("areYouSureEditYourName", "profile.nameConfirm.title")
    steps.button(page, language, "profile.nameConfirm.submit").click()
    scan.screen("profileYouMayUpdateName", "profile.nameDone.title")

    page.goto(f"{idp}/firstverifyitsyou")
    scan.screen("firstverifyitsyou", "profile.verify.title")
    scan.refused("firstverifyitsyou", "profile.verify.title", "password.label", "", "common.continue")
    scan.fill_in("password.label", person.password)
    scan.code_screen("completetwostepverification", "profile.twoStep.title")
    steps.enter_code(page, language, product.latest_code(person.e164))
    scan.screen("enternewemail", "profile.newEmail.title")
    scan.refused("enternewemail", "profile.newEmail.title", "profile.newEmail.label", "nope", "common.continue")
    new_email = f"n-{uuid.uuid4().hex[:10]}@example.ca"
    scan.fill_in("profile.newEmail.label", new_email)
    scan.code_screen("checkyouremail", "profile.checkEmail.title")
    steps.enter_code(page, language, product.latest_code(new_email))
    scan.screen("areYouSureUpdateYourEmail", "profile.emailConfirm.title")
    steps.button(page, language, "profile.emailConfirm.submit").click()
    scan.screen("youMayUpdateEmailAtOtherPlaces", "profile.emailDone.title")

    page.goto(f"{idp}/firstverifyitsyou/phone")
    scan.screen("firstverifyitsyou-phone", "profile.verify.title")
    scan.fill_in("password.label", person.password)
    scan.screen("completetwostepverification-phone", "profile.twoStep.title")
    steps.enter_code(page, language, product.latest_code(person.e164))
    scan.screen("enterNewPhoneNumber", "profile.newPhone.title")
    scan.refused("enterNewPhoneNumber", "profile.newPhone.title", "phone.label", "", "setup.submit")
    new_phone = new_person().phone
    scan.fill_in("phone.label", new_phone, "setup.submit")
    scan.code_screen("verifynewphone", "verification.sms.title")
    steps.enter_code(page, language, product.latest_code("+1" + new_phone))
    scan.screen("phonechanged", "profile.phoneDone.title")


def test_password_recovery_screens_have_no_wcag_violations(scan, new_context):
    page, product, language = scan.page, scan.product, scan.language
    person = account_for(new_context, product, language)
    page.goto(f"{product.idp_url}/{language}/forgotpassword")
    scan.screen("forgotpassword", "recovery.email.title")
    scan.refused("forgotpassword", "recovery.email.title", "email.label", "nope", "recovery.email.submit")
    scan.fill_in("email.label", person.email, "recovery.email.submit")
    scan.code_screen("forgotpassword-checkemail", "recovery.checkEmail.title")
    steps.enter_code(page, language, product.latest_code(person.email))
    scan.code_screen("forgotpassword-verification", "recovery.twoStep.title")
    steps.enter_code(page, language, product.latest_code(person.e164))
    scan.screen("forgotpassword-newpassword", "recovery.password.title")
    scan.refused("forgotpassword-newpassword", "recovery.password.title", "recovery.password.label", "short",
                 "recovery.password.submit")
