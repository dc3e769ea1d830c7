"""Every text of the server's pages and messages (idp/**.py, idp/templates) has its French
translation in idp/translations: a text in English only fails here."""

from __future__ import annotations

import json
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
METHODS = [("**.py", "python"), ("templates/**.html", "jinja2"), ("templates/**.txt", "jinja2")]


def _french() -> dict:
    with (ROOT / "idp" / "translations" / "fr" / "LC_MESSAGES" / "messages.po").open("rb") as po:
        return {entry.id: entry.string for entry in read_po(po) if entry.id}


def test_every_server_text_has_a_french_translation():
    extracted = {message for _, _, message, _, _ in extract_from_dir(str(ROOT / "idp"), METHODS)}
    french = _french()
    untranslated = sorted(str(message) for message in extracted if not french.get(message))
    assert untranslated == []


def test_the_product_has_one_name_in_the_ui_and_on_the_server_pages():
    french = _french()
    ui = {
        language: json.loads((ROOT / "login-ui" / "src" / "i18n" / f"{language}.json").read_text(encoding="utf-8"))[
            "layout.siteName"
        ]
        for language in ("en", "fr")
    }
    for template in ("shell.html", "oauth/base.html"):
        assert '_("' + ui["en"] + '")' in (ROOT / "idp" / "templates" / template).read_text(encoding="utf-8")
    assert french[ui["en"]] == ui["fr"]


def test_the_server_pages_frame_has_the_texts_of_the_ui_frame():
    """oauth/base.html's header and footer say, in both languages, what the UI's Header and Footer say."""
    french = _french()
    base = (ROOT / "idp" / "templates" / "oauth" / "base.html").read_text(encoding="utf-8")
    ui = {
        language: json.loads((ROOT / "login-ui" / "src" / "i18n" / f"{language}.json").read_text(encoding="utf-8"))
        for language in ("en", "fr")
    }
    keys = (
        "layout.skipToContent",
        "layout.languageNav",
        "footer.nav",
        "footer.about",
        "footer.aboutUrl",
        "footer.help",
        "footer.helpUrl",
        "footer.terms",
        "footer.termsUrl",
        "footer.identity",
    )
    for key in keys:
        english = ui["en"][key]
        assert f'_("{english}")' in base or f"_('{english}')" in base, key
        assert french[english] == ui["fr"][key], key
