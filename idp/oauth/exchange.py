"""/token and /userinfo before the framework: what a relying service's server calls at every
sign-in, answered in front of Flask (WSGI middleware; idp/__init__.py wraps the app in it),
on PostgreSQL.

POST /token, read in order:
  1. the form: application/x-www-form-urlencoded, at most FORM_BYTES, no query string, each
     parameter once, every value printable ASCII, only the grant's parameters (FORM);
  2. the client authenticates with its secret (Basic or in the form) or is public, by one method
     only and under the client_id its credentials name: the framework's own client
     authentication (client_auth.RegisteredMethods, Authlib's functions for those methods), on
     the values read in 1;
  3. grant_type=authorization_code: token.redeem (steps 2 to 7 of idp/oauth/token.py);
     grant_type=refresh_token, without a narrower scope: token.rotate;
  4. 200 with the token, the headers every answer carries, the request's line and metrics.
GET or POST /userinfo with a Bearer header and no body: server.AccessTokenValidator reads the
token with its person (one statement), Authlib's validator checks it (unexpired, unrevoked,
openid), server.userinfo_answer answers.

Whatever else comes goes on to Flask as it came, its body handed on: a request that did not
come over TLS (transport.py: the door refuses it), another way for a client
to authenticate (private_key_jwt's assertion), a narrower scope at refresh, any parameter,
header or value this path does not read, and every refusal — an unknown client, a code or
refresh token that spends nothing, a token that is not valid, a database that fails. The
framework answers every error, replays and their revocation included, as token.py says; a
refused code costs its statement twice (a miss changes nothing), a good one once.

Why past the framework (issue 41, bench/RESULTS.md): of one exchange's 2.65 ms of CPU, Flask's
dispatch and our hooks took 0.69 ms and Authlib's request objects and grant lookup 0.27 ms,
for work this path does in a few microseconds (the no-store and security headers, the
correlation id, the log line). What stays is what costs little and would be costly to redo:
Authlib's client authentication and bearer-token checks, the grant's steps (token.py), the
claims (claims.py), the signature (keys.py) and the statement sent on the driver's connection
(idp/store/driver.py). SQLite, the embedded default, keeps the framework path for everything.
Measured after (bench/token_exchange.py, one quiet run, gunicorn, per server core): code
exchanges 0.77 / 0.83 of oidc-provider in memory at c=10 / c=50 (0.38 before), refresh 1.37.
Measured again by bench/paths.py (this path taken out: 1.4 to 2.3 times the CPU per call);
idp/store/README.md says which call takes this path and keeps the figures.
"""

from __future__ import annotations

import io
import json
import time
from contextvars import ContextVar
from types import SimpleNamespace
from urllib.parse import parse_qsl

from authlib.oauth2 import OAuth2Error
from flask import Flask
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError

from idp import clients, observability, security_headers
from idp.oauth import parameters, token, transport
from idp.oauth.client_auth import RegisteredMethods
from idp.oauth.server import AccessTokenValidator, userinfo_answer

FORM = "application/x-www-form-urlencoded"
# A code exchange's form is a few hundred bytes; anything longer is the framework's to read.
FORM_BYTES = 4096
# Each grant's parameters this path reads (the first is required), beside grant_type and the client's.
GRANTS = {
    "authorization_code": ("code", "redirect_uri", "code_verifier"),
    "refresh_token": ("refresh_token",),
}
CLIENT_PARAMETERS = ("client_id", "client_secret")
# Without private_key_jwt: an assertion is the framework's (idp/oauth/client_auth.py).
METHODS = [*clients.SECRET_METHODS, clients.PUBLIC]
NO_STORE = [("Cache-Control", "no-store"), ("Pragma", "no-cache")]

# The call this path serves while it runs ("POST /token"), for what attributes statements to
# calls outside a Flask request (tests/support/statements.py).
SERVING: ContextVar[str | None] = ContextVar("served by the lean path", default=None)


