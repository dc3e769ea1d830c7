"""A service's sign-in started in two tabs (issue 42): the person signs in in the second tab
and arrives at the service; coming back to the first tab, still on the sign-in screen, takes
them to the same service signed in — no password, no code asked again, never their profile.
English on a 1280 px desktop, French on a 375 px phone."""

from __future__ import annotations

import pytest

from tests.e2e import steps
from tests.e2e.conftest import MOBILE

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_first_tab_follows_the_sign_in_done_in_the_second(new_context, product, person, language):
    steps.sign_up_through_api(new_context(language=language), product, person, language)
    context = (
        new_context(language=language, viewport=MOBILE, is_mobile=True, has_touch=True)
        if language == "fr"
        else new_context(language=language)
    )
    first, second = context.new_page(), context.new_page()
    steps.sign_in_at_reservations(first, product, language)
    steps.sign_in_at_reservations(second, product, language)

    steps.enter_sign_in_email(second, language, person)
    steps.enter_sign_in_password(second, language, person)
    steps.choose_code_by(second, language, "sms")
    steps.enter_code(second, language, product.latest_code(person.e164))
    steps.expect_signed_in_at_reservations(second, product, person, language)

    # the person comes back to the first tab, left on the sign-in screen
    first.bring_to_front()
    # headless Chromium tells a page neither that it is shown again nor that its window has
    # the focus: the event a desktop browser sends then is sent here
    first.evaluate("window.dispatchEvent(new Event('focus'))")
    steps.expect_signed_in_at_reservations(first, product, person, language)
