"""Download my information (/v1/account/information): after the proof, everything the service
holds about the person, without a secret."""

from __future__ import annotations

import json

from tests.api.account_helpers import add_backup_codes, post, reauthenticate
from tests.support.journeys import EMAIL, PASSWORD, PHONE


def download(client) -> dict:
    response = client.post("/v1/account/information?lang=fr", json={})
    assert response.status_code == 200, response.json
    return response.json["data"]


def test_downloading_needs_the_proof_first(client, signup):
    signup.through("profile")
    response = post(client, "/account/information")
    assert (response.status_code, response.json["message"]) == (409, "20")


def test_a_proof_given_too_long_ago_must_be_given_again(app, client, signup, outbox, monkeypatch):
    signup.through("profile")
    reauthenticate(client, outbox, "download")
    monkeypatch.setitem(app.config["IDP"]["profile"], "reauthentication_window_seconds", 0)
    assert post(client, "/account/information").json["message"] == "36"


def test_the_file_holds_the_profile_the_phone_and_the_connected_services(client, connected, outbox):  # noqa: F811
    reauthenticate(client, outbox, "download")
    information = download(client)
    account = information["account"]
    assert (account["email"], account["firstName"], account["lastName"], account["language"]) == (
        EMAIL,
        "Jeanne",
        "Tremblay",
        "fr",
    )
    assert information["methods"]["phone"]["number"] == PHONE
    assert [service["name"] for service in information["connectedServices"]] == ["Service de réservations"]
    assert [session["current"] for session in information["sessions"]] == [True]
    assert len(information["trustedDevices"]) == 1


def test_the_file_holds_the_whole_activity_this_download_included(client, signup, outbox):
    signup.through("profile")
    reauthenticate(client, outbox, "download")
    download(client)
    events = [event["event"] for event in download(client)["activity"]]
    assert events[0] == "information_downloaded" and events[-1] == "signup_completed"
    assert events.count("information_downloaded") == 1  # the second download's own event is written after it is read


def test_no_secret_is_in_the_file(client, signup, outbox):
    signup.through("profile")
    codes = add_backup_codes(client, outbox)
    reauthenticate(client, outbox, "download")
    text = json.dumps(download(client))
    for secret in (PASSWORD, "argon2", *codes):
        assert secret not in text
    assert "password" not in json.loads(text)["account"]


def test_the_download_is_in_the_persons_activity(client, signup, outbox):
    signup.through("profile")
    reauthenticate(client, outbox, "download")
    download(client)
    newest = client.get("/v1/account/activity").json["data"]["events"][0]
    assert newest["event"] == "information_downloaded"
