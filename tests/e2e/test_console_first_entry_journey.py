"""An operator's first entry to the console, with an account but no passkey yet (issue 42):
signed out, they sign in with the password and a text-message code, are taken to add the
passkey the console asks for, and add it at once — the sign-in has just proved the password
and the code, so nothing is asked twice — then land on the console's home. Every screen is
counted: 10, where the same entry took 12 with the password and a code asked again. English
on a 1280 px desktop, French on a 375 px phone; axe on the screens this changes."""

from __future__ import annotations

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

OPERATORS = {"en": new_person("Olivia", "Martin"), "fr": new_person("Odile", "Gagnon")}
CONSOLE = {
    "en": ("Sign in to the console", "Sign in with a passkey", "Operators' console", "Console home"),
    "fr": (
        "Se connecter à la console",
        "Se connecter avec une clé d'accès",
        "Console des opérateurs",
        "Accueil de la console",
    ),
}


@pytest.fixture(scope="module")
def product(tmp_path_factory):
    folder = tmp_path_factory.mktemp("console-first-entry")
    operators = folder / "operators.toml"
    operators.write_text(
        "".join(f'[[operators]]\nemail = "{person.email}"\nroles = ["support"]\n\n' for person in OPERATORS.values()),
        encoding="utf-8",
    )
    running = Product(folder, IDP_OPERATORS_FILE=str(operators))
    running.start()
    yield running
    running.stop()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_an_operators_first_entry_asks_the_password_and_a_code_once(new_context, product, screenshots, language):
    operator = OPERATORS[language]
    viewport = {"viewport": MOBILE, "is_mobile": True, "has_touch": True} if language == "fr" else {"viewport": DESKTOP}
    # The account exists (signed up elsewhere, in another browser); this browser knows nobody.
    steps.sign_up_through_api(new_context(language=language), product, operator, language)
    page = new_context(language=language, **viewport).new_page()
    steps.add_virtual_authenticator(page)
    sign_in_title, passkey_link, console_name, home_title = CONSOLE[language]
    screens = []

    page.goto(f"{product.idp_url}/console?lang={language}")
    expect(page.get_by_role("heading", level=1, name=sign_in_title, exact=True)).to_be_visible()
    screens.append("the console's sign-in")
    steps.press(page.get_by_role("link", name=passkey_link))
    steps.expect_screen(page, language, "home.title")
    screens.append("e-mail")
    steps.enter_sign_in_email(page, language, operator)
    screens.append("password")
    steps.enter_sign_in_password(page, language, operator)
    screens.append("how to get a code")
    steps.choose_code_by(page, language, "sms")
    screens.append("the code")
    steps.enter_code(page, language, product.latest_code(operator.e164))
    steps.expect_screen(page, language, "methods.title")
    screens.append("sign-in methods")
    steps.method_action(page, language, "methods.add", "methods.passkey.name").click()
    choose_action(_Scan(page, language), "methods.change.passkey")
    screens.append("the change chosen")
    # straight on to naming the passkey: neither the password nor a code again
    name = page.get_by_label(t(language, "methods.passkey.nameLabel"), exact=True)
    expect(name).to_be_visible()
    screens.append("the passkey's name")
    photograph_and_scan(
        page, screenshots, "phone" if language == "fr" else "desktop", language, "console-first-entry-passkey"
    )
    name.fill("Laptop")
    steps.button(page, language, "methods.passkey.submit").click()
    steps.expect_screen(page, language, "methods.done.passkey.title")
    screens.append("passkey added")
    page.get_by_role("link", name=t(language, "redirect.continueTo", service=console_name), exact=True).click()
    expect(page.get_by_role("heading", level=1, name=home_title, exact=True)).to_be_visible()
    screens.append("the console's home")
    assert len(screens) == 10
