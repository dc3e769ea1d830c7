"""Sign-in: password, then a one-time code to the phone on the account.

The password check and its throttles are accounts.check_password's. An account whose
sign-up stopped before the phone step gets its code by e-mail at once, and is then taken
back to its sign-up where it stopped (signup.resume) instead of being signed in.
"""
from __future__ import annotations

from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.flows import accounts, journey, otp, signup, validation
from idp.flows.accounts import Completed
from idp.flows.journey import Event, Flow
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
    accounts.check_password(user, email, password)
    current = journey.begin(browser_session_id, Flow.SIGNIN, Event.VERIFY_PASSWORD)
    accounts.begin_second_factor(current, user)
    journey.advance(current, Event.VERIFY_PASSWORD)
    answer = {"id": user.id, "phone": journey.shown_phone(current), "otpType": current.channel}
    if current.channel == "email":
        # Nothing to choose without a phone: the code goes to the address at once.
        return answer | accounts.send_second_factor(current, Event.SEND_CODE, user, "email")
    db.session.commit()
    return answer | {"journey": journey.view(current)}


def send_code(browser_session_id: int | None, email: str, channel: str) -> dict:
    """A code to the phone on the account, whatever number the browser shows; otpType
    only picks sms or voice."""
    current = _journey_for(browser_session_id, Event.SEND_CODE, email)
    user = db.session.get(User, current.user_id)
    return accounts.send_second_factor(current, Event.SEND_CODE, user, channel)


def verify_code(browser_session_id: int | None, email: str, channel: str, code: str, transaction_id: str) -> Completed:
    """Not committed: the caller signs the browser in (or goes on with the sign-up), then commits."""
    current = _journey_for(browser_session_id, Event.VERIFY_CODE, email)
    otp.check(current, Event.VERIFY_CODE, code, transaction_id, validation.channel(channel))
    completed = accounts.complete(db.session.get(User, current.user_id), channel, current)
    return signup.resume(browser_session_id, completed)
