"""A service that asks a phishing-resistant sign-in (the reservations demo with
RESERVATIONS_ACR_VALUES=urn:signin:acr:phishing-resistant): a person who signs up gets no code
for a text-message sign-in; the provider takes them to their sign-in methods, says why, and
after they add a passkey (Chromium's virtual authenticator) leads them on to the service.
Each new state scanned by axe, in English on a desktop and French on a phone."""

import pytest
from playwright.sync_api import expect

from tests.e2e import steps
from tests.e2e.accessibility import assert_no_violations
from tests.e2e.conftest import MOBILE
from tests.e2e.steps import t
from tests.e2e.test_methods_journeys import choose_action

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def product(phishing_resistant_product):
    return phishing_resistant_product


@pytest.mark.parametrize(("language", "phone"), [("en", False), ("fr", True)])
def test_a_person_without_a_passkey_adds_one_and_goes_on_to_the_service_that_asked_it(
    new_context, product, person, language, phone
):
    context = (
        new_context(language=language, viewport=MOBILE, is_mobile=True, has_touch=True)
        if phone
        else new_context(language=language)
    )
    page = context.new_page()
    steps.add_virtual_authenticator(page)
    steps.sign_in_at_reservations(page, product, language)
    steps.choose_sign_up(page, language)
    steps.sign_up_from_the_email_step(page, product, person, language)

    # a text-message sign-up is not enough: why, and where to add a passkey
    steps.expect_screen(page, language, "methods.title")
    notice = page.get_by_text(t(language, "methods.passkeyRequired", service=_service(page)))
    expect(notice).to_be_visible()
    assert_no_violations(page, f"a passkey asked ({language})")

    steps.method_action(page, language, "methods.add", "methods.passkey.name").click()
    choose_action(_Scan(page, language), "methods.change.passkey")
    page.get_by_label(t(language, "methods.passkey.nameLabel"), exact=True).fill("Laptop")
    steps.button(page, language, "methods.passkey.submit").click()
    steps.expect_screen(page, language, "methods.done.passkey.title")
    onward = page.get_by_role("link", name=t(language, "redirect.continueTo", service=_service(page)), exact=True)
    assert_no_violations(page, f"a passkey made for the service ({language})")
    onward.click()
    steps.expect_signed_in_at_reservations(page, product, person, language)


def _service(page) -> str:
    return page.get_by_test_id("service-name").inner_text()


class _Scan:
    """What choose_action needs of a scan: the page and its language (no screenshots here)."""

    def __init__(self, page, language):
        self.page, self.language = page, language

    def screen(self, name, title_key):
        steps.expect_screen(self.page, self.language, title_key)
