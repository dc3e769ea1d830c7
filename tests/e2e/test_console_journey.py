"""The operators' console (issue 28), in Chromium: a French sign-up on a phone and an English
sign-in on a desktop reach the provider's own collector; an operator signs in to the console
with a passkey and sees both in the funnel for today — the CSV holding the table's numbers —
then, as the help desk, finds the account by its e-mail address, unlocks it after the failure
cap with a typed reason, and the owner reads that in their activity. The operator reads words,
not codes (issue 42, point 6): the funnel's steps by their screens' titles, the person's events
in the words of their activity page, in the operator's language; the CSV keeps the ids beside
them; the development-only conformance client is no service to filter by (point 11). The
console's pages are scanned by axe and photographed in English on a 1280 px desktop and in
French on a 375 px phone, and used by keyboard.
"""

from __future__ import annotations

import csv
import io
import json
import re
import time

import pytest
from playwright.sync_api import expect

from tests.e2e import steps
from tests.e2e.accessibility import photograph_and_scan
from tests.e2e.conftest import DESKTOP, MOBILE, Product
from tests.e2e.people import new_person
from tests.e2e.steps import t
from tests.e2e.test_methods_journeys import choose_action
from tests.e2e.test_passkey_asked_journey import _Scan

pytestmark = pytest.mark.e2e

FAILURE_CAP = 3


@pytest.fixture(scope="module")
def operator_person():
    return new_person("Olivia", "Martin")


@pytest.fixture(scope="module")
def product(tmp_path_factory, operator_person):
    folder = tmp_path_factory.mktemp("console")
    operators = folder / "operators.toml"
    operators.write_text(
        f'[[operators]]\nemail = "{operator_person.email}"\nroles = ["support", "analyst"]\n', encoding="utf-8"
    )
    running = Product(
        folder,
        IDP_OPERATORS_FILE=str(operators),
        IDP_PASSWORD_MAX_CONSECUTIVE_FAILURES=str(FAILURE_CAP),
        IDP_PASSWORD_THROTTLE_AFTER=str(FAILURE_CAP),
    )
    running.start()
    yield running
    running.stop()


def look(page, screenshots, viewport: str, language: str, name: str) -> None:
    photograph_and_scan(page, screenshots, viewport, language, f"console-{name}")


def h1(page, text: str):
    return expect(page.get_by_role("heading", level=1, name=text, exact=True)).to_be_visible()


def figures(page) -> dict[str, tuple[int, int, int]]:
    """The table's figures of the period: step (its screen's id) → (reached, finished, left)."""
    found = {}
    for row in page.locator("#funnel-table tbody tr").all():
        step = row.locator("th").get_attribute("data-step")
        cells = [
            int(row.locator(f'td[data-figure="{name}"]').inner_text().split()[0])
            for name in ("reached", "finished", "left")
        ]
        found[step] = tuple(cells)
    return found


def funnel_for_today(page, product, flow: str, language: str, device: str, step: str) -> dict:
    """The report, reloaded until the step is in it (the browsers hand their events over when
    their pages are hidden)."""
    address = f"{product.idp_url}/console/report?flow={flow}&days=1&language={language}&device={device}&lang=en"
    deadline = time.monotonic() + 15
    page.goto(address)
    while step not in figures(page) and time.monotonic() < deadline:
        page.wait_for_timeout(500)
        page.goto(address)
    return figures(page)


def csv_rows(page) -> list[dict]:
    href = page.get_by_role("link", name="Download the figures (CSV)").get_attribute("href")
    answer = page.context.request.get(page.url.split("/console")[0] + href)
    assert answer.headers["content-type"] == "text/csv; charset=utf-8"
    return list(csv.DictReader(io.StringIO(answer.text())))


def csv_figures(page) -> dict[str, tuple[int, int, int]]:
    return {row["step"]: (int(row["reached"]), int(row["finished"]), int(row["left"])) for row in csv_rows(page)}


