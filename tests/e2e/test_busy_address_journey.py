"""A person signs up from an address that asked many codes lately (an office, a library), on
a day when texts to new numbers are paused: the browser proves its work by itself, nothing to
read or click; the phone step says the account is kept, and the person finishes it later by
signing in with their e-mail alone. Every state scanned by axe."""

import pytest
from playwright.sync_api import expect

from tests.e2e import steps
from tests.e2e.accessibility import assert_no_violations
from tests.e2e.conftest import Product
from tests.e2e.steps import t

pytestmark = pytest.mark.e2e

SEND = "/v1/otp/transient_otp/send"


@pytest.fixture(scope="module")
def product(tmp_path_factory):
    running = Product(
        tmp_path_factory.mktemp("busy"),
        # every anonymous code asks a proof of work (a small one: the browser tests run many)
        IDP_LIMITS_PROOF_OF_WORK_AFTER_SENDS="0",
        IDP_LIMITS_PROOF_OF_WORK_MAX_NUMBER="5000",
        # the service texts no new number today
        IDP_LIMITS_ANONYMOUS_PHONE_COUNTRIES="*:0",
    ).start()
    yield running
    running.stop()


def answers_to_sends(page) -> list[int]:
    statuses = []
    page.on("response", lambda response: statuses.append(response.status) if response.url.endswith(SEND) else None)
    return statuses


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_browser_asked_a_proof_of_work_solves_it_unasked_and_the_code_is_sent(new_context, product, person, language):
    page = new_context(language=language).new_page()
    statuses = answers_to_sends(page)
    steps.reach_email_code(page, product, person, language)
    assert statuses == [428, 200]
    steps.verify_email(page, product, language, person)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_paused_texts_leave_the_account_kept_and_finished_later_by_e_mail(new_context, product, person, language):
    page = new_context(language=language).new_page()
    steps.reach_email_code(page, product, person, language)
    steps.verify_email(page, product, language, person)
    steps.create_password(page, language, person)
    page.get_by_label(t(language, "phone.label"), exact=True).fill(person.phone)
    steps.button(page, language, "setup.submit").click()
    expect(page.get_by_text(t(language, "setup.paused.saved"), exact=True)).to_be_visible()
    expect(page.get_by_text(t(language, "setup.paused.later"), exact=True)).to_be_visible()
    steps.expect_screen(page, language, "setup.title", step=3)
    assert_no_violations(page, f"paused texts ({language})")
    page.context.close()

    steps.resume_sign_up_by_signing_in(new_context(language=language).new_page(), product, language, person)
