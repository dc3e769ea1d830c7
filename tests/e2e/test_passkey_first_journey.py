"""Passkey first (issue 54), in Chromium with its virtual authenticator (DevTools protocol), in
English on a 1280 px desktop and in French on a 375 px phone, with an axe scan of each new screen.

A person signs up at the reservations demo, adds a passkey, signs out, and signs in to the
reservations demo again from the first screen with the passkey alone: one screen, where it was
three (e-mail, password, code). A passkey used without verifying its user (no PIN, no biometrics:
an unlocked phone in other hands) is asked the rest: its passkey stands for the second factor,
the password ends the sign-in, no code. A service asking a phishing-resistant sign-in gets it in
one step.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e import steps
from tests.e2e.accessibility import assert_no_violations
from tests.e2e.conftest import MOBILE, Product
from tests.e2e.steps import t
from tests.e2e.test_methods_journeys import choose_action
from tests.e2e.test_passkey_asked_journey import _Scan

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.parametrize(("language", "phone"), [("en", False), ("fr", True)], ids=["en-desktop", "fr-mobile"]),
]


def _page(new_context, language: str, phone: bool):
    context = (
        new_context(language=language, viewport=MOBILE, is_mobile=True, has_touch=True)
        if phone
        else new_context(language=language)
    )
    return context.new_page()


def add_authenticator(page) -> str:
    """A phone's or laptop's authenticator: resident keys, and it verifies its user (a PIN,
    biometrics). Chromium's virtual authenticator answers a conditional request (the e-mail
    field's autofill) at once, as a person picking the suggestion would. Answers its id."""
    devtools = page.context.new_cdp_session(page)
    devtools.send("WebAuthn.enable", {"enableUI": False})
    return devtools.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": True,
            }
        },
    )["authenticatorId"]


def skip_user_verification(page, authenticator: str) -> None:
    """Whoever holds the unlocked device does not verify: the authenticator stops verifying its
    user, and the page asks no verification (the server's options are changed on their way:
    Chromium refuses a request for any passkey to an authenticator that cannot verify at all,
    so a browser the server does not control is the way such an answer comes)."""
    devtools = page.context.new_cdp_session(page)
    devtools.send("WebAuthn.setUserVerified", {"authenticatorId": authenticator, "isUserVerified": False})

    def discouraged(route):
        answer = route.fetch()
        body = answer.json()
        body["data"]["publicKey"]["userVerification"] = "discouraged"
        route.fulfill(response=answer, json=body)

    page.route("**/v1/signin/passkey/options", discouraged)


def _add_a_passkey(page, product: Product, language: str, service_asked: bool = False) -> None:
    """Right after sign-up (no new proof asked), "How you sign in" → add a passkey."""
    if not service_asked:
        page.goto(f"{product.idp_url}/{language}/signinmethods")
        steps.expect_screen(page, language, "methods.title")
    steps.method_action(page, language, "methods.add", "methods.passkey.name").click()
    choose_action(_Scan(page, language), "methods.change.passkey")
    page.get_by_label(t(language, "methods.passkey.nameLabel"), exact=True).fill("Laptop")
    steps.button(page, language, "methods.passkey.submit").click()
    steps.expect_screen(page, language, "methods.done.passkey.title")


def _sign_out_everywhere(page, product: Product, language: str) -> None:
    page.goto(f"{product.idp_url}/{language}/profilehome")
    steps.button(page, language, "profile.signOut").first.click()
    steps.expect_screen(page, language, "home.title")
    steps.expect_signed_out_at_reservations(page, product, language)


def _signed_up_with_a_passkey_then_out(page, product: Product, person, language: str) -> None:
    """Signs up at the reservations demo, adds a passkey, signs out of both."""
    steps.sign_in_at_reservations(page, product, language)
    steps.choose_sign_up(page, language)
    steps.sign_up_from_the_email_step(page, product, person, language)
    _add_a_passkey(page, product, language)
    _sign_out_everywhere(page, product, language)


def _first_screen_with_a_passkey(page, product: Product, language: str, name: str) -> None:
    """Reservations' 'Sign in' → the first screen, which offers the passkey beside the e-mail."""
    steps.sign_in_at_reservations(page, product, language)
    expect(page.get_by_label(t(language, "email.label"), exact=True)).to_have_attribute(
        "autocomplete", "username webauthn"
    )
    expect(steps.button(page, language, "passkeyFirst.button")).to_be_enabled()
    assert_no_violations(page, f"{name} ({language})")


def test_passkey_first_signs_in_to_the_reservations_demo_with_the_passkey_alone(
    new_context, product, person, language, phone
):
    page = _page(new_context, language, phone)
    add_authenticator(page)
    _signed_up_with_a_passkey_then_out(page, product, person, language)

    _first_screen_with_a_passkey(page, product, language, "the first screen, a passkey offered")
    steps.button(page, language, "passkeyFirst.button").click()
    steps.expect_signed_in_at_reservations(page, product, person, language)


def test_passkey_first_a_passkey_used_without_user_verification_is_asked_the_password(
    new_context, product, person, language, phone
):
    page = _page(new_context, language, phone)
    authenticator = add_authenticator(page)
    _signed_up_with_a_passkey_then_out(page, product, person, language)

    skip_user_verification(page, authenticator)
    _first_screen_with_a_passkey(page, product, language, "the first screen, a passkey that does not verify")
    steps.button(page, language, "passkeyFirst.button").click()
    steps.expect_screen(page, language, "password.signin.title")
    expect(page.get_by_text(t(language, "passkeyFirst.passwordNext"))).to_be_visible()
    assert_no_violations(page, f"the password after a passkey ({language})")
    page.get_by_label(t(language, "password.label"), exact=True).fill(person.password)
    steps.button(page, language, "password.signin.submit").click()
    # no code: the passkey was the second factor
    steps.expect_signed_in_at_reservations(page, product, person, language)


def test_passkey_first_a_service_asking_a_phishing_resistant_sign_in_gets_it_in_one_step(
    new_context, phishing_resistant_product, person, language, phone
):
    product = phishing_resistant_product
    page = _page(new_context, language, phone)
    add_authenticator(page)
    steps.sign_in_at_reservations(page, product, language)
    steps.choose_sign_up(page, language)
    steps.sign_up_from_the_email_step(page, product, person, language)
    # the service asked a passkey the new account does not have: added on the way (issue 33)
    steps.expect_screen(page, language, "methods.title")
    _add_a_passkey(page, product, language, service_asked=True)
    _sign_out_everywhere(page, product, language)

    _first_screen_with_a_passkey(page, product, language, "the first screen, for a phishing-resistant service")
    steps.button(page, language, "passkeyFirst.button").click()
    steps.expect_signed_in_at_reservations(page, product, person, language)


def test_passkey_first_the_e_mail_fields_autofill_signs_in_with_the_passkey(
    new_context, product, person, language, phone
):
    page = _page(new_context, language, phone)
    add_authenticator(page)
    _signed_up_with_a_passkey_then_out(page, product, person, language)

    # in the e-mail field, the conditional request is answered as the suggestion picked
    steps.sign_in_at_reservations(page, product, language)
    page.get_by_label(t(language, "email.label"), exact=True).click()
    steps.expect_signed_in_at_reservations(page, product, person, language)