def recent_activity(page) -> list[str]:
    """The help desk's events of the account, as the operator reads them."""
    table = page.locator("h2", has_text=re.compile("^(Recent activity|Activité récente)$")).locator(
        "xpath=following-sibling::table[1]"
    )
    return [" ".join(cell.split()) for cell in table.locator("tbody tr td:nth-child(2)").all_inner_texts()]


def test_an_operator_sees_todays_journeys_and_unlocks_an_account_for_its_owner(
    new_context, product, operator_person, screenshots
):
    # A French sign-up on a phone; an English sign-in on a desktop.
    person = new_person("Dominique", "Lévesque")
    phone = new_context(language="fr", viewport=MOBILE, is_mobile=True, has_touch=True).new_page()
    steps.sign_up(phone, product, person, "fr")
    desktop = new_context(language="en", viewport=DESKTOP).new_page()
    steps.sign_in_at_reservations(desktop, product, "en")
    steps.enter_sign_in_email(desktop, "en", person)
    steps.enter_sign_in_password(desktop, "en", person)
    steps.choose_code_by(desktop, "en", "sms")
    steps.enter_code(desktop, "en", product.latest_code(person.e164))
    steps.expect_signed_in_at_reservations(desktop, product, person, "en")

    # Someone else tries the account's password until it locks.
    stranger = new_context(language="en")
    for _ in range(FAILURE_CAP):
        stranger.request.post(
            f"{product.idp_url}/v1/otp/users/login",
            data=json.dumps({"userName": person.email, "password": "Not-the-password-1"}),
            headers={"Origin": product.idp_url, "Content-Type": "application/json"},
        )

    # The operator opens the console, signs up, and adds the passkey the console asks for.
    context = new_context(language="en", viewport=DESKTOP)
    page = context.new_page()
    steps.add_virtual_authenticator(page)
    steps.sign_up_through_api(context, product, operator_person, "en")
    page.goto(f"{product.idp_url}/console")
    h1(page, "Sign in to the console")
    look(page, screenshots, "desktop", "en", "signin")
    steps.press(page.get_by_role("link", name="Sign in with a passkey"))
    steps.expect_screen(page, "en", "methods.title")
    steps.method_action(page, "en", "methods.add", "methods.passkey.name").click()
    choose_action(_Scan(page, "en"), "methods.change.passkey")
    page.get_by_label(t("en", "methods.passkey.nameLabel"), exact=True).fill("Laptop")
    steps.button(page, "en", "methods.passkey.submit").click()
    steps.expect_screen(page, "en", "methods.done.passkey.title")
    page.get_by_role("link", name=t("en", "redirect.continueTo", service="Operators' console"), exact=True).click()
    h1(page, "Console home")

    # Signed out, the operator signs in again with the passkey alone.
    steps.press(page.get_by_role("button", name="Sign out of the console"))
    context.request.post(
        f"{product.idp_url}/v1/logout",
        headers={"Origin": product.idp_url, "Content-Type": "application/json"},
        data="{}",
    )
    steps.press(page.get_by_role("link", name="Sign in with a passkey"))
    steps.expect_screen(page, "en", "home.title")
    # the e-mail field's passkey suggestion, picked: no address, no password, no code (passkey first)
    page.get_by_label(t("en", "email.label"), exact=True).focus()
    h1(page, "Console home")
    look(page, screenshots, "desktop", "en", "home")

    # Today's funnels: the French phone sign-up, the English desktop sign-in; the CSV agrees.
    signup = funnel_for_today(page, product, "signup", "fr", "phone", "signUp/profile")
    assert signup["signUp/privacy"][0] == 1 and signup["signUp/profile"][0] == 1
    assert csv_figures(page) == signup
    # each step by the title its screen shows, the CSV keeping the id beside it
    expect(page.get_by_role("rowheader", name="Privacy notice", exact=True)).to_be_visible()
    expect(page.get_by_role("rowheader", name="Set up two-step verification", exact=True)).to_be_visible()
    expect(page.locator("#funnel-table")).not_to_contain_text("signUp/")
    titled = {row["step"]: row["step_title"] for row in csv_rows(page)}
    assert (
        titled["signUp/verificationsetup"] == "Set up two-step verification"
        and titled["signUp/profile"] == "Enter your name"
    )
    # the conformance client of development signs in like any, but is no service to narrow to
    services = page.locator("#service option").all_inner_texts()
    assert "Reservations service" in services and "Conformance tests" not in services
    listed = page.context.request.get(f"{product.idp_url}/v1/services?lang=en").json()["data"]
    assert [service["title"] for service in listed] == ["Reservations service"]
    look(page, screenshots, "desktop", "en", "report")
    signin = funnel_for_today(page, product, "signin", "en", "desktop", "signIn/verification/sms")
    # the person's sign-in by text message; the operator's own, by a passkey from the first screen
    # (passkey first), never reaches the password screen
    assert signin["signIn/password"] == (1, 1, 0)
    assert signin["signIn/verification/sms"] == (1, 1, 0)
    assert csv_figures(page) == signin

    # The help desk finds the account by its address and unlocks it, with a reason.
    page.goto(f"{product.idp_url}/console/support?lang=en")
    h1(page, "Help desk")
    steps.press(page.get_by_role("button", name="Find the account"))
    expect(page.get_by_role("alert")).to_contain_text("Enter the reason")
    look(page, screenshots, "desktop", "en", "support-refused")
    page.get_by_label("E-mail address or phone number").fill(person.email.upper())
    page.get_by_label("Reason").fill("Call 1126-07: locked out")
    steps.press(page.get_by_role("button", name="Find the account"))
    h1(page, f"Account: {person.email}")
    expect(page.get_by_text(f"Locked: {FAILURE_CAP} of {FAILURE_CAP} failed attempts", exact=False)).to_be_visible()
    # the person's events in the words of their own activity page, the look with its reason
    events = recent_activity(page)
    assert events[:3] == [
        "Account looked at by the help desk — Call 1126-07: locked out",
        "Account locked after too many failed attempts",
        "Wrong password entered",
    ]
    assert "Account created" in events and not any("_" in event for event in events)
    look(page, screenshots, "desktop", "en", "account")
    unlock = page.locator("form.act", has=page.get_by_role("heading", name="Unlock the account"))
    unlock.get_by_label("Reason").fill("Call 1126-07: the person proved who they are")
    steps.press(unlock.get_by_role("button", name="Unlock the account"))
    expect(page.get_by_role("status")).to_contain_text("The account is unlocked")
    look(page, screenshots, "desktop", "en", "unlocked")

    # The owner reads it in their activity.
    phone.goto(f"{product.idp_url}/fr/account/activity")
    expect(phone.get_by_role("heading", name="Compte déverrouillé par le service d'assistance")).to_be_visible()

    # The console in French on a phone.
    page.set_viewport_size(MOBILE)
    page.goto(f"{product.idp_url}/console")
    steps.press(page.get_by_role("link", name="Français"))
    h1(page, "Accueil de la console")
    look(page, screenshots, "mobile", "fr", "home")
    steps.press(page.get_by_role("link", name="Rapport d'entonnoir").first)
    h1(page, "Rapport d'entonnoir")
    expect(page.get_by_role("rowheader", name="Avis de confidentialité", exact=True)).to_be_visible()
    look(page, screenshots, "mobile", "fr", "report")
    page.get_by_role("link", name="Service d'assistance").first.click()
    page.get_by_label("Adresse courriel ou numéro de téléphone").fill("+1 " + person.phone)
    page.get_by_label("Raison").fill("Appel 1126-08")
    steps.press(page.get_by_role("button", name="Trouver le compte"))
    h1(page, f"Compte : {person.email}")
    expect(page.get_by_text(re.compile("0 sur 3"))).to_be_visible()
    events = recent_activity(page)
    assert events[0] == "Compte consulté par le service d'assistance — Appel 1126-08"
    assert "Compte déverrouillé par le service d'assistance — Call 1126-07: the person proved who they are" in events
    assert "Compte verrouillé après trop de tentatives échouées" in events
    look(page, screenshots, "mobile", "fr", "account")
