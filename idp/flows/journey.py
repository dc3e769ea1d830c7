"""Server-side step state of sign-up and sign-in: the server's copy of the seed's client flags.

Each flow is a state machine (drawn in README.md beside this file). An event is
allowed only from the states listed in TRANSITIONS; anything else is refused with
catalogue code 20 before the flow changes anything.
"""
from __future__ import annotations

from enum import StrEnum

from idp.errors import FlowError
from idp.extensions import db
from idp.models import Journey

SIGNUP = "signup"
SIGNIN = "signin"


class State(StrEnum):
    START = "START"
    # Sign-up (the seed's viewPrivacy is client-side; sending the e-mail code is step 1 here).
    EMAIL_CODE_SENT = "EMAIL_CODE_SENT"
    EMAIL_VERIFIED = "EMAIL_VERIFIED"
    ACCOUNT_CREATED = "ACCOUNT_CREATED"
    PHONE_CODE_SENT = "PHONE_CODE_SENT"
    PHONE_VERIFIED = "PHONE_VERIFIED"
    # Sign-in.
    PASSWORD_VERIFIED = "PASSWORD_VERIFIED"
    CODE_SENT = "CODE_SENT"
    # Both.
    COMPLETED = "COMPLETED"


class Event(StrEnum):
    SEND_EMAIL_CODE = "send_email_code"
    VERIFY_EMAIL_CODE = "verify_email_code"
    CREATE_ACCOUNT = "create_account"
    SEND_PHONE_CODE = "send_phone_code"
    VERIFY_PHONE_CODE = "verify_phone_code"
    COMPLETE_PROFILE = "complete_profile"
    LOGIN = "login"
    SEND_CODE = "send_code"
    VERIFY_CODE = "verify_code"


ANY = frozenset(State)

# (flow, event) -> (states it may happen in, state it leads to)
TRANSITIONS: dict[tuple[str, Event], tuple[frozenset[State], State]] = {
    # A new e-mail code restarts sign-up for that address ("use a different e-mail").
    (SIGNUP, Event.SEND_EMAIL_CODE): (ANY, State.EMAIL_CODE_SENT),
    (SIGNUP, Event.VERIFY_EMAIL_CODE): (frozenset({State.EMAIL_CODE_SENT}), State.EMAIL_VERIFIED),
    (SIGNUP, Event.CREATE_ACCOUNT): (frozenset({State.EMAIL_VERIFIED}), State.ACCOUNT_CREATED),
    # Resending or choosing another phone or channel stays at step 5.
    (SIGNUP, Event.SEND_PHONE_CODE): (frozenset({State.ACCOUNT_CREATED, State.PHONE_CODE_SENT}), State.PHONE_CODE_SENT),
    (SIGNUP, Event.VERIFY_PHONE_CODE): (frozenset({State.PHONE_CODE_SENT}), State.PHONE_VERIFIED),
    (SIGNUP, Event.COMPLETE_PROFILE): (frozenset({State.PHONE_VERIFIED}), State.COMPLETED),
    # A correct password always (re)starts sign-in.
    (SIGNIN, Event.LOGIN): (ANY, State.PASSWORD_VERIFIED),
    (SIGNIN, Event.SEND_CODE): (frozenset({State.PASSWORD_VERIFIED, State.CODE_SENT}), State.CODE_SENT),
    (SIGNIN, Event.VERIFY_CODE): (frozenset({State.CODE_SENT}), State.COMPLETED),
}


def find(browser_session_id: int | None, flow: str) -> Journey | None:
    if browser_session_id is None:
        return None
    return db.session.scalar(db.select(Journey).filter_by(browser_session_id=browser_session_id, flow=flow))


def require(journey: Journey | None, flow: str, event: Event) -> Journey:
    """The journey, when event may happen now; else FlowError 20 and nothing changed."""
    allowed, _ = TRANSITIONS[(flow, event)]
    state = State(journey.state) if journey is not None else State.START
    if state not in allowed:
        raise FlowError("20", status=409)
    return journey


def start(browser_session_id: int, flow: str) -> Journey:
    """The session's journey of this flow, wiped back to START (one row per session and flow)."""
    journey = find(browser_session_id, flow)
    if journey is None:
        journey = Journey(browser_session_id=browser_session_id, flow=flow)
        db.session.add(journey)
    journey.state = State.START
    journey.email = journey.language = journey.user_id = journey.phone_e164 = journey.channel = None
    db.session.flush()
    return journey


def advance(journey: Journey, flow: str, event: Event) -> None:
    allowed, target = TRANSITIONS[(flow, event)]
    if State(journey.state) not in allowed:
        raise FlowError("20", status=409)
    journey.state = target
