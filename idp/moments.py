"""A moment in words: the one way every screen, e-mail, text, call and console page says when
something happened or will. In the service's time zone (account.time_zone), named whenever the
time of day is said, so that a screen and the message about the same moment name the same day —
a request at 23:30 in Toronto is not the next day's for anyone, whatever the browser's clock says.
Babel, with the locales Canadians write (en_CA, fr_CA); the login UI shows these words as the
server gives them and formats no moment of its own.
"""

from __future__ import annotations

from zoneinfo import ZoneInfo

from babel.dates import format_date, format_time, get_timezone_name
from flask import current_app

LANGUAGES = ("en", "fr")
LOCALES = {"en": "en_CA", "fr": "fr_CA"}
UTC = ZoneInfo("UTC")


def _local(moment):
    """A stored moment (naive UTC) in the service's time zone."""
    return moment.replace(tzinfo=UTC).astimezone(ZoneInfo(current_app.config["IDP"]["account"]["time_zone"]))


def said(moment, language: str) -> str:
    """ "Tuesday, November 24, 2026, 11:30 p.m. (Eastern Standard Time)": the day, the time and
    the time zone."""
    local, locale = _local(moment), LOCALES[language]
    return (
        f"{format_date(local, 'full', locale=locale)}, {format_time(local, 'short', locale=locale)} "
        f"({get_timezone_name(local, locale=locale)})"
    )


def day_said(moment, language: str) -> str:
    """ "November 24, 2026": the day alone, the service's day."""
    return format_date(_local(moment), "long", locale=LOCALES[language])


def said_in_each(moment) -> dict[str, str]:
    """The moment in the words of each language: what an answer that is not in one language
    (a journey) carries, for the page to show in its own."""
    return {language: said(moment, language) for language in LANGUAGES}
