"""The operators' console under the production server: two web server instances over one
PostgreSQL, behind one issuer. An operator adds a passkey and signs in to the console with it,
each request going to the other instance than the one before — the console's code redeemed
in-process through /token wherever the callback lands, its session good on either instance —
then the help desk finds an account and unlocks it."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from tests.support.authenticator import SoftAuthenticator
from tests.support.full_journey import EMAIL, PASSWORD, PHONE, FullJourney
from tests.support.servers import start_instances

pytestmark = pytest.mark.postgres

ISSUER = "https://signin.example.ca"


@pytest.fixture
def two_instances(tmp_path, scratch_postgres_url):
    operators = tmp_path / "operators.toml"
    operators.write_text(f'[[operators]]\nemail = "{EMAIL}"\nroles = ["support"]\n', encoding="utf-8")
    servers = start_instances(
        tmp_path, scratch_postgres_url, IDP_SERVER_ISSUER=ISSUER, IDP_OPERATORS_FILE=str(operators)
    )
    yield servers
    for server in servers:
        server.stop()


def _field(html: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]*)"', html).group(1)


def test_an_operator_signs_in_to_the_console_with_a_passkey_across_two_instances(two_instances):
    a, b = two_instances
    journey = FullJourney([a.url, b.url], ISSUER)
    journey.sign_up()
    assert journey.post("/profile/methods/password", password=PASSWORD).status_code == 200
    assert journey.post("/profile/methods/code/verify", otp=journey.code(PHONE)).status_code == 200
    authenticator = SoftAuthenticator(ISSUER)
    options = journey.post("/profile/methods/passkey").json()["data"]["publicKey"]
    added = journey.post("/profile/methods/passkey/register", credential=authenticator.create(options), name="Laptop")
    assert added.status_code == 200, added.text

    asked = journey.get("/console/signin")
    assert asked.status_code == 303 and asked.headers["Location"].startswith("/authorize?")
    answered = journey.get(asked.headers["Location"])
    callback = urlsplit(answered.headers["Location"])
    assert f"{callback.scheme}://{callback.netloc}{callback.path}" == f"{ISSUER}/console/callback"
    signed_in = journey.get(f"{callback.path}?{callback.query}")
    assert signed_in.status_code == 303 and signed_in.headers["Location"] == "/console?lang=en"

    page = journey.get("/console/support").text
    assert f"Signed in as {EMAIL}" in page
    found = journey.browser.post(
        f"{journey.url()}/console/support",
        data={"token": _field(page, "token"), "identifier": EMAIL, "reason": "Ticket 77"},
        timeout=60,
    )
    assert found.status_code == 200 and f"Account: {EMAIL}" in found.text
    unlocked = journey.browser.post(
        f"{journey.url()}/console/support/act",
        data={
            "token": _field(found.text, "token"),
            "account": _field(found.text, "account"),
            "act": "support_unlocked",
            "reason": "Ticket 77: the person asked",
        },
        timeout=60,
    )
    assert unlocked.status_code == 200 and "The account is unlocked" in unlocked.text
