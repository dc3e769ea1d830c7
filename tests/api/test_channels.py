"""The channels people are offered (notify.channels): the server refuses the others, whatever
the browser sends, and the UI's configuration names only those offered. Production's refusal
to start with a channel its provider cannot carry is in tests/foundation/test_production.py."""

from __future__ import annotations

import json
import re

import pytest

from tests.api.account_helpers import post
from tests.support.journeys import EMAIL, PASSWORD


@pytest.fixture
def texts_only(app, monkeypatch):
    monkeypatch.setitem(app.config["IDP"]["notify"], "channels", "email,sms")


def test_a_call_is_refused_at_sign_up_when_calls_are_not_offered(signup, texts_only):
    signup.through("create")
    response = signup.send_phone(channel="voice")
    assert (response.status_code, response.json["message"]) == (400, "26")


def test_a_text_is_still_sent_at_sign_up_when_calls_are_not_offered(signup, texts_only):
    signup.through("create")
    assert signup.send_phone(channel="sms").status_code == 200


def test_a_person_whose_phone_takes_calls_is_offered_texts_only_when_calls_are_not_offered(
    signup, client, app, monkeypatch
):
    signup.channel = "voice"
    signup.through("profile")
    post(client, "/logout")
    monkeypatch.setitem(app.config["IDP"]["notify"], "channels", "email,sms")
    answer = post(client, "/otp/users/login", userName=EMAIL, password=PASSWORD).json["data"]
    assert answer["journey"]["methods"] == ["sms"]
    refused = post(client, "/otp/otp/send", userName=EMAIL, otpType="voice")
    assert (refused.status_code, refused.json["message"]) == (400, "26")


def test_the_login_ui_is_told_the_phone_channels_offered(client, texts_only):
    page = client.get("/en/signUp/verificationsetup").get_data(as_text=True)
    config = json.loads(
        re.search(r'<script id="idp-config" type="application/json">(.*?)</script>', page, re.S).group(1)
    )
    assert config["policy"]["phoneChannels"] == ["sms"]
