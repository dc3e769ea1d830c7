"""The help desk: an account found by its exact e-mail address or phone number, its state
without secrets, and the acts a person asks for — each with a typed reason, in the audit trail
with the operator, and in the person's own activity where it changed something."""

from __future__ import annotations

import re

import pytest

from idp.extensions import db
from idp.models import AuditEvent, BrowserSession, User
from tests.api.account_helpers import post, user
from tests.console.conftest import (
    PERSON_EMAIL,
    PERSON_PASSWORD,
    PERSON_PHONE,
    act,
    entry,
    form_field,
    look_up,
    sign_in_with_password,
)
from tests.support.authenticator import SoftAuthenticator
from tests.support.contract import ISSUER
from tests.support.journeys import EMAIL


def _events(app, action: str) -> list[AuditEvent]:
    with app.app_context():
        events = db.session.scalars(db.select(AuditEvent).filter_by(action=action)).all()
        db.session.expunge_all()
        return events


def _person(app) -> User:
    with app.app_context():
        found = db.session.scalar(db.select(User).filter_by(email=PERSON_EMAIL))
        db.session.expunge_all()
        return found


def _operator_id(app) -> str:
    with app.app_context():
        return db.session.scalar(db.select(User.id).filter_by(email=EMAIL))


def test_an_account_is_found_by_its_exact_e_mail_address_in_any_case(operator, person):
    found = look_up(operator, "Samuel.Roy@Example.ca")
    assert found.status_code == 200 and "Account: samuel.roy@example.ca" in found.get_data(as_text=True)


def test_an_account_is_found_by_its_phone_number_as_people_write_it(operator, person):
    found = look_up(operator, "+1 (514) 234-5678")
    assert found.status_code == 200 and "Account: samuel.roy@example.ca" in found.get_data(as_text=True)


@pytest.mark.parametrize("partial", ["samuel.roy", "example.ca", "@example.ca", "samuel.roy@example"])
def test_there_is_no_partial_search(operator, person, partial):
    missed = look_up(operator, partial)
    assert missed.status_code in (400, 404) and "Account:" not in missed.get_data(as_text=True)


def test_a_number_without_its_country_code_is_explained(operator, person):
    refused = look_up(operator, "514 234 5678")
    assert refused.status_code == 400 and "with its country code" in refused.get_data(as_text=True)


def test_a_look_needs_a_reason_and_keeps_what_was_typed(operator, person, app):
    refused = look_up(operator, PERSON_EMAIL, reason=" ")
    page = refused.get_data(as_text=True)
    assert refused.status_code == 400 and "Enter the reason" in page and f'value="{PERSON_EMAIL}"' in page
    assert _events(app, "support_viewed") == []


def test_every_look_is_recorded_with_the_operator_and_the_reason_but_not_shown_to_the_person(operator, person, app):
    look_up(operator, PERSON_EMAIL, reason="Call 42: cannot sign in")
    [event] = _events(app, "support_viewed")
    assert event.user_id == _person(app).id
    assert event.details == {"operator": _operator_id(app), "reason": "Call 42: cannot sign in"}
    shown = person.get("/v1/account/activity").json["data"]["events"]
    assert "support_viewed" not in [item["event"] for item in shown]


def test_the_state_shows_methods_sessions_and_services_in_words_and_no_secret(operator, person, app):
    page = look_up(operator, PERSON_EMAIL).get_data(as_text=True)
    assert "Phone: ending in 5678, by text message" in page
    assert "0 of 100" in page and "New password required" in page
    assert PERSON_PHONE not in page and PERSON_PASSWORD not in page
    with app.app_context():
        person_row = db.session.scalar(db.select(User).filter_by(email=PERSON_EMAIL))
        for session in db.session.scalars(db.select(BrowserSession).filter_by(user_id=person_row.id)):
            assert session.sid not in page and session.token_hash not in page
        assert person_row.password_hash not in page


