"""Sign-in: password, then a one-time code to the phone on the account.

Wrong passwords are counted on the account; max_failures in a row lock password
sign-in for lockout_seconds. An unknown address costs the same argon2 work and
gets the same answer (19) as a wrong password.
"""
from __future__ import annotations

from idp.errors import FlowError
from idp.extensions import db
from idp.flows import accounts, journey, otp, validation
from idp.flows.journey import SIGNIN, Event
from idp.flows.signup import Completed, amr_for
from idp.models import Journey, User


def _journey_for(browser_session_id: int | None, event: Event, email: str) -> Journey:
    found = journey.require(journey.find(browser_session_id, SIGNIN), SIGNIN, event)
    if validation.email(email) != found.email:
        raise FlowError("20", status=409)
    return found


def login(browser_session_id: int, email: str, password: str) -> dict:
    """The seed's login: answers {id, phone (masked), otpType}."""
    email = validation.email(email)
    user = db.session.scalar(db.select(User).filter_by(email=email))
    accounts.check_password(user, password)
    current = journey.start(browser_session_id, SIGNIN)
    phone = accounts.verified_phone(user)
    current.email, current.user_id, current.language = user.email, user.id, user.language
    # Without a verified phone (sign-up stopped after step 4) the code goes to the e-mail address.
    current.channel = phone.channel if phone else "email"
    journey.advance(current, SIGNIN, Event.LOGIN)
    db.session.commit()
    return {"id": user.id, "phone": validation.mask_phone(phone.e164) if phone else "", "otpType": current.channel}


def send_code(browser_session_id: int | None, email: str, channel: str) -> dict:
    """A code to the phone on the account, whatever number the browser shows;
    otpType only picks sms or voice."""
    current = _journey_for(browser_session_id, Event.SEND_CODE, email)
    user = db.session.get(User, current.user_id)
    transaction, shown_phone = accounts.send_second_factor(current, user, channel)
    journey.advance(current, SIGNIN, Event.SEND_CODE)
    db.session.commit()
    return otp.describe(transaction, otp.policy(), user.email, shown_phone)


def verify_code(browser_session_id: int | None, email: str, channel: str, code: str, transaction_id: str) -> Completed:
    """Not committed: the caller authenticates the browser session, then commits."""
    current = _journey_for(browser_session_id, Event.VERIFY_CODE, email)
    channel = validation.channel(channel)
    policy = otp.policy()
    otp.verify(policy, current, transaction_id, validation.code(code, policy.length), channel)
    journey.advance(current, SIGNIN, Event.VERIFY_CODE)
    return Completed(db.session.get(User, current.user_id), amr_for(channel))
