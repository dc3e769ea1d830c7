"""The password change from the profile (ASVS V6.2.2-3): the current password and a code,
then the new password with the policy of sign-up."""

from __future__ import annotations

import pytest

from tests.api.account_helpers import NEW_PASSWORD, audit_actions, post, reauthenticate
from tests.support.journeys import EMAIL


@pytest.fixture
def proven(signup, client, outbox):
    signup.through("profile")
    reauthenticate(client, outbox, "password")
    return signup.user_id


def test_the_new_password_signs_in_and_the_old_one_does_not(client, proven, signin):
    response = post(client, "/profile/password/new", password=NEW_PASSWORD)
    assert response.json["data"]["journey"]["screen"] == "passwordchanged"
    post(client, "/logout")
    assert signin.login(password=NEW_PASSWORD).status_code == 200
    assert signin.login().status_code == 401


@pytest.mark.parametrize(
    "password, code, reason",
    [
        ("short", "5", None),
        ("qwerty123456", "21", "breached"),
        ("jeanne.tremblay.2024", "21", "personal"),
    ],
)
def test_the_new_password_follows_the_policy(client, proven, password, code, reason):
    response = post(client, "/profile/password/new", password=password)
    assert (response.status_code, response.json["message"], response.json["data"].get("reason")) == (400, code, reason)


def test_the_change_is_announced_and_audited(client, proven, outbox, app):
    post(client, "/profile/password/new", password=NEW_PASSWORD)
    assert outbox.last(EMAIL).subject == "Votre mot de passe a été modifié"
    assert audit_actions(app) == ["signup_completed", "password_changed"]


def test_the_new_password_needs_the_current_one_and_a_code(client, signup):
    signup.through("profile")
    response = post(client, "/profile/password/new", password=NEW_PASSWORD)
    assert (response.status_code, response.json["message"]) == (409, "20")