class Exchange:
    """The WSGI middleware: answers what it can, hands the rest to `framework`."""

    def __init__(self, app: Flask, framework):
        self.app, self.framework = app, framework
        self.headers = NO_STORE + list(security_headers.headers(app.config["IDP"]).items())
        self.authenticate = RegisteredMethods(clients.query_client)
        self.validator = AccessTokenValidator()
        self.answers = {
            ("POST", "/token"): self.token,
            ("GET", "/userinfo"): self.userinfo,
            ("POST", "/userinfo"): self.userinfo,
        }

    def __call__(self, environ, start_response):
        method, path = environ.get("REQUEST_METHOD"), environ.get("PATH_INFO")
        answer = self.answers.get((method, path))
        if answer is None or parameters.may_carry_nul(environ) or not transport.secure(environ):
            return self.framework(environ, start_response)
        started, cpu_started = time.perf_counter(), time.thread_time()
        serving = SERVING.set(f"{method} {path}")
        try:
            with self.app.app_context():
                answered = answer(environ)
        except (OAuth2Error, SQLAlchemyError):
            answered = None
        finally:
            SERVING.reset(serving)
        if answered is None:
            return self.framework(environ, start_response)
        body, content_type = answered
        correlation = observability.given_or_new(environ.get("HTTP_X_CORRELATION_ID"))
        start_response(
            "200 OK",
            [
                ("Content-Type", content_type),
                ("Content-Length", str(len(body))),
                *self.headers,
                (observability.HEADER, correlation),
            ],
        )
        client = {"ip": environ.get("REMOTE_ADDR"), "user_agent": environ.get("HTTP_USER_AGENT") or None}
        observability.served(
            method,
            path,
            path,
            "",
            200,
            time.perf_counter() - started,
            time.thread_time() - cpu_started,
            client,
            correlation,
        )
        return [body]

    def token(self, environ) -> tuple[bytes, str] | None:
        form = _form(environ)  # 1
        if form is None:
            return None
        grant_type = form.pop("grant_type", None)
        if (
            grant_type not in GRANTS
            or not form.keys() <= {*GRANTS[grant_type], *CLIENT_PARAMETERS}
            or GRANTS[grant_type][0] not in form
        ):
            return None
        authorization = environ.get("HTTP_AUTHORIZATION")
        if authorization is not None and not parameters.basic_credentials_readable(authorization):
            return None
        request = SimpleNamespace(  # what Authlib's client authentication reads
            headers={"Authorization": authorization} if authorization else {},
            form=form,
            payload=SimpleNamespace(client_id=form.get("client_id"), data=form),
        )
        client = self.authenticate(request, METHODS, "token")  # 2
        if not client.check_grant_type(grant_type):
            return None
        if grant_type == "authorization_code":  # 3
            answered, _ = token.redeem(client, form["code"], form.get("redirect_uri"), form.get("code_verifier"))
        else:
            answered = token.rotate(client, form["refresh_token"], None)
        return None if answered is None else (json.dumps(answered).encode(), "application/json")

    def userinfo(self, environ) -> tuple[bytes, str] | None:
        scheme, _, token_string = environ.get("HTTP_AUTHORIZATION", "").partition(" ")
        with_body = environ.get("CONTENT_LENGTH", "0") not in ("", "0")
        if environ.get("QUERY_STRING") or with_body or scheme.lower() != "bearer" or not token_string:
            return None
        found = self.validator.authenticate_token(token_string)
        self.validator.validate_token(found, ["openid"], None)
        _, body, headers = userinfo_answer(found)
        if isinstance(body, dict):
            return json.dumps(body).encode(), "application/json"
        return body.encode(), dict(headers)["Content-Type"]


def _form(environ) -> dict[str, str] | None:
    """The body's parameters, when the form is one this path reads; the body read is handed on
    either way (the framework reads it again)."""
    content_type = environ.get("CONTENT_TYPE", "").partition(";")[0].strip().lower()
    length = environ.get("CONTENT_LENGTH", "")
    if environ.get("QUERY_STRING") or content_type != FORM or not length.isdigit() or not 0 < int(length) <= FORM_BYTES:
        return None
    body = environ["wsgi.input"].read(int(length))
    environ["wsgi.input"] = io.BytesIO(body)
    try:
        pairs = parse_qsl(body.decode("ascii"), keep_blank_values=True, strict_parsing=True)
    except (UnicodeDecodeError, ValueError):
        return None
    form = dict(pairs)
    if len(form) != len(pairs) or not all(value and value.isascii() and value.isprintable() for value in form.values()):
        return None
    return form


def init_app(app: Flask) -> None:
    """In front of the app as built so far (after WhiteNoise, inside the proxy headers' fix and
    the management port), on PostgreSQL only."""
    if make_url(app.config["SQLALCHEMY_DATABASE_URI"]).get_backend_name() == "postgresql":
        app.wsgi_app = Exchange(app, app.wsgi_app)
