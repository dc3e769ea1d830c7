"""The login UI's catalogue read by the server (idp/catalogue.py): the operators' pages say what
people read in the UI's own words, formatted as react-intl formats them."""
from __future__ import annotations

import pytest

from idp import catalogue


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_message_of_the_ui_catalogue_is_one_the_server_can_say(language):
    for key in catalogue.messages(language):
        assert isinstance(catalogue.say(language, key), str), key


@pytest.mark.parametrize(("language", "values", "said"), [
    ("en", {"count": 1}, "Signed out of 1 device"),
    ("en", {"count": 1200}, "Signed out of 1,200 devices"),
    ("fr", {"count": 1}, "Déconnexion de 1 appareil"),
    ("fr", {"count": 1200}, "Déconnexion de 1\u00a0200 appareils"),
])
def test_a_plural_takes_the_languages_form_and_its_number(language, values, said):
    assert catalogue.say(language, "account.activity.events.sessions_ended", **values) == said


def test_an_exact_choice_comes_before_the_plural_form():
    assert catalogue.say("en", "error.3", codeLength=6) == "Codes must be six digits. Try again."
    assert catalogue.say("en", "error.3", codeLength=8) == "Codes must be 8 digits. Try again."


def test_a_value_not_given_and_an_unfinished_sentence_are_said_as_an_ellipsis():
    assert catalogue.say("en", "error.3") == "Codes must be … digits. Try again."
    assert catalogue.say("fr", "error.5") == "Mot de passe invalide. Le mot de passe doit compter au moins …"


def test_apostrophes_quote_as_in_icu(monkeypatch):
    monkeypatch.setitem(catalogue.messages("en"), "test.quoted", "It wasn't '{me}', it''s {who}: {n, plural, other {'#'#}}")
    assert catalogue.say("en", "test.quoted", who="a", n=3) == "It wasn't {me}, it's a: #3"


def test_icu_the_server_does_not_format_is_refused(monkeypatch):
    monkeypatch.setitem(catalogue.messages("en"), "test.date", "On {day, date, long}")
    with pytest.raises(catalogue.CatalogueError):
        catalogue.say("en", "test.date", day=1)
