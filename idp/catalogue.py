"""The login UI's words (login-ui/src/i18n/en.json and fr.json) for the server's pages that must
say what people read: the help desk shows a person's events in the words of their own activity
page, the funnel report names steps by their screens' titles and errors by their messages. One
home per wording: the UI's catalogue, read here, never copied into the server's.

One message contract for both runtimes. The messages are ICU MessageFormat, which the UI's build
compiles once, with FormatJS's compiler, into ASTs: react-intl formats them in the browser, and
this module formats the same ASTs, which the build writes to login-ui/dist/messages.json beside
the UI's own files (`npm run build`, part of `make setup`). tests/shared/message_cases.json holds
both runtimes to the same texts (pytest here, Jest there). No Python ICU MessageFormat library is
well kept: pyseeyou and pyicumessageformat (a parser alone) last released in 2021, the newer ones
are experimental 0.x releases, and PyICU (ICU itself) needs ICU's headers and a C++ compiler on
every machine that installs the service. And a second parser, however good, is a second reading
of each message: here there is one, the build's.

`say` formats the kinds of part the UI's messages use, as intl-messageformat does: text,
{name} (the value as given), {name, number} and # (Babel's numbers for Canadian English and
French, as the browser's Intl formats them), {name, plural, …} (an exact case such as =0 first,
then the language's CLDR category, else other) and {name, select, …} (the value's case, else
other). It refuses any other kind (a date, an ordinal, a styled number, a tag), in every branch,
so that a message the server cannot say fails its test rather than an operator's page. A value
not given is said as … and its plural takes `other`: the funnel names an error without the
figures the person saw. A message that ends in a space is the start of a sentence the UI
finishes with figures (error.5 "… at least "), said with … too.
"""

from __future__ import annotations

import json
from functools import cache

from babel import Locale
from babel.numbers import format_decimal

from idp.config import PROJECT_ROOT

COMPILED = PROJECT_ROOT / "login-ui" / "dist" / "messages.json"
# Babel's locales of the two languages: numbers and plural rules as Canadians use them.
LOCALES = {"en": "en_CA", "fr": "fr_CA"}
UNKNOWN = "…"
# FormatJS's kinds of part (@formatjs/icu-messageformat-parser's TYPE) that `say` formats
LITERAL, ARGUMENT, NUMBER, SELECT, PLURAL, POUND = 0, 1, 2, 5, 6, 7


class CatalogueError(ValueError):
    """A message uses ICU beyond what `say` formats, or the build's messages are missing."""


@cache
def _compiled() -> dict[str, dict[str, list]]:
    try:
        return json.loads(COMPILED.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CatalogueError(f"{COMPILED} is missing: build the login UI (make setup)") from None


def messages(language: str) -> dict[str, list]:
    """The language's messages as the UI's build compiled them: {id: FormatJS AST}."""
    return _compiled()[language]


def has(language: str, key: str) -> bool:
    return key in messages(language)


def say(language: str, key: str, **values) -> str:
    """The message `key` of the language's catalogue, formatted with the values."""
    return format_message(language, messages(language)[key], values)


def format_message(language: str, parts: list, values: dict) -> str:
    """A compiled message (FormatJS's AST) formatted with the values, as react-intl does."""
    _check(parts)
    said = "".join(_format(parts, values, LOCALES[language], None))
    return f"{said.rstrip()} {UNKNOWN}" if said.endswith(" ") else said


def _check(parts: list) -> None:
    for part in parts:
        kind = part["type"]
        if kind not in (LITERAL, ARGUMENT, NUMBER, SELECT, PLURAL, POUND):
            raise CatalogueError(f"a part of kind {kind} is not formatted here: {part}")
        if kind == NUMBER and part.get("style"):
            raise CatalogueError(f"a number with a style is not formatted here: {part}")
        if kind == PLURAL and (part["pluralType"] != "cardinal" or part["offset"]):
            raise CatalogueError(f"only a plural without offset counts things here: {part}")
        if kind in (SELECT, PLURAL):
            if "other" not in part["options"]:
                raise CatalogueError(f"{{{part['value']}}} without an other choice")
            for option in part["options"].values():
                _check(option["value"])


def _format(parts: list, values: dict, locale: str, number: object) -> list[str]:
    said = []
    for part in parts:
        kind = part["type"]
        if kind == LITERAL:
            said.append(part["value"])
            continue
        if kind == POUND:
            said.append(_number(number, locale))
            continue
        value = values.get(part["value"])
        if kind == ARGUMENT:
            said.append(UNKNOWN if value is None else str(value))
        elif kind == NUMBER:
            said.append(_number(value, locale))
        elif kind == SELECT:
            # a # inside a select counts nothing, as in intl-messageformat
            said += _format(part["options"].get(str(value), part["options"]["other"])["value"], values, locale, None)
        else:
            said += _format(_plural_choice(part["options"], value, locale), values, locale, value)
    return said


def _number(value, locale: str) -> str:
    return UNKNOWN if value is None else format_decimal(value, locale=locale)


def _plural_choice(options: dict, value, locale: str) -> list:
    if value is None:
        return options["other"]["value"]
    exact = options.get(f"={value}")
    if exact is not None:
        return exact["value"]
    return options.get(Locale.parse(locale).plural_form(value), options["other"])["value"]
