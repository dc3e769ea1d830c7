"""Issue 13, a person's path through the phone step and the code screen: the country search
chooses, the number takes the country's format as it is typed and is sent as + and digits;
after "send me a new code" the focus is on the notice, and a code used up may be replaced at
once. Around them, issue 13's checks of what a person types and reads: names as people write
them, the e-mail checked on change once left, the texts of an incomplete domain and of the
step counter. English at 1280 px, French at 375 px, each screen scanned by axe."""

import re
import tomllib

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
def test_the_country_search_chooses_and_the_number_takes_its_format(
    new_context, product, person, language, viewport, search, country, typed, shown
):
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


# What a person reads of a number no code may go to: the server's words for its kind, and the
# UI's, as the server's, for a country the chosen channel does not serve (issue 50, point 3).
CALLS_DO_NOT_GO_THERE = {
    "en": "We cannot send codes by phone call to numbers in this country. "
    "We can send them to numbers in Canada and United States.",
    "fr": "Nous ne pouvons pas envoyer de codes par appel aux numéros de ce pays. "
    "Nous pouvons les envoyer aux numéros de ces pays : "
    "Canada et États-Unis.",
}


@pytest.mark.parametrize(("language", "viewport"), [("en", DESKTOP), ("fr", MOBILE)], ids=["en-1280", "fr-375"])
def test_a_number_no_code_may_go_to_is_refused_in_the_persons_words(new_context, product, person, language, viewport):
    page = new_context(language=language, viewport=viewport).new_page()
    reach_phone_step(page, product, person, language)
    country = page.get_by_label(t(language, "phone.countryLabel"), exact=True)
    field = page.get_by_label(t(language, "phone.label"), exact=True)
    country.select_option("US")
    field.press_sequentially("9002345678")
    steps.button(page, language, "setup.submit").click()
    steps.expect_field_error(page, language, "phone.label", t(language, "error.52.premium_rate"))
    assert_no_violations(page, f"phone step, a premium-rate number refused ({language})")
    page.screenshot(path=str(ARTIFACTS / f"issue50-premium-number-{language}-{viewport['width']}.png"), full_page=True)
    country.select_option("FR")
    field.fill("06 12 34 56 78")
    page.get_by_label(t(language, "setup.method.voice"), exact=True).check()
    steps.button(page, language, "setup.submit").click()
    steps.expect_field_error(page, language, "phone.label", CALLS_DO_NOT_GO_THERE[language])
    assert product.messages("+19002345678") == []


def test_after_a_new_code_the_focus_is_on_the_notice(new_context, product, person):
    page = new_context(language="fr", viewport=MOBILE).new_page()
    steps.reach_email_code(page, product, person, "fr")
    link = page.get_by_role("link", name=t("fr", "verification.requestNewCode"))
    link.click(timeout=20000)
    notice = page.get_by_role("status").filter(has_text=t("fr", "verification.email.resent"))
    expect(notice).to_be_focused()
    assert_no_violations(page, "code screen after a new code (fr, 375 px)")
    page.screenshot(path=str(ARTIFACTS / "issue13-p12-focus-notice-fr-375.png"), full_page=True)


# --- issue 13 point 4: a code used up ------------------------------------------------------

SIZES = pytest.mark.parametrize(("language", "viewport"), [("en", DESKTOP), ("fr", MOBILE)], ids=["en-1280", "fr-375"])
SETTINGS = tomllib.loads((ROOT / "config" / "settings.toml").read_text(encoding="utf-8"))


def shot(page, name: str, language: str, viewport: dict) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}-{language}-{viewport['width']}.png"), full_page=True)


def a_wrong_code(right: str) -> str:
    return "".join(str((int(digit) + 1) % 10) for digit in right)


@SIZES
def test_after_the_last_wrong_code_a_new_code_may_be_asked_at_once_without_the_stale_notice(
    new_context, product, person, language, viewport
):
    page = new_context(language=language, viewport=viewport).new_page()
    steps.reach_email_code(page, product, person, language)
    page.get_by_role("link", name=t(language, "verification.requestNewCode")).click(timeout=20000)
    notice = page.get_by_role("status").filter(has_text=t(language, "verification.email.resent"))
    expect(notice).to_be_visible()
    # the new code's wait has started again: without the code used up, no link for a while
    expect(page.get_by_test_id("countdown")).to_be_visible()
    wrong = a_wrong_code(product.latest_code(person.email))
    attempts = SETTINGS["otp"]["max_attempts"]
    for _ in range(attempts - 1):
        steps.enter_code(page, language, wrong)
        expect(page.locator(".error-message").filter(has_text=t(language, "error.14"))).to_be_visible()
    steps.enter_code(page, language, wrong)
    steps.expect_field_error(page, language, "verification.codeLabel", t(language, "error.16"))
    expect(page.get_by_role("link", name=t(language, "verification.requestNewCode"))).to_be_visible(timeout=2000)
    expect(page.get_by_test_id("countdown")).to_have_count(0)
    expect(page.get_by_text(t(language, "verification.email.resent"))).to_have_count(0)
    assert_no_violations(page, f"code screen with the code used up ({language}, {viewport['width']} px)")
    shot(page, "issue13-p4-code-used-up", language, viewport)


# --- issue 13 point 10: the e-mail checked on change once the field has been left -----------


