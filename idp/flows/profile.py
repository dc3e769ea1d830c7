"""The profile area of a signed-in person: read the profile, change name, language,
e-mail address and two-step verification phone.

The person is always the one of the server-side browser session (never an id the
browser sends). Each change is written as an audit event and, for name, e-mail,
phone and password, announced by e-mail in the person's language. The e-mail and
phone changes are journeys (machine.py) whose steps must come in order.
"""
from __future__ import annotations

from datetime import timedelta

from sqlalchemy.exc import IntegrityError

from idp.clock import now
from idp.errors import FlowError
from idp.extensions import db
from idp.flows import accounts, audit, otp, validation
from idp.flows.machine import START, Machine
from idp.models import BrowserSession, Journey, OtpTransaction, PhoneCredential, Token, User
from idp.oauth.clients import query_client

# A sign-in this recent already proved password and second factor: the e-mail change
# may skip asking for them again (a common step-up window, as in GOV.UK One Login).
REVERIFY_AFTER = timedelta(minutes=20)

EMAIL_CHANGE = Machine(
    "email_change",
    {
        # A correct password always (re)starts the change.
        "verify_password": (frozenset({START, "PASSWORD_VERIFIED", "CODE_SENT", "REVERIFIED", "NEW_EMAIL_CODE_SENT",
                                       "NEW_EMAIL_VERIFIED", "COMPLETED"}), "PASSWORD_VERIFIED"),
        "send_code": (frozenset({"PASSWORD_VERIFIED", "CODE_SENT"}), "CODE_SENT"),
        "verify_code": (frozenset({"CODE_SENT"}), "REVERIFIED"),
        # Another address may be entered until the change is confirmed.
        "send_new_email_code": (frozenset({"REVERIFIED", "NEW_EMAIL_CODE_SENT", "NEW_EMAIL_VERIFIED"}), "NEW_EMAIL_CODE_SENT"),
        "verify_new_email_code": (frozenset({"NEW_EMAIL_CODE_SENT"}), "NEW_EMAIL_VERIFIED"),
        "confirm": (frozenset({"NEW_EMAIL_VERIFIED"}), "COMPLETED"),
    },
)

PHONE_CHANGE = Machine(
    "phone_change",
    {
        # A new number (or channel) restarts the change; the old phone stays until verified.
        "send_code": (frozenset({START, "CODE_SENT", "COMPLETED"}), "CODE_SENT"),
        "verify_code": (frozenset({"CODE_SENT"}), "COMPLETED"),
    },
)


def signed_in_user(browser_session: BrowserSession | None) -> User:
    """The person of the browser session; code 29 (401) when nobody is signed in."""
    if browser_session is None or browser_session.user_id is None:
        raise FlowError("29", status=401)
    return db.session.get(User, browser_session.user_id)


def recently_signed_in(browser_session: BrowserSession) -> bool:
    return browser_session.auth_time is not None and now() - browser_session.auth_time < REVERIFY_AFTER


def notify_change(user: User, change: str, to: str | None = None) -> None:
    """The "was this you?" e-mail after a change of name, e-mail, phone or password."""
    otp.deliver("email", to or user.email, "account_changed", user.language, change=change)


def connected_services(user: User, language: str) -> list[dict]:
    """The relying services this person has signed in to (they hold tokens)."""
    client_ids = db.session.scalars(db.select(Token.client_id).filter_by(user_id=user.id).distinct()).all()
    services = [client.service for client in map(query_client, client_ids) if client is not None]
    return [service.in_language(language) for service in sorted(services, key=lambda service: service.id)]


def read(browser_session: BrowserSession | None, language: str) -> dict:
    user = signed_in_user(browser_session)
    phone = accounts.verified_phone(user)
    return {
        "firstName": user.first_name or "",
        "lastName": user.last_name or "",
        "email": user.email,
        "emailVerified": bool(user.email_verified),
        "phone": validation.mask_phone(phone.e164) if phone else "",
        "phoneChannel": phone.channel if phone else None,
        "language": user.language,
        # Every change is announced by e-mail; there is no setting to turn that off.
        "notifications": "email",
        "services": connected_services(user, language),
        "reverifyNeeded": not recently_signed_in(browser_session),
    }


def change_name(browser_session: BrowserSession | None, first_name: str, last_name: str) -> None:
    user = signed_in_user(browser_session)
    first = validation.name(first_name, "firstName", required=False)
    last = validation.name(last_name, "lastName", required=True)
    user.first_name, user.last_name = first, last
    audit.record(user.id, browser_session.id, "name_changed")
    notify_change(user, "name")
    db.session.commit()


def change_language(browser_session: BrowserSession | None, language: str) -> None:
    user = signed_in_user(browser_session)
    user.language = validation.language(language)
    audit.record(user.id, browser_session.id, "language_changed", language=user.language)
    db.session.commit()


# --- E-mail address -------------------------------------------------------------------


def _own_journey(machine: Machine, browser_session: BrowserSession, user: User, event: str) -> Journey | None:
    return machine.require(machine.find(browser_session.id, user.id), event)


def verify_password(browser_session: BrowserSession | None, password: str) -> dict:
    """First step of the e-mail change: the password again. Wrong passwords count
    towards the same lock as at sign-in. Answers where the two-step code will go."""
    user = signed_in_user(browser_session)
    _own_journey(EMAIL_CHANGE, browser_session, user, "verify_password")
    accounts.check_password(user, password)
    current = EMAIL_CHANGE.start(browser_session.id)
    current.user_id = user.id
    phone = accounts.verified_phone(user)
    current.channel = phone.channel if phone else "email"
    EMAIL_CHANGE.advance(current, "verify_password")
    db.session.commit()
    return {"phone": validation.mask_phone(phone.e164) if phone else "", "otpType": current.channel}


