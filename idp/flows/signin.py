"""Sign-in: password, then a one-time code to the phone on the account.

Wrong passwords count towards the lock of accounts.check_password. An unknown address
costs the same argon2 work and gets the same answer as a wrong password.
"""
from __future__ import annotations

from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.flows import accounts, journey, otp, validation
from idp.flows.journey import Event, Flow
from idp.flows.signup import Completed, amr_for
from idp.models import Journey, User


def _journey_for(browser_session_id: int | None, event: Event, email: str) -> Journey:
    found = journey.begin(browser_session_id, Flow.SIGNIN, event)
    if validation.email(email) != found.email:
        raise FlowError(Errors.STEP_OUT_OF_ORDER)
    return found


def login(browser_session_id: int, email: str, password: str) -> dict:
    """The specification's login: answers {id, phone (masked), otpType}."""
    email = validation.email(email)
    user = db.session.scalar(db.select(User).filter_by(email=email))
    accounts.check_password(user, password)
    current = journey.begin(browser_session_id, Flow.SIGNIN, Event.VERIFY_PASSWORD)
    accounts.begin_second_factor(current, user)
    journey.advance(current, Event.VERIFY_PASSWORD)
    db.session.commit()
    return {"id": user.id, "phone": journey.shown_phone(current), "otpType": current.channel, "journey": journey.view(current)}


def send_code(browser_session_id: int | None, email: str, channel: str) -> dict:
    """A code to the phone on the account, whatever number the browser shows; otpType
    only picks sms or voice. Without a verified phone the code goes to the e-mail address."""
    current = _journey_for(browser_session_id, Event.SEND_CODE, email)
    user = db.session.get(User, current.user_id)
    return accounts.send_second_factor(current, Event.SEND_CODE, user, channel)


def verify_code(browser_session_id: int | None, email: str, channel: str, code: str, transaction_id: str) -> Completed:
    """Not committed: the caller signs the browser in, then commits."""
    current = _journey_for(browser_session_id, Event.VERIFY_CODE, email)
    otp.check(current, Event.VERIFY_CODE, code, transaction_id, validation.channel(channel))
    return Completed(db.session.get(User, current.user_id), amr_for(channel), current)
