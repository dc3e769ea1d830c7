"""The e-mail after a sign-in from a browser the account had not used before (issue 27, point 4)."""

from __future__ import annotations

import pytest

from tests.support.browsers import FIREFOX_ON_WINDOWS
from tests.support.journeys import EMAIL


def notices(outbox) -> list:
    return [
        message
        for message in outbox.messages(EMAIL)
        if message.subject in ("New sign-in to your account", "Nouvelle connexion à votre compte")
    ]


@pytest.fixture
def from_firefox(client, returning_person):
    client.environ_base["HTTP_USER_AGENT"] = FIREFOX_ON_WINDOWS
    return returning_person


def test_a_sign_in_from_a_new_browser_sends_the_notice_in_the_accounts_language(client, signin, outbox, from_firefox):
    signin.through("verify")
    [notice] = notices(outbox)
    # the sign-up chose French
    assert notice.subject == "Nouvelle connexion à votre compte" and notice.language == "fr"
    assert "Firefox sur Windows" in notice.body
    assert "/fr/account/activity" in notice.body
    assert notice.code is None


def test_the_next_sign_in_from_the_same_browser_sends_none(client, signin, outbox, from_firefox):
    signin.through("verify")
    client.post("/v1/logout", json={})
    signin.through("verify")
    assert len(notices(outbox)) == 1


def test_the_end_of_a_sign_up_sends_none(signup, outbox):
    signup.through("profile")
    assert notices(outbox) == []


def test_a_setting_turns_the_notice_off(app, signin, outbox, from_firefox, monkeypatch):
    monkeypatch.setitem(app.config["IDP"]["account"], "new_device_notice", False)
    signin.through("verify")
    assert notices(outbox) == []


def test_a_notice_that_cannot_be_sent_never_stops_the_sign_in(client, signin, outbox, from_firefox, monkeypatch):
    from types import SimpleNamespace

    from idp import notify
    from idp.account import notices as module

    def refuse(*args, **kwargs):
        raise notify.DeliveryError("the queue is down")

    # only the notice fails: the sign-in's own code still goes out
    monkeypatch.setattr(
        module, "notify", SimpleNamespace(LANGUAGES=notify.LANGUAGES, DeliveryError=notify.DeliveryError, send=refuse)
    )
    assert signin.through("verify").status_code == 200
    assert client.get("/v1/profile").status_code == 200


@pytest.mark.parametrize(
    ("language", "promise"),
    [
        (
            "en",
            "we will sign your account out of every other device, including that one, "
            "and help you change your password.",
        ),
        (
            "fr",
            "nous déconnecterons votre compte de tous les autres appareils, y compris celui-là, "
            "et vous aiderons à changer votre mot de passe.",
        ),
    ],
)
def test_the_notice_says_this_wasnt_me_signs_out_every_other_device(app, language, promise):
    from idp import notify

    with app.test_request_context():
        _, body = notify.render(
            "new_device", language, browser="Firefox", system="Windows", when="now", link="https://x/"
        )
    assert promise in " ".join(body.split())
    assert "sign that device out" not in body and "déconnecterons cet appareil" not in body