def send_code(browser_session: BrowserSession | None, channel: str) -> dict:
    """Two-step verification: a code to the phone on the account (sms or voice), or to
    the e-mail address when the account has no verified phone, as at sign-in."""
    user = signed_in_user(browser_session)
    current = _own_journey(EMAIL_CHANGE, browser_session, user, "send_code")
    transaction, shown = accounts.send_second_factor(current, user, channel)
    EMAIL_CHANGE.advance(current, "send_code")
    db.session.commit()
    return otp.describe(transaction, otp.policy(), user.email, shown)


def _verify_latest(current: Journey, code: str) -> OtpTransaction:
    policy = otp.policy()
    transaction = otp.latest_of(current)
    return otp.verify(policy, current, transaction.id, validation.code(code, policy.length), transaction.channel)


def verify_code(browser_session: BrowserSession | None, code: str) -> None:
    user = signed_in_user(browser_session)
    current = _own_journey(EMAIL_CHANGE, browser_session, user, "verify_code")
    _verify_latest(current, code)
    EMAIL_CHANGE.advance(current, "verify_code")
    db.session.commit()


def send_new_email_code(browser_session: BrowserSession | None, email: str) -> dict:
    """A code to the new address. Allowed after re-verification, or at once when the
    sign-in is recent enough. An address that already has an account gets the same
    answer and an e-mail without a code, so the change can never be confirmed."""
    user = signed_in_user(browser_session)
    email = validation.email(email)
    found = EMAIL_CHANGE.find(browser_session.id, user.id)
    if EMAIL_CHANGE.allows(found, "send_new_email_code"):
        current = found
    elif recently_signed_in(browser_session):
        current = EMAIL_CHANGE.start(browser_session.id)
        current.user_id, current.state = user.id, "REVERIFIED"
    else:
        raise FlowError("20", status=409)
    if email == user.email:
        raise FlowError("32")
    policy = otp.policy()
    current.email, current.channel = email, "email"
    transaction, code = otp.issue(policy, current, "email", email, user_id=user.id)
    if db.session.scalar(db.select(User.id).filter_by(email=email)) is not None:
        otp.deliver("email", email, "email_in_use", user.language)
    else:
        otp.deliver("email", email, "email_change_code", user.language, code=code, minutes=policy.expiry_minutes)
    EMAIL_CHANGE.advance(current, "send_new_email_code")
    db.session.commit()
    return otp.describe(transaction, policy, email, "")


def verify_new_email_code(browser_session: BrowserSession | None, code: str) -> None:
    user = signed_in_user(browser_session)
    current = _own_journey(EMAIL_CHANGE, browser_session, user, "verify_new_email_code")
    _verify_latest(current, code)
    EMAIL_CHANGE.advance(current, "verify_new_email_code")
    db.session.commit()


def confirm_email(browser_session: BrowserSession | None) -> str:
    """The verified new address replaces the old one; the old one gets a notice."""
    user = signed_in_user(browser_session)
    current = _own_journey(EMAIL_CHANGE, browser_session, user, "confirm")
    old = user.email
    user.email, user.email_verified = current.email, True
    try:
        db.session.flush()
    except IntegrityError:
        # Someone created an account with that address meanwhile: one account per address.
        db.session.rollback()
        raise FlowError("31", status=409) from None
    EMAIL_CHANGE.advance(current, "confirm")
    audit.record(user.id, browser_session.id, "email_changed")
    notify_change(user, "email", to=old)
    db.session.commit()
    return user.email


# --- Phone ------------------------------------------------------------------------------


def send_phone_code(browser_session: BrowserSession | None, phone: str, channel: str) -> dict:
    """A code to the new number; the account keeps its old phone until this one is verified."""
    user = signed_in_user(browser_session)
    _own_journey(PHONE_CHANGE, browser_session, user, "send_code")
    channel = validation.channel(channel, validation.PHONE_CHANNELS)
    e164 = validation.phone(phone)
    current = PHONE_CHANGE.start(browser_session.id)
    current.user_id, current.phone_e164, current.channel = user.id, e164, channel
    policy = otp.policy()
    transaction, code = otp.issue(policy, current, channel, e164, user_id=user.id)
    otp.deliver(channel, e164, otp.PHONE_TEMPLATES[channel], user.language, code=code, minutes=policy.expiry_minutes)
    PHONE_CHANGE.advance(current, "send_code")
    db.session.commit()
    return otp.describe(transaction, policy, user.email, validation.mask_phone(e164))


def verify_phone_code(browser_session: BrowserSession | None, code: str) -> dict:
    user = signed_in_user(browser_session)
    current = _own_journey(PHONE_CHANGE, browser_session, user, "verify_code")
    _verify_latest(current, code)
    credential = db.session.scalar(db.select(PhoneCredential).filter_by(user_id=user.id))
    if credential is None:
        credential = PhoneCredential(user_id=user.id)
        db.session.add(credential)
    credential.e164, credential.channel, credential.verified_at = current.phone_e164, current.channel, now()
    PHONE_CHANGE.advance(current, "verify_code")
    audit.record(user.id, browser_session.id, "phone_changed", channel=current.channel)
    notify_change(user, "phone")
    db.session.commit()
    return {"phone": validation.mask_phone(credential.e164)}
