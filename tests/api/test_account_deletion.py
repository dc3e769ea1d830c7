"""Delete my account (/v1/account/delete): after the proof, every personal datum goes, every
session ends, the services are told, a last e-mail goes — and the address may sign up again
as a new person."""

from __future__ import annotations

from idp.extensions import db
from idp.models import AuditEvent, User
from tests.api.account_helpers import post, reauthenticate
from tests.api.test_account_services import token_through
from tests.api.test_account_sessions import browser
from tests.support.browsers import SAFARI_ON_IPHONE
from tests.support.journeys import EMAIL, PHONE, SignIn, SignUp


def _everything(app) -> str:
    """Every row of every table, as text: where an e-mail address or a phone number would show.
    But the development outbox: it stands for the person's own mailbox, not the service's data."""
    with app.app_context():
        rows = []
        for table in db.metadata.sorted_tables:
            if table.name != "outbox_messages":
                rows += [repr(tuple(row)) for row in db.session.execute(table.select())]
        return "\n".join(rows)


def _user_ids(app) -> list[str]:
    with app.app_context():
        return list(db.session.scalars(db.select(User.id)))


def test_deleting_needs_the_proof_first(app, client, signup):
    signup.through("profile")
    response = post(client, "/account/delete")
    assert (response.status_code, response.json["message"]) == (409, "20")
    assert len(_user_ids(app)) == 1


def test_a_proof_given_too_long_ago_must_be_given_again(app, client, signup, outbox, monkeypatch):
    signup.through("profile")
    reauthenticate(client, outbox, "delete")
    monkeypatch.setitem(app.config["IDP"]["profile"], "reauthentication_window_seconds", 0)
    response = post(client, "/account/delete")
    assert (response.status_code, response.json["message"]) == (409, "36")
    assert len(_user_ids(app)) == 1


def test_a_proof_for_another_change_does_not_delete(app, client, signup, outbox):
    signup.through("profile")
    reauthenticate(client, outbox, "password")
    assert post(client, "/account/delete").status_code == 409
    assert len(_user_ids(app)) == 1


def test_the_account_is_deleted_and_this_browser_signed_out(app, client, signup, outbox):
    signup.through("profile")
    reauthenticate(client, outbox, "delete")

    response = post(client, "/account/delete")

    assert response.status_code == 200
    assert response.json["data"]["journey"]["screen"] == "account/deleted"
    assert client.get("/v1/profile").status_code == 401
    assert _user_ids(app) == []


def test_nothing_personal_is_left_but_a_record_that_an_account_was_deleted(app, client, signup, outbox):
    signup.through("profile")
    reauthenticate(client, outbox, "delete")
    user_id = _user_ids(app)[0]
    assert post(client, "/account/delete").status_code == 200

    everything = _everything(app)
    for personal in (EMAIL, PHONE, user_id, "Jeanne", "Tremblay"):
        assert personal not in everything
    with app.app_context():
        [kept] = db.session.scalars(db.select(AuditEvent)).all()
        assert (kept.action, kept.user_id, kept.details) == ("account_deleted", None, {"services": 0, "sessions": 1})


def test_the_other_sessions_end_and_every_connected_service_is_told(app, client, connected, told, outbox):  # noqa: F811
    phone = browser(app, SAFARI_ON_IPHONE)
    SignIn(phone, outbox).through("verify")
    reauthenticate(client, outbox, "delete")

    assert post(client, "/account/delete").status_code == 200

    assert phone.get("/v1/profile").status_code == 401
    # through the session it signed in through (its sid): told once
    assert told == [("reservations", connected, True)]


def test_a_service_no_live_session_signed_in_to_is_told_by_the_accounts_sub(app, client, connected, told, outbox):  # noqa: F811
    from idp.models import BrowserSession

    with app.app_context():
        db.session.execute(db.update(BrowserSession).values(clients=None))
        db.session.commit()
    reauthenticate(client, outbox, "delete")
    assert post(client, "/account/delete").status_code == 200
    assert told == [("reservations", None, True)]


def test_a_service_that_requires_sid_is_told_each_session_never_the_account_alone(
    app,
    client,
    connected,
    told,
    outbox,  # noqa: F811
    requires_sid,
):
    token_through(app, "an-ended-session-its-token-names-000000000")
    reauthenticate(client, outbox, "delete")
    assert post(client, "/account/delete").status_code == 200
    # the live session as it ends, and the ended one its token names: each by its sid, with the sub
    assert told == [
        ("reservations", connected, True),
        ("reservations", "an-ended-session-its-token-names-000000000", True),
    ]


def test_a_last_email_goes_to_the_address_in_the_accounts_language(app, client, signup, outbox):
    signup.through("profile")
    reauthenticate(client, outbox, "delete")
    assert post(client, "/account/delete").status_code == 200
    last = outbox.last(EMAIL)
    assert (last.subject, last.language) == ("Votre compte a été supprimé", "fr")


def test_the_same_address_signs_up_again_as_a_new_person(app, client, signup, outbox):
    signup.through("profile")
    first = _user_ids(app)[0]
    reauthenticate(client, outbox, "delete")
    assert post(client, "/account/delete").status_code == 200

    again = SignUp(browser(app, SAFARI_ON_IPHONE), outbox)
    again.through("profile")

    [second] = _user_ids(app)
    assert second != first
