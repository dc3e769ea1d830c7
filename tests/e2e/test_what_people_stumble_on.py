"""Issue 22, what a person still stumbled on, walked in Chromium: every code step survives
"use up the code, ask for a new one, type it" (the screen answers the transaction the server
names); a refusal never stands beside a "new code sent" notice; a change of country says what
it did to the number; a lost connection is called one. English at 1280 px, French at 375 px,
each new state scanned by axe; screenshots in test-artifacts/issue22/."""

from __future__ import annotations

import re
import tomllib
import uuid

import pytest
from playwright.sync_api import Page, expect

from tests.e2e import steps
from tests.e2e.accessibility import assert_no_violations
from tests.e2e.conftest import DESKTOP, MOBILE, ROOT, Product
from tests.e2e.people import Person, new_person
from tests.e2e.steps import t

pytestmark = pytest.mark.e2e

ARTIFACTS = ROOT / "test-artifacts" / "issue22"
MAX_ATTEMPTS = tomllib.loads((ROOT / "config" / "settings.toml").read_text(encoding="utf-8"))["otp"]["max_attempts"]
SIZE = {"en": DESKTOP, "fr": MOBILE}


def shot(page: Page, name: str, language: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}-{language}-{SIZE[language]['width']}.png"), full_page=True)


def a_wrong_code(right: str) -> str:
    return "".join(str((int(digit) + 1) % 10) for digit in right)


def codes_to(product: Product, destination: str) -> int:
    return sum(1 for message in product.messages(destination) if message.get("code"))


def use_up_ask_again_and_type(page: Page, product: Product, language: str, destination: str, name: str) -> None:
    """Every wrong code the code allows, "Send me a new code", then the new code: the page
    goes on (the caller checks where)."""
    wrong = a_wrong_code(product.latest_code(destination))
    for _ in range(MAX_ATTEMPTS):
        steps.enter_code(page, language, wrong)
    steps.expect_field_error(page, language, "verification.codeLabel", t(language, "error.16"))
    sent = codes_to(product, destination)
    page.get_by_role("link", name=t(language, "verification.requestNewCode")).click()
    expect(page.get_by_role("status").filter(has_text=re.compile(r"\S"))).to_be_visible()
    for _ in range(50):
        if codes_to(product, destination) > sent:
            break
        page.wait_for_timeout(100)
    assert_no_violations(page, f"{name}: a new code after the used-up one ({language})")
    shot(page, f"p1-{name}-new-code", language)
    steps.enter_code(page, language, product.latest_code(destination))


def signed_up(context, product: Product, language: str) -> Person:
    person = new_person()
    steps.sign_up_through_api(context, product, person, language)
    return person


def reauthenticate(page: Page, product: Product, language: str, person: Person, change: str) -> None:
    """The password, then the code to the phone: use it up, ask again, type the new one."""
    suffix = "" if change == "email" else f"/{change}"
    page.goto(f"{product.idp_url}/{language}/firstverifyitsyou{suffix}")
    steps.expect_screen(page, language, "profile.verify.title")
    page.get_by_label(t(language, "password.label"), exact=True).fill(person.password)
    steps.button(page, language, "common.continue").click()
    steps.expect_screen(page, language, "profile.twoStep.title")
    use_up_ask_again_and_type(page, product, language, person.e164, f"reauthenticate-{change}")


def sign_up_email(page, product, language, context):
    person = new_person()
    steps.reach_email_code(page, product, person, language)
    use_up_ask_again_and_type(page, product, language, person.email, "sign-up-email")
    steps.expect_screen(page, language, "password.signup.title", step=2)


def sign_up_phone(page, product, language, context):
    person = new_person()
    steps.reach_email_code(page, product, person, language)
    steps.verify_email(page, product, language, person)
    steps.create_password(page, language, person)
    steps.set_up_phone(page, language, person)
    use_up_ask_again_and_type(page, product, language, person.e164, "sign-up-phone")
    steps.expect_screen(page, language, "profile.core.title", step=4)


def sign_in(page, product, language, context):
    person = signed_up(context.browser.new_context(), product, language)
    page.goto(f"{product.idp_url}/{language}/signIn")
    steps.enter_sign_in_email(page, language, person)
    steps.enter_sign_in_password(page, language, person)
    steps.choose_code_by(page, language, "sms")
    use_up_ask_again_and_type(page, product, language, person.e164, "sign-in")
    steps.expect_screen(page, language, "redirect.title")


def recovery(page, product, language, context):
    person = signed_up(context.browser.new_context(), product, language)
    page.goto(f"{product.idp_url}/{language}/forgotpassword")
    page.get_by_label(t(language, "email.label"), exact=True).fill(person.email)
    steps.button(page, language, "recovery.email.submit").click()
    steps.expect_screen(page, language, "recovery.checkEmail.title")
    use_up_ask_again_and_type(page, product, language, person.email, "recovery-email")
    steps.expect_screen(page, language, "recovery.twoStep.title")
    use_up_ask_again_and_type(page, product, language, person.e164, "recovery-phone")
    steps.expect_screen(page, language, "recovery.password.title")


