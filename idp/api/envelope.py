"""The answer shape of every /v1 call: {success, message, data}."""
from __future__ import annotations

from typing import Any

from flask import jsonify


def ok(data: Any = None, message: str = "", status: int = 200):
    return jsonify(success=True, message=message, data=data if data is not None else {}), status


def fail(code: str, status: int = 400, data: dict | None = None):
    return jsonify(success=False, message=code, data=data or {}), status
