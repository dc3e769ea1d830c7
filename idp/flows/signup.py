"""Sign-up, the seed's steps 2-7: e-mail code, account, phone code, core profile.

Every function takes the browser session id, checks the journey allows the step,
validates, changes state and commits, except complete_profile, whose caller
marks the browser session authenticated in the same transaction.
"""
from __future__ import annotations

from dataclasses import dataclass

from flask import current_app
from sqlalchemy.exc import IntegrityError

from idp.clock import now
from idp.errors import FlowError
from idp.extensions import db
from idp.flows import journey, otp, passwords, validation
from idp.flows.journey import SIGNUP, Event
from idp.models import Journey, OtpTransaction, PhoneCredential, User

# RFC 8176 names the voice call "tel".
AMR_CHANNEL = {"sms": "sms", "voice": "tel", "email": None}


@dataclass(frozen=True)
class Completed:
    """A finished flow: whom to sign in and how they proved it."""

    user: User
    amr: list[str]


def amr_for(channel: str) -> list[str]:
    return [value for value in ("pwd", "otp", AMR_CHANNEL[channel], "mfa") if value]


def _journey_for(browser_session_id: int | None, event: Event, email: str) -> Journey:
    found = journey.require(journey.find(browser_session_id, SIGNUP), SIGNUP, event)
    # The address is the journey's, whatever the browser now claims.
    if validation.email(email) != found.email:
        raise FlowError("20", status=409)
    return found


def send_email_code(browser_session_id: int, email: str, language: str) -> dict:
    """Step 2. An address that already has an account gets the same answer, and an
    e-mail saying so instead of a code: the answer never tells who has an account."""
    email = validation.email(email)
    journey.require(journey.find(browser_session_id, SIGNUP), SIGNUP, Event.SEND_EMAIL_CODE)
    policy = otp.policy()
    current = journey.start(browser_session_id, SIGNUP)
    current.email, current.language, current.channel = email, language, "email"
    transaction, code = otp.issue(policy, current, "email", email)
    if db.session.scalar(db.select(User.id).filter_by(email=email)) is not None:
        otp.deliver("email", email, "account_exists", language)
    else:
        otp.deliver("email", email, "signup_code", language, code=code, minutes=policy.expiry_minutes)
    journey.advance(current, SIGNUP, Event.SEND_EMAIL_CODE)
    db.session.commit()
    return otp.describe(transaction, policy, email, "")


def verify_email_code(browser_session_id: int | None, email: str, code: str, transaction_id: str) -> None:
    """Step 3."""
    current = _journey_for(browser_session_id, Event.VERIFY_EMAIL_CODE, email)
    policy = otp.policy()
    otp.verify(policy, current, transaction_id, validation.code(code, policy.length), "email")
    journey.advance(current, SIGNUP, Event.VERIFY_EMAIL_CODE)
    db.session.commit()


def create_account(browser_session_id: int | None, email: str, password: str, transaction_id: str) -> User:
    """Step 4: only for the address whose code this session verified."""
    current = _journey_for(browser_session_id, Event.CREATE_ACCOUNT, email)
    verified = db.session.scalar(
        db.select(OtpTransaction).filter_by(id=transaction_id, journey_id=current.id, channel="email", state=otp.USED)
    )
    if verified is None:
        raise FlowError("20", status=409)
    rules = current_app.config["IDP"]["password"]
    passwords.check_policy(password, rules["min_length"], rules["max_length"], [current.email, current.email.split("@")[0]])
    user = User(
        email=current.email,
        email_verified=True,
        password_hash=passwords.hash_password(password),
        language=current.language or "en",
    )
    db.session.add(user)
    try:
        db.session.flush()
    except IntegrityError:
        # Another sign-up of the same address won the race: one account, this one refused.
        db.session.rollback()
        raise FlowError("31", status=409) from None
    current.user_id = user.id
    journey.advance(current, SIGNUP, Event.CREATE_ACCOUNT)
    db.session.commit()
    return user


def send_phone_code(browser_session_id: int | None, email: str, channel: str, phone: str) -> dict:
    """Step 5 (and its resends, a new phone number or the other channel)."""
    current = _journey_for(browser_session_id, Event.SEND_PHONE_CODE, email)
    channel = validation.channel(channel, validation.PHONE_CHANNELS)
    e164 = validation.phone(phone)
    policy = otp.policy()
    current.phone_e164, current.channel = e164, channel
    transaction, code = otp.issue(policy, current, channel, e164, user_id=current.user_id)
    otp.deliver(channel, e164, otp.PHONE_TEMPLATES[channel], current.language or "en", code=code, minutes=policy.expiry_minutes)
    journey.advance(current, SIGNUP, Event.SEND_PHONE_CODE)
    db.session.commit()
    return otp.describe(transaction, policy, current.email, e164)


def verify_phone_code(browser_session_id: int | None, email: str, channel: str, code: str, transaction_id: str) -> None:
    """Step 6: the phone becomes the account's two-step verification phone."""
    current = _journey_for(browser_session_id, Event.VERIFY_PHONE_CODE, email)
    channel = validation.channel(channel, validation.PHONE_CHANNELS)
    policy = otp.policy()
    otp.verify(policy, current, transaction_id, validation.code(code, policy.length), channel)
    credential = db.session.scalar(db.select(PhoneCredential).filter_by(user_id=current.user_id))
    if credential is None:
        credential = PhoneCredential(user_id=current.user_id)
        db.session.add(credential)
    credential.e164, credential.channel, credential.verified_at = current.phone_e164, channel, now()
    journey.advance(current, SIGNUP, Event.VERIFY_PHONE_CODE)
    db.session.commit()


def complete_profile(
    browser_session_id: int | None, email: str, user_id: str, first_name: str, last_name: str, language: str
) -> Completed:
    """Step 7. The id the browser sends must be the account this session created.
    Not committed: the caller authenticates the browser session, then commits."""
    current = _journey_for(browser_session_id, Event.COMPLETE_PROFILE, email)
    if user_id != current.user_id:
        raise FlowError("20", status=409)
    first = validation.name(first_name, "firstName", required=False)
    last = validation.name(last_name, "lastName", required=True)
    language = validation.language(language)
    user = db.session.get(User, current.user_id)
    user.first_name, user.last_name, user.language = first, last, language
    user.profile_completed_at = now()
    journey.advance(current, SIGNUP, Event.COMPLETE_PROFILE)
    return Completed(user, amr_for(current.channel))
