"""A person signed in to the reservations service signs out at the provider (its own account
pages): the provider's back-channel logout token ends their reservations session too, so
the service's next page shows them signed out. English and French."""

import pytest
from playwright.sync_api import expect

from tests.e2e import steps

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("language", ["en", "fr"])
def test_signing_out_at_the_provider_signs_the_person_out_of_reservations(new_context, product, person, language):
    page = new_context(language=language).new_page()
    steps.sign_up(page, product, person, language)
    page.goto(f"{product.idp_url}/{language}/profilehome")
    steps.button(page, language, "profile.signOut").first.click()
    steps.expect_screen(page, language, "home.title")
    steps.expect_signed_out_at_reservations(page, product, language)
    expect(page.get_by_role("button", name=steps.RESERVATIONS[language]["sign_in"], exact=True)).to_be_visible()