def open_sign_up_email_step(new_context, product, language, viewport):
    page = new_context(language=language, viewport=viewport).new_page()
    page.goto(f"{product.idp_url}/{language}")
    steps.choose_sign_up(page, language)
    return page, page.get_by_label(t(language, "email.label"), exact=True)


@SIZES
def test_the_email_is_checked_as_it_changes_only_once_the_field_has_been_left(new_context, product, language, viewport):
    page, field = open_sign_up_email_step(new_context, product, language, viewport)
    errors = page.locator(".error-message")
    field.press_sequentially("pe")
    expect(errors).to_have_count(0)
    expect(field).not_to_have_attribute("aria-invalid", "true")
    field.blur()
    field.press_sequentially("rson")
    expect(errors.filter(has_text=t(language, "error.2"))).to_be_visible()
    expect(field).to_have_attribute("aria-invalid", "true")
    field.press_sequentially("@example")
    expect(errors.filter(has_text=t(language, "error.2.domain"))).to_be_visible()
    assert_no_violations(page, f"e-mail step with an error on change ({language}, {viewport['width']} px)")
    shot(page, "issue13-p10-email-on-change", language, viewport)
    field.press_sequentially(".ca")
    expect(errors).to_have_count(0)
    expect(field).not_to_have_attribute("aria-invalid", "true")


# --- issue 13 point 13: texts --------------------------------------------------------------


@SIZES
def test_an_address_without_a_complete_domain_is_told_its_domain_is_incomplete(
    new_context, product, language, viewport
):
    page, field = open_sign_up_email_step(new_context, product, language, viewport)
    field.fill("person@example")
    steps.button(page, language, "email.signup.submit").click()
    steps.expect_field_error(page, language, "email.label", t(language, "error.2.domain"))
    assert_no_violations(page, f"e-mail step with an incomplete domain ({language}, {viewport['width']} px)")
    shot(page, "issue13-p13-texts", language, viewport)


@SIZES
def test_the_step_counter_reads_step_n_of_4_in_the_language_of_the_page(new_context, product, language, viewport):
    page, _ = open_sign_up_email_step(new_context, product, language, viewport)
    # written out, not from the catalogue: the words a person reads
    counter = {"en": "Step 1 of 4", "fr": "Étape 1 sur 4"}[language]
    expect(page.get_by_text(counter, exact=True)).to_be_visible()
    assert_no_violations(page, f"e-mail step's counter ({language}, {viewport['width']} px)")
    shot(page, "issue13-p13-step-counter", language, viewport)


# --- issue 13 point 7: names as people write them ------------------------------------------

NAME_MAX_LENGTH = SETTINGS["names"]["max_length"]


def change_name(new_context, product, person, language, viewport, first: str, last: str):
    """Signed up through /v1, the person changes their name in the profile up to its confirmation."""
    context = new_context(language=language, viewport=viewport)
    steps.sign_up_through_api(context, product, person, language)
    page = context.new_page()
    page.goto(f"{product.idp_url}/{language}/profilehome")
    steps.expect_screen(page, language, "profile.home.title")
    page.get_by_role("link", name=f"{t(language, 'profile.change')} {t(language, 'profile.home.name')}").click()
    steps.expect_screen(page, language, "profile.nameEdit.title")
    page.get_by_label(t(language, "profile.core.firstName"), exact=True).fill(first)
    page.get_by_label(t(language, "profile.core.lastName"), exact=True).fill(last)
    steps.button(page, language, "common.continue").click()
    steps.expect_screen(page, language, "profile.nameConfirm.title")
    return page


def no_sideways_scroll(page) -> bool:
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


@SIZES
def test_names_with_accents_and_tone_marks_are_accepted(new_context, product, person, language, viewport):
    page = change_name(new_context, product, person, language, viewport, "Nguyễn", "Muñoz Schröder")
    steps.button(page, language, "profile.nameConfirm.submit").click()
    steps.expect_screen(page, language, "profile.nameDone.title")
    page.goto(f"{product.idp_url}/{language}/profilehome")
    expect(page.get_by_text(re.compile("Nguyễn Muñoz Schröder"))).to_be_visible()


@SIZES
def test_a_name_of_the_longest_length_wraps_without_scrolling_sideways(
    new_context, product, person, language, viewport
):
    # a real surname of 35 letters with no place to break, then double-barrelled to the limit
    last = "Wolfeschlegelsteinhausenbergerdorff-Muñoz-Schröder-Nguyễn"
    last = (last + "-Tremblay" * NAME_MAX_LENGTH)[:NAME_MAX_LENGTH].rstrip("-").ljust(NAME_MAX_LENGTH, "e")
    assert len(last) == NAME_MAX_LENGTH
    page = change_name(new_context, product, person, language, viewport, "Nguyễn", last)
    expect(page.get_by_text(re.compile(re.escape(last)))).to_be_visible()
    assert no_sideways_scroll(page)
    steps.button(page, language, "profile.nameConfirm.submit").click()
    steps.expect_screen(page, language, "profile.nameDone.title")
    page.goto(f"{product.idp_url}/{language}/profilehome")
    expect(page.get_by_text(re.compile(re.escape(last)))).to_be_visible()
    assert no_sideways_scroll(page)
    assert_no_violations(
        page, f"profile with a name of {NAME_MAX_LENGTH} characters ({language}, {viewport['width']} px)"
    )
    shot(page, "issue13-p7-names", language, viewport)
