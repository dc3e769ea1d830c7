"""Where each journey stands: one state type and one transition table for the five flows.

Sign-up, sign-in, password recovery, the e-mail change and the phone change are each a
state machine over one row of `journeys` per browser session and flow. An event may
happen only from the states TRANSITIONS lists for it; anything else is refused with
STEP_OUT_OF_ORDER before the flow changes anything. SCREENS names the screen of the
login UI for each state, so the UI asks the server where a journey stands instead of
guessing from what it stored (as GOV.UK One Login's journey machine and Ory Kratos'
flows do). README.md beside this file draws TRANSITIONS (`flask --app idp journeys
draw`); a test fails when the drawing and the table differ.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from idp.clock import seconds_until
from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.flows import methods
from idp.flows.validation import mask_phone
from idp.models import Journey, OtpTransaction, User
from idp.models.otp import CodeState


class Flow(StrEnum):
    SIGNUP = "signup"
    SIGNIN = "signin"
    RECOVERY = "recovery"
    EMAIL_CHANGE = "email_change"
    PHONE_CHANGE = "phone_change"
    PASSWORD_CHANGE = "password_change"
    METHODS = "methods"


class State(StrEnum):
    # No row yet, or a row wiped by an event that starts the journey again.
    START = "START"
    PRIVACY_ACCEPTED = "PRIVACY_ACCEPTED"
    PASSWORD_VERIFIED = "PASSWORD_VERIFIED"
    EMAIL_CODE_SENT = "EMAIL_CODE_SENT"
    EMAIL_VERIFIED = "EMAIL_VERIFIED"
    ACCOUNT_CREATED = "ACCOUNT_CREATED"
    PHONE_CODE_SENT = "PHONE_CODE_SENT"
    PHONE_VERIFIED = "PHONE_VERIFIED"
    # The second factor asked: a code sent (by text, call or e-mail), or a method the
    # person holds chosen (an app, a backup code, a passkey).
    CODE_SENT = "CODE_SENT"
    METHOD_CHOSEN = "METHOD_CHOSEN"
    SECOND_FACTOR_VERIFIED = "SECOND_FACTOR_VERIFIED"
    # Recovery of an account that never had a second factor: its address is all there is.
    NO_SECOND_FACTOR = "NO_SECOND_FACTOR"
    # The password and a code to a current factor, just now: a factor may change.
    REAUTHENTICATED = "REAUTHENTICATED"
    NEW_EMAIL_CODE_SENT = "NEW_EMAIL_CODE_SENT"
    NEW_EMAIL_VERIFIED = "NEW_EMAIL_VERIFIED"
    APP_PENDING = "APP_PENDING"
    PASSKEY_PENDING = "PASSKEY_PENDING"
    COMPLETED = "COMPLETED"


class Event(StrEnum):
    ACCEPT_PRIVACY = "accept_privacy"
    SEND_EMAIL_CODE = "send_email_code"
    VERIFY_EMAIL_CODE = "verify_email_code"
    CREATE_ACCOUNT = "create_account"
    SEND_PHONE_CODE = "send_phone_code"
    VERIFY_PHONE_CODE = "verify_phone_code"
    COMPLETE_PROFILE = "complete_profile"
    RESUME_AT_PHONE = "resume_at_phone"
    RESUME_AT_NAME = "resume_at_name"
    VERIFY_PASSWORD = "verify_password"
    SEND_CODE = "send_code"
    CHOOSE_METHOD = "choose_method"
    VERIFY_CODE = "verify_code"
    VERIFY_METHOD = "verify_method"
    VERIFY_EMAIL_CODE_NO_FACTOR = "verify_email_code_no_factor"
    SEND_NEW_EMAIL_CODE = "send_new_email_code"
    VERIFY_NEW_EMAIL_CODE = "verify_new_email_code"
    CONFIRM_EMAIL = "confirm_email"
    SET_PASSWORD = "set_password"
    SIGNED_UP = "signed_up"
    START_APP = "start_app"
    CONFIRM_APP = "confirm_app"
    START_PASSKEY = "start_passkey"
    REGISTER_PASSKEY = "register_passkey"
    CREATE_BACKUP_CODES = "create_backup_codes"
    REMOVE_METHOD = "remove_method"


@dataclass(frozen=True)
class Transition:
    sources: frozenset[State]
    target: State
    # The event may happen in any state and begins the journey again: what the journey
    # knew is wiped first.
    restarts: bool = False


def _step(sources: tuple[State, ...], target: State) -> Transition:
    return Transition(frozenset(sources), target)


def _restart(target: State) -> Transition:
    return Transition(frozenset(State), target, restarts=True)


def _second_factor(asked_from: tuple[State, ...], proved: State) -> dict[Event, Transition]:
    """The second factor asked and answered: a code sent (again, or by another channel), or
    a method the person holds chosen, then checked."""
    asking = asked_from + (State.CODE_SENT, State.METHOD_CHOSEN)
    return {
        Event.SEND_CODE: _step(asking, State.CODE_SENT),
        Event.CHOOSE_METHOD: _step(asking, State.METHOD_CHOSEN),
        Event.VERIFY_CODE: _step((State.CODE_SENT,), proved),
        Event.VERIFY_METHOD: _step((State.METHOD_CHOSEN,), proved),
    }


# Before a factor or a method changes: the password, then a second factor the account has now.
REAUTHENTICATION: dict[Event, Transition] = {
    Event.VERIFY_PASSWORD: _restart(State.PASSWORD_VERIFIED),
    **_second_factor((State.PASSWORD_VERIFIED,), State.REAUTHENTICATED),
}

TRANSITIONS: dict[Flow, dict[Event, Transition]] = {
    Flow.SIGNUP: {
        Event.ACCEPT_PRIVACY: _restart(State.PRIVACY_ACCEPTED),
        # Another address ("use a different e-mail") may be entered until it is verified.
        Event.SEND_EMAIL_CODE: _step((State.PRIVACY_ACCEPTED, State.EMAIL_CODE_SENT, State.EMAIL_VERIFIED), State.EMAIL_CODE_SENT),
        Event.VERIFY_EMAIL_CODE: _step((State.EMAIL_CODE_SENT,), State.EMAIL_VERIFIED),
        Event.CREATE_ACCOUNT: _step((State.EMAIL_VERIFIED,), State.ACCOUNT_CREATED),
        # A sign-in (or recovery) of an account whose sign-up stopped goes on where it stopped.
        Event.RESUME_AT_PHONE: _restart(State.ACCOUNT_CREATED),
        Event.RESUME_AT_NAME: _restart(State.PHONE_VERIFIED),
        # A resend, another phone or the other channel stays at the phone step.
        Event.SEND_PHONE_CODE: _step((State.ACCOUNT_CREATED, State.PHONE_CODE_SENT), State.PHONE_CODE_SENT),
        Event.VERIFY_PHONE_CODE: _step((State.PHONE_CODE_SENT,), State.PHONE_VERIFIED),
        Event.COMPLETE_PROFILE: _step((State.PHONE_VERIFIED,), State.COMPLETED),
    },
    Flow.SIGNIN: {
        Event.VERIFY_PASSWORD: _restart(State.PASSWORD_VERIFIED),
        # An account whose sign-up stopped is then taken to where it stopped (RESUME_AT_*).
        **_second_factor((State.PASSWORD_VERIFIED,), State.COMPLETED),
    },
    Flow.RECOVERY: {
        # The same answer for every address; only an account's address gets the code.
        Event.SEND_EMAIL_CODE: _restart(State.EMAIL_CODE_SENT),
        # Recovery never bypasses a second factor: a verified address asks for one at once...
        Event.VERIFY_EMAIL_CODE: _step((State.EMAIL_CODE_SENT,), State.EMAIL_VERIFIED),
        **_second_factor((State.EMAIL_VERIFIED,), State.SECOND_FACTOR_VERIFIED),
        # ...but an account that never had one has only its address to prove.
        Event.VERIFY_EMAIL_CODE_NO_FACTOR: _step((State.EMAIL_CODE_SENT,), State.NO_SECOND_FACTOR),
        Event.SET_PASSWORD: _step((State.SECOND_FACTOR_VERIFIED, State.NO_SECOND_FACTOR), State.COMPLETED),
    },
    Flow.EMAIL_CHANGE: {
        **REAUTHENTICATION,
        # Another address may be entered until the change is confirmed.
        Event.SEND_NEW_EMAIL_CODE: _step(
            (State.REAUTHENTICATED, State.NEW_EMAIL_CODE_SENT, State.NEW_EMAIL_VERIFIED), State.NEW_EMAIL_CODE_SENT
        ),
        Event.VERIFY_NEW_EMAIL_CODE: _step((State.NEW_EMAIL_CODE_SENT,), State.NEW_EMAIL_VERIFIED),
        Event.CONFIRM_EMAIL: _step((State.NEW_EMAIL_VERIFIED,), State.COMPLETED),
    },
    Flow.PHONE_CHANGE: {
        **REAUTHENTICATION,
        # A resend, another number or the other channel; the old phone stays until verified.
        Event.SEND_PHONE_CODE: _step((State.REAUTHENTICATED, State.PHONE_CODE_SENT), State.PHONE_CODE_SENT),
        Event.VERIFY_PHONE_CODE: _step((State.PHONE_CODE_SENT,), State.COMPLETED),
    },
    Flow.PASSWORD_CHANGE: {
        **REAUTHENTICATION,
        Event.SET_PASSWORD: _step((State.REAUTHENTICATED,), State.COMPLETED),
    },
    Flow.METHODS: {
        **REAUTHENTICATION,
        # A sign-up that just proved the password and the phone may add methods at once.
        Event.SIGNED_UP: _restart(State.REAUTHENTICATED),
        Event.START_APP: _step((State.REAUTHENTICATED, State.APP_PENDING), State.APP_PENDING),
        Event.CONFIRM_APP: _step((State.APP_PENDING,), State.COMPLETED),
        Event.START_PASSKEY: _step((State.REAUTHENTICATED, State.PASSKEY_PENDING), State.PASSKEY_PENDING),
        Event.REGISTER_PASSKEY: _step((State.PASSKEY_PENDING,), State.COMPLETED),
        Event.CREATE_BACKUP_CODES: _step((State.REAUTHENTICATED,), State.COMPLETED),
        Event.REMOVE_METHOD: _step((State.REAUTHENTICATED,), State.COMPLETED),
    },
}

# The login UI's screen (its path after /{language}/) in each state: the first is where
# the person is; the others lead back ("use a different e-mail", "choose another way").
# {otpType} is the channel of the journey's newest code.
def _asking(screen: str, *back: str) -> dict[State, tuple[str, ...]]:
    """The second factor's screen (the method is the journey's otpType) and the ways back."""
    return {State.CODE_SENT: (screen, *back), State.METHOD_CHOSEN: (screen, *back)}


SCREENS: dict[Flow, dict[State, tuple[str, ...]]] = {
    Flow.SIGNUP: {
        State.PRIVACY_ACCEPTED: ("signUp", "signUp/privacy"),
        State.EMAIL_CODE_SENT: ("signUp/verification/email", "signUp", "signUp/privacy"),
        State.EMAIL_VERIFIED: ("signUp/password", "signUp", "signUp/privacy"),
        State.ACCOUNT_CREATED: ("signUp/verificationsetup",),
        State.PHONE_CODE_SENT: ("signUp/verification/{otpType}", "signUp/verificationsetup"),
        State.PHONE_VERIFIED: ("signUp/profile",),
        State.COMPLETED: ("redirecttorp",),
    },
    Flow.SIGNIN: {
        State.PASSWORD_VERIFIED: ("signIn/selectverification", "signIn", "signIn/password"),
        **_asking("signIn/verification/{otpType}", "signIn/selectverification", "signIn", "signIn/password"),
        State.COMPLETED: ("redirecttorp", "signIn", "signIn/password"),
    },
    Flow.RECOVERY: {
        State.EMAIL_CODE_SENT: ("forgotpassword/checkemail", "forgotpassword"),
        State.EMAIL_VERIFIED: ("forgotpassword/verification", "forgotpassword"),
        **_asking("forgotpassword/verification", "forgotpassword"),
        State.SECOND_FACTOR_VERIFIED: ("forgotpassword/newpassword",),
        State.NO_SECOND_FACTOR: ("forgotpassword/newpassword",),
        State.COMPLETED: ("redirecttorp",),
    },
    Flow.EMAIL_CHANGE: {
        State.PASSWORD_VERIFIED: ("firstverifyitsyou",),
        **_asking("completetwostepverification", "firstverifyitsyou"),
        State.REAUTHENTICATED: ("enternewemail",),
        State.NEW_EMAIL_CODE_SENT: ("checkyouremail", "enternewemail"),
        State.NEW_EMAIL_VERIFIED: ("areYouSureUpdateYourEmail", "enternewemail"),
        State.COMPLETED: ("youMayUpdateEmailAtOtherPlaces",),
    },
    Flow.PHONE_CHANGE: {
        State.PASSWORD_VERIFIED: ("firstverifyitsyou/phone",),
        **_asking("completetwostepverification/phone", "firstverifyitsyou/phone"),
        State.REAUTHENTICATED: ("enterNewPhoneNumber",),
        State.PHONE_CODE_SENT: ("verifynewphone", "enterNewPhoneNumber"),
        State.COMPLETED: ("phonechanged",),
    },
    Flow.PASSWORD_CHANGE: {
        State.PASSWORD_VERIFIED: ("firstverifyitsyou/password",),
        **_asking("completetwostepverification/password", "firstverifyitsyou/password"),
        State.REAUTHENTICATED: ("changepassword",),
        State.COMPLETED: ("passwordchanged",),
    },
    Flow.METHODS: {
        State.PASSWORD_VERIFIED: ("firstverifyitsyou/methods",),
        **_asking("completetwostepverification/methods", "firstverifyitsyou/methods"),
        State.REAUTHENTICATED: ("signinmethods/change", "signinmethods"),
        State.APP_PENDING: ("signinmethods/app", "signinmethods/change"),
        State.PASSKEY_PENDING: ("signinmethods/passkey", "signinmethods/change"),
        State.COMPLETED: ("signinmethods/done", "signinmethods"),
    },
}

# The states in which a journey waits for the second factor.
ASKING = frozenset({State.PASSWORD_VERIFIED, State.EMAIL_VERIFIED, State.CODE_SENT, State.METHOD_CHOSEN})

# The flows of a signed-in person: their journeys are that person's only.
ACCOUNT_FLOWS = frozenset({Flow.EMAIL_CHANGE, Flow.PHONE_CHANGE, Flow.PASSWORD_CHANGE, Flow.METHODS})


def find(browser_session_id: int | None, flow: Flow, user_id: str | None = None) -> Journey | None:
    """The browser session's journey of this flow. With user_id, only that person's:
    someone else signing in on the same browser never continues another's change."""
    if browser_session_id is None:
        return None
    found = db.session.scalar(db.select(Journey).filter_by(browser_session_id=browser_session_id, flow=flow))
    if found is not None and user_id is not None and found.user_id != user_id:
        return None
    return found


