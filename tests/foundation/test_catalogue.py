"""The login UI's catalogue read by the server (idp/catalogue.py): the operators' pages say what
people read in the UI, in its own words, from the messages the UI's build compiled, formatted as
react-intl formats them in the browser.

Who holds what, and what they must get:
- an operator reading the help desk or the funnel report: every message of both languages says
  the text a person read on the screen, for each case of tests/shared/message_cases.json (plurals
  at their edges, selects, numbers, ICU's apostrophes, a 254-character address), which Jest runs
  through react-intl too (login-ui/src/i18n/messages.test.js);
- a developer who adds a message the server cannot format (a date, a tag, an ordinal, a styled
  number), even in a branch no page takes: this test fails, not the operator's page;
- the funnel, which names an error without the figures the person saw: a value not given is
  said as …;
- a developer who changed the catalogue and did not rebuild: the build's messages are not the
  catalogue's, and this test says so.
"""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from idp import catalogue
from idp.config import PROJECT_ROOT

SHARED = json.loads((PROJECT_ROOT / "tests" / "shared" / "message_cases.json").read_text(encoding="utf-8"))
LOGIN_UI = PROJECT_ROOT / "login-ui"
LANGUAGES = ("en", "fr")


def compiled_by_the_build(path) -> dict:
    """A message file's ASTs, by the compiler and with the options of the UI's build."""
    done = subprocess.run(
        [shutil.which("node") or "node", "webpack/compiled-messages-loader.js", str(path)],
        cwd=LOGIN_UI,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def own_messages(tmp_path_factory) -> dict:
    """The shared cases' messages of their own, compiled as the build compiles the catalogue."""
    folder = tmp_path_factory.mktemp("messages")
    compiled = {}
    for language in LANGUAGES:
        path = folder / f"{language}.json"
        path.write_text(
            json.dumps({key: texts[language] for key, texts in SHARED["messages"].items()}), encoding="utf-8"
        )
        compiled[language] = compiled_by_the_build(path)
    return compiled


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_server_reads_the_messages_the_build_compiled_from_the_catalogue(language):
    assert catalogue.messages(language) == compiled_by_the_build(LOGIN_UI / "src" / "i18n" / f"{language}.json"), (
        "login-ui/dist/messages.json is stale: run `npm run build` in login-ui"
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_of_the_ui_catalogue_is_one_the_server_can_say(language):
    for key in catalogue.messages(language):
        assert isinstance(catalogue.say(language, key), str), key


@pytest.mark.parametrize(
    ("language", "case"),
    [(language, case) for case in SHARED["cases"] for language in LANGUAGES],
    ids=lambda value: value if isinstance(value, str) else f"{value['id']} {json.dumps(value['values'])}",
)
def test_the_server_says_each_shared_case_as_the_ui_does(language, case, own_messages):
    parts = catalogue.messages(language).get(case["id"]) or own_messages[language][case["id"]]
    assert catalogue.format_message(language, parts, case["values"]) == case[language]


def test_a_value_not_given_and_an_unfinished_sentence_are_said_as_an_ellipsis():
    assert catalogue.say("en", "error.3") == "Codes must be … digits. Try again."
    assert catalogue.say("fr", "error.5") == "Mot de passe invalide. Le mot de passe doit compter au moins …"


DATE = {"type": 3, "value": "day", "style": "long"}


@pytest.mark.parametrize(
    "parts",
    [
        pytest.param([DATE], id="a date"),
        pytest.param(
            [{"type": 5, "value": "kind", "options": {"sms": {"value": [DATE]}, "other": {"value": []}}}],
            id="a date in a branch not taken",
        ),
        pytest.param([{"type": 8, "value": "b", "children": []}], id="a tag"),
        pytest.param(
            [{"type": 6, "value": "n", "options": {"other": {"value": []}}, "offset": 0, "pluralType": "ordinal"}],
            id="an ordinal",
        ),
        pytest.param([{"type": 2, "value": "n", "style": "percent"}], id="a styled number"),
        pytest.param([{"type": 5, "value": "kind", "options": {"sms": {"value": []}}}], id="a select without other"),
    ],
)
def test_a_message_the_server_does_not_format_is_refused_whatever_the_values(parts):
    with pytest.raises(catalogue.CatalogueError):
        catalogue.format_message("en", parts, {"kind": "other", "n": 1, "day": 1})
