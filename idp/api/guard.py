"""What every /v1 call must be: same-site, and JSON for anything that changes state; and
what every /v1 answer is: never cached.

Browsers send Origin with every POST and Sec-Fetch-Site with every request, so a call
that changes state must carry the issuer as its Origin, or say it is same-origin: that
blocks cross-site request forgery without a token. A JSON content type cannot be sent
cross-site without a CORS preflight, which this API never grants.
"""

from __future__ import annotations

from typing import Any

from flask import current_app, request

from idp import observability
from idp.api.blueprint import bp
from idp.api.envelope import fail
from idp.errors import Errors, FlowError

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
# The deepest a body of this API nests (a passkey's credential: {credential: {response: {...}}})
# with room to spare; deeper is not one of ours, and never reaches the parser's recursion limit.
MAX_JSON_DEPTH = 8


@bp.before_request
def same_site_json_only():
    if request.method in SAFE_METHODS:
        return
    origin = request.headers.get("Origin")
    fetch_site = request.headers.get("Sec-Fetch-Site")
    if (
        (origin is not None and origin != current_app.config["IDP"]["server"]["issuer"])
        or fetch_site not in (None, "same-origin")
        or (origin is None and fetch_site is None)
    ):
        # a forged request from another site, or a client that is not a browser on this one
        observability.security_event(
            "cross_site_refused", origin=(origin or "")[:200], fetch_site=(fetch_site or "")[:40]
        )
        raise FlowError(Errors.CROSS_SITE)
    if request.mimetype != "application/json":
        raise FlowError(Errors.NOT_JSON)
    try:
        body = request.get_json(silent=True)
    except RecursionError:  # nested deeper than the parser goes
        body = None
    if not isinstance(body, dict):
        raise FlowError(Errors.BAD_REQUEST)
    depth, nul = _walk(body)
    if depth > MAX_JSON_DEPTH or nul:
        # a NUL: no text of this API holds one, and PostgreSQL stores none (idp/request_input.py)
        raise FlowError(Errors.BAD_REQUEST, data={"field": "body"} if nul else None)


def _walk(value: Any) -> tuple[int, bool]:
    """How deep objects and arrays nest in value (a flat object is 1), and whether a NUL is in
    any of its names or texts; without recursion, never deeper than MAX_JSON_DEPTH + 1."""
    deepest, nul, waiting = 0, False, [(value, 1)]
    while waiting:
        item, depth = waiting.pop()
        if isinstance(item, str):
            nul = nul or "\x00" in item
        elif isinstance(item, dict | list):
            deepest = max(deepest, depth)
            if depth <= MAX_JSON_DEPTH:
                children = [*item.keys(), *item.values()] if isinstance(item, dict) else item
                waiting.extend((child, depth + 1) for child in children)
    return deepest, nul


@bp.after_app_request
def never_cached(response):
    # Answers speak of one person's session: no browser or proxy may keep them (unknown
    # paths and methods included, which never reach the blueprint).
    if request.path == "/v1" or request.path.startswith("/v1/"):
        response.headers["Cache-Control"] = "no-store"
    return response


@bp.app_errorhandler(405)
def method_not_allowed(error):
    """Routing answers 405 before the blueprint's handlers: /v1 still answers its envelope."""
    if request.path.startswith("/v1/"):
        return fail(Errors.METHOD_NOT_ALLOWED)
    return error


def text(name: str, required: bool = True, default: str = "") -> str:
    """A string field of the JSON body; a missing or non-string field is code 23."""
    value: Any = request.get_json().get(name)
    if value is None and not required:
        return default
    if not isinstance(value, str) or not _unicode(value):
        raise FlowError(Errors.BAD_REQUEST, data={"field": name})
    return value


def _unicode(value: str) -> bool:
    """JSON's \\ud800 escapes make lone surrogates, which no UTF-8 text (nor argon2) takes."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def answer(name: str = "otp") -> str | dict:
    """The answer to a second factor: a code (a string field), or a passkey's signed
    challenge (the credential object navigator.credentials.get() gave)."""
    credential = request.get_json().get("credential")
    if credential is not None:
        if not isinstance(credential, dict):
            raise FlowError(Errors.BAD_REQUEST, data={"field": "credential"})
        return credential
    return text(name)
