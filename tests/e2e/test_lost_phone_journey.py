"""The ways back that wait (idp/flows/resets.py), in Chromium.

Issue 42, point 8: a way back for a lost phone. A person whose only way to prove it is them
is their phone signs in on another browser, says "I no longer have this phone", proves the
address with a code and is told when the phone goes; the address and the phone are told, and
the link they carry cancels it. Once the wait is over (a few seconds for this product), the
password, a code by e-mail and a new phone sign them in, and the browser where they were
signed in is signed out.

Issue 50, point 1: while the removal waits, the owner's sign-in says so (when, in the words of
the e-mail) instead of offering it again, and signing in with the phone cancels it. Point 4: a
person who lost the phone and the password asks, from "I forgot my password", to delete the
account and start again; once the wait is over a new code to the address deletes it, and the
address creates a new account.

English at 1280 px, French at 375 px, each new screen scanned by axe."""

import re
import time

import pytest
from playwright.sync_api import expect

from tests.e2e import steps
from tests.e2e.accessibility import photograph_and_scan
from tests.e2e.conftest import DESKTOP, MOBILE, Product
from tests.e2e.people import new_person
from tests.e2e.steps import t

pytestmark = pytest.mark.e2e

WAIT_SECONDS = 4
SIZES = pytest.mark.parametrize(
    ("language", "viewport", "width"), [("en", DESKTOP, "1280"), ("fr", MOBILE, "375")], ids=["en-1280", "fr-375"]
)


@pytest.fixture(scope="module")
def product(tmp_path_factory):
    running = Product(
        tmp_path_factory.mktemp("lost-phone"),
        IDP_PROFILE_LOST_PHONE_WAIT_SECONDS=str(WAIT_SECONDS),
        IDP_PROFILE_ACCOUNT_RESET_WAIT_SECONDS=str(WAIT_SECONDS),
    ).start()
    yield running
    running.stop()


def signed_in(context, product) -> bool:
    return context.request.get(f"{product.idp_url}/v1/profile").status == 200


def ask_for_the_removal(page, product, person, language, shoot=None):
    """From the sign-in page of another browser to "your phone will be removed"."""
    page.goto(f"{product.idp_url}/{language}/signIn")
    steps.enter_sign_in_email(page, language, person)
    steps.enter_sign_in_password(page, language, person)
    offer = steps.button(page, language, "lostPhone.offer.link")
    expect(offer).to_be_visible()
    if shoot:
        shoot("lost-phone-1-offer")
    offer.click()
    steps.expect_screen(page, language, "lostPhone.code.title")
    if shoot:
        shoot("lost-phone-2-email-code")
    steps.enter_code(page, language, product.latest_code(person.email))
    steps.expect_screen(page, language, "lostPhone.requested.title")


@SIZES
def test_a_person_who_lost_their_phone_asks_for_its_removal_and_the_link_cancels_it(
    new_context, product, person, screenshots, language, viewport, width
):
    steps.sign_up_through_api(new_context(language=language), product, person, language)
    page = new_context(language=language, viewport=viewport).new_page()

    def shoot(name):
        photograph_and_scan(page, screenshots, width, language, name)

    ask_for_the_removal(page, product, person, language, shoot)
    expect(
        page.get_by_text(
            re.compile(re.escape(t(language, "lostPhone.requested.told", email=person.email, ending=person.e164[-4:])))
        )
    ).to_be_visible()
    shoot("lost-phone-3-requested")

    [text] = [message for message in product.messages(person.e164) if "/phonereset/cancel#" in message["body"]]
    [email] = [message for message in product.messages(person.email) if "/phonereset/cancel#" in message["body"]]
    link = re.search(r"(http\S+/phonereset/cancel#\S+)", email["body"]).group(1)
    assert f"/{language}/phonereset/cancel#" in link and link in text["body"]

    cancelling = new_context(language=language, viewport=viewport).new_page()
    cancelling.goto(link)
    steps.expect_screen(cancelling, language, "phoneReset.cancel.title")
    photograph_and_scan(cancelling, screenshots, width, language, "lost-phone-4-cancel-link")
    steps.button(cancelling, language, "phoneReset.cancel.submit").click()
    steps.expect_screen(cancelling, language, "phoneReset.cancel.doneTitle")
    photograph_and_scan(cancelling, screenshots, width, language, "lost-phone-5-cancelled")

    # the removal is gone: after the wait the phone still asks its code
    time.sleep(WAIT_SECONDS + 1)
    page.goto(f"{product.idp_url}/{language}/signIn")
    steps.enter_sign_in_email(page, language, person)
    steps.enter_sign_in_password(page, language, person)


@SIZES
def test_after_the_wait_the_password_a_code_by_email_and_a_new_phone_sign_in(
    new_context, product, screenshots, language, viewport, width
):
    person = new_person()
    owner = new_context(language=language)
    steps.sign_up_through_api(owner, product, person, language)
    page = new_context(language=language, viewport=viewport).new_page()
    ask_for_the_removal(page, product, person, language)
    time.sleep(WAIT_SECONDS + 1)

    page.goto(f"{product.idp_url}/{language}/signIn")
    steps.enter_sign_in_email(page, language, person)
    page.get_by_label(t(language, "password.label"), exact=True).fill(person.password)
    steps.button(page, language, "password.signin.submit").click()
    steps.expect_screen(page, language, "verification.email.title")
    steps.enter_code(page, language, product.latest_code(person.email))
    steps.expect_screen(page, language, "setup.title")
    expect(page.get_by_text(t(language, "setup.newPhone"), exact=True)).to_be_visible()
    photograph_and_scan(page, screenshots, width, language, "lost-phone-6-new-phone")
    assert not signed_in(owner, product)

    new_phone = new_person()
    page.get_by_label(t(language, "phone.label"), exact=True).fill(new_phone.phone)
    page.get_by_role("radio", name=t(language, "setup.method.sms"), exact=True).check()
    steps.button(page, language, "setup.submit").click()
    steps.expect_screen(page, language, "verification.sms.title")
    steps.enter_code(page, language, product.latest_code(new_phone.e164))
    # signed in, handed on as after any sign-in: to the profile, the name not asked again
    steps.expect_screen(page, language, "profile.home.title")
    photograph_and_scan(page, screenshots, width, language, "lost-phone-7-signed-in")
    profile = page.context.request.get(f"{product.idp_url}/v1/profile").json()["data"]
    assert (profile["phone"][-4:], profile["lastName"]) == (new_phone.e164[-4:], person.last_name)
    assert profile["reset"] is None


