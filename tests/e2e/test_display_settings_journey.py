"""Sign-up and sign-in as people who set their computer to show things their own way: forced
colours (Windows high contrast), text twice the usual size, and reduced motion. English at
1280 px and French at 375 px, axe on every screen, a screenshot of each
({viewport}/{language}/{setting}-{screen}.png).

Chromium emulates forced colours and reduced motion (page.emulate_media); 200 % text is the
root's font size doubled in every document the page opens, which the pages follow since their
sizes are in rem (an init script: the pages' CSP does not bind it).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e import steps
from tests.e2e.accessibility import photograph_and_scan
from tests.e2e.conftest import DESKTOP, MOBILE, Product
from tests.e2e.people import Person, new_person

pytestmark = pytest.mark.e2e

DEVICES = {"en-desktop": ("en", DESKTOP, "desktop"), "fr-mobile": ("fr", MOBILE, "mobile")}
DOUBLE_TEXT = (
    "document.addEventListener('DOMContentLoaded', () => { document.documentElement.style.fontSize = '200%'; })"
)

# Each visible button and field, with what a person under forced colours could not see: a
# border that is absent, of no width, or transparent (the colours the system forces are
# opaque, so a transparent border is one the system did not paint).
UNMARKED_CONTROLS = """() => [
  ...document.querySelectorAll('button, .button, input:not([type=radio]):not([type=checkbox]), select'),
]
  .filter((element) => element.getClientRects().length > 0)
  .map((element) => {
    const style = getComputedStyle(element);
    return {
      control: element.outerHTML.slice(0, 120),
      style: style.borderTopStyle,
      width: style.borderTopWidth,
      colour: style.borderTopColor,
    };
  })
  .filter((border) => border.style === 'none' || parseFloat(border.width) === 0
    || border.colour === 'rgba(0, 0, 0, 0)')"""
# How the focused element is marked: its outline, which forced colours keep and paint.
FOCUS_OUTLINE = """() => {
  if (document.activeElement === document.body) return null;
  const style = getComputedStyle(document.activeElement);
  return {
    focused: document.activeElement.outerHTML.slice(0, 120),
    style: style.outlineStyle,
    width: parseFloat(style.outlineWidth),
  };
}"""
FOCUS_STEPS = 8
SIDEWAYS_OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
RUNNING_ANIMATIONS = (
    "() => document.getAnimations().map((animation) => animation.constructor.name + ' on ' "
    "+ (animation.effect?.target?.outerHTML || '').slice(0, 80))"
)


class Walk:
    """One browser set one way, walking screen after screen and checking each."""

    def __init__(self, new_context, product: Product, screenshots: Path, device: str, setting: str, check):
        self.language, self.viewport_size, self.viewport = DEVICES[device]
        self.new_context, self.product, self.screenshots, self.setting, self.check = (
            new_context,
            product,
            screenshots,
            setting,
            check,
        )

    def page(self) -> Page:
        page = self.new_context(language=self.language, viewport=self.viewport_size).new_page()
        if self.setting == "forced-colours":
            page.emulate_media(forced_colors="active")
        elif self.setting == "reduced-motion":
            page.emulate_media(reduced_motion="reduce")
        else:
            page.add_init_script(DOUBLE_TEXT)
        return page

    def screen(self, page: Page, name: str) -> None:
        photograph_and_scan(page, self.screenshots, self.viewport, self.language, f"{self.setting}-{name}")
        self.check(page, f"{name} ({self.language}, {self.viewport}, {self.setting})")

    def sign_up_and_sign_in(self) -> None:
        page, language, product = self.page(), self.language, self.product
        person: Person = new_person("Dominique", "Lévesque")
        steps.sign_in_at_reservations(page, product, language)
        self.screen(page, "home")
        steps.link(page, language, "home.signUp").click()
        steps.expect_screen(page, language, "privacy.title")
        self.screen(page, "signup-privacy")
        steps.button(page, language, "privacy.accept").click()
        steps.expect_screen(page, language, "email.signup.title", step=1)
        self.screen(page, "signup-email")
        steps.enter_sign_up_email(page, language, person)
        self.screen(page, "signup-verification-email")
        steps.verify_email(page, product, language, person)
        self.screen(page, "signup-password")
        steps.create_password(page, language, person)
        self.screen(page, "signup-verificationsetup")
        steps.set_up_phone(page, language, person)
        self.screen(page, "signup-verification-sms")
        steps.verify_phone(page, product, language, person)
        self.screen(page, "signup-profile")
        steps.enter_name(page, language, person)
        self.screen(page, "redirecttorp-signup")
        steps.continue_to_the_service(page, language)
        steps.expect_signed_in_at_reservations(page, product, person, language)

        page = self.page()
        steps.sign_in_at_reservations(page, product, language)
        steps.link(page, language, "home.signIn").click()
        steps.expect_screen(page, language, "email.signin.title")
        self.screen(page, "signin-email")
        steps.enter_sign_in_email(page, language, person)
        self.screen(page, "signin-password")
        steps.enter_sign_in_password(page, language, person)
        self.screen(page, "signin-selectverification")
        steps.choose_code_by(page, language, "sms")
        self.screen(page, "signin-verification-sms")
        steps.enter_code(page, language, product.latest_code(person.e164))
        steps.expect_signed_in_at_reservations(page, product, person, language)
        # a page the server renders itself: signing out of the provider asks to confirm
        page.goto(f"{product.idp_url}/logout?ui_locales={language}")
        expect(page.locator("button.button")).to_be_visible()
        self.screen(page, "confirm-logout")


def controls_and_focus_marked(page: Page, where: str) -> None:
    unmarked = page.evaluate(UNMARKED_CONTROLS)
    assert not unmarked, f"under forced colours these controls show no border on {where}: {unmarked}"
    # the keyboard's way through the first controls, as a person moves the focus
    for _ in range(FOCUS_STEPS):
        page.keyboard.press("Tab")
        outline = page.evaluate(FOCUS_OUTLINE)
        if outline is None:  # past the last control
            break
        assert outline["style"] != "none" and outline["width"] > 0, f"focus is not marked on {where}: {outline}"


def nothing_wider_than_the_screen(page: Page, where: str) -> None:
    assert page.evaluate(SIDEWAYS_OVERFLOW) <= 0, f"at 200 % text {where} scrolls sideways"


def nothing_moves(page: Page, where: str) -> None:
    assert page.evaluate(RUNNING_ANIMATIONS) == [], f"under reduced motion something moves on {where}"


@pytest.mark.parametrize("device", DEVICES)
def test_buttons_fields_and_focus_keep_their_marks_under_forced_colours(device, new_context, product, screenshots):
    Walk(new_context, product, screenshots, device, "forced-colours", controls_and_focus_marked).sign_up_and_sign_in()


@pytest.mark.parametrize("device", DEVICES)
def test_sign_up_and_sign_in_fit_the_screen_at_200_percent_text(device, new_context, product, screenshots):
    Walk(new_context, product, screenshots, device, "text-200", nothing_wider_than_the_screen).sign_up_and_sign_in()


@pytest.mark.parametrize("device", DEVICES)
def test_nothing_moves_on_sign_up_and_sign_in_under_reduced_motion(device, new_context, product, screenshots):
    Walk(new_context, product, screenshots, device, "reduced-motion", nothing_moves).sign_up_and_sign_in()
