"""Password recovery ("I forgot my password"): a code to the e-mail address, then the
two-step code to the account's phone, then a new password.

Recovery never bypasses the second factor: an account without a verified phone cannot
recover this way (code 33). The first answer is the same whether or not an account
exists; an unknown address simply never receives a code, so its journey can never go
further. A new password ends every other browser session of the account.
"""
from __future__ import annotations

from flask import current_app

from idp.clock import now
from idp.errors import FlowError
from idp.extensions import db
from idp.flows import accounts, audit, otp, passwords, validation
from idp.flows.machine import START, Machine
from idp.flows.profile import notify_change
from idp.flows.signup import Completed, amr_for
from idp.models import BrowserSession, Journey, Token, User

RECOVERY = Machine(
    "recovery",
    {
        # A new e-mail code always (re)starts recovery ("use a different e-mail").
        "send_email_code": (frozenset({START, "EMAIL_CODE_SENT", "EMAIL_VERIFIED", "PHONE_CODE_SENT",
                                       "PHONE_VERIFIED", "COMPLETED"}), "EMAIL_CODE_SENT"),
        "verify_email_code": (frozenset({"EMAIL_CODE_SENT"}), "EMAIL_VERIFIED"),
        "send_phone_code": (frozenset({"EMAIL_VERIFIED", "PHONE_CODE_SENT"}), "PHONE_CODE_SENT"),
        "verify_phone_code": (frozenset({"PHONE_CODE_SENT"}), "PHONE_VERIFIED"),
        "set_password": (frozenset({"PHONE_VERIFIED"}), "COMPLETED"),
    },
)


def _journey(browser_session_id: int | None, event: str) -> Journey:
    return RECOVERY.require(RECOVERY.find(browser_session_id), event)


def _verify_latest(current: Journey, code: str, channels: tuple[str, ...]) -> None:
    policy = otp.policy()
    transaction = otp.latest_of(current)
    if transaction.channel not in channels:
        raise FlowError("20", status=409)
    otp.verify(policy, current, transaction.id, validation.code(code, policy.length), transaction.channel)


def send_email_code(browser_session_id: int, email: str, language: str) -> dict:
    """Step 1. The same answer for every address; only an account's address gets the code,
    in the account's correspondence language."""
    email = validation.email(email)
    RECOVERY.require(RECOVERY.find(browser_session_id), "send_email_code")
    user = db.session.scalar(db.select(User).filter_by(email=email))
    current = RECOVERY.start(browser_session_id)
    current.email, current.channel = email, "email"
    current.user_id = user.id if user else None
    current.language = user.language if user else language
    policy = otp.policy()
    transaction, code = otp.issue(policy, current, "email", email, user_id=current.user_id)
    if user is not None:
        otp.deliver("email", email, "recovery_code", user.language, code=code, minutes=policy.expiry_minutes)
    RECOVERY.advance(current, "send_email_code")
    db.session.commit()
    return otp.describe(transaction, policy, email, "")


def verify_email_code(browser_session_id: int | None, code: str) -> dict:
    """Step 2. Answers where the two-step code will go: {phone (masked), otpType}."""
    current = _journey(browser_session_id, "verify_email_code")
    _verify_latest(current, code, ("email",))
    if current.user_id is None:
        # No code was delivered; a lucky guess still learns nothing.
        raise FlowError("14")
    user = db.session.get(User, current.user_id)
    phone = accounts.verified_phone(user)
    if phone is None:
        raise FlowError("33", status=409)
    current.channel = phone.channel
    RECOVERY.advance(current, "verify_email_code")
    db.session.commit()
    return {"phone": validation.mask_phone(phone.e164), "otpType": phone.channel}


def send_phone_code(browser_session_id: int | None, channel: str) -> dict:
    """Step 3 (and its resends or the other channel): always the phone on the account."""
    current = _journey(browser_session_id, "send_phone_code")
    channel = validation.channel(channel, validation.PHONE_CHANNELS)
    user = db.session.get(User, current.user_id)
    phone = accounts.verified_phone(user)
    policy = otp.policy()
    current.channel = channel
    transaction, code = otp.issue(policy, current, channel, phone.e164, user_id=user.id)
    otp.deliver(channel, phone.e164, otp.PHONE_TEMPLATES[channel], user.language, code=code, minutes=policy.expiry_minutes)
    RECOVERY.advance(current, "send_phone_code")
    db.session.commit()
    return otp.describe(transaction, policy, user.email, validation.mask_phone(phone.e164))


def verify_phone_code(browser_session_id: int | None, code: str) -> None:
    """Step 4."""
    current = _journey(browser_session_id, "verify_phone_code")
    _verify_latest(current, code, validation.PHONE_CHANNELS)
    RECOVERY.advance(current, "verify_phone_code")
    db.session.commit()


def set_password(browser_session: BrowserSession | None, password: str) -> Completed:
    """Step 5: the new password (policy and strength), every other session of the account
    ends and every token the relying services hold for it is revoked (whoever took over
    the account keeps nothing), the lock is lifted. Not committed: the caller signs this browser in, then commits."""
    current = _journey(browser_session.id if browser_session else None, "set_password")
    user = db.session.get(User, current.user_id)
    rules = current_app.config["IDP"]["password"]
    personal = [user.email, user.email.split("@")[0], user.first_name or "", user.last_name or ""]
    passwords.check_policy(password, rules["min_length"], rules["max_length"], [value for value in personal if value])
    user.password_hash = passwords.hash_password(password)
    user.failed_password_count, user.password_locked_until = 0, None
    ended = db.session.execute(
        db.delete(BrowserSession).where(BrowserSession.user_id == user.id, BrowserSession.id != browser_session.id)
    ).rowcount
    revoked = db.session.execute(
        db.update(Token).where(Token.user_id == user.id, Token.revoked_at.is_(None)).values(revoked_at=now())
    ).rowcount
    RECOVERY.advance(current, "set_password")
    audit.record(user.id, browser_session.id, "password_reset", other_sessions_ended=ended, tokens_revoked=revoked)
    notify_change(user, "password")
    return Completed(user, amr_for(current.channel))
