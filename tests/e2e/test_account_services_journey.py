"""Connected services (issue 27, point 2), in English on a 1280 px desktop and in French on a
375 px phone, by keyboard, with a screenshot and an axe scan of each state.

A person who signed up at the reservations service opens Connected services from their
profile, sees the service in their language with what it receives, and disconnects it: the
status message says so and takes the focus, the list is empty, the reservations service —
told by back-channel logout — shows them signed out, and its next sign-in, from the same
browser still signed in at the provider, brings them straight back to it signed in (a fresh
grant, no password asked): the logout token named the account, not the session that goes on.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e import steps
from tests.e2e.accessibility import photograph_and_scan
from tests.e2e.conftest import DESKTOP, MOBILE
from tests.e2e.people import new_person
from tests.e2e.steps import t

pytestmark = pytest.mark.e2e

SERVICE = {"en": "Reservations service", "fr": "Service de réservations"}


# The reservations service's pages run the provider's redirect for real here (the accessibility
# walks keep it from navigating): this journey needs the whole sign-up, then scans its own pages.
@pytest.mark.parametrize(("language", "viewport"), [("en", DESKTOP), ("fr", MOBILE)], ids=["en-desktop", "fr-mobile"])
def test_a_person_disconnects_a_service_and_it_signs_them_out(new_context, product, language, viewport, screenshots):
    page = new_context(language=language, viewport=viewport).new_page()
    named = "desktop" if viewport == DESKTOP else "mobile"
    person = new_person("Dominique", "Lévesque")
    steps.sign_up(page, product, person, language)

    page.goto(f"{product.idp_url}/{language}/profilehome")
    steps.expect_screen(page, language, "profile.home.title")
    page.locator("#account-heading + ul").get_by_role(
        "link", name=t(language, "profile.home.services"), exact=True
    ).click()
    steps.expect_screen(page, language, "account.services.title")
    photograph_and_scan(page, screenshots, named, language, "account-services")
    item = page.get_by_role("listitem").filter(has=page.get_by_role("link", name=SERVICE[language], exact=True))
    for scope in ("openid", "profile", "email"):
        expect(item.get_by_text(t(language, f"account.services.scopes.{scope}"), exact=True)).to_be_visible()

    steps.press(
        page.get_by_role("button", name=f"{t(language, 'account.services.disconnect')} {SERVICE[language]}", exact=True)
    )
    status = page.get_by_role("status")
    expect(status).to_contain_text(t(language, "account.services.disconnected", service=SERVICE[language]))
    expect(status).to_be_focused()
    expect(page.get_by_text(t(language, "profile.home.noServices"), exact=True)).to_be_visible()
    photograph_and_scan(page, screenshots, named, language, "account-services-disconnected")
    steps.expect_signed_out_at_reservations(page, product, language)

    page.get_by_role("button", name=steps.RESERVATIONS[language]["sign_in"], exact=True).click()
    steps.expect_signed_in_at_reservations(page, product, person, language)
