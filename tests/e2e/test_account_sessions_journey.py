"""Where you're signed in (issue 27, point 1), in English on a 1280 px desktop and in French on
a 375 px phone, by keyboard, with a screenshot and an axe scan of each state.

A person signed in on this browser, on Firefox on Windows and on an iPhone opens the page
from their profile, signs the Firefox out (that browser is signed out at once), then signs
out everywhere else; after each action a status message says what happened and takes the
focus.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e import steps
from tests.e2e.people import new_person
from tests.e2e.scanning import Scan
from tests.e2e.steps import t
from tests.support.browsers import FIREFOX_ON_WINDOWS, SAFARI_ON_IPHONE

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.parametrize(
        "scan", [("en", "desktop"), ("fr", "mobile")], indirect=True, ids=["en-desktop", "fr-mobile"]
    ),
]

# account.sessions.signedOutOthers with count 1 (a plural message: steps.t fills simple names only)
ONE_OTHER_SIGNED_OUT = {"en": "1 other device is signed out.", "fr": "1 autre appareil est déconnecté."}


def test_a_person_sees_where_they_are_signed_in_and_signs_the_other_devices_out(scan: Scan, new_context, product):
    language, page = scan.language, scan.page
    person = new_person("Dominique", "Lévesque")
    steps.sign_up_through_api(page.context, product, person, language)
    firefox = new_context(language=language, user_agent=FIREFOX_ON_WINDOWS)
    iphone = new_context(language=language, user_agent=SAFARI_ON_IPHONE)
    steps.sign_in_through_api(firefox, product, person)
    steps.sign_in_through_api(iphone, product, person)

    page.goto(f"{product.idp_url}/{language}/profilehome")
    steps.expect_screen(page, language, "profile.home.title")
    page.get_by_role("link", name=t(language, "profile.home.whereSignedIn"), exact=True).click()
    scan.screen("account-sessions", "account.sessions.title")
    devices = page.get_by_role("heading", level=2)
    expect(devices.filter(has_text=t(language, "account.sessions.thisDevice"))).to_have_count(1)
    firefox_name = t(language, "account.sessions.device", browser="Firefox", system="Windows")
    expect(devices.filter(has_text=firefox_name)).to_have_count(1)
    expect(
        devices.filter(has_text=t(language, "account.sessions.device", browser="Mobile Safari", system="iOS"))
    ).to_have_count(1)

    sign_out = page.get_by_role(
        "button", name=f"{t(language, 'account.sessions.signOut')} ({firefox_name})", exact=True
    )
    steps.press(sign_out)
    status = page.get_by_role("status")
    expect(status).to_contain_text(t(language, "account.sessions.signedOutOne", device=firefox_name))
    expect(status).to_be_focused()
    expect(devices.filter(has_text=firefox_name)).to_have_count(0)
    assert firefox.request.get(f"{product.idp_url}/v1/profile").status == 401
    scan.check("account-sessions-signed-out-one")

    steps.press(page.get_by_role("button", name=t(language, "account.sessions.signOutOthers"), exact=True))
    expect(status).to_contain_text(ONE_OTHER_SIGNED_OUT[language])
    expect(status).to_be_focused()
    expect(page.get_by_text(t(language, "account.sessions.onlyThis"), exact=True)).to_be_visible()
    assert iphone.request.get(f"{product.idp_url}/v1/profile").status == 401
    assert page.context.request.get(f"{product.idp_url}/v1/profile").status == 200
    scan.check("account-sessions-only-this")
