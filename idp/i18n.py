"""The language of a request: the route's segment, else ui_locales/lang, else the browser's."""
from __future__ import annotations

from flask import request

LANGUAGES = ("en", "fr")


def from_path(path: str) -> str | None:
    segment = path.strip("/").split("/", 1)[0]
    return segment if segment in LANGUAGES else None


def from_browser() -> str:
    return request.accept_languages.best_match(LANGUAGES) or "en"


def select_locale() -> str:
    if not request:
        return "en"
    asked = request.args.get("lang") or request.args.get("ui_locales", "").split(" ")[0]
    return from_path(request.path) or (asked if asked in LANGUAGES else None) or from_browser()
