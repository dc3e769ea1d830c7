"""What no request may carry, whatever it asks: a NUL character, anywhere.

PostgreSQL stores no NUL in text, and no protocol of ours has a use for one, so a NUL in the
path, the query, a form field, a cookie or a header is refused before any view reads it,
in the shape of the part asked: /v1's envelope (code 23), OAuth's invalid_request to a
service's own call, the bilingual error page to a browser. Two doors look further: /v1's
JSON bodies are walked for it by idp/api/guard.py, which parses them, and OAuth's parameters
by idp/oauth/parameters.py, which sends an authorization request's error back to its service.
"""

from __future__ import annotations

from flask import Flask, jsonify, request

from idp.api.envelope import fail
from idp.errors import Errors
from idp.oauth.pages import error_page
from idp.oauth.parameters import may_carry_nul

NUL = "\x00"
# Endpoints that services call (not a person's browser): their errors are OAuth's JSON.
SERVICE_ENDPOINTS = frozenset(
    {
        "oauth.token_endpoint",
        "oauth.pushed_authorization_request_endpoint",
        "oauth.revocation_endpoint",
        "oauth.introspection_endpoint",
        "oauth.userinfo_endpoint",
    }
)


# Bodies that Werkzeug parses into request.form.
FORMS = frozenset({"application/x-www-form-urlencoded", "multipart/form-data"})


def carries_nul() -> str | None:
    """Where the request carries a NUL (path, query, form, cookie, header), or None. Most
    requests hold nothing that could become one, which the raw request says at once, without
    Werkzeug building their cookies, query and headers for this look alone (about 2 % of a
    worker's CPU during sign-ins: bench/signin_per_core.py's profile)."""
    if not (request.blueprint != "oauth" and request.mimetype in FORMS) and not may_carry_nul(request.environ):
        return None
    if NUL in request.path:
        return "path"
    sources = [("cookie", request.cookies)]
    if request.blueprint != "oauth":
        sources += [("query", request.args), ("form", request.form)]
    for where, source in sources:
        if any(NUL in name or NUL in value for name, value in source.items(multi=True)):
            return where
    if any(NUL in name or NUL in value for name, value in request.headers.items()):
        return "header"
    return None


def refuse_nul():
    where = carries_nul()
    if where is None:
        return None
    if request.blueprint == "api":
        return fail(Errors.BAD_REQUEST, {"field": where})
    if request.endpoint in SERVICE_ENDPOINTS:
        answer = jsonify(
            error="invalid_request", error_description=f"The request's {where} holds a NUL character: remove it."
        )
        answer.headers["Cache-Control"] = "no-store"
        return answer, 400
    return error_page("bad_request")


def init_app(app: Flask) -> None:
    app.before_request(refuse_nul)
