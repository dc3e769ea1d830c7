"""First-party analytics (issue 28, points 1 to 3, from the command line): a French sign-up on a
phone and an English sign-in on a desktop, walked in Chromium, reach the provider's own
collector — the browser hands its batch over when the page is hidden (leaving for the service)
— and `flask --app idp insight funnel` counts each in its flow, language and device class."""
from __future__ import annotations

import time

import pytest

from tests.e2e import steps
from tests.e2e.conftest import DESKTOP, MOBILE
from tests.e2e.people import new_person

pytestmark = pytest.mark.e2e


def reached(product, flow: str, screen: str, language: str, device: str) -> int:
    """Journeys that reached the screen today, as the funnel command prints it (0 until it does)."""
    output = product.command("insight", "funnel", "--flow", flow, "--days", "1", "--language", language, "--device", device)
    row = next((line.split() for line in output.splitlines() if line.split()[:1] == [screen]), None)
    return int(row[1]) if row else 0


def eventually(count, at_least: int) -> int:
    deadline = time.monotonic() + 10
    seen = count()
    while seen < at_least and time.monotonic() < deadline:
        time.sleep(0.5)
        seen = count()
    return seen


def test_a_french_sign_up_on_a_phone_and_an_english_sign_in_on_a_desktop_are_in_their_funnels(new_context, product):
    before_signup = reached(product, "signUp", "signUp/profile", "fr", "phone")
    before_signin = reached(product, "signIn", "signIn/password", "en", "desktop")

    phone = new_context(language="fr", viewport=MOBILE).new_page()
    person = new_person("Dominique", "Lévesque")
    steps.sign_up(phone, product, person, "fr")
    desktop = new_context(language="en", viewport=DESKTOP).new_page()
    steps.sign_in_at_reservations(desktop, product, "en")
    steps.enter_sign_in_email(desktop, "en", person)
    steps.enter_sign_in_password(desktop, "en", person)
    steps.choose_code_by(desktop, "en", "sms")
    steps.enter_code(desktop, "en", product.latest_code(person.e164))
    steps.expect_signed_in_at_reservations(desktop, product, person, "en")

    assert eventually(lambda: reached(product, "signUp", "signUp/profile", "fr", "phone"), before_signup + 1) == before_signup + 1
    assert eventually(lambda: reached(product, "signIn", "signIn/password", "en", "desktop"), before_signin + 1) == before_signin + 1
    # and nothing of either person was kept
    assert person.email not in product.command("insight", "funnel", "--flow", "signUp", "--days", "1")
