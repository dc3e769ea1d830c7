"""Proving it is you again before a factor changes: the password, then a code to a factor
the account has now (ASVS 5.0 V7.5.1, SP 800-63B authenticator binding).

The proof belongs to the change's own journey and lasts
profile.reauthentication_window_seconds: a stolen session cookie alone changes nothing,
and a proof given for one change serves no other.
"""

from __future__ import annotations

from datetime import timedelta

from flask import current_app

from idp.clock import now
from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.flows import accounts, journey, screens, second_factor
from idp.flows.steps import Event, Flow
from idp.models import BrowserSession, Journey, User
from idp.store import journeys

# The changes that need it, by the name the API uses; and the account pages' steps that do
# (deleting the account, downloading what the service holds: login.gov asks it for both).
CHANGES = {
    "email": Flow.EMAIL_CHANGE,
    "phone": Flow.PHONE_CHANGE,
    "password": Flow.PASSWORD_CHANGE,
    "methods": Flow.METHODS,
    "delete": Flow.ACCOUNT_DELETION,
    "download": Flow.INFORMATION,
}


def verify_password(browser_session: BrowserSession | None, flow: Flow, password: str) -> dict:
    """The password again (failures count as at sign-in); the second factor is asked at
    once, by the method the person used last. Starts the change over."""
    user = accounts.signed_in_user(browser_session)
    accounts.check_password(user, user.email, password)
    current = journey.begin(browser_session.id, flow, Event.VERIFY_PASSWORD, user.id)
    second_factor.begin(current, user)
    journey.advance(current, Event.VERIFY_PASSWORD)
    return second_factor.ask_first(current, user)


def _own(browser_session: BrowserSession | None, flow: Flow) -> tuple[User, Journey]:
    user = accounts.signed_in_user(browser_session)
    found = journeys.find(browser_session.id, flow, user.id)
    if found is None:
        raise FlowError(Errors.STEP_OUT_OF_ORDER)
    return user, found


def send_code(browser_session: BrowserSession | None, flow: Flow, method: str) -> dict:
    """A new code, or another of the person's methods."""
    user, current = _own(browser_session, flow)
    return second_factor.ask(current, user, method)


def verify_code(browser_session: BrowserSession | None, flow: Flow, answer) -> dict:
    user, current = _own(browser_session, flow)
    second_factor.check(current, user, answer)
    current.reauthenticated_at = now()
    db.session.commit()
    return {"journey": screens.view(current)}


def step(browser_session: BrowserSession | None, flow: Flow, event: Event) -> tuple[User, Journey]:
    """The signed-in person and their journey of this change, at a step that needs a fresh
    proof: REAUTHENTICATION_EXPIRED once the window has passed (the change starts over)."""
    user = accounts.signed_in_user(browser_session)
    current = journey.begin(browser_session.id, flow, event, user.id)
    window = timedelta(seconds=current_app.config["IDP"]["profile"]["reauthentication_window_seconds"])
    if current.reauthenticated_at is None or now() - current.reauthenticated_at > window:
        raise FlowError(Errors.REAUTHENTICATION_EXPIRED)
    return user, current
