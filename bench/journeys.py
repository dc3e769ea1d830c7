"""Whole journeys as a browser and a relying service drive them: sign-up and sign-in.

A Browser keeps its cookies itself (production cookies are Secure and the benchmarks speak
plain HTTP on loopback) and times every call under its operation's name. Codes are read
from the outbox table in the database (notify.provider = outbox).
"""

from __future__ import annotations

import base64
import hashlib
import http.client
import json
import secrets
import threading
import time
from collections import defaultdict
from http.cookies import SimpleCookie
from urllib.parse import parse_qs, urlencode, urlsplit

import harness

SCOPE = "openid profile email phone"


class JourneyError(Exception):
    pass


class Timings:
    """Latencies (seconds) by operation, and the errors seen."""

    def __init__(self):
        self.samples: dict[str, list[float]] = defaultdict(list)
        self.errors: list[str] = []

    def add(self, other: Timings) -> None:
        for name, values in other.samples.items():
            self.samples[name] += values
        self.errors += other.errors


def http_transport(port: int):
    """One connection kept open for every call, as a browser keeps its connection to a site
    (granian keeps an idle one until 60 s pass without a request). A connection the server closed while it was idle is
    opened again once, as browsers do; a call that fails on a new connection fails."""
    held: list[http.client.HTTPConnection] = []

    def send(method: str, path: str, headers: dict, body: bytes | None):
        reused = bool(held)
        if not held:
            held.append(http.client.HTTPConnection("127.0.0.1", port, timeout=60))
        connection = held[0]
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            return response.status, response.getheaders(), response.read()
        except BaseException as error:
            connection.close()
            held.clear()
            if reused and isinstance(error, (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError)):
                return send(method, path, headers, body)
            raise

    return send


def flask_transport(client):
    """The same journeys through Flask's test client (used to capture the queries)."""

    def send(method: str, path: str, headers: dict, body: bytes | None):
        response = client.open(path, method=method, headers=headers, data=body)
        return response.status_code, list(response.headers.items()), response.get_data()

    return send


class Browser:
    def __init__(self, send, issuer: str, timings: Timings):
        self.send, self.issuer, self.timings = send, issuer, timings
        self.cookies: dict[str, str] = {}

    def call(self, method: str, path: str, name: str, json_body=None, form=None, headers=None, expect=(200,)):
        headers = dict(headers or {})
        body = None
        if json_body is not None:
            body = json.dumps(json_body).encode()
            headers.update({"Content-Type": "application/json", "Origin": self.issuer})
        elif form is not None:
            body = urlencode(form).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{key}={value}" for key, value in self.cookies.items())
        start = time.perf_counter()
        status, response_headers, data = self.send(method, path, headers, body)
        self.timings.samples[name].append(time.perf_counter() - start)
        for header, value in response_headers:
            if header.lower() == "set-cookie":
                for key, morsel in SimpleCookie(value).items():
                    if morsel.value and morsel["max-age"] != "0":
                        self.cookies[key] = morsel.value
                    else:
                        self.cookies.pop(key, None)
        if status not in expect:
            message = f"{name}: {status} {data[:200]!r}"
            self.timings.errors.append(message)
            raise JourneyError(message)
        location = next((value for header, value in response_headers if header.lower() == "location"), None)
        return data, location

    def v1(self, path: str, body: dict) -> dict:
        data, _ = self.call("POST", path, f"POST {path}", json_body=body)
        return json.loads(data)["data"]


# The outbox reader's application_name, for counting the server's own connections apart.
OUTBOX_READER = "bench-outbox-reader"


class Outbox:
    """Reads what the server sent through one connection that client threads share, so a
    hundred people do not take a hundred of PostgreSQL's connections from the server."""

    def __init__(self, database_url: str, wait_seconds: float = 0.0):
        """wait_seconds: how long a code may take to arrive (a job worker delivers it); 0 when
        the request that sends it writes it."""
        import psycopg

        self.connection = psycopg.connect(database_url, autocommit=True, application_name=OUTBOX_READER)
        self.lock = threading.Lock()
        self.wait_seconds = wait_seconds
        self.queries = 0  # each one a transaction of PostgreSQL's that the server did not make

    def code(self, to: str) -> str:
        deadline = time.monotonic() + self.wait_seconds
        while True:
            with self.lock:
                self.queries += 1
                row = self.connection.execute(
                    'SELECT code FROM outbox_messages WHERE "to" = %s AND code IS NOT NULL ORDER BY id DESC LIMIT 1',
                    (to,),
                ).fetchone()
            if row is not None:
                return row[0]
            if time.monotonic() > deadline:
                raise JourneyError("no code in the outbox")
            time.sleep(0.02)

    def phone_of(self, email: str) -> str:
        with self.lock:
            self.queries += 1
            return self.connection.execute(
                "SELECT p.e164 FROM phone_credentials p JOIN users u ON u.id = p.user_id WHERE u.email = %s", (email,)
            ).fetchone()[0]

    def close(self) -> None:
        self.connection.close()


