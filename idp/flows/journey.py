"""Where each journey stands: one state type and one transition table for every flow.

Sign-up, sign-in, password recovery and the profile's changes (e-mail, phone, password,
sign-in methods) are each a state machine over one row of `journeys` per browser session
and flow. An event may happen only from the states TRANSITIONS lists for it; anything else
is refused with STEP_OUT_OF_ORDER before the flow changes anything; the names of flows, states
and events are steps.py's. What the login UI
shows in each state is screens.py's; README.md beside this file draws TRANSITIONS
(`flask --app idp journeys draw`); a test fails when the drawing and the table differ. The
rows are read where every table is, on the storage floor (idp/store/journeys.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.flows.steps import Event, Flow, State
from idp.models import Journey
from idp.store import journeys


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
        Event.SEND_EMAIL_CODE: _step(
            (State.PRIVACY_ACCEPTED, State.EMAIL_CODE_SENT, State.EMAIL_VERIFIED), State.EMAIL_CODE_SENT
        ),
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
        # Instead of the second factor, a person whose only one is a lost phone proves the
        # address (again, for a resend) and asks for the phone's removal after a wait.
        Event.SEND_LOST_PHONE_CODE: _step(
            (State.PASSWORD_VERIFIED, State.CODE_SENT, State.METHOD_CHOSEN, State.LOST_PHONE_CODE_SENT),
            State.LOST_PHONE_CODE_SENT,
        ),
        Event.VERIFY_LOST_PHONE_CODE: _step((State.LOST_PHONE_CODE_SENT,), State.PHONE_RESET_REQUESTED),
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
        # Whoever proved the address and can prove nothing else may ask the account's deletion
        # (again: the same answer); a complete account that lost its phone has only that.
        Event.VERIFY_EMAIL_CODE_ADDRESS_ONLY: _step((State.EMAIL_CODE_SENT,), State.ADDRESS_ONLY),
        Event.REQUEST_ACCOUNT_RESET: _step(
            (
                State.EMAIL_VERIFIED,
                State.CODE_SENT,
                State.METHOD_CHOSEN,
                State.ADDRESS_ONLY,
                State.ACCOUNT_RESET_REQUESTED,
            ),
            State.ACCOUNT_RESET_REQUESTED,
        ),
        # Once due, a new address code, and nothing else, leads to the deletion.
        Event.VERIFY_EMAIL_CODE_RESET_DUE: _step((State.EMAIL_CODE_SENT,), State.ACCOUNT_RESET_DUE),
        Event.DELETE_ACCOUNT: _step((State.ACCOUNT_RESET_DUE,), State.ACCOUNT_DELETED),
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
        # A sign-up that just proved the password and the phone may add methods at once; so
        # may a sign-in that just proved the password and a second factor for a service that
        # asks a passkey the person does not have yet (its next screen is adding one).
        Event.SIGNED_UP: _restart(State.REAUTHENTICATED),
        Event.SIGNED_IN_FOR_A_PASSKEY: _restart(State.REAUTHENTICATED),
        Event.START_APP: _step((State.REAUTHENTICATED, State.APP_PENDING), State.APP_PENDING),
        Event.CONFIRM_APP: _step((State.APP_PENDING,), State.COMPLETED),
        Event.START_PASSKEY: _step((State.REAUTHENTICATED, State.PASSKEY_PENDING), State.PASSKEY_PENDING),
        Event.REGISTER_PASSKEY: _step((State.PASSKEY_PENDING,), State.COMPLETED),
        Event.CREATE_BACKUP_CODES: _step((State.REAUTHENTICATED,), State.COMPLETED),
        Event.REMOVE_METHOD: _step((State.REAUTHENTICATED,), State.COMPLETED),
    },
    Flow.ACCOUNT_DELETION: {
        **REAUTHENTICATION,
        Event.DELETE_ACCOUNT: _step((State.REAUTHENTICATED,), State.COMPLETED),
    },
    # From the first screen (passkey_signin.py): any passkey of this site is asked (again, for a
    # new challenge). One that verified its user ends it; one that did not is the second factor
    # of the password its account's sign-in takes next (signin.login).
    Flow.PASSKEY: {
        Event.ASK_PASSKEY: _restart(State.PASSKEY_PENDING),
        Event.SIGN_IN_WITH_PASSKEY: _step((State.PASSKEY_PENDING,), State.COMPLETED),
        Event.HOLD_PASSKEY: _step((State.PASSKEY_PENDING,), State.SECOND_FACTOR_VERIFIED),
        Event.VERIFY_PASSWORD: _step((State.SECOND_FACTOR_VERIFIED,), State.COMPLETED),
    },
    # The file may be downloaded again while the proof lasts (a download that failed).
    Flow.INFORMATION: {
        **REAUTHENTICATION,
        Event.DOWNLOAD_INFORMATION: _step((State.REAUTHENTICATED, State.COMPLETED), State.COMPLETED),
    },
}


def state_of(journey: Journey | None) -> State:
    return State(journey.state) if journey is not None else State.START


def allows(journey: Journey | None, flow: Flow, event: Event) -> bool:
    return state_of(journey) in TRANSITIONS[flow][event].sources


def begin(browser_session_id: int | None, flow: Flow, event: Event, user_id: str | None = None) -> Journey:
    """The journey, when event may happen now (else STEP_OUT_OF_ORDER and nothing
    changed). An event that restarts the journey wipes it, or makes its row: written with
    the step's other changes at its commit (one INSERT or UPDATE, not two), or earlier where a
    row must name it (codes.issue)."""
    found = journeys.find(browser_session_id, flow, user_id)
    if browser_session_id is None or not allows(found, flow, event):
        raise FlowError(Errors.STEP_OUT_OF_ORDER)
    if not TRANSITIONS[flow][event].restarts:
        return found
    if found is None and user_id is not None:
        # Another person's journey on this browser: the restart takes its row over.
        found = journeys.find(browser_session_id, flow)
    if found is None:
        found = Journey(browser_session_id=browser_session_id, flow=flow)
        db.session.add(found)
    found.state = State.START
    found.email = found.language = found.phone_e164 = found.channel = found.reauthenticated_at = found.code_id = (
        found.pending
    ) = found.proof = None
    found.user_id = user_id
    return found


def advance(journey: Journey, event: Event) -> None:
    transition = TRANSITIONS[Flow(journey.flow)][event]
    if state_of(journey) not in transition.sources:
        raise FlowError(Errors.STEP_OUT_OF_ORDER)
    journey.state = transition.target
