"""What every /v1 call must be: same-site, and JSON for anything that changes state.

Browsers send Origin on every cross-origin POST and Sec-Fetch-Site on every
request, so refusing foreign values of either blocks cross-site request forgery
without a token. A JSON content type cannot be sent cross-site without a CORS
preflight, which this API never grants.
"""
from __future__ import annotations

from typing import Any

from flask import current_app, request

from idp.api.blueprint import bp
from idp.errors import Errors, FlowError

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


@bp.before_request
def same_site_json_only():
    if request.method in SAFE_METHODS:
        return
    origin = request.headers.get("Origin")
    if origin is not None and origin != current_app.config["IDP"]["server"]["issuer"]:
        raise FlowError(Errors.CROSS_SITE)
    if request.headers.get("Sec-Fetch-Site") == "cross-site":
        raise FlowError(Errors.CROSS_SITE)
    if request.mimetype != "application/json":
        raise FlowError(Errors.NOT_JSON)
    if not isinstance(request.get_json(silent=True), dict):
        raise FlowError(Errors.BAD_REQUEST)


def text(name: str, required: bool = True, default: str = "") -> str:
    """A string field of the JSON body; a missing or non-string field is code 23."""
    value: Any = request.get_json().get(name)
    if value is None and not required:
        return default
    if not isinstance(value, str):
        raise FlowError(Errors.BAD_REQUEST, data={"field": name})
    return value
