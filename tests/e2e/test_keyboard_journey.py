"""Journey 6: the whole sign-up with the keyboard only (Tab, Shift+Tab, Space, Enter and
typing), never the mouse. Each control is reached by tabbing, so every step must be
reachable in a sensible order, with the focus visible where the person is."""

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e import steps

pytestmark = pytest.mark.e2e

MAX_TABS = 60


def is_focused(locator: Locator) -> bool:
    return locator.evaluate("element => element === document.activeElement")


def tab_to(page: Page, target: Locator, backwards: bool = False) -> None:
    """Presses Tab (or Shift+Tab) until the target has the focus."""
    key = "Shift+Tab" if backwards else "Tab"
    for _ in range(MAX_TABS):
        page.keyboard.press(key)
        if is_focused(target):
            # a person can see where the focus is
            outline = target.evaluate(
                "e => { const s = getComputedStyle(e); return s.outlineStyle !== 'none' || s.boxShadow !== 'none'; }"
            )
            assert outline, f"no visible focus indicator on {target}"
            return
    raise AssertionError(f"{key} never reached {target}")


def test_sign_up_with_the_keyboard_only(page, product, person):
    steps.open_reservations(page, product)
    tab_to(page, page.get_by_role("button", name="Sign in", exact=True))
    page.keyboard.press("Enter")
    steps.expect_screen(page, "en", "home.title")

    tab_to(page, page.get_by_role("link", name="Create an account", exact=True))
    page.keyboard.press("Enter")
    steps.expect_screen(page, "en", "privacy.title")
    tab_to(page, page.get_by_role("button", name="Accept and continue", exact=True))
    page.keyboard.press("Enter")
    steps.expect_screen(page, "en", "email.signup.title", step=1)

    email = page.get_by_label("E-mail address", exact=True)
    tab_to(page, email)
    page.keyboard.type(person.email)
    tab_to(page, page.get_by_role("button", name="Send the code", exact=True))
    tab_to(page, page.get_by_role("radio", name="English", exact=True), backwards=True)
    expect(page.get_by_role("radio", name="English", exact=True)).to_be_checked()
    tab_to(page, page.get_by_role("button", name="Send the code", exact=True))
    page.keyboard.press("Enter")
    steps.expect_screen(page, "en", "verification.email.title", step=1)

    tab_to(page, page.get_by_label("Enter the code", exact=True))
    page.keyboard.type(product.latest_code(person.email))
    page.keyboard.press("Enter")
    steps.expect_screen(page, "en", "password.signup.title", step=2)

    tab_to(page, page.get_by_label("Show password", exact=True))
    page.keyboard.press("Space")
    expect(page.get_by_label("Show password", exact=True)).to_be_checked()
    password = page.get_by_label("Password", exact=True)
    tab_to(page, password, backwards=True)
    page.keyboard.type(person.password)
    expect(password).to_have_attribute("type", "text")
    expect(password).to_have_value(person.password)
    tab_to(page, page.get_by_role("button", name="Create my account", exact=True))
    page.keyboard.press("Enter")
    steps.expect_screen(page, "en", "setup.title", step=3)

    tab_to(page, page.get_by_label("Phone number", exact=True))
    page.keyboard.type(person.phone)
    text_message = page.get_by_role("radio", name="Text message (SMS)", exact=True)
    tab_to(page, text_message)
    page.keyboard.press("Space")
    expect(text_message).to_be_checked()
    tab_to(page, page.get_by_role("button", name="Send the code", exact=True))
    page.keyboard.press("Space")
    steps.expect_screen(page, "en", "verification.sms.title", step=3)

    tab_to(page, page.get_by_label("Enter the code", exact=True))
    page.keyboard.type(product.latest_code(person.e164))
    page.keyboard.press("Enter")
    steps.expect_screen(page, "en", "profile.core.title", step=4)

    tab_to(page, page.get_by_label("First name (optional)", exact=True))
    page.keyboard.type(person.first_name)
    page.keyboard.press("Tab")
    expect(page.get_by_label("Last name", exact=True)).to_be_focused()
    page.keyboard.type(person.last_name)
    page.keyboard.press("Enter")
    steps.expect_screen(page, "en", "redirect.ready.title")
    continue_to_service = steps.continue_link(page, "en")
    tab_to(page, continue_to_service)
    page.keyboard.press("Enter")
    steps.expect_signed_in_at_reservations(page, product, person)


def test_each_page_puts_the_focus_on_its_heading_and_the_skip_link_leads_to_the_main_content(page, product):
    page.goto(product.idp_url + "/en")
    steps.expect_screen(page, "en", "home.title")
    expect(steps.heading(page, "Sign in")).to_be_focused()
    skip = page.get_by_role("link", name="Skip to main content")
    tab_to(page, skip, backwards=True)
    expect(skip).to_be_visible()
    page.keyboard.press("Enter")
    expect(page.locator("main")).to_be_focused()
