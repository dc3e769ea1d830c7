"""Password recovery ("I forgot my password"): a code to the e-mail address, then the
two-step code to the account's phone, then a new password.

Recovery never bypasses the second factor: an account without a verified phone cannot
recover this way (RECOVERY_NEEDS_PHONE). The first answer is the same whether or not an
account exists; an unknown address simply never receives a code, so its journey can
never go further. A new password ends every other browser session of the account.
"""
from __future__ import annotations

from idp.clock import now
from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.flows import accounts, audit, journey, otp, passwords, validation
from idp.flows.journey import Event, Flow
from idp.flows.signup import Completed, amr_for
from idp.models import BrowserSession, Token, User


def send_email_code(browser_session_id: int, email: str, language: str) -> dict:
    """The same answer for every address; only an account's address gets the code, in
    the account's correspondence language."""
    email = validation.email(email)
    current = journey.begin(browser_session_id, Flow.RECOVERY, Event.SEND_EMAIL_CODE)
    user = db.session.scalar(db.select(User).filter_by(email=email))
    current.email = email
    current.user_id = user.id if user else None
    current.language = user.language if user else language
    return otp.send(
        current, Event.SEND_EMAIL_CODE, "email", email, current.language,
        "recovery_code" if user else None, user_id=current.user_id,
    )


def verify_email_code(browser_session_id: int | None, code: str) -> dict:
    """The address is the account's: the two-step code goes to its phone at once."""
    current = journey.begin(browser_session_id, Flow.RECOVERY, Event.VERIFY_EMAIL_CODE)
    otp.check(current, Event.VERIFY_EMAIL_CODE, code)
    if current.user_id is None:
        # No code was delivered to an unknown address: even a lucky guess goes no further.
        raise FlowError(Errors.WRONG_CODE)
    user = db.session.get(User, current.user_id)
    if accounts.verified_phone(user) is None:
        raise FlowError(Errors.RECOVERY_NEEDS_PHONE)
    accounts.begin_second_factor(current, user)
    return accounts.send_second_factor(current, Event.SEND_PHONE_CODE, user, current.channel)


def send_phone_code(browser_session_id: int | None, channel: str) -> dict:
    """A new code (or the other channel): always the phone on the account."""
    current = journey.begin(browser_session_id, Flow.RECOVERY, Event.SEND_PHONE_CODE)
    user = db.session.get(User, current.user_id)
    return accounts.send_second_factor(current, Event.SEND_PHONE_CODE, user, channel)


def verify_phone_code(browser_session_id: int | None, code: str) -> dict:
    current = journey.begin(browser_session_id, Flow.RECOVERY, Event.VERIFY_PHONE_CODE)
    otp.check(current, Event.VERIFY_PHONE_CODE, code)
    db.session.commit()
    return {"journey": journey.view(current)}


def set_password(browser_session: BrowserSession | None, password: str) -> Completed:
    """The new password (policy and strength); every other session of the account ends
    and every token the relying services hold for it is revoked (whoever took over the
    account keeps nothing); the lock is lifted. Not committed: the caller signs this
    browser in, then commits."""
    current = journey.begin(browser_session.id if browser_session else None, Flow.RECOVERY, Event.SET_PASSWORD)
    user = db.session.get(User, current.user_id)
    passwords.check_policy(password, [user.email, user.email.split("@")[0], user.first_name or "", user.last_name or ""])
    user.password_hash = passwords.hash_password(password)
    user.failed_password_count, user.password_locked_until = 0, None
    ended = db.session.execute(
        db.delete(BrowserSession).where(BrowserSession.user_id == user.id, BrowserSession.id != browser_session.id)
    ).rowcount
    revoked = db.session.execute(
        db.update(Token).where(Token.user_id == user.id, Token.revoked_at.is_(None)).values(revoked_at=now())
    ).rowcount
    journey.advance(current, Event.SET_PASSWORD)
    audit.record(user.id, browser_session.id, "password_reset", other_sessions_ended=ended, tokens_revoked=revoked)
    accounts.notify_change(user, "password")
    return Completed(user, amr_for(current.channel), current)

