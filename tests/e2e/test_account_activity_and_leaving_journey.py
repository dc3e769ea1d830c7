"""Account activity, "This wasn't me", Download my information and Delete my account (issue
27, points 3, 5 and 6), in English on a 1280 px desktop and in French on a 375 px phone, by
keyboard, with a screenshot and an axe scan of each state.

- A person whose account was signed in to from an iPhone, and tried with a wrong password,
  reads both in their activity, says the iPhone's sign-in wasn't them: the iPhone is signed
  out at once and the password change begins. The e-mail about the iPhone said what that
  does; "This wasn't me" is offered beside the sign-ins and the attempt, never beside the
  person's own acts (the report itself, the account's creation) (issue 42, point 7).
- A person proves it is them and downloads everything the service holds about them.
- A person signed in to the reservations service deletes their account: the page names the
  service, the account goes, the service shows them signed out, a last e-mail arrives, and
  the same address then signs up as a new person.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e import steps
from tests.e2e.conftest import DESKTOP, MOBILE
from tests.e2e.people import new_person
from tests.e2e.scanning import Scan
from tests.e2e.steps import t
from tests.support.browsers import FIREFOX_ON_WINDOWS, SAFARI_ON_IPHONE

pytestmark = pytest.mark.e2e
BOTH = pytest.mark.parametrize(
    "scan", [("en", "desktop"), ("fr", "mobile")], indirect=True, ids=["en-desktop", "fr-mobile"]
)

# account.notMe.done with count 1 (a plural message: steps.t fills simple names only)
ONE_SIGNED_OUT = {
    "en": "1 other device is signed out. Now choose a new password.",
    "fr": "1 autre appareil est déconnecté. Choisissez maintenant un nouveau mot de passe.",
}
SERVICE = {"en": "Reservations service", "fr": "Service de réservations"}
NEW_DEVICE = {"en": "New sign-in to your account", "fr": "Nouvelle connexion à votre compte"}
EVERY_OTHER_DEVICE = {
    "en": "we will sign your account out of every other device, including that one",
    "fr": "nous déconnecterons votre compte de tous les autres appareils, y compris celui-là",
}
LAST_EMAIL = {"en": "Your account was deleted", "fr": "Votre compte a été supprimé"}


def prove_it_is_me(scan: Scan, person, change: str) -> None:
    """The password, then the code texted to the phone, each screen scanned."""
    scan.screen(f"first-verify-{change}", "profile.verify.title")
    scan.page.get_by_label(t(scan.language, "password.label"), exact=True).fill(person.password)
    steps.press(steps.button(scan.page, scan.language, "common.continue"))
    scan.screen(f"two-step-{change}", "profile.twoStep.title")
    steps.enter_code(scan.page, scan.language, scan.product.latest_code(person.e164))


def account_link(page, language: str, key: str):
    return page.locator("#account-heading + ul").get_by_role("link", name=t(language, key), exact=True)


@BOTH
def test_a_person_reads_their_activity_and_says_a_sign_in_was_not_them(scan: Scan, new_context, product):
    language, page = scan.language, scan.page
    person = new_person("Dominique", "Lévesque")
    steps.sign_up_through_api(page.context, product, person, language)
    iphone = new_context(language=language, user_agent=SAFARI_ON_IPHONE)
    steps.sign_in_through_api(iphone, product, person)
    firefox = new_context(language=language, user_agent=FIREFOX_ON_WINDOWS)
    wrong = firefox.request.post(
        f"{product.idp_url}/v1/otp/users/login",
        data=json.dumps({"userName": person.email, "password": "Not-the-password-1"}),
        headers={"Origin": product.idp_url, "Content-Type": "application/json"},
    )
    assert wrong.status == 401

    page.goto(f"{product.idp_url}/{language}/profilehome")
    steps.expect_screen(page, language, "profile.home.title")
    account_link(page, language, "profile.home.activity").click()
    scan.screen("account-activity", "account.activity.title")
    events = page.get_by_role("heading", level=2)
    expect(events.first).to_have_text(
        f"{t(language, 'account.activity.events.password_wrong')} {t(language, 'account.activity.failed')}"
    )
    iphone_name = t(language, "account.sessions.device", browser="Mobile Safari", system="iOS")
    signed_in = page.get_by_role("listitem").filter(
        has=page.get_by_role("heading", name=t(language, "account.activity.events.signin_completed"), exact=True)
    )
    expect(signed_in.get_by_text(iphone_name, exact=True)).to_be_visible()
    expect(events.last).to_have_text(t(language, "account.activity.events.signup_completed"))

    steps.press(signed_in.get_by_role("link", name=re.compile("^" + re.escape(t(language, "account.activity.notMe")))))
    scan.screen("account-not-me", "account.notMe.title")
    expect(page.get_by_text(iphone_name)).to_be_visible()
    steps.press(steps.button(page, language, "account.notMe.submit"))

    steps.expect_screen(page, language, "profile.verify.title")
    expect(page.get_by_role("status")).to_contain_text(ONE_SIGNED_OUT[language])
    expect(page.get_by_text(t(language, "reauthenticate.lead.password"), exact=True)).to_be_visible()
    scan.check("account-not-me-done")
    assert iphone.request.get(f"{product.idp_url}/v1/profile").status == 401
    assert page.context.request.get(f"{product.idp_url}/v1/profile").status == 200
    page.goto(f"{product.idp_url}/{language}/account/activity")
    expect(events.first).to_have_text(t(language, "account.activity.events.reported_not_me"))
    not_me = re.compile("^" + re.escape(t(language, "account.activity.notMe")))
    for own in ("reported_not_me", "signup_completed"):
        item = page.get_by_role("listitem").filter(
            has=page.get_by_role("heading", name=t(language, f"account.activity.events.{own}"), exact=True)
        )
        expect(item.get_by_role("link", name=not_me)).to_have_count(0)
    expect(signed_in.get_by_role("link", name=not_me)).to_be_visible()
    scan.check("account-activity-own-acts")
    [notice] = [message for message in product.messages(person.email) if message["subject"] == NEW_DEVICE[language]]
    assert EVERY_OTHER_DEVICE[language] in " ".join(notice["body"].split())


@BOTH
def test_a_person_proves_it_is_them_and_downloads_their_information(scan: Scan, product):
    language, page = scan.language, scan.page
    person = new_person("Dominique", "Lévesque")
    steps.sign_up_through_api(page.context, product, person, language)

    page.goto(f"{product.idp_url}/{language}/profilehome")
    steps.expect_screen(page, language, "profile.home.title")
    account_link(page, language, "profile.home.download").click()
    prove_it_is_me(scan, person, "download")
    scan.screen("account-download", "account.download.title")

    with page.expect_download() as downloading:
        steps.press(steps.button(page, language, "account.download.submit"))
    download = downloading.value
    name = download.suggested_filename
    assert re.fullmatch(rf"{t(language, 'account.download.file')}-\d{{4}}-\d{{2}}-\d{{2}}\.json", name)
    information = json.loads(Path(download.path()).read_text(encoding="utf-8"))
    assert information["account"]["email"] == person.email
    assert information["methods"]["phone"]["number"] == person.e164
    assert person.password not in json.dumps(information)
    status = page.get_by_role("status")
    expect(status).to_contain_text(t(language, "account.download.done", file=name))
    expect(status).to_be_focused()
    scan.check("account-downloaded")


@pytest.mark.parametrize(
    ("language", "viewport"), [("en", "desktop"), ("fr", "mobile")], ids=["en-desktop", "fr-mobile"]
)
def test_a_person_deletes_their_account_and_the_address_signs_up_again_as_someone_new(
    new_context, product, screenshots, language, viewport
):
    page = new_context(language=language, viewport=DESKTOP if viewport == "desktop" else MOBILE).new_page()
    scan = Scan(page, product, screenshots, language, viewport)
    person = new_person("Dominique", "Lévesque")
    steps.sign_up(page, product, person, language)

    page.goto(f"{product.idp_url}/{language}/profilehome")
    steps.expect_screen(page, language, "profile.home.title")
    account_link(page, language, "profile.home.delete").click()
    prove_it_is_me(scan, person, "delete")
    scan.screen("account-delete", "account.delete.title")
    expect(page.get_by_test_id("services-told").get_by_text(SERVICE[language], exact=True)).to_be_visible()
    expect(page.get_by_text(person.email, exact=False)).to_be_visible()

    steps.press(steps.button(page, language, "account.delete.submit"))
    scan.screen("account-deleted", "account.deleted.title")
    expect(page.get_by_role("status")).to_contain_text(t(language, "account.deleted.notice"))
    assert page.context.request.get(f"{product.idp_url}/v1/profile").status == 401
    last = product.messages(person.email)[0]
    assert last["subject"] == LAST_EMAIL[language]
    steps.expect_signed_out_at_reservations(page, product, language)

    again = new_context(language=language)
    steps.sign_up_through_api(again, product, person, language)
    assert again.request.get(f"{product.idp_url}/v1/profile").status == 200
