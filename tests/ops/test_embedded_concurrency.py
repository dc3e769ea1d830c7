"""The embedded default (`make run`: the development server on SQLite) holds concurrent
people: 50 mixed requests at once (sign-ins, authorize, token, userinfo) get no 5xx."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
import requests

from idp import create_app
from idp.extensions import db
from tests.support.journeys import PASSWORD, people_with_phones, person
from tests.support.servers import (
    REDIRECT_URI,
    Pkce,
    Server,
    authorize_params,
    code_from,
    environment,
    migrate,
    outbox_code,
    token_request,
)

PEOPLE = 16


@pytest.fixture
def embedded(tmp_path, monkeypatch):
    env = environment(tmp_path, f"sqlite:///{tmp_path / 'embedded.sqlite3'}")
    migrate(env)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    seeding = create_app()
    with seeding.app_context():
        people_with_phones(PEOPLE)
        db.engine.dispose()
    server = Server(tmp_path, env).start()
    yield server
    server.stop()


class Browser:
    def __init__(self, server: Server):
        self.url, self.http = server.url, requests.Session()

    def post(self, path: str, **body) -> requests.Response:
        return self.http.post(f"{self.url}/v1{path}", json=body, headers={"Origin": self.url}, timeout=60)

    def login(self, number: int) -> requests.Response:
        return self.post("/otp/users/login", userName=person(number)[0], password=PASSWORD)

    def sign_in(self, number: int) -> None:
        email, phone = person(number)
        assert self.login(number).status_code == 200
        trxn = self.post("/otp/otp/send", userName=email, otpType="sms").json()["data"]["trxnId"]
        verified = self.post(
            "/otp/otp/verify", userName=email, otpType="sms", otp=outbox_code(self.url, phone), trxnId=trxn
        )
        assert verified.status_code == 200, verified.text

    def authorize(self) -> requests.Response:
        return self.http.get(
            f"{self.url}/authorize", params=authorize_params(Pkce()), allow_redirects=False, timeout=60
        )

    def code(self) -> tuple[str, Pkce]:
        pkce = Pkce()
        answer = self.http.get(
            f"{self.url}/authorize", params=authorize_params(pkce), allow_redirects=False, timeout=60
        )
        return code_from(answer.headers["Location"]), pkce


def _redeem(url: str, code: str, pkce: Pkce) -> requests.Response:
    return token_request(
        url, grant_type="authorization_code", code=code, redirect_uri=REDIRECT_URI, code_verifier=pkce.verifier
    )


def test_fifty_concurrent_mixed_requests_on_the_embedded_default_get_no_server_error(embedded):
    signed_in = [Browser(embedded) for _ in range(4)]
    for number, browser in enumerate(signed_in):
        browser.sign_in(PEOPLE - 1 - number)
    codes = [signed_in[index % 4].code() for index in range(25)]
    access_tokens = [_redeem(embedded.url, code, pkce).json()["access_token"] for code, pkce in codes[13:]]

    calls = (
        [lambda number=number: Browser(embedded).login(number) for number in range(12)]
        + [lambda index=index: signed_in[index % 4].authorize() for index in range(13)]
        + [lambda code=code, pkce=pkce: _redeem(embedded.url, code, pkce) for code, pkce in codes[:13]]
        + [
            lambda token=token: requests.get(
                f"{embedded.url}/userinfo", headers={"Authorization": f"Bearer {token}"}, timeout=60
            )
            for token in access_tokens
        ]
    )
    with ThreadPoolExecutor(max_workers=50) as pool:
        answers = list(pool.map(lambda call: call(), calls))

    assert [answer.status_code for answer in answers if answer.status_code >= 500] == []
    assert [answer.status_code for answer in answers[:12]] == [200] * 12
    assert [answer.status_code for answer in answers[12:25]] == [303] * 13
    assert [answer.status_code for answer in answers[25:38]] == [200] * 13
    assert [answer.status_code for answer in answers[38:]] == [200] * 12
