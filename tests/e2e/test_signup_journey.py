"""Journey 1 (and 5, on a phone): a person signs up from the reservations service, step by
step as section 4 orders it, and comes back there signed in with their name and e-mail."""
import pytest

from tests.e2e import steps
from tests.e2e.conftest import MOBILE

pytestmark = pytest.mark.e2e


def test_sign_up_from_the_reservations_service_comes_back_signed_in_with_name_and_email(page, product, person):
    steps.sign_up(page, product, person)


def test_sign_up_on_a_375_px_wide_phone_comes_back_signed_in(new_context, product, person):
    page = new_context(viewport=MOBILE, is_mobile=True, has_touch=True).new_page()
    steps.sign_up(page, product, person)
    # nothing is wider than the phone's screen
    assert page.evaluate("() => document.documentElement.scrollWidth") <= MOBILE["width"]


def test_sign_up_by_voice_call_reads_the_code_from_the_call(page, product, person):
    steps.sign_in_at_reservations(page, product)
    steps.choose_sign_up(page)
    steps.enter_sign_up_email(page, "en", person)
    steps.verify_email(page, product, "en", person)
    steps.create_password(page, "en", person)
    steps.set_up_phone(page, "en", person, method="voice")
    steps.verify_phone(page, product, "en", person)
    steps.enter_name(page, "en", person)
    steps.expect_signed_in_at_reservations(page, product, person)
