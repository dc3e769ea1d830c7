"""Named errors: one table on the server, the same names in the UI."""

from __future__ import annotations

import json
from pathlib import Path

from idp.errors import Errors, FlowError, ui_codes

ROOT = Path(__file__).resolve().parents[2]
UI_CODES = ROOT / "login-ui" / "src" / "i18n" / "errorCodes.json"
UI_TEXTS = {
    language: json.loads((ROOT / "login-ui" / "src" / "i18n" / f"{language}.json").read_text(encoding="utf-8"))
    for language in ("en", "fr")
}


def test_the_ui_uses_the_names_the_server_gives():
    assert json.loads(UI_CODES.read_text(encoding="utf-8")) == ui_codes(), (
        "login-ui/src/i18n/errorCodes.json is stale: "
        "run `.venv/bin/python -m idp.errors > login-ui/src/i18n/errorCodes.json`"
    )


def test_every_code_the_server_answers_has_words_in_both_languages():
    for error in Errors:
        for language, texts in UI_TEXTS.items():
            assert f"error.{error.code}" in texts, f"{error.name} ({error.code}) has no text in {language}"


def test_a_flow_error_answers_the_status_of_its_name():
    refused = FlowError(Errors.STEP_OUT_OF_ORDER, data={"field": "x"})
    assert (refused.code, refused.status, refused.data) == ("20", 409, {"field": "x"})


def test_a_name_is_never_given_twice():
    assert len({error.name for error in Errors}) == len(Errors)