def test_the_help_desk_unlocks_an_account_at_the_failure_cap_and_the_person_sees_it(
    operator, person, browser, app, monkeypatch
):
    monkeypatch.setitem(app.config["IDP"]["password"], "max_consecutive_failures", 3)
    monkeypatch.setitem(app.config["IDP"]["password"], "throttle_after", 3)
    stranger = browser()
    for _ in range(3):
        assert sign_in_with_password(stranger, PERSON_EMAIL, "Wrong-Password-Typed-1").json["message"] == "19"
    assert sign_in_with_password(stranger, PERSON_EMAIL, PERSON_PASSWORD).json["message"] == "37"
    page = look_up(operator, PERSON_EMAIL).get_data(as_text=True)
    assert "Locked: 3 of 3 failed attempts" in page
    unlocked = act(operator, page, "support_unlocked")
    assert unlocked.status_code == 200 and "The account is unlocked" in unlocked.get_data(as_text=True)
    assert sign_in_with_password(stranger, PERSON_EMAIL, PERSON_PASSWORD).status_code == 200
    [event] = _events(app, "support_unlocked")
    assert event.details["operator"] == _operator_id(app) and event.details["reason"].startswith("Call 2026-1126-001")
    shown = person.get("/v1/account/activity").json["data"]["events"]
    entry = next(item for item in shown if item["event"] == "support_unlocked")
    assert "operator" not in str(entry) and "reason" not in entry.get("details", {})


def test_an_act_needs_a_reason_and_changes_nothing_without_one(operator, person, app):
    page = look_up(operator, PERSON_EMAIL).get_data(as_text=True)
    refused = act(operator, page, "support_ended_sessions", reason="")
    assert refused.status_code == 400 and "Enter the reason" in refused.get_data(as_text=True)
    assert person.get("/v1/session").json["data"]["authenticated"] is True
    assert _events(app, "support_ended_sessions") == []


def test_ending_every_session_signs_the_person_out_everywhere(operator, person, app):
    page = look_up(operator, PERSON_EMAIL).get_data(as_text=True)
    done = act(operator, page, "support_ended_sessions")
    assert done.status_code == 200 and "Every session of the account has ended" in done.get_data(as_text=True)
    assert person.get("/v1/session").json["data"]["authenticated"] is False
    [ended] = _events(app, "sessions_ended")
    assert ended.details == {"reason": "ended_by_support", "count": 1}


def test_a_required_new_password_refuses_the_old_one_until_a_recovery_sets_one(operator, person, browser, app, outbox):
    page = look_up(operator, PERSON_EMAIL).get_data(as_text=True)
    act(operator, page, "support_required_new_password")
    assert person.get("/v1/session").json["data"]["authenticated"] is False
    stranger = browser()
    refused = sign_in_with_password(stranger, PERSON_EMAIL, PERSON_PASSWORD)
    assert refused.status_code == 403 and refused.json["message"] == "44"
    assert sign_in_with_password(stranger, PERSON_EMAIL, "Wrong-Password-Typed-1").json["message"] == "19"
    assert _person(app).new_password_required is True
    post(person, "/recovery/send", userName=PERSON_EMAIL, language="eng")
    assert post(person, "/recovery/verify", otp=outbox.code(PERSON_EMAIL)).status_code == 200
    assert post(person, "/recovery/code/verify", otp=outbox.code(PERSON_PHONE)).status_code == 200
    assert post(person, "/recovery/password", password="Granite-Maple-Lantern-58").status_code == 200
    assert _person(app).new_password_required is False
    assert sign_in_with_password(stranger, PERSON_EMAIL, "Granite-Maple-Lantern-58").status_code == 200


def test_an_act_on_a_page_of_another_operator_or_a_stale_one_is_refused(operator, person, app):
    page = look_up(operator, PERSON_EMAIL).get_data(as_text=True)
    forged = page.replace('name="account" value="', 'name="account" value="x')
    refused = act(operator, forged, "support_unlocked")
    assert refused.status_code == 400 and "This page has expired" in refused.get_data(as_text=True)
    assert _events(app, "support_unlocked") == []


def _recent_activity(page: str) -> list[str]:
    """The events of the account's page, as the operator reads them (the second cell of each row)."""
    table = re.split(r"<h2>(?:Recent activity|Activité récente)</h2>", page)[1].split("</table>")[0]
    return [
        " ".join(re.sub(r"<[^>]+>", "", cell).split())
        for cell in re.findall(r"<tr><td>[^<]*</td><td>(.*?)</td></tr>", table, re.DOTALL)
    ]


