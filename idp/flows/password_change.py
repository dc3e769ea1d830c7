"""Changing the password from the profile (ASVS 5.0 V6.2.2-3): prove it is you with the
current password and a code (reauthentication.py), then the new password with the
policy's length and strength. The address is told; every other session ends and the
relying services' tokens are revoked."""

from __future__ import annotations

from idp.extensions import db
from idp.flows import accounts, journey, reauthentication, screens
from idp.flows.credentials import passwords
from idp.flows.steps import Event, Flow
from idp.models import BrowserSession
from idp.store import audit


def set_password(browser_session: BrowserSession | None, password: str) -> dict:
    user, current = reauthentication.step(browser_session, Flow.PASSWORD_CHANGE, Event.SET_PASSWORD)
    passwords.check_policy(password, passwords.personal_words(user))
    accounts.notify_change(user, "password")
    user.password_hash = passwords.hash_password(password)
    journey.advance(current, Event.SET_PASSWORD)
    audit.record(user.id, browser_session.id, "password_changed", **accounts.after_factor_change(user, browser_session))
    db.session.commit()
    return {"journey": screens.view(current)}
