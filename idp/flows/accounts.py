"""Checks on an existing account shared by sign-in, the profile area and recovery."""
from __future__ import annotations

import math
from datetime import timedelta

from flask import current_app
from sqlalchemy import update

from idp.clock import now
from idp.errors import FlowError
from idp.extensions import db
from idp.flows import otp, passwords, validation
from idp.models import Journey, OtpTransaction, PhoneCredential, User


def verified_phone(user: User) -> PhoneCredential | None:
    return user.phone if user.phone is not None and user.phone.verified_at is not None else None


def send_second_factor(current: Journey, user: User, channel: str) -> tuple[OtpTransaction, str]:
    """A two-step code to the phone on the account (channel picks sms or voice), or to
    the e-mail address when the account has no verified phone; never to a number the
    browser sends. Answers the transaction and the masked phone to show."""
    phone = verified_phone(user)
    policy = otp.policy()
    if phone is not None:
        channel = validation.channel(channel, validation.PHONE_CHANNELS)
        destination, template, shown = phone.e164, otp.PHONE_TEMPLATES[channel], validation.mask_phone(phone.e164)
    else:
        channel = validation.channel(channel, ("email",))
        destination, template, shown = user.email, "signin_code", ""
    current.channel = channel
    transaction, code = otp.issue(policy, current, channel, destination, user_id=user.id)
    otp.deliver(channel, destination, template, user.language, code=code, minutes=policy.expiry_minutes)
    return transaction, shown


def _locked(retry_at) -> FlowError:
    return FlowError("18", status=429, data={"retryAfter": max(1, math.ceil((retry_at - now()).total_seconds()))})


def check_password(user: User | None, password: str) -> None:
    """The account's password, or 19; max_failures wrong ones in a row lock password
    checks for lockout_seconds (18), wherever they happen. An unknown account (None)
    costs the same argon2 work and gets the same answer as a wrong password."""
    if user is not None and user.password_locked_until is not None and user.password_locked_until > now():
        raise _locked(user.password_locked_until)
    if not passwords.verify(user.password_hash if user else None, password):
        if user is not None:
            _count_failure(user)
        raise FlowError("19", status=401)
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
        raise _locked(until)
    db.session.commit()
