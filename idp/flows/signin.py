"""Sign-in: the password, then a second factor of the person's choosing (second_factor.py).

The password check and its throttles are accounts.check_password's. An account whose
sign-up stopped before the phone step gets its code by e-mail at once, and is then taken
back to its sign-up where it stopped (signup.resume) instead of being signed in.
A person whose only strong method is a lost phone may ask for its removal instead of the
second factor (lost_phone.py); once that removal is due, the sign-in makes it and goes on as
such a stopped sign-up.
A passkey without user verification used from the first screen (passkey_signin.py) is the
second factor already proved: the password of its account then ends the sign-in.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from flask import current_app

from idp.clock import now
from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.flows import accounts, journey, lost_phone, methods, resets, screens, second_factor, signup, validation
from idp.flows.accounts import Completed
from idp.flows.steps import Event, Flow, State
from idp.models import BrowserSession, Interaction, Journey, User
from idp.store import journeys, writes

# The journey's key, beside the proof of its second factor, of where the finished sign-in leads.
DESTINATION = "next"
# ...and of the name of the passkey that proved it (passkey_signin.py), for the activity and the notice.
PASSKEY_USED = "passkey"


def destination_of(current: Journey) -> str | None:
    return (current.proof or {}).get(DESTINATION) if current.flow in (Flow.SIGNIN, Flow.PASSKEY) else None


def _journey_for(browser_session_id: int | None, email: str) -> tuple[Journey, User]:
    found = journeys.find(browser_session_id, Flow.SIGNIN, person=methods.WITH_METHODS)
    if found is None or found.user_id is None or validation.email(email) != found.email:
        raise FlowError(Errors.STEP_OUT_OF_ORDER)
    return found, methods.person(found.user_id)


def login(
    browser_session_id: int, email: str, password: str, destination: str | None = None, after_passkey: bool = False
) -> dict | Completed:
    """The specification's login: answers {id, phone (masked), otpType}. destination: the
    page of the login UI the person opened signed out, where the finished sign-in leads.
    after_passkey: the browser says a passkey without user verification came first; when this
    browser's journey of it proved this account, the sign-in is completed (not committed: the
    caller signs the browser in). Only then is that journey read: other sign-ins send no more
    statements (tests/api/test_statement_budgets.py)."""
    email = validation.email(email)
    destination = validation.local_page(destination) if destination is not None else None
    user = methods.person_by_email(email)
    accounts.check_password(user, email, password)
    lost_phone.complete_if_due(user, db.session.get(BrowserSession, browser_session_id))
    current = journey.begin(browser_session_id, Flow.SIGNIN, Event.VERIFY_PASSWORD)
    if destination is not None:
        current.proof = {DESTINATION: destination}
    second_factor.begin(current, user)
    journey.advance(current, Event.VERIFY_PASSWORD)
    held = _passkey_held(browser_session_id, user) if after_passkey else None
    if held is not None:
        return _with_passkey_held(current, user, held)
    answer = {"id": user.id, "phone": screens.shown_phone(current), "otpType": current.channel}
    if current.channel == "email":
        # Nothing to choose without a second factor: the code goes to the address at once.
        return answer | second_factor.ask(current, user, "email")
    # the password's try refunded, handed to the commit (runs.refund)
    writes.commit(Journey, Interaction, User)
    return answer | {"journey": screens.view(current)}


def send_code(browser_session_id: int | None, email: str, method: str) -> dict:
    """A code to the phone on the account (sms, voice), whatever number the browser shows;
    or the method the person holds (app, backup, passkey)."""
    current, user = _journey_for(browser_session_id, email)
    return second_factor.ask(current, user, method)


def send_lost_phone_code(browser_session_id: int | None, email: str) -> dict:
    """ "I no longer have this phone": a code to the address, instead of the second factor."""
    return lost_phone.send_email_code(*_journey_for(browser_session_id, email))


def verify_lost_phone_code(browser_session_id: int | None, email: str, code: str, transaction_id: str | None) -> dict:
    """The address's code: the removal of the phone is asked (lost_phone.py)."""
    return lost_phone.verify_email_code(*_journey_for(browser_session_id, email), code, transaction_id)


def verify_code(
    browser_session_id: int | None, email: str, method: str, answer, transaction_id: str | None
) -> Completed:
    """Not committed: the caller signs the browser in (or goes on with the sign-up), then commits."""
    current, user = _journey_for(browser_session_id, email)
    proof = second_factor.check(current, user, answer, transaction_id, method)
    return signup.resume(browser_session_id, accounts.complete(user, proof, current))


def _passkey_held(browser_session_id: int, user: User) -> Journey | None:
    """The journey of a passkey without user verification that this account's password may now
    complete: this browser's, of this account, within the re-authentication window."""
    found = journeys.find(browser_session_id, Flow.PASSKEY)
    if found is None or journey.state_of(found) != State.SECOND_FACTOR_VERIFIED or found.user_id != user.id:
        return None
    window = timedelta(seconds=current_app.config["IDP"]["profile"]["reauthentication_window_seconds"])
    return found if now() - found.updated_at <= window else None


def _with_passkey_held(current: Journey, user: User, held: Journey) -> Completed:
    """The password after the passkey: the sign-in's second factor is the passkey's proof."""
    current.channel = "passkey"
    journey.advance(current, Event.CHOOSE_METHOD)
    journey.advance(current, Event.VERIFY_METHOD)
    journey.advance(held, Event.VERIFY_PASSWORD)
    proof = second_factor.proof_of(held)
    current.proof = {**(current.proof or {}), "amr": proof.amr, "acr": proof.acr}
    resets.yield_to_proof(user, current.browser_session_id, "passkey")
    completed = accounts.complete(user, proof, current)
    return signup.resume(current.browser_session_id, replace(completed, passkey=held.proof.get(PASSKEY_USED)))
