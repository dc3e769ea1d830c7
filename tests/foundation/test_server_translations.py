"""Every text of the server's pages and messages (idp/**.py, idp/templates) has its French
translation in idp/translations: a text in English only fails here."""
from __future__ import annotations

from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
METHODS = [("**.py", "python"), ("templates/**.html", "jinja2"), ("templates/**.txt", "jinja2")]


def test_every_server_text_has_a_french_translation():
    extracted = {message for _, _, message, _, _ in extract_from_dir(str(ROOT / "idp"), METHODS)}
    with (ROOT / "idp" / "translations" / "fr" / "LC_MESSAGES" / "messages.po").open("rb") as po:
        french = {entry.id: entry.string for entry in read_po(po) if entry.id}
    untranslated = sorted(str(message) for message in extracted if not french.get(message))
    assert untranslated == []
