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

import pytest
from playwright.sync_api import BrowserContext

from tests.e2e import steps
from tests.e2e.conftest import Product
from tests.e2e.people import Person, new_person

pytestmark = pytest.mark.e2e


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
    scan.refused(
        "forgotpassword-newpassword",
        "recovery.password.title",
        "recovery.password.label",
        "short",
        "recovery.password.submit",
    )
