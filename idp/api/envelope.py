"""The answer shape of every /v1 call: {success, message, data}."""

from __future__ import annotations

from typing import Any

from flask import jsonify

from idp.errors import Errors


def ok(data: Any = None, message: str = "", status: int = 200):
    return jsonify(success=True, message=message, data=data if data is not None else {}), status


def fail(error: Errors, data: dict | None = None):
    """The failure envelope of a named error, with its HTTP status."""
    response = jsonify(success=False, message=error.code, data=data or {})
    if data and "retryAfter" in data:
        response.headers["Retry-After"] = str(data["retryAfter"])
    return response, error.status
