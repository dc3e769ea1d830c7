"""Every length the schema holds is checked where the value enters: a parameter kept in a
String(n) column of a table the request is written to (an authorization request waiting for the
person, a pushed one, the code and grant it gives, the tokens) may hold at most n characters,
and a longer one gets the protocol's error at /authorize and /par, before anything is kept or
the person is asked anything — never a 500 on PostgreSQL, which refuses what SQLite would store.

The lengths are not listed here: the test reads them from the models (LENGTHS), as
idp/oauth/parameters.py does, so that a column added or narrowed is tried at once.

Abuse cases (who holds what, what they try, what they must get):
- A service (or anyone who makes an authorization link and sends it to a person) puts a nonce
  of 256 characters in it: the person signed up or signed in to the end and met a server error
  at /authorize/resume. They must get invalid_request back to the service at once, with its
  state and iss, no interaction kept, no code.
- The same with a code_challenge or a code_challenge_method longer than its column, on a
  browser already signed in (a code at once) and on one that is not.
- A client pushes such a request to /par: 400 invalid_request, nothing pushed; inside a signed
  request object too.
- A client_id longer than its column names no client: the error page at /authorize (nothing
  says where the person could safely be sent), an OAuth error at /par and /token.
"""

from __future__ import annotations

import secrets
import string
from urllib.parse import urlencode

import pytest
import requests
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from joserfc import jwt
from oidc_helpers import JWT_CLIENT_KEY, SECRET, decoded, query
from sqlalchemy import String, func, select

from idp.extensions import db
from idp.models import AuthorizationCode, Grant, Interaction, PushedRequest, Token
from idp.oauth import parameters
from idp.sessions.interaction import KEPT_PARAMETERS
from tests.conftest import TEST_DATABASE_URL
from tests.oauth.test_oauth_client_authentication import ASSERTION_TYPE, assertion

# The tables the parameters of /authorize, /par and /token are written to.
FED = (Interaction, PushedRequest, AuthorizationCode, Grant, Token)
# The String(n) columns of those tables named after a parameter an authorization request keeps...
COLUMNS = [
    column
    for model in FED
    for column in model.__table__.columns
    if column.name in KEPT_PARAMETERS and isinstance(column.type, String) and column.type.length
]
# ... and the most characters each such parameter may hold (the shortest column, when several keep it).
LENGTHS = {
    name: min(column.type.length for column in COLUMNS if column.name == name)
    for name in {column.name for column in COLUMNS}
}
# Characters every parameter's grammar takes (RFC 3986's unreserved), so that only the length is wrong.
UNRESERVED = string.ascii_letters + string.digits + "-._~"
SETTINGS = settings(
    max_examples=25, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck), database=None
)
# What says where the person goes back: too long, it names no registered client.
ADDRESSING = {"client_id"}


def too_long(name: str) -> st.SearchStrategy[str]:
    return st.text(UNRESERVED, min_size=LENGTHS[name] + 1, max_size=LENGTHS[name] + 64)


def kept(app) -> dict[str, int]:
    with app.app_context():
        return {
            model.__tablename__: db.session.scalar(select(func.count()).select_from(model))
            for model in (Interaction, PushedRequest, AuthorizationCode)
        }


def test_the_door_knows_every_length_the_tables_hold():
    assert {"client_id", "nonce", "code_challenge", "code_challenge_method"} <= set(LENGTHS)
    assert parameters.LONGEST == LENGTHS


@pytest.mark.parametrize("signed_in", [False, True], ids=["a browser not signed in", "a signed-in browser"])
def test_a_parameter_longer_than_its_column_goes_back_to_the_service_as_invalid_request(
    app, browser, person, rp, signed_in
):
    if signed_in:
        browser.sign_in(person)

    @given(name=st.sampled_from(sorted(set(LENGTHS) - ADDRESSING)), data=st.data())
    @SETTINGS
    def run(name, data):
        client = rp()
        answer = browser.get(_authorization_url(client, {name: data.draw(too_long(name))}))
        assert answer.status_code == 303, answer.text
        assert answer.headers["Location"].startswith(client.redirect_uri + "?")
        back = query(answer.headers["Location"])
        assert (back["error"], back["state"], back["iss"]) == (
            "invalid_request",
            client.state,
            client.metadata["issuer"],
        )
        assert f"'{name}'" in back["error_description"] and str(LENGTHS[name]) in back["error_description"]

    run()
    assert kept(app) == {"interactions": 0, "pushed_requests": 0, "authorization_codes": 0}


