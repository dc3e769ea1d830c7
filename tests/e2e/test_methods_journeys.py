"""Browser journeys of "How you sign in" (issue 15) and of the changes that need proof that it
is you (issue 14), in English on a 1280 px desktop and in French on a 375 px phone, with a
screenshot and an axe scan of every screen as it comes (the `scan` fixture of the
accessibility walks).

A person adds backup codes, an authenticator app and a passkey, then signs in with each and
removes one; another changes the password and the phone. The app's codes are computed with
pyotp from the key the setup page shows; the passkey lives in Chromium's virtual
authenticator (DevTools protocol: WebAuthn.addVirtualAuthenticator), on the provider's own
origin http://localhost:<port>, a secure context whose host is the relying party id.
"""

from __future__ import annotations

import re
import time

import pyotp
import pytest
from playwright.sync_api import expect

from tests.e2e import steps
from tests.e2e.people import Person, new_person
from tests.e2e.scanning import Scan
from tests.e2e.steps import t

# English on a desktop, French on a phone: each screen in both languages and at both widths.
pytestmark = [
    pytest.mark.e2e,
    pytest.mark.parametrize(
        "scan", [("en", "desktop"), ("fr", "mobile")], indirect=True, ids=["en-desktop", "fr-mobile"]
    ),
]

NEW_PASSWORD = "Lighthouse-Tundra-Canoe-77"
BREACHED_PASSWORD = "chickenwing101"


class App:
    """The person's authenticator app: the key the setup page showed, and the codes it shows.
    The server takes a code within one 30 s step of now and never one of a step it already
    took, so each code is of the next step not used yet."""

    def __init__(self, key: str):
        self.totp = pyotp.TOTP(key.replace(" ", ""))
        self.used: int | None = None

    def code(self) -> str:
        now = self.totp.timecode(time.time())
        step = now if self.used is None or self.used < now else self.used + 1
        while step > self.totp.timecode(time.time()) + 1:
            time.sleep(1)
        self.used = step
        return self.totp.generate_otp(step)


def prove_it_is_you(scan: Scan, person: Person, change: str, name: str) -> None:
    """The password of a change, then the code the server sends at once to the phone."""
    scan.screen(f"firstverifyitsyou-{change}", "profile.verify.title")
    scan.fill_in("password.label", person.password)
    scan.screen(f"completetwostepverification-{change}-{name}", "profile.twoStep.title")


def choose_action(scan: Scan, label_key: str, **values) -> None:
    """The change of methods opens with the action chosen on the list; the person goes on."""
    scan.screen("signinmethods-change", "methods.change.title")
    expect(scan.page.get_by_role("radio", name=t(scan.language, label_key, **values), exact=True)).to_be_checked()
    steps.button(scan.page, scan.language, "common.continue").click()


def sign_in(scan: Scan, person: Person, method: str) -> None:
    """Sign out from the page's sign-out button, then sign in again with the method: a passkey
    from the e-mail field's suggestion alone (passkey first), any other after the password, the
    passkey's suggestion left aside."""
    page, language = scan.page, scan.language
    steps.button(page, language, "profile.signOut").first.click()
    steps.expect_screen(page, language, "home.title")
    field = page.get_by_label(t(language, "email.label"), exact=True)
    if method == "passkey":
        field.focus()
        return
    steps.ignore_passkey_suggestion(page)
    field.fill(person.email)
    steps.button(page, language, "common.continue").click()
    steps.enter_sign_in_password(page, language, person)
    steps.ignore_passkey_suggestion(page, ignored=False)
    steps.choose_code_by(page, language, method)
    scan.screen(f"signin-verification-{method}", f"verification.{method}.title")


def arrive_at_the_account(scan: Scan) -> None:
    """A sign-in at the provider itself goes on to the person's account, named as such (its
    hand-off is kept from leaving until the page is scanned; the person then follows the link)."""
    page, language = scan.page, scan.language
    kept = []
    page.route("**/profilehome", lambda route: (kept.append(route.request.url), route.fulfill(status=204)))
    scan.screen("redirecttorp-account", "redirect.title")
    expect(page.get_by_text(t(language, "redirect.toAccount"))).to_be_visible()
    for _ in range(40):
        if kept:
            break
        page.clock.run_for(500)
    assert kept, "the redirect page did not go on to the account"
    page.unroute("**/profilehome")
    steps.continue_link(page, language, "").click()
    steps.expect_screen(page, language, "profile.home.title")


