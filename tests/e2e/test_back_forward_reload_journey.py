"""Issue 42 point 4: after Back, Forward and a reload, at every step of a sign-up, the address
and the screen agree, and both are the journey's as the server holds it: a step that may be
redone ("use a different e-mail", "another phone") is shown at its own address; one that may
not (the e-mail's code once verified, the password once the account exists) gives way to the
journey's screen, at that screen's address. English at 1280 px and French at 375 px, with an
axe scan of each screen reached by Back.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e import steps
from tests.e2e.accessibility import photograph_and_scan
from tests.e2e.conftest import DESKTOP, MOBILE

pytestmark = pytest.mark.e2e
BOTH = pytest.mark.parametrize(("language", "viewport", "size"), [("en", DESKTOP, "desktop"), ("fr", MOBILE, "mobile")])

# the sign-up's screens: path after /{language}/ → (the h1's message, the step it says)
SCREENS = {
    "signUp": ("email.signup.title", 1),
    "signUp/verification/email": ("verification.email.title", 1),
    "signUp/password": ("password.signup.title", 2),
    "signUp/verificationsetup": ("setup.title", 3),
    "signUp/verification/sms": ("verification.sms.title", 3),
    "signUp/profile": ("profile.core.title", 4),
}


def expect_at(page, product, language: str, path: str) -> None:
    """The address is the screen's, and the screen is the one of that address."""
    title, step = SCREENS[path]
    expect(page).to_have_url(f"{product.idp_url}/{language}/{path}")
    steps.expect_screen(page, language, title, step=step)


def wander(page, product, language: str, at: str, back_to: str) -> None:
    """Back (to `back_to`), Forward (to `at`), then a reload (still `at`)."""
    page.go_back()
    expect_at(page, product, language, back_to)
    page.go_forward()
    expect_at(page, product, language, at)
    page.reload()
    expect_at(page, product, language, at)


@BOTH
def test_back_forward_and_reload_at_every_sign_up_step_keep_the_address_and_the_screen_together(
    new_context, product, person, screenshots, language, viewport, size
):
    page = new_context(language=language, viewport=viewport).new_page()
    steps.reach_email_code(page, product, person, language)
    # the address may be typed again: Back shows that step, at its address
    wander(page, product, language, "signUp/verification/email", back_to="signUp")
    steps.verify_email(page, product, language, person)
    # the code is spent: Back stays on "Create a password", and the address says so
    wander(page, product, language, "signUp/password", back_to="signUp/password")
    photograph_and_scan(page, screenshots, size, language, "issue42-p4-back-from-create-a-password")
    steps.create_password(page, language, person)
    wander(page, product, language, "signUp/verificationsetup", back_to="signUp/verificationsetup")
    steps.set_up_phone(page, language, person)
    # another phone may be given: Back shows the phone step, at its address
    wander(page, product, language, "signUp/verification/sms", back_to="signUp/verificationsetup")
    photograph_and_scan(page, screenshots, size, language, "issue42-p4-back-from-the-phone-code")
    steps.verify_phone(page, product, language, person)
    wander(page, product, language, "signUp/profile", back_to="signUp/profile")
    steps.enter_name(page, language, person)
    steps.continue_to_the_service(page, language)
    steps.expect_signed_in_at_reservations(page, product, person, language)