def _pkce() -> tuple[str, str]:
    verifier = secrets.token_urlsafe(32)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


class RelyingService:
    """The relying service's side: the authorization request, then /token and /userinfo."""

    def __init__(self, browser: Browser):
        self.browser = browser
        self.verifier, challenge = _pkce()
        self.state = secrets.token_urlsafe(12)
        self.query = urlencode(
            {
                "response_type": "code",
                "client_id": harness.CLIENT_ID,
                "redirect_uri": harness.REDIRECT_URI,
                "scope": SCOPE,
                "state": self.state,
                "nonce": secrets.token_urlsafe(12),
                "code_challenge": challenge,
                "code_challenge_method": "S256",
            }
        )

    def authorize(self) -> None:
        self.browser.call("GET", f"/authorize?{self.query}", "GET /authorize", expect=(303,))

    def finish(self, redirect_to: str) -> dict:
        _, location = self.browser.call("GET", redirect_to, "GET /authorize/resume", expect=(303,))
        answer = parse_qs(urlsplit(location).query)
        if answer.get("state") != [self.state] or "code" not in answer:
            raise JourneyError(f"resume did not answer a code: {location}")
        service = Browser(self.browser.send, self.browser.issuer, self.browser.timings)
        data, _ = service.call(
            "POST",
            "/token",
            "POST /token",
            form={
                "grant_type": "authorization_code",
                "code": answer["code"][0],
                "redirect_uri": harness.REDIRECT_URI,
                "code_verifier": self.verifier,
            },
            headers={"Authorization": f"Basic {harness.basic_auth()}"},
        )
        tokens = json.loads(data)
        data, _ = service.call(
            "GET", "/userinfo", "GET /userinfo", headers={"Authorization": f"Bearer {tokens['access_token']}"}
        )
        return json.loads(data)


def sign_in(browser: Browser, outbox: Outbox, email: str, password: str = harness.PASSWORD) -> dict:
    service = RelyingService(browser)
    service.authorize()
    login = browser.v1("/v1/otp/users/login", {"userName": email, "password": password})
    sent = browser.v1("/v1/otp/otp/send", {"userName": email, "otpType": login["otpType"], "phone": login["phone"]})
    to = outbox.phone_of(email) if login["otpType"] in ("sms", "voice") else email
    done = browser.v1(
        "/v1/otp/otp/verify",
        {"userName": email, "otpType": login["otpType"], "otp": outbox.code(to), "trxnId": sent["trxnId"]},
    )
    return service.finish(done["redirectTo"])


def account_pages(browser: Browser) -> None:
    """A signed-in person looks at where they are signed in, their connected services and their
    account activity."""
    browser.call("GET", "/v1/account/sessions", "GET /v1/account/sessions")
    browser.call("GET", "/v1/account/services?lang=fr", "GET /v1/account/services")
    browser.call("GET", "/v1/account/activity?lang=fr", "GET /v1/account/activity")


def sign_up(browser: Browser, outbox: Outbox, email: str, phone: str, password: str = harness.PASSWORD) -> dict:
    service = RelyingService(browser)
    service.authorize()
    browser.v1("/v1/signup/privacy", {})
    sent = browser.v1("/v1/otp/transient_otp/send", {"userName": email, "otpType": "email", "language": "fr"})
    browser.v1(
        "/v1/otp/transient_otp/verify",
        {"userName": email, "otpType": "email", "otp": outbox.code(email), "trxnId": sent["trxnId"]},
    )
    account = browser.v1("/v1/users/create", {"userName": email, "password": password, "trxnId": sent["trxnId"]})
    sent = browser.v1("/v1/otp/transient_otp/send", {"userName": email, "otpType": "sms", "phoneNumber": phone})
    browser.v1(
        "/v1/otp/transient_otp/verify",
        {"userName": email, "otpType": "sms", "otp": outbox.code(phone), "trxnId": sent["trxnId"]},
    )
    done = browser.v1(
        "/v1/users/createcoreprofile",
        {"userName": email, "id": account["id"], "firstName": "Camille", "lastName": "Tremblay", "language": "fr"},
    )
    return service.finish(done["redirectTo"])


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]