def state_of(journey: Journey | None) -> State:
    return State(journey.state) if journey is not None else State.START


def allows(journey: Journey | None, flow: Flow, event: Event) -> bool:
    return state_of(journey) in TRANSITIONS[flow][event].sources


def begin(browser_session_id: int | None, flow: Flow, event: Event, user_id: str | None = None) -> Journey:
    """The journey, when event may happen now (else STEP_OUT_OF_ORDER and nothing
    changed). An event that restarts the journey wipes it, or makes its row."""
    found = find(browser_session_id, flow, user_id)
    if browser_session_id is None or not allows(found, flow, event):
        raise FlowError(Errors.STEP_OUT_OF_ORDER)
    if not TRANSITIONS[flow][event].restarts:
        return found
    if found is None and user_id is not None:
        # Another person's journey on this browser: the restart takes its row over.
        found = find(browser_session_id, flow)
    if found is None:
        found = Journey(browser_session_id=browser_session_id, flow=flow)
        db.session.add(found)
    found.state = State.START
    found.email = found.language = found.phone_e164 = found.channel = found.reauthenticated_at = found.code_id = found.pending = found.proof = None
    found.user_id = user_id
    db.session.flush()
    return found


def advance(journey: Journey, event: Event) -> None:
    transition = TRANSITIONS[Flow(journey.flow)][event]
    if state_of(journey) not in transition.sources:
        raise FlowError(Errors.STEP_OUT_OF_ORDER)
    journey.state = transition.target


