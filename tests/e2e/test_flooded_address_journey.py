"""A person signs in from an address where a stranger's passwords keep failing (an office, a
carrier's NAT): their password try costs a proof of work that the browser solves by itself,
nothing to read, click or wait for; they go on to their code at once. In English and French,
the CPU slowed four times as on a mid-range phone (the time it took is printed), axe on the
screen that follows."""

import time

import pytest
from playwright.sync_api import expect

from tests.e2e import steps
from tests.e2e.accessibility import assert_no_violations
from tests.e2e.conftest import Product
from tests.e2e.steps import t

pytestmark = pytest.mark.e2e

LOGIN = "/v1/otp/users/login"


@pytest.fixture(scope="module")
def product(tmp_path_factory):
    # one failed password at the address, and every further try there costs a proof of work
    running = Product(tmp_path_factory.mktemp("flooded"), IDP_PASSWORD_MAX_FAILURES_PER_IP="1").start()
    yield running
    running.stop()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_person_at_a_flooded_address_signs_in_without_waiting(new_context, product, person, language):
    steps.sign_up_through_api(new_context(language=language), product, person, language)
    guesser = new_context(language=language)
    wrong = guesser.request.post(
        f"{product.idp_url}{LOGIN}",
        data={"userName": f"guess-{person.email}", "password": "Wrong-Password-0"},
        headers={"Origin": product.idp_url},
    )
    assert wrong.status in (401, 428)  # 428 once an earlier test flooded the address

    page = new_context(language=language).new_page()
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
    statuses = []
    page.on("response", lambda response: statuses.append(response.status) if response.url.endswith(LOGIN) else None)
    steps.sign_in_at_reservations(page, product, language)
    steps.enter_sign_in_email(page, language, person)
    page.get_by_label(t(language, "password.label"), exact=True).fill(person.password)
    started = time.monotonic()
    steps.button(page, language, "password.signin.submit").click()
    steps.expect_screen(page, language, "select.title")
    took = time.monotonic() - started
    assert statuses == [428, 200]
    expect(page.get_by_role("alert")).to_have_count(0)
    assert_no_violations(page, f"signed in at a flooded address ({language})")
    print(f"\n{language}: password to the next screen at a flooded address, CPU slowed 4 times: {took:.2f} s")