@given(data=st.data())
@SETTINGS
def test_a_client_id_longer_than_its_column_gets_the_error_page(browser, rp, data):
    answer = browser.get(_authorization_url(rp(), {"client_id": data.draw(too_long("client_id"))}))
    assert answer.status_code == 400 and "Location" not in answer.headers


def test_a_pushed_parameter_longer_than_its_column_is_invalid_request_and_nothing_is_pushed(app, rp, metadata):
    @given(name=st.sampled_from(sorted(LENGTHS)), data=st.data())
    @SETTINGS
    def run(name, data):
        form = _authorization_form(rp()) | {name: data.draw(too_long(name))}
        answer = requests.post(
            metadata["pushed_authorization_request_endpoint"], data=form, auth=("rp-a", SECRET), timeout=10
        )
        assert (answer.status_code, answer.json()["error"]) == (400, "invalid_request"), answer.text

    run()
    assert kept(app)["pushed_requests"] == 0


def test_a_signed_request_object_with_a_nonce_too_long_is_invalid_request_at_par(app, rp, metadata):
    client = rp("rp-jwt", "https://rp-jwt.example/cb")
    claims = _authorization_form(client) | {
        "iss": "rp-jwt",
        "aud": metadata["issuer"],
        "nonce": "n" * (LENGTHS["nonce"] + 1),
    }
    signed = jwt.encode({"alg": "ES256", "kid": JWT_CLIENT_KEY.kid}, claims, JWT_CLIENT_KEY, algorithms=["ES256"])
    answer = requests.post(
        metadata["pushed_authorization_request_endpoint"],
        timeout=10,
        data={
            "client_id": "rp-jwt",
            "request": signed,
            "client_assertion_type": ASSERTION_TYPE,
            "client_assertion": assertion(JWT_CLIENT_KEY, "rp-jwt", metadata["issuer"]),
        },
    )
    assert (answer.status_code, answer.json()["error"]) == (400, "invalid_request"), answer.text
    assert "'nonce'" in answer.json()["error_description"]
    assert kept(app)["pushed_requests"] == 0


@given(data=st.data())
@SETTINGS
def test_a_client_id_longer_than_its_column_at_token_is_an_oauth_error(metadata, data):
    answer = requests.post(
        metadata["token_endpoint"],
        timeout=10,
        data={
            "grant_type": "authorization_code",
            "code": "any",
            "redirect_uri": "https://rp-a.example/callback",
            "client_id": data.draw(too_long("client_id")),
            "client_secret": SECRET,
        },
    )
    assert answer.status_code in (400, 401) and answer.json()["error"] in ("invalid_request", "invalid_client")


@pytest.mark.skipif(not TEST_DATABASE_URL, reason="PostgreSQL refuses what is longer than its column; SQLite keeps it")
def test_a_nonce_as_long_as_its_column_signs_the_person_in_and_comes_back_in_the_id_token(
    browser, person, rp, metadata
):
    client = rp()
    nonce = secrets.token_urlsafe(LENGTHS["nonce"])[: LENGTHS["nonce"]]
    client.nonce = nonce
    answer = browser.get(client.authorization_url())
    resumed = browser.get(browser.sign_in(person))
    assert answer.status_code == 303 and resumed.status_code == 303
    token = client.fetch_token(resumed.headers["Location"])
    assert decoded(token["id_token"], metadata).claims["nonce"] == nonce


def _authorization_form(client) -> dict[str, str]:
    """The authorization request of this relying party, as form parameters."""
    return query(client.authorization_url())


def _authorization_url(client, changed: dict[str, str]) -> str:
    return f"{client.metadata['authorization_endpoint']}?{urlencode(_authorization_form(client) | changed)}"