def newest_code(journey: Journey) -> OtpTransaction | None:
    """The code the journey waits for: the last one it sent."""
    return db.session.get(OtpTransaction, journey.code_id) if journey.code_id else None


def shown_phone(journey: Journey) -> str:
    """The number a person typed at sign-up is theirs to see; elsewhere only its last four digits."""
    if not journey.phone_e164:
        return ""
    if journey.flow == Flow.SIGNUP:
        return journey.phone_e164
    return mask_phone(journey.phone_e164)


def view(journey: Journey) -> dict:
    """The journey as the UI reads it: its state, its screens and what they show."""
    flow, state = Flow(journey.flow), State(journey.state)
    code = newest_code(journey)
    channel = journey.channel or (code.channel if code else None)
    screens = [screen.replace("{otpType}", channel or "") for screen in SCREENS[flow][state]]
    waiting = code is not None and code.resend_at is not None and code.state == CodeState.PENDING
    return {
        "flow": flow.value,
        "state": state.value,
        "screen": screens[0],
        "open": screens,
        "email": journey.email,
        "emailLanguage": ({"en": "eng", "fr": "fr"}.get(journey.language or "") if flow == Flow.SIGNUP else None),
        "otpType": channel,
        "phone": shown_phone(journey),
        "trxnId": code.id if code else None,
        "id": journey.user_id if flow == Flow.SIGNUP else None,
        "resendAfter": seconds_until(code.resend_at) if waiting else 0,
        "methods": _methods_offered(journey, state),
    }


