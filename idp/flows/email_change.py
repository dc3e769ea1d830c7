"""Changing the account's e-mail address: prove it is you (the password, then a code to
the phone on the account, unless the sign-in is recent), then a code to the new address,
then a confirmation. The old address is told once the change is made."""
from __future__ import annotations

from sqlalchemy.exc import IntegrityError

from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.flows import accounts, audit, journey, otp, validation
from idp.flows.journey import Event, Flow
from idp.flows.profile import recently_signed_in
from idp.models import BrowserSession, Journey, User


def _own(browser_session: BrowserSession, user: User, event: Event) -> Journey:
    return journey.begin(browser_session.id, Flow.EMAIL_CHANGE, event, user.id)


def verify_password(browser_session: BrowserSession | None, password: str) -> dict:
    """The password again (wrong ones count towards the same lock as at sign-in); the
    two-step code goes at once to the phone on the account, or to the e-mail address
    without one."""
    user = accounts.signed_in_user(browser_session)
    accounts.check_password(user, password)
    current = _own(browser_session, user, Event.VERIFY_PASSWORD)
    accounts.begin_second_factor(current, user)
    return accounts.send_second_factor(current, Event.VERIFY_PASSWORD, user, current.channel)


def send_code(browser_session: BrowserSession | None, channel: str) -> dict:
    """A new two-step code, or the other phone channel."""
    user = accounts.signed_in_user(browser_session)
    current = _own(browser_session, user, Event.SEND_CODE)
    return accounts.send_second_factor(current, Event.SEND_CODE, user, channel)


def _check(browser_session: BrowserSession | None, event: Event, code: str) -> dict:
    user = accounts.signed_in_user(browser_session)
    current = _own(browser_session, user, event)
    otp.check(current, event, code)
    db.session.commit()
    return {"journey": journey.view(current)}


def verify_code(browser_session: BrowserSession | None, code: str) -> dict:
    """The two-step code: the person is who the account says."""
    return _check(browser_session, Event.VERIFY_CODE, code)


def send_new_email_code(browser_session: BrowserSession | None, email: str) -> dict:
    """A code to the new address, after re-verification or at once when the sign-in is
    recent. An address that already has an account gets the same answer and an e-mail
    without a code, so the change can never be confirmed."""
    user = accounts.signed_in_user(browser_session)
    email = validation.email(email)
    found = journey.find(browser_session.id, Flow.EMAIL_CHANGE, user.id)
    if journey.allows(found, Flow.EMAIL_CHANGE, Event.SEND_NEW_EMAIL_CODE):
        current = found
    elif recently_signed_in(browser_session):
        current = _own(browser_session, user, Event.REUSE_RECENT_SIGN_IN)
        journey.advance(current, Event.REUSE_RECENT_SIGN_IN)
    else:
        raise FlowError(Errors.STEP_OUT_OF_ORDER)
    if email == user.email:
        raise FlowError(Errors.SAME_EMAIL)
    current.email = email
    taken = db.session.scalar(db.select(User.id).filter_by(email=email)) is not None
    template = "email_in_use" if taken else "email_change_code"
    return otp.send(current, Event.SEND_NEW_EMAIL_CODE, "email", email, user.language, template, with_code=not taken, user_id=user.id)


def verify_new_email_code(browser_session: BrowserSession | None, code: str) -> dict:
    """The code sent to the new address: the person can read its mail."""
    return _check(browser_session, Event.VERIFY_NEW_EMAIL_CODE, code)


def confirm(browser_session: BrowserSession | None) -> dict:
    """The verified new address replaces the old one; the old one gets a notice."""
    user = accounts.signed_in_user(browser_session)
    current = _own(browser_session, user, Event.CONFIRM_EMAIL)
    old = user.email
    user.email, user.email_verified = current.email, True
    try:
        db.session.flush()
    except IntegrityError:
        # Someone created an account with that address meanwhile: one account per address.
        db.session.rollback()
        raise FlowError(Errors.ACCOUNT_EXISTS) from None
    journey.advance(current, Event.CONFIRM_EMAIL)
    audit.record(user.id, browser_session.id, "email_changed")
    accounts.notify_change(user, "email", to=old)
    db.session.commit()
    return {"email": user.email, "journey": journey.view(current)}
