"""Issue 51: times said once, right. One formatter (idp/moments.py) says every moment on screens,
in e-mails, texts and calls, and on the console: in the service's time zone, named with the time
of day, so that all of them name the same day — a moment just before midnight in Toronto is after
midnight in UTC, and a browser abroad is somewhere else again."""

from __future__ import annotations

from datetime import datetime

import pytest

from idp import moments

# 04:30 UTC on November 25 is 23:30 on November 24 in Toronto (standard time, UTC-5).
NEAR_MIDNIGHT = datetime(2026, 11, 25, 4, 30)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "Tuesday, November 24, 2026, 11:30\u202fp.m. (Eastern Standard Time)"),
        ("fr", "mardi 24 novembre 2026, 23 h 30 (heure normale de l’Est)"),
    ],
)
def test_a_moment_just_before_midnight_is_said_on_the_services_day_with_its_time_zone_named(app, language, words):
    with app.app_context():
        assert moments.said(NEAR_MIDNIGHT, language).replace("\u202f", " ") == words.replace("\u202f", " ")


@pytest.mark.parametrize(("language", "day"), [("en", "November 24, 2026"), ("fr", "24 novembre 2026")])
def test_a_day_alone_is_the_services_day_too(app, language, day):
    with app.app_context():
        assert moments.day_said(NEAR_MIDNIGHT, language) == day


def test_the_time_zone_is_the_services_setting(app, monkeypatch):
    monkeypatch.setitem(app.config["IDP"]["account"], "time_zone", "America/Vancouver")
    with app.app_context():
        assert moments.day_said(NEAR_MIDNIGHT, "en") == "November 24, 2026"
        assert "8:30" in moments.said(NEAR_MIDNIGHT, "en") and "Pacific" in moments.said(NEAR_MIDNIGHT, "en")
