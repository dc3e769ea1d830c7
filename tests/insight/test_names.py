"""The names the collector keeps are the product's own, and the login UI reads the same ones
(login-ui/src/analytics/names.json, whose Jest test walks the UI's routes and sources)."""

from __future__ import annotations

import json
from pathlib import Path

from idp.flows.screens import SCREENS
from idp.flows.steps import Flow
from idp.insight import names
from idp.models import InsightEvent

UI_NAMES = Path(__file__).resolve().parents[2] / "login-ui" / "src" / "analytics" / "names.json"


def test_the_ui_reads_the_names_the_server_gives():
    assert json.loads(UI_NAMES.read_text(encoding="utf-8")) == names.ui_names(), (
        "login-ui/src/analytics/names.json is stale: run `make insight-names`"
    )


def test_every_screen_the_journey_machine_shows_is_named():
    shown = {
        screen.replace("{otpType}", method)
        for flow in Flow
        for screens in SCREENS[flow].values()
        for screen in screens
        for method in names.METHODS
    }
    assert shown <= set(names.SCREENS_NAMED)


def test_a_journey_ends_on_its_flows_last_screen_but_the_download_page_where_the_download_is_still_to_come():
    assert names.ENDS == (
        "account/deleted",
        "passwordchanged",
        "phonechanged",
        "redirecttorp",
        "signinmethods/done",
        "youMayUpdateEmailAtOtherPlaces",
    )


def test_every_name_fits_the_column_it_is_kept_in():
    longest_action = max(
        len(names.action(page, max(names.SIGN_UP_STEPS), result)) for page in names.PAGES for result in names.RESULTS
    )
    assert max(map(len, names.SCREENS_NAMED)) <= InsightEvent.screen.type.length
    assert max(map(len, names.PAGES)) <= InsightEvent.page.type.length
    assert max(map(len, names.CATEGORIES)) <= InsightEvent.category.type.length
    assert max(map(len, names.RESULTS)) <= InsightEvent.result.type.length
    assert longest_action <= InsightEvent.action.type.length
