"""What every flow asks of an existing account: the person signed in, the password
check with its lock, the second factor, and the notice sent after a change."""
from __future__ import annotations

from datetime import timedelta

from flask import current_app
from sqlalchemy import update

from idp.clock import now, seconds_until
from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.flows import otp, passwords, validation
from idp.flows.journey import Event
from idp.models import BrowserSession, Journey, PhoneCredential, User


def signed_in_user(browser_session: BrowserSession | None) -> User:
    """The person of the browser session (never an id the browser sends); SIGN_IN_REQUIRED
    when nobody is signed in."""
    if browser_session is None or browser_session.user_id is None:
        raise FlowError(Errors.SIGN_IN_REQUIRED)
    return db.session.get(User, browser_session.user_id)


def verified_phone(user: User) -> PhoneCredential | None:
    return user.phone if user.phone is not None and user.phone.verified_at is not None else None


def second_factor_channel(user: User) -> str:
    """The channel a two-step code takes by default: the phone's preferred one, or e-mail
    for an account whose sign-up stopped before the phone step."""
    phone = verified_phone(user)
    return phone.channel if phone else "email"


def begin_second_factor(current: Journey, user: User) -> None:
    """A journey that will ask for a code to the account's own factor knows where it goes."""
    phone = verified_phone(user)
    current.user_id, current.email, current.language = user.id, user.email, user.language
    current.phone_e164 = phone.e164 if phone else None
    current.channel = second_factor_channel(user)


def send_second_factor(current: Journey, event: Event, user: User, channel: str) -> dict:
    """A two-step code to the phone on the account (channel picks sms or voice), or by
    e-mail when the account has no verified phone; never to a number the browser sends."""
    phone = verified_phone(user)
    if phone is not None:
        channel = validation.channel(channel, validation.PHONE_CHANNELS)
        return otp.send(current, event, channel, phone.e164, user.language, otp.PHONE_TEMPLATES[channel], user_id=user.id)
    validation.channel(channel, ("email",))
    return otp.send(current, event, "email", user.email, user.language, "signin_code", user_id=user.id)


def check_password(user: User | None, password: str) -> None:
    """The account's password, or WRONG_CREDENTIALS; password.max_failures wrong ones in a
    row lock password checks for password.lockout_seconds (PASSWORD_LOCKED), wherever they
    happen. An unknown account (None) costs the same argon2 work and gets the same answer
    as a wrong password."""
    if user is not None and user.password_locked_until is not None and user.password_locked_until > now():
        raise FlowError(Errors.PASSWORD_LOCKED, data={"retryAfter": max(1, seconds_until(user.password_locked_until))})
    if not passwords.verify(user.password_hash if user else None, password):
        if user is not None:
            _count_failure(user)
        raise FlowError(Errors.WRONG_CREDENTIALS)
    user.failed_password_count = 0
    user.password_locked_until = None
    if passwords.needs_rehash(user.password_hash):
        user.password_hash = passwords.hash_password(password)


def _count_failure(user: User) -> None:
    """One more wrong password, counted atomically; committed because the API rolls
    back on the error that follows."""
    rules = current_app.config["IDP"]["password"]
    failures = db.session.execute(
        update(User)
        .where(User.id == user.id)
        .values(failed_password_count=User.failed_password_count + 1)
        .returning(User.failed_password_count)
        .execution_options(synchronize_session=False)
    ).scalar_one()
    if failures >= rules["max_failures"]:
        until = now() + timedelta(seconds=rules["lockout_seconds"])
        db.session.execute(
            update(User)
            .where(User.id == user.id)
            .values(failed_password_count=0, password_locked_until=until)
            .execution_options(synchronize_session=False)
        )
        db.session.commit()
        raise FlowError(Errors.PASSWORD_LOCKED, data={"retryAfter": max(1, seconds_until(until))})
    db.session.commit()


def notify_change(user: User, change: str, to: str | None = None) -> None:
    """The "was this you?" e-mail after a change of name, e-mail, phone or password."""
    otp.deliver("email", to or user.email, "account_changed", user.language, change=change)