def test_methods_are_added_used_to_sign_in_and_removed(scan):
    page, product, language = scan.page, scan.product, scan.language
    person = new_person("Dominique", "Lévesque")
    steps.sign_up_through_api(page.context, product, person, language)
    steps.add_virtual_authenticator(page)
    idp = f"{product.idp_url}/{language}"

    # Right after sign-up: backup codes at once, without proving it is you again.
    page.goto(f"{idp}/profilehome")
    scan.screen("profilehome-phone-only", "profile.home.title")
    steps.link(page, language, "methods.suggest.backup").click()
    choose_action(scan, "methods.change.backup")
    scan.screen("signinmethods-done-backup", "methods.done.backup.title")
    codes = page.get_by_test_id("backup-codes").locator("code").all_inner_texts()
    assert len(codes) == 10 and all(re.fullmatch(r"[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}", code) for code in codes)
    expect(page.get_by_role("link", name=t(language, "methods.done.backup.download"))).to_have_attribute(
        "download", t(language, "methods.done.backup.fileName")
    )

    # An authenticator app: the password, the code by text message, then the setup.
    steps.link(page, language, "methods.done.back").click()
    scan.screen("signinmethods", "methods.title")
    steps.method_action(page, language, "methods.add", "methods.app.name").click()
    prove_it_is_you(scan, person, "methods", "sms")
    steps.enter_code(page, language, product.latest_code(person.e164))
    choose_action(scan, "methods.change.app")
    scan.screen("signinmethods-app", "methods.app.title")
    expect(page.get_by_role("img", name=re.compile(re.escape(person.email)))).to_be_visible()
    app = App(page.get_by_test_id("app-key").inner_text())
    scan.refused("signinmethods-app", "methods.app.title", "verification.codeLabel", "12", "common.continue")
    steps.enter_code(page, language, app.code())
    scan.screen("signinmethods-done-app", "methods.done.app.title")

    # A passkey, this time proving it is you with a backup code ("choose another way").
    steps.link(page, language, "methods.done.back").click()
    steps.method_action(page, language, "methods.add", "methods.passkey.name").click()
    prove_it_is_you(scan, person, "methods", "sms")
    page.get_by_role("link", name=t(language, "otherWays.backup"), exact=True).click()
    scan.screen("completetwostepverification-methods-backup", "profile.twoStep.title")
    page.get_by_label(t(language, "verification.backup.label"), exact=True).fill(codes[0].lower())
    steps.button(page, language, "common.continue").click()
    choose_action(scan, "methods.change.passkey")
    scan.screen("signinmethods-passkey", "methods.passkey.title")
    scan.refused(
        "signinmethods-passkey", "methods.passkey.title", "methods.passkey.nameLabel", "", "methods.passkey.submit"
    )
    scan.fill_in("methods.passkey.nameLabel", "Laptop", "methods.passkey.submit")
    scan.screen("signinmethods-done-passkey", "methods.done.passkey.title")
    expect(page.get_by_text(t(language, "methods.everyChangeDone"))).to_be_visible()

    # Each signs the person in: the passkey from the e-mail field alone, the app, a backup code.
    sign_in(scan, person, "passkey")
    arrive_at_the_account(scan)
    expect(page.get_by_test_id("method-passkey").locator("strong", has_text="Laptop")).to_be_visible()
    sign_in(scan, person, "app")
    steps.enter_code(page, language, app.code())
    arrive_at_the_account(scan)
    sign_in(scan, person, "backup")
    scan.refused(
        "signin-verification-backup", "verification.backup.title", "verification.backup.label", "ABC", "common.continue"
    )
    page.get_by_label(t(language, "verification.backup.label"), exact=True).fill(codes[1])
    steps.button(page, language, "common.continue").click()
    arrive_at_the_account(scan)
    expect(page.get_by_test_id("method-backup")).to_contain_text(
        t(language, "methods.backup.left", remaining=8, total=10)
    )

    # Removing the passkey: the app the person used last is asked first.
    page.get_by_test_id("method-passkey").get_by_role("link", name=f"{t(language, 'methods.remove')} Laptop").click()
    prove_it_is_you(scan, person, "methods", "app")
    steps.enter_code(page, language, app.code())
    choose_action(scan, "methods.change.removePasskey", name="Laptop")
    scan.screen("signinmethods-done-removed", "methods.done.removed.title")
    steps.link(page, language, "methods.done.back").click()
    steps.expect_screen(page, language, "methods.title")
    expect(page.get_by_test_id("method-passkey")).to_contain_text(t(language, "methods.none"))


def test_the_password_and_the_phone_change_after_proving_it_is_you(scan):
    page, product, language = scan.page, scan.product, scan.language
    person = new_person("Dominique", "Lévesque")
    steps.sign_up_through_api(page.context, product, person, language)
    idp = f"{product.idp_url}/{language}"

    page.goto(f"{idp}/profilehome")
    steps.expect_screen(page, language, "profile.home.title")
    page.get_by_role("link", name=f"{t(language, 'profile.change')} {t(language, 'profile.home.password')}").click()
    prove_it_is_you(scan, person, "password", "sms")
    steps.enter_code(page, language, product.latest_code(person.e164))
    scan.screen("changepassword", "profile.newPassword.title")
    scan.refused(
        "changepassword",
        "profile.newPassword.title",
        "recovery.password.label",
        BREACHED_PASSWORD,
        "recovery.password.submit",
    )
    expect(
        page.get_by_role("link", name=f"{t(language, 'error.21')} {t(language, 'error.21.breached')}")
    ).to_be_visible()
    scan.fill_in("recovery.password.label", NEW_PASSWORD, "recovery.password.submit")
    scan.screen("passwordchanged", "profile.passwordDone.title")
    expect(page.get_by_text(t(language, "profile.signedOutElsewhere"))).to_be_visible()

    renewed = Person(person.email, person.phone, NEW_PASSWORD, person.first_name, person.last_name)
    new_phone = new_person()
    steps.link(page, language, "profile.backToProfile").click()
    page.get_by_test_id("method-phone").get_by_role(
        "link", name=f"{t(language, 'profile.change')} {t(language, 'methods.phone.name')}"
    ).click()
    prove_it_is_you(scan, renewed, "phone", "sms")
    steps.enter_code(page, language, product.latest_code(person.e164))
    scan.screen("enterNewPhoneNumber", "profile.newPhone.title")
    scan.fill_in("phone.label", new_phone.phone, "setup.submit")
    steps.expect_screen(page, language, "verification.sms.title")
    steps.enter_code(page, language, product.latest_code(new_phone.e164))
    scan.screen("phonechanged", "profile.phoneDone.title")
    # the old phone was told before the change took effect
    assert any(not message.get("code") for message in product.messages(person.e164))