@SIZES
def test_while_the_removal_waits_sign_in_says_so_and_the_phone_cancels_it(
    new_context, product, screenshots, language, viewport, width
):
    person = new_person()
    steps.sign_up_through_api(new_context(language=language), product, person, language)
    ask_for_the_removal(new_context(language=language).new_page(), product, person, language)
    [email] = [message for message in product.messages(person.email) if "/phonereset/cancel#" in message["body"]]

    page = new_context(language=language, viewport=viewport).new_page()
    page.goto(f"{product.idp_url}/{language}/signIn")
    steps.enter_sign_in_email(page, language, person)
    steps.enter_sign_in_password(page, language, person)
    notice = page.get_by_role("heading", name=t(language, "waitingReset.phone.title"))
    expect(notice).to_be_visible()
    # the moment in the words of the e-mail: the same day, its time zone named
    when = re.search(r"(?:removed on|retiré le) (.+?)\. ", email["body"]).group(1)
    expect(page.get_by_text(re.compile(re.escape(when)))).to_be_visible()
    expect(steps.button(page, language, "lostPhone.offer.link")).to_have_count(0)
    photograph_and_scan(page, screenshots, width, language, "lost-phone-8-waiting-at-sign-in")

    steps.button(page, language, "select.submit").click()
    # the code screen says the new code is sent: read before it, the outbox still has sign-up's
    steps.expect_screen(page, language, "verification.sms.title")
    steps.enter_code(page, language, product.latest_code(person.e164))
    steps.expect_screen(page, language, "profile.home.title")
    cancelled = {"en": "is cancelled", "fr": "est annulée"}[language]
    assert any(cancelled in text["body"] for text in product.messages(person.e164))
    expect(page.get_by_role("heading", name=t(language, "profile.reset.phone.title"))).to_have_count(0)


def recover_to_the_second_factor(page, product, person, language):
    page.goto(f"{product.idp_url}/{language}/forgotpassword")
    page.get_by_label(t(language, "email.label"), exact=True).fill(person.email)
    steps.button(page, language, "recovery.email.submit").click()
    steps.expect_screen(page, language, "recovery.checkEmail.title")
    steps.enter_code(page, language, product.latest_code(person.email))


@SIZES
def test_a_person_who_lost_the_phone_and_the_password_deletes_the_account_and_starts_again(
    new_context, product, screenshots, language, viewport, width
):
    person = new_person()
    steps.sign_up_through_api(new_context(language=language), product, person, language)
    page = new_context(language=language, viewport=viewport).new_page()

    def shoot(name):
        photograph_and_scan(page, screenshots, width, language, name)

    recover_to_the_second_factor(page, product, person, language)
    steps.expect_screen(page, language, "recovery.twoStep.title")
    shoot("account-reset-1-offer")
    steps.link(page, language, "accountReset.offer.link").click()
    steps.expect_screen(page, language, "accountReset.ask.title")
    shoot("account-reset-2-ask")
    steps.button(page, language, "accountReset.ask.submit").click()
    steps.expect_screen(page, language, "accountReset.requested.title")
    shoot("account-reset-3-requested")
    [email] = [message for message in product.messages(person.email) if "/accountreset/cancel#" in message["body"]]
    [text] = [message for message in product.messages(person.e164) if "/accountreset/cancel#" in message["body"]]
    link = re.search(r"(http\S+/accountreset/cancel#\S+)", email["body"]).group(1)
    assert link in text["body"]

    # the link's page, opened: nothing changes until its button (scanned, not pressed)
    cancelling = new_context(language=language, viewport=viewport).new_page()
    cancelling.goto(link)
    steps.expect_screen(cancelling, language, "accountReset.cancel.title")
    photograph_and_scan(cancelling, screenshots, width, language, "account-reset-4-cancel-link")

    time.sleep(WAIT_SECONDS + 1)
    again = new_context(language=language, viewport=viewport).new_page()
    page = again
    recover_to_the_second_factor(again, product, person, language)
    steps.expect_screen(again, language, "accountReset.delete.title")
    shoot("account-reset-5-delete")
    steps.button(again, language, "accountReset.delete.submit").click()
    steps.expect_screen(again, language, "account.deleted.title")
    expect(again.get_by_text(t(language, "account.deleted.resetText"))).to_be_visible()
    shoot("account-reset-6-deleted")

    steps.link(again, language, "home.signUp").click()
    steps.expect_screen(again, language, "privacy.title")
    api = again.context.request
    assert (
        api.post(
            f"{product.idp_url}/v1/otp/users/login",
            data={"userName": person.email, "password": person.password},
            headers={"Origin": product.idp_url},
        ).status
        == 401
    )
