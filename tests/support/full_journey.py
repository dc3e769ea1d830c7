"""A whole journey over HTTP as a browser and a relying service make it: authorize, sign-up,
code, token, userinfo, refresh, logout, sign-in, profile change, recovery. Each request
goes to the next of the given server addresses in turn (one address: one server; two:
every request alternates between two instances behind one issuer). Every secret the
journey meets is kept, so a test can look for it where it must not be."""

from __future__ import annotations

import itertools

import requests

from tests.support.servers import (
    CLIENT_ID,
    POST_LOGOUT_URI,
    REDIRECT_URI,
    Pkce,
    authorize_params,
    code_from,
    token_request,
)

EMAIL = "jeanne.tremblay@example.ca"
PHONE = "+16132345678"
PASSWORD = "Maple-Syrup-Harbour-42"
NEW_PASSWORD = "Harbour-Lantern-Fjord-77"


class FullJourney:
    def __init__(self, urls: list[str], issuer: str):
        self._next = itertools.cycle(urls)
        self.issuer = issuer
        self.browser = requests.Session()
        self.secrets: set[str] = {PASSWORD, NEW_PASSWORD}
        self.answers: list[requests.Response] = []

    def _keep(self, response: requests.Response) -> requests.Response:
        self.answers.append(response)
        self.secrets.update(cookie.value for cookie in self.browser.cookies)
        return response

    def url(self) -> str:
        return next(self._next)

    def get(self, path: str, **kwargs) -> requests.Response:
        return self._keep(self.browser.get(f"{self.url()}{path}", allow_redirects=False, timeout=60, **kwargs))

    def post(self, path: str, **body) -> requests.Response:
        response = self.browser.post(f"{self.url()}/v1{path}", json=body, headers={"Origin": self.issuer}, timeout=60)
        assert response.status_code < 500, (path, response.status_code, response.text)
        return self._keep(response)

    def code(self, to: str) -> str:
        """The newest code sent to `to`, read from the development outbox as a person reads a message."""
        messages = self.get("/dev/outbox.json").json()["messages"]
        code = next(message["code"] for message in messages if message["to"] == to and message["code"])
        self.secrets.add(code)
        return code

    # The relying service's side.
    def authorize(self) -> Pkce:
        pkce = Pkce()
        answer = self.get(
            "/authorize",
            params=authorize_params(
                pkce, "openid profile email phone offline_access", login_hint=EMAIL, ui_locales="en"
            ),
        )
        assert answer.status_code == 303 and answer.headers["Location"] == "/en/", answer.headers.get("Location")
        return pkce

    def resume(self, redirect_to: str, pkce: Pkce) -> dict:
        assert redirect_to.startswith("/authorize/resume/"), redirect_to
        return self._redeem(self.get(redirect_to).headers["Location"], pkce)

    def single_sign_on(self) -> dict:
        """A signed-in browser gets a code at once: the tokens of a new grant."""
        pkce = Pkce()
        answer = self.get("/authorize", params=authorize_params(pkce, "openid email offline_access"))
        return self._redeem(answer.headers["Location"], pkce)

    def _redeem(self, location: str, pkce: Pkce) -> dict:
        code = code_from(location)
        self.secrets.add(code)
        tokens = self._keep(
            token_request(
                self.url(),
                grant_type="authorization_code",
                code=code,
                redirect_uri=REDIRECT_URI,
                code_verifier=pkce.verifier,
            )
        )
        assert tokens.status_code == 200, tokens.text
        found = tokens.json()
        self.secrets.update(found[name] for name in ("access_token", "refresh_token", "id_token"))
        found["code"] = code
        return found

    def userinfo(self, access_token: str) -> dict:
        answer = self.get("/userinfo", headers={"Authorization": f"Bearer {access_token}"})
        assert answer.status_code == 200, answer.text
        return answer.json()

    def refresh(self, refresh_token: str) -> dict:
        answer = self._keep(token_request(self.url(), grant_type="refresh_token", refresh_token=refresh_token))
        assert answer.status_code == 200, answer.text
        found = answer.json()
        self.secrets.update(found[name] for name in ("access_token", "refresh_token"))
        return found

    def logout(self, id_token: str) -> None:
        answer = self.get(
            "/logout",
            params={
                "id_token_hint": id_token,
                "post_logout_redirect_uri": POST_LOGOUT_URI,
                "client_id": CLIENT_ID,
                "state": "bye",
            },
        )
        assert answer.status_code == 302 and answer.headers["Location"].startswith(POST_LOGOUT_URI), answer.text

    # The person's side, through the login UI's API.
    def sign_up(self) -> str:
        """Answers where the UI goes next (redirectTo)."""
        assert self.post("/signup/privacy").status_code == 200
        sent = self.post("/otp/transient_otp/send", userName=EMAIL, otpType="email", language="eng").json()["data"]
        self.post(
            "/otp/transient_otp/verify", userName=EMAIL, otpType="email", otp=self.code(EMAIL), trxnId=sent["trxnId"]
        )
        user_id = self.post("/users/create", userName=EMAIL, password=PASSWORD, trxnId=sent["trxnId"]).json()["data"][
            "id"
        ]
        sent = self.post("/otp/transient_otp/send", userName=EMAIL, otpType="sms", phoneNumber=PHONE).json()["data"]
        self.post(
            "/otp/transient_otp/verify", userName=EMAIL, otpType="sms", otp=self.code(PHONE), trxnId=sent["trxnId"]
        )
        done = self.post(
            "/users/createcoreprofile",
            userName=EMAIL,
            firstName="Jeanne",
            lastName="Tremblay",
            id=user_id,
            language="en",
        )
        assert done.status_code == 200, done.text
        return done.json()["data"]["redirectTo"]

    def sign_in(self, password: str = PASSWORD, wrong_first: bool = False) -> str:
        if wrong_first:
            assert self.post("/otp/users/login", userName=EMAIL, password="Not-The-Password-99").status_code == 401
        assert self.post("/otp/users/login", userName=EMAIL, password=password).status_code == 200
        sent = self.post("/otp/otp/send", userName=EMAIL, otpType="sms", phone="******5678").json()["data"]
        code = self.code(PHONE)
        if wrong_first:
            wrong = f"{(int(code) + 1) % 1_000_000:06d}"
            assert (
                self.post(
                    "/otp/otp/verify", userName=EMAIL, otpType="sms", otp=wrong, trxnId=sent["trxnId"]
                ).status_code
                == 400
            )
        done = self.post("/otp/otp/verify", userName=EMAIL, otpType="sms", otp=code, trxnId=sent["trxnId"])
        assert done.status_code == 200, done.text
        return done.json()["data"]["redirectTo"]

    def recover(self) -> None:
        assert self.post("/recovery/send", userName=EMAIL, language="en").status_code == 200
        assert self.post("/recovery/verify", otp=self.code(EMAIL)).status_code == 200
        assert self.post("/recovery/code/verify", otp=self.code(PHONE)).status_code == 200
        assert self.post("/recovery/password", password=NEW_PASSWORD).status_code == 200

    def run(self) -> dict:
        """Sign-up for a waiting service, its tokens, userinfo, refresh, logout; then sign-in
        for it again. Answers the tokens of the second sign-in."""
        pkce = self.authorize()
        assert self.get("/v1/session").json()["data"]["service"]["title"] == "Test service"
        first = self.resume(self.sign_up(), pkce)
        assert self.userinfo(first["access_token"])["email"] == EMAIL
        self.refresh(first["refresh_token"])
        self.logout(first["id_token"])
        pkce = self.authorize()
        second = self.resume(self.sign_in(wrong_first=True), pkce)
        assert self.userinfo(second["access_token"])["email"] == EMAIL
        return second