def _methods_offered(journey: Journey, state: State) -> list[str]:
    """While the second factor is asked, the person's methods, for "use another way"."""
    if journey.user_id is None or state not in ASKING:
        return []
    return methods.methods_of(db.session.get(User, journey.user_id))


def views(browser_session_id: int | None, user_id: str | None) -> dict[str, dict]:
    """Every journey of the browser session that the UI may continue, by flow."""
    if browser_session_id is None:
        return {}
    found = db.session.scalars(db.select(Journey).filter_by(browser_session_id=browser_session_id)).all()
    return {
        journey.flow: view(journey)
        for journey in found
        if journey.state != State.START
        and (Flow(journey.flow) not in ACCOUNT_FLOWS or (user_id is not None and journey.user_id == user_id))
    }


def mermaid() -> str:
    """TRANSITIONS as a Mermaid state diagram, one box per flow (README.md holds it). An
    event that restarts its journey is drawn from [*]: it may happen in any state."""
    lines = ["stateDiagram-v2", "    direction LR"]
    for flow, events in TRANSITIONS.items():
        lines.append(f'    state "{flow.value}" as {flow.value} {{')
        targets = sorted({transition.target for transition in events.values()}, key=list(State).index)
        lines += [f'        state "{state.value}" as {flow.value}_{state.value}' for state in targets]
        for event, transition in events.items():
            target = f"{flow.value}_{transition.target.value}"
            if transition.restarts:
                lines.append(f"        [*] --> {target}: {event.value}")
                continue
            for source in sorted(transition.sources, key=list(State).index):
                lines.append(f"        {flow.value}_{source.value} --> {target}: {event.value}")
        lines.append(f"        {flow.value}_{State.COMPLETED.value} --> [*]")
        lines.append("    }")
    return "\n".join(lines) + "\n"
