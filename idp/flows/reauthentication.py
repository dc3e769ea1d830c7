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
from idp.flows import accounts, journey, otp
from idp.flows.journey import Event, Flow
from idp.models import BrowserSession, Journey, User

# The changes of a factor, by the name the API uses.
CHANGES = {"email": Flow.EMAIL_CHANGE, "phone": Flow.PHONE_CHANGE, "password": Flow.PASSWORD_CHANGE}


def verify_password(browser_session: BrowserSession | None, flow: Flow, password: str) -> dict:
    """The password again (failures count as at sign-in); the code goes at once to the
    phone on the account, or to its address when it has no phone. Starts the change over."""
    user = accounts.signed_in_user(browser_session)
    accounts.check_password(user, user.email, password)
    current = journey.begin(browser_session.id, flow, Event.VERIFY_PASSWORD, user.id)
    accounts.begin_second_factor(current, user)
    return accounts.send_second_factor(current, Event.VERIFY_PASSWORD, user, current.channel)


def send_code(browser_session: BrowserSession | None, flow: Flow, channel: str) -> dict:
    """A new code, or the other phone channel."""
    user = accounts.signed_in_user(browser_session)
    current = journey.begin(browser_session.id, flow, Event.SEND_CODE, user.id)
    return accounts.send_second_factor(current, Event.SEND_CODE, user, channel)


def verify_code(browser_session: BrowserSession | None, flow: Flow, code: str) -> dict:
    user = accounts.signed_in_user(browser_session)
    current = journey.begin(browser_session.id, flow, Event.VERIFY_CODE, user.id)
    otp.check(current, Event.VERIFY_CODE, code)
    current.reauthenticated_at = now()
    db.session.commit()
    return {"journey": journey.view(current)}


def step(browser_session: BrowserSession | None, flow: Flow, event: Event) -> tuple[User, Journey]:
    """The signed-in person and their journey of this change, at a step that needs a fresh
    proof: REAUTHENTICATION_EXPIRED once the window has passed (the change starts over)."""
    user = accounts.signed_in_user(browser_session)
    current = journey.begin(browser_session.id, flow, event, user.id)
    window = timedelta(seconds=current_app.config["IDP"]["profile"]["reauthentication_window_seconds"])
    if current.reauthenticated_at is None or now() - current.reauthenticated_at > window:
        raise FlowError(Errors.REAUTHENTICATION_EXPIRED)
    return user, current