def test_the_help_desk_shows_a_persons_events_in_the_words_of_their_activity_page(operator, person, browser):
    assert sign_in_with_password(browser(), PERSON_EMAIL, "Wrong-Password-Typed-1").json["message"] == "19"
    page = look_up(operator, PERSON_EMAIL, reason="Call 7").get_data(as_text=True)
    assert _recent_activity(page) == [
        "Account looked at by the help desk — Call 7",
        "Wrong password entered",
        "Account created",
    ]
    assert "password_wrong" not in page and "support_viewed" not in page and "signup_completed" not in page


def test_the_help_desk_says_the_events_in_the_operators_language(operator, person, browser):
    assert sign_in_with_password(browser(), PERSON_EMAIL, "Wrong-Password-Typed-1").json["message"] == "19"
    page = operator.get("/console/support?lang=fr").get_data(as_text=True)
    answer = operator.post(
        "/console/support?lang=fr",
        data={"token": form_field(page, "token"), "identifier": PERSON_EMAIL, "reason": "Appel 9"},
    )
    assert _recent_activity(answer.get_data(as_text=True)) == [
        "Compte consulté par le service d'assistance — Appel 9",
        "Mot de passe erroné",
        "Compte créé",
    ]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_event_a_person_reads_has_words_the_help_desk_can_say(language):
    from idp import catalogue
    from idp.account import activity

    missing = [name for name in activity.SHOWN if not catalogue.has(language, f"account.activity.events.{name}")]
    assert missing == []


# --- a lost phone (issue 42, point 8): the phone and passkeys removed after the identity check ---


def remove_phone(
    operator, page: str, checked: bool = True, reason: str = "Call 2026-1127-004: phone lost, identity checked"
):
    return operator.post(
        "/console/support/act",
        data={
            "token": form_field(page, "token"),
            "account": form_field(page, "account"),
            "act": "support_removed_phone",
            "reason": reason,
            **({"identity_checked": "yes"} if checked else {}),
        },
    )


def test_removing_the_phone_needs_the_identity_check_confirmed(operator, person, app):
    page = look_up(operator, PERSON_EMAIL).get_data(as_text=True)
    refused = remove_phone(operator, page, checked=False)
    assert (
        refused.status_code == 400
        and "Check the person's identity as the operators' guide says" in refused.get_data(as_text=True)
    )
    assert _events(app, "support_removed_phone") == [] and user(app, PERSON_EMAIL).phone is not None


def test_removing_the_phone_needs_a_reason(operator, person, app):
    page = look_up(operator, PERSON_EMAIL).get_data(as_text=True)
    refused = remove_phone(operator, page, reason=" ")
    assert refused.status_code == 400 and "Enter the reason" in refused.get_data(as_text=True)
    assert _events(app, "support_removed_phone") == [] and user(app, PERSON_EMAIL).phone is not None


def test_an_operator_without_the_support_role_cannot_remove_the_phone(operator, person, operators, app):
    page = look_up(operator, PERSON_EMAIL).get_data(as_text=True)
    operators(entry(EMAIL, "analyst"))
    assert remove_phone(operator, page).status_code == 403
    assert user(app, PERSON_EMAIL).phone is not None


def test_the_removal_takes_the_phone_and_passkeys_is_audited_told_and_signs_out(operator, person, app, outbox):
    assert post(person, "/profile/methods/password", password=PERSON_PASSWORD).status_code == 200
    assert post(person, "/profile/methods/code/verify", otp=outbox.code(PERSON_PHONE)).status_code == 200
    options = post(person, "/profile/methods/passkey").json["data"]["publicKey"]
    post(
        person, "/profile/methods/passkey/register", credential=SoftAuthenticator(ISSUER).create(options), name="Phone"
    )
    page = look_up(operator, PERSON_EMAIL).get_data(as_text=True)
    done = remove_phone(operator, page)
    assert done.status_code == 200 and "The phone and the passkeys are removed" in done.get_data(as_text=True)
    assert user(app, PERSON_EMAIL).phone is None
    [event] = _events(app, "support_removed_phone")
    assert (event.details["operator"], event.details["passkeys"]) == (_operator_id(app), 1)
    assert event.details["reason"].startswith("Call 2026-1127-004")
    assert person.get("/v1/session").json["data"]["authenticated"] is False
    assert outbox.last(PERSON_EMAIL).subject == "Le téléphone a été retiré de votre compte"


