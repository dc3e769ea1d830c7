"""Changing the account's e-mail address: prove it is you (reauthentication.py), then a
code to the new address, then a confirmation. The old address is told before the change
takes effect; then every other session ends and the relying services' tokens are revoked."""

from __future__ import annotations

from sqlalchemy.exc import IntegrityError

from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.flows import accounts, journey, otp, reauthentication, screens, validation
from idp.flows.steps import Event, Flow
from idp.models import BrowserSession, User
from idp.store import audit


def send_new_email_code(browser_session: BrowserSession | None, email: str) -> dict:
    """A code to the new address. An address that already has an account gets the same
    answer and an e-mail without a code, so the change can never be confirmed."""
    email = validation.email(email)
    user, current = reauthentication.step(browser_session, Flow.EMAIL_CHANGE, Event.SEND_NEW_EMAIL_CODE)
    if email == user.email:
        raise FlowError(Errors.SAME_EMAIL)
    current.email = email
    taken = db.session.scalar(db.select(User.id).filter_by(email=email)) is not None
    template = "email_in_use" if taken else "email_change_code"
    audit.record(user.id, browser_session.id, "new_email_code_sent")
    return otp.send(
        current,
        Event.SEND_NEW_EMAIL_CODE,
        "email",
        email,
        user.language,
        template,
        with_code=not taken,
        user_id=user.id,
    )


def verify_new_email_code(browser_session: BrowserSession | None, code: str) -> dict:
    """The code sent to the new address: the person can read its mail."""
    _, current = reauthentication.step(browser_session, Flow.EMAIL_CHANGE, Event.VERIFY_NEW_EMAIL_CODE)
    otp.check(current, Event.VERIFY_NEW_EMAIL_CODE, code)
    db.session.commit()
    return {"journey": screens.view(current)}


def confirm(browser_session: BrowserSession | None) -> dict:
    """The verified new address replaces the old one, which is told first."""
    user, current = reauthentication.step(browser_session, Flow.EMAIL_CHANGE, Event.CONFIRM_EMAIL)
    accounts.notify_change(user, "email")
    user.email, user.email_verified = current.email, True
    try:
        db.session.flush()
    except IntegrityError:
        # Someone created an account with that address meanwhile: one account per address.
        db.session.rollback()
        raise FlowError(Errors.ACCOUNT_EXISTS) from None
    journey.advance(current, Event.CONFIRM_EMAIL)
    audit.record(user.id, browser_session.id, "email_changed", **accounts.after_factor_change(user, browser_session))
    db.session.commit()
    return {"email": user.email, "journey": screens.view(current)}
