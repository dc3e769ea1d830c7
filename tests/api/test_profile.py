"""The profile area through /v1/profile: read, name, language, phone; signed-in only."""

from __future__ import annotations

import pytest

from tests.api.account_helpers import audit_actions, post, user
from tests.support.journeys import EMAIL


@pytest.fixture
def account(signup):
    """A finished sign-up: the browser is signed in."""
    signup.through("profile")
    return signup.user_id


def test_the_profile_shows_name_email_masked_phone_language_and_notifications(client, account):
    data = client.get("/v1/profile?lang=en").json["data"]
    assert data == {
        "firstName": "Jeanne",
        "lastName": "Tremblay",
        "email": EMAIL,
        "emailVerified": True,
        "phone": "******5678",
        "phoneChannel": "sms",
        "language": "fr",
        "notifications": "email",
        "services": [],
        "reset": None,
    }


def test_the_profile_needs_a_signed_in_browser(client):
    response = client.get("/v1/profile")
    assert (response.status_code, response.json["message"]) == (401, "29")


def test_a_browser_half_way_through_sign_up_is_not_signed_in(client, signup):
    signup.through("verify_phone")
    assert client.get("/v1/profile").status_code == 401


def test_after_sign_out_the_profile_is_closed(client, account):
    assert post(client, "/logout").status_code == 200
    assert client.get("/v1/profile").status_code == 401


def test_the_name_changes_for_the_signed_in_person(client, account, app):
    assert post(client, "/profile/name", firstName="Jeanne-Marie", lastName="Côté").status_code == 200
    changed = user(app)
    assert (changed.first_name, changed.last_name) == ("Jeanne-Marie", "Côté")


def test_a_name_change_is_announced_by_email_in_the_persons_language(client, account, outbox):
    post(client, "/profile/name", firstName="", lastName="Côté")
    notice = outbox.last(EMAIL)
    assert (notice.language, notice.subject, notice.code) == ("fr", "Votre nom a été modifié", None)


def test_a_name_change_is_written_to_the_audit_trail_without_the_name(client, account, app):
    post(client, "/profile/name", firstName="", lastName="Côté")
    assert audit_actions(app) == ["signup_completed", "name_changed"]


def test_the_last_name_is_required(client, account):
    response = post(client, "/profile/name", firstName="Jeanne", lastName="")
    assert (response.status_code, response.json["message"]) == (400, "11")


def test_another_persons_id_in_the_payload_changes_nothing_of_theirs(client, account, signup, app):
    post(client, "/profile/name", firstName="", lastName="Côté", id="someone-else", userName="other@example.ca")
    assert user(app).last_name == "Côté"


def test_a_name_change_without_sign_in_is_refused(client):
    response = post(client, "/profile/name", firstName="", lastName="Côté")
    assert (response.status_code, response.json["message"]) == (401, "29")


def test_the_language_preference_changes_the_language_of_later_messages(client, account, outbox):
    assert post(client, "/profile/language", language="eng").status_code == 200
    post(client, "/profile/name", firstName="", lastName="Côté")
    assert outbox.last(EMAIL).subject == "Your name was changed"


def test_an_unknown_language_is_refused_with_27(client, account):
    response = post(client, "/profile/language", language="de")
    assert (response.status_code, response.json["message"]) == (400, "27")


def test_the_connected_services_are_those_the_person_signed_in_to(client, account, app):
    from idp.extensions import db
    from tests.support.grants import service_holds_a_token

    with app.app_context():
        service_holds_a_token(account)
        db.session.commit()
    services = client.get("/v1/profile?lang=fr").json["data"]["services"]
    assert [service["id"] for service in services] == [1]