def test_the_person_reads_the_removal_in_their_activity(operator, person, app, browser, outbox):
    remove_phone(operator, look_up(operator, PERSON_EMAIL).get_data(as_text=True))
    again = browser()
    sign_in_with_password(again, PERSON_EMAIL, PERSON_PASSWORD)
    post(again, "/otp/otp/verify", userName=PERSON_EMAIL, otpType="email", otp=outbox.code(PERSON_EMAIL))
    trxn = post(
        again, "/otp/transient_otp/send", userName=PERSON_EMAIL, otpType="sms", phoneNumber="+16132345679"
    ).json["data"]["trxnId"]
    post(
        again,
        "/otp/transient_otp/verify",
        userName=PERSON_EMAIL,
        otpType="sms",
        otp=outbox.code("+16132345679"),
        trxnId=trxn,
    )
    answer = again.get("/v1/account/activity")
    assert answer.status_code == 200, answer.json
    shown = [item["event"] for item in answer.json["data"]["events"]]
    assert "support_removed_phone" in shown


def test_after_the_removal_the_next_sign_in_asks_a_code_by_email_then_a_new_phone(
    operator, person, app, browser, outbox
):
    remove_phone(operator, look_up(operator, PERSON_EMAIL).get_data(as_text=True))
    again = browser()
    data = sign_in_with_password(again, PERSON_EMAIL, PERSON_PASSWORD).json["data"]
    assert data["otpType"] == "email"
    journey = post(
        again, "/otp/otp/verify", userName=PERSON_EMAIL, otpType="email", otp=outbox.code(PERSON_EMAIL)
    ).json["data"]["journey"]
    assert (journey["screen"], journey["newPhone"]) == ("signUp/verificationsetup", True)


def test_the_account_page_shows_a_removal_the_person_asked_and_when_it_takes_effect(operator, person, browser, outbox):
    stranger = browser()
    sign_in_with_password(stranger, PERSON_EMAIL, PERSON_PASSWORD)
    post(stranger, "/otp/lostphone/send", userName=PERSON_EMAIL)
    post(stranger, "/otp/lostphone/verify", userName=PERSON_EMAIL, otp=outbox.code(PERSON_EMAIL))
    page = look_up(operator, PERSON_EMAIL).get_data(as_text=True)
    assert "Removal of the phone: takes effect" in page


def test_the_account_page_shows_a_deletion_the_person_asked_and_that_a_sign_in_cancels_it(
    operator, person, browser, outbox
):
    mailbox = browser()
    post(mailbox, "/recovery/send", userName=PERSON_EMAIL, language="en")
    post(mailbox, "/recovery/verify", otp=outbox.code(PERSON_EMAIL))
    assert post(mailbox, "/recovery/accountreset").status_code == 200
    page = look_up(operator, PERSON_EMAIL).get_data(as_text=True)
    assert "Deletion of the account: takes effect" in page and "signing in with any of their methods cancels it" in page


def test_every_device_listed_is_named_in_words_or_said_unknown(operator, person, app):
    """Issue 51: a device the parser cannot name was "? / ?"."""
    page = look_up(operator, PERSON_EMAIL).get_data(as_text=True)
    assert "Unknown device" in page and "? / ?" not in page
    with app.app_context():
        person_row = db.session.scalar(db.select(User).filter_by(email=PERSON_EMAIL))
        session = db.session.scalar(db.select(BrowserSession).filter_by(user_id=person_row.id))
        session.user_agent = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"
        db.session.commit()
    assert "Firefox on Windows" in look_up(operator, PERSON_EMAIL).get_data(as_text=True)
