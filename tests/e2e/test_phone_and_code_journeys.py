"""Issue 13, a person's path through the phone step and the code screen: the country search
chooses, the number takes the country's format as it is typed and is sent as + and digits;
after "send me a new code" the focus is on the notice. English at 1280 px, French at 375 px."""
import re

import pytest
from playwright.sync_api import expect

from tests.e2e import steps
from tests.e2e.accessibility import assert_no_violations
from tests.e2e.conftest import DESKTOP, MOBILE, ROOT
from tests.e2e.steps import t

pytestmark = pytest.mark.e2e

ARTIFACTS = ROOT / "test-artifacts"


def reach_phone_step(page, product, person, language):
    steps.reach_email_code(page, product, person, language)
    steps.verify_email(page, product, language, person)
    steps.create_password(page, language, person)


@pytest.mark.parametrize(
    ("language", "viewport", "search", "country", "typed", "shown"),
    [
        ("fr", MOBILE, "France", "FR", "0612345678", "06 12 34 56 78"),
        ("en", DESKTOP, "France", "FR", "0612345678", "06 12 34 56 78"),
    ],
    ids=["fr-375", "en-1280"],
)
def test_the_country_search_chooses_and_the_number_takes_its_format(new_context, product, person, language, viewport, search, country, typed, shown):
    page = new_context(language=language, viewport=viewport).new_page()
    reach_phone_step(page, product, person, language)
    page.get_by_label(t(language, "phone.searchLabel"), exact=True).fill(search)
    expect(page.get_by_label(t(language, "phone.countryLabel"), exact=True)).to_have_value(country)
    expect(page.locator("#dial-code")).to_contain_text("+33")
    expect(page.locator("#country-search-count")).to_contain_text("France (+33)")
    width = viewport["width"]
    page.screenshot(path=str(ARTIFACTS / f"issue13-p8-country-france-{language}-{width}.png"), full_page=True)
    field = page.get_by_label(t(language, "phone.label"), exact=True)
    field.press_sequentially(typed)
    expect(field).to_have_value(shown)
    assert_no_violations(page, f"phone step after the country search ({language}, {width} px)")
    page.screenshot(path=str(ARTIFACTS / f"issue13-p9-mask-france-{language}-{width}.png"), full_page=True)
    with page.expect_request(re.compile(r"/v1/otp/transient_otp/send")) as sent:
        steps.button(page, language, "setup.submit").click()
    assert sent.value.post_data_json["phoneNumber"] == "+33612345678"


def test_after_a_new_code_the_focus_is_on_the_notice(new_context, product, person):
    page = new_context(language="fr", viewport=MOBILE).new_page()
    steps.reach_email_code(page, product, person, "fr")
    link = page.get_by_role("link", name=t("fr", "verification.requestNewCode"))
    link.click(timeout=20000)
    notice = page.get_by_role("status").filter(has_text=t("fr", "verification.email.resent"))
    expect(notice).to_be_focused()
    assert_no_violations(page, "code screen after a new code (fr, 375 px)")
    page.screenshot(path=str(ARTIFACTS / "issue13-p12-focus-notice-fr-375.png"), full_page=True)