def email_change(page, product, language, context):
    person = signed_up(context, product, language)
    reauthenticate(page, product, language, person, "email")
    steps.expect_screen(page, language, "profile.newEmail.title")
    new_email = f"n-{uuid.uuid4().hex[:10]}@example.ca"
    page.get_by_label(t(language, "profile.newEmail.label"), exact=True).fill(new_email)
    steps.button(page, language, "common.continue").click()
    steps.expect_screen(page, language, "profile.checkEmail.title")
    use_up_ask_again_and_type(page, product, language, new_email, "new-email")
    steps.expect_screen(page, language, "profile.emailConfirm.title")


def phone_change(page, product, language, context):
    person = signed_up(context, product, language)
    reauthenticate(page, product, language, person, "phone")
    steps.expect_screen(page, language, "profile.newPhone.title")
    new_phone = new_person().phone
    page.get_by_label(t(language, "phone.label"), exact=True).fill(new_phone)
    steps.button(page, language, "setup.submit").click()
    steps.expect_screen(page, language, "verification.sms.title")
    use_up_ask_again_and_type(page, product, language, "+1" + new_phone, "new-phone")
    steps.expect_screen(page, language, "profile.phoneDone.title")


def password_change(page, product, language, context):
    reauthenticate(page, product, language, signed_up(context, product, language), "password")
    steps.expect_screen(page, language, "profile.newPassword.title")


def methods_change(page, product, language, context):
    reauthenticate(page, product, language, signed_up(context, product, language), "methods")
    steps.expect_screen(page, language, "methods.change.title")


CODE_STEPS = [
    ("sign-up-email", sign_up_email, "en"),
    ("sign-up-email", sign_up_email, "fr"),
    ("sign-up-phone", sign_up_phone, "fr"),
    ("sign-in", sign_in, "en"),
    ("recovery", recovery, "fr"),
    ("email-change", email_change, "en"),
    ("phone-change", phone_change, "fr"),
    ("password-change", password_change, "en"),
    ("methods-change", methods_change, "fr"),
]


@pytest.mark.parametrize(
    ("journey", "language"),
    [(step, language) for step, _, language in CODE_STEPS],
    ids=[f"{step}-{language}" for step, _, language in CODE_STEPS],
)
def test_a_used_up_code_is_replaced_by_a_new_one_that_works(new_context, product, journey, language):
    context = new_context(language=language, viewport=SIZE[language])
    walk = next(function for step, function, _ in CODE_STEPS if step == journey)
    walk(context.new_page(), product, language, context)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_refusal_never_stands_beside_the_new_code_notice(new_context, product, language):
    page = new_context(language=language, viewport=SIZE[language]).new_page()
    person = new_person()
    steps.reach_email_code(page, product, person, language)
    right = product.latest_code(person.email)
    for _ in range(MAX_ATTEMPTS):
        steps.enter_code(page, language, a_wrong_code(right))
    page.get_by_role("link", name=t(language, "verification.requestNewCode")).click()
    notice = page.get_by_role("status").filter(has_text=t(language, "verification.email.resent"))
    expect(notice).to_be_visible()
    steps.enter_code(page, language, "000000" if right != "000000" else "111111")
    expect(page.locator(".error-message").filter(has_text=t(language, "error.14"))).to_be_visible()
    expect(notice).to_have_count(0)
    assert_no_violations(page, f"a wrong code after a new one ({language})")
    shot(page, "p2-refusal-without-notice", language)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_change_of_country_formats_the_number_again_and_says_so(new_context, product, language):
    page = new_context(language=language, viewport=SIZE[language]).new_page()
    person = new_person()
    steps.reach_email_code(page, product, person, language)
    steps.verify_email(page, product, language, person)
    steps.create_password(page, language, person)
    field = page.get_by_label(t(language, "phone.label"), exact=True)
    field.press_sequentially("0612345678")
    page.get_by_label(t(language, "phone.countryLabel"), exact=True).select_option("FR")
    expect(field).to_have_value("06 12 34 56 78")
    told = t(language, "phone.reformatted", country="France (+33)")
    expect(page.locator("#phone-retyped")).to_have_text(told)
    assert_no_violations(page, f"the phone step after a change of country ({language})")
    shot(page, "p5-country-changed", language)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_lost_connection_on_a_form_is_called_one(new_context, product, language):
    page = new_context(language=language, viewport=SIZE[language]).new_page()
    page.goto(f"{product.idp_url}/{language}")
    steps.choose_sign_up(page, language)
    page.route(re.compile(r"/v1/otp/transient_otp/send"), lambda route: route.abort("internetdisconnected"))
    page.get_by_label(t(language, "email.label"), exact=True).fill(new_person().email)
    steps.button(page, language, "email.signup.submit").click()
    steps.expect_field_error(page, language, "email.label", t(language, "error.page.noAnswer"))
    expect(page.get_by_text(t(language, "error.7"))).to_have_count(0)
    assert_no_violations(page, f"a form whose call got no answer ({language})")
    shot(page, "p6-no-connection", language)
