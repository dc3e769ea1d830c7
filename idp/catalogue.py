"""The login UI's words (login-ui/src/i18n/en.json and fr.json) for the server's pages that must
say what people read: the help desk shows a person's events in the words of their own activity
page, the funnel report names steps by their screens' titles and errors by their messages. One
home per wording: the UI's catalogue, read here, never copied into the server's.

The messages are ICU MessageFormat, as react-intl formats them. `say` formats the part of it the
catalogue uses — {name}, {name, number}, {name, plural, =n {…} one {…} other {…}} with #, and
{name, select, … other {…}}, with ICU's apostrophe quoting — and refuses anything else, so a
message the server cannot say fails its test rather than an operator's page. A value not given
is said as … and its plural takes `other`: the funnel names an error without the figures the
person saw. A message that ends in a space is the start of a sentence the UI finishes with
figures (error.5 "… at least "), said with … too.
"""
from __future__ import annotations

import json
from functools import cache

from babel import Locale
from babel.numbers import format_decimal

from idp.config import PROJECT_ROOT

UI_MESSAGES = PROJECT_ROOT / "login-ui" / "src" / "i18n"
# Babel's locales of the two languages: numbers and plural rules as Canadians use them.
LOCALES = {"en": "en_CA", "fr": "fr_CA"}
UNKNOWN = "…"


class CatalogueError(ValueError):
    """A message uses ICU beyond what `say` formats."""


@cache
def messages(language: str) -> dict[str, str]:
    return json.loads((UI_MESSAGES / f"{language}.json").read_text(encoding="utf-8"))


def has(language: str, key: str) -> bool:
    return key in messages(language)


def say(language: str, key: str, **values) -> str:
    """The message `key` of the language's catalogue, formatted with the values."""
    text = messages(language)[key]
    said = "".join(_format(_parsed(text), values, LOCALES[language], None))
    return f"{said.rstrip()} {UNKNOWN}" if said.endswith(" ") else said


@cache
def _parsed(text: str) -> tuple:
    nodes, end = _parse(text, 0, in_plural=False)
    if end != len(text):
        raise CatalogueError(f"an unmatched }} in {text!r}")
    return nodes


def _parse(text: str, at: int, in_plural: bool) -> tuple[tuple, int]:
    """The nodes from `at` to the `}` that closes them (or the end): strings, ("#",), and
    (name, kind, choices) for an argument."""
    nodes, literal = [], []
    while at < len(text):
        char = text[at]
        if char == "'":
            at = _quoted(text, at, in_plural, literal)
            continue
        if char == "}":
            break
        if char == "#" and in_plural:
            nodes += ["".join(literal), ("#",)]
            literal = []
        elif char == "{":
            nodes.append("".join(literal))
            literal = []
            argument, at = _argument(text, at + 1)
            nodes.append(argument)
            continue
        else:
            literal.append(char)
        at += 1
    nodes.append("".join(literal))
    return tuple(node for node in nodes if node != ""), at


def _quoted(text: str, at: int, in_plural: bool, literal: list[str]) -> int:
    """ICU's apostrophe: '' is one; before { } (or # in a plural) it quotes up to the next lone
    one; anywhere else it is itself (as in "wasn't")."""
    following = text[at + 1:at + 2]
    if following == "'":
        literal.append("'")
        return at + 2
    if following not in ("{", "}") and not (in_plural and following == "#"):
        literal.append("'")
        return at + 1
    at += 1
    while at < len(text):
        if text[at] == "'":
            if text[at + 1:at + 2] == "'":
                literal.append("'")
                at += 2
                continue
            return at + 1
        literal.append(text[at])
        at += 1
    return at


def _argument(text: str, at: int) -> tuple[tuple, int]:
    """{name}, {name, number}, {name, plural|select, choices}: from after its {, to after its }."""
    close = text.find("}", at)
    comma = text.find(",", at)
    if close < 0:
        raise CatalogueError(f"an unclosed {{ in {text!r}")
    if comma < 0 or close < comma:
        return (text[at:close].strip(), "text", None), close + 1
    name = text[at:comma].strip()
    rest = comma + 1
    second = text.find(",", rest)
    if second < 0 or close < second:
        kind = text[rest:close].strip()
        if kind != "number":
            raise CatalogueError(f"{{{name}, {kind}}} is not formatted here")
        return (name, "number", None), close + 1
    kind = text[rest:second].strip()
    if kind not in ("plural", "select"):
        raise CatalogueError(f"{{{name}, {kind}, …}} is not formatted here")
    choices, at = {}, second + 1
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if at < len(text) and text[at] == "}":
            break
        opening = text.find("{", at)
        if opening < 0:
            raise CatalogueError(f"a choice without its message in {text!r}")
        selector = text[at:opening].strip()
        if not selector or " " in selector:
            raise CatalogueError(f"{selector!r} is not a choice formatted here")
        nodes, end = _parse(text, opening + 1, in_plural=kind == "plural")
        if end >= len(text):
            raise CatalogueError(f"an unclosed choice in {text!r}")
        choices[selector] = nodes
        at = end + 1
    if "other" not in choices:
        raise CatalogueError(f"{{{name}, {kind}}} without an other choice")
    return (name, kind, choices), at + 1


def _format(nodes: tuple, values: dict, locale: str, number: object) -> list[str]:
    said = []
    for node in nodes:
        if isinstance(node, str):
            said.append(node)
        elif node == ("#",):
            said.append(UNKNOWN if number is None else format_decimal(number, locale=locale))
        else:
            name, kind, choices = node
            value = values.get(name)
            if kind == "text":
                said.append(UNKNOWN if value is None else str(value))
            elif kind == "number":
                said.append(UNKNOWN if value is None else format_decimal(value, locale=locale))
            elif kind == "select":
                said += _format(choices.get(str(value), choices["other"]), values, locale, number)
            else:
                said += _format(_plural_choice(choices, value, locale), values, locale, value)
    return said


def _plural_choice(choices: dict, value, locale: str) -> tuple:
    if value is None:
        return choices["other"]
    exact = choices.get(f"={value}")
    if exact is not None:
        return exact
    return choices.get(Locale.parse(locale).plural_form(value), choices["other"])
