"""Test mode (specification section 7), development only: the sample person's codes are
the fixed setting, the UI gets the sample's test data, everybody else is untouched, and
production refuses to start with it on."""

from __future__ import annotations

import json
import re

import pytest

from idp.config import ConfigError, load_settings
from idp.config.production import check_production
from tests.support.journeys import EMAIL

SAMPLE = "test@example.com"


@pytest.fixture
def test_mode(app):
    settings = app.config["IDP"]
    saved = dict(settings["testmode"]), settings["server"]["environment"]
    settings["testmode"].update(enabled=True)
    settings["server"]["environment"] = "development"
    yield settings["testmode"]
    settings["testmode"].clear()
    settings["testmode"].update(saved[0])
    settings["server"]["environment"] = saved[1]


def test_the_sample_person_gets_the_fixed_code(signup, test_mode, outbox):
    assert signup.send_email(SAMPLE).status_code == 200
    assert outbox.last(SAMPLE).code == test_mode["code"]


def test_everybody_else_gets_a_random_code_in_the_outbox(client, signup, test_mode, outbox):
    codes = set()
    for _ in range(3):
        client.delete_cookie("idp_session")
        assert signup.send_email(EMAIL).status_code == 200
        codes.add(outbox.last(EMAIL).code)
    assert len(codes) > 1 and test_mode["code"] not in codes


def test_the_ui_gets_the_sample_test_data_in_test_mode_only(client, app, test_mode):
    def config():
        found = re.search(
            r'<script id="idp-config" type="application/json">(.*?)</script>', client.get("/en").text, re.S
        )
        return json.loads(found.group(1))

    assert config()["testData"] == {
        "email": SAMPLE,
        "password": test_mode["password"],
        "phone": "6132345678",
        "firstName": "Alex",
        "lastName": "Tremblay",
    }
    test_mode["enabled"] = False
    assert "testData" not in config()


def test_the_sample_persons_code_is_named_in_their_journey_only(client, signup, test_mode):
    signup.email = SAMPLE
    assert signup.send_email(SAMPLE).json["data"]["journey"]["testCode"] == test_mode["code"]
    client.delete_cookie("idp_session")
    assert "testCode" not in signup.send_email(EMAIL).json["data"]["journey"]


def test_without_test_mode_no_journey_names_a_code(client, signup, test_mode):
    test_mode["enabled"] = False
    assert "testCode" not in signup.send_email(SAMPLE).json["data"]["journey"]


PROTOTYPE = "https://prototype.example/design"


def test_the_sample_persons_finished_sign_up_answers_the_prototype_link(signup, test_mode):
    test_mode["prototype_url"] = PROTOTYPE
    signup.email = SAMPLE
    assert signup.through("profile").json["data"]["prototypeUrl"] == PROTOTYPE


def test_everybody_elses_finished_sign_up_has_no_prototype_link(signup, test_mode):
    test_mode["prototype_url"] = PROTOTYPE
    assert "prototypeUrl" not in signup.through("profile").json["data"]


def test_without_test_mode_the_sample_person_has_no_prototype_link(signup, test_mode):
    test_mode.update(prototype_url=PROTOTYPE, enabled=False)
    signup.email = SAMPLE
    assert "prototypeUrl" not in signup.through("profile").json["data"]


def test_production_refuses_to_start_in_test_mode():
    settings = load_settings(environ={"IDP_TESTMODE_ENABLED": "true", "IDP_SERVER_SECRET_KEY": "x" * 40})
    with pytest.raises(ConfigError, match="IDP_TESTMODE_ENABLED"):
        check_production(settings)


def test_a_fixed_code_of_the_wrong_length_is_refused():
    with pytest.raises(ConfigError, match="IDP_TESTMODE_CODE"):
        load_settings(environ={"IDP_TESTMODE_ENABLED": "true", "IDP_TESTMODE_CODE": "12345"})
