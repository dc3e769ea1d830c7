"""The journey state machine: the transition table is the only way between states."""
from __future__ import annotations

import pytest

from idp.errors import FlowError
from idp.flows import journey
from idp.flows.journey import SIGNIN, SIGNUP, TRANSITIONS, Event, State

SIGNUP_PATH = [
    Event.SEND_EMAIL_CODE,
    Event.VERIFY_EMAIL_CODE,
    Event.CREATE_ACCOUNT,
    Event.SEND_PHONE_CODE,
    Event.VERIFY_PHONE_CODE,
    Event.COMPLETE_PROFILE,
]
SIGNIN_PATH = [Event.LOGIN, Event.SEND_CODE, Event.VERIFY_CODE]


@pytest.mark.parametrize("flow, path", [(SIGNUP, SIGNUP_PATH), (SIGNIN, SIGNIN_PATH)])
def test_the_happy_path_ends_completed(browser_session, flow, path):
    current = journey.start(browser_session.id, flow)
    for event in path:
        journey.advance(journey.require(current, flow, event), flow, event)
    assert current.state == State.COMPLETED


def _every_state_an_event_is_refused_in():
    for (flow, event), (allowed, _) in TRANSITIONS.items():
        for state in set(State) - allowed:
            yield flow, event, state


@pytest.mark.parametrize("flow, event, state", list(_every_state_an_event_is_refused_in()))
def test_an_event_outside_its_states_is_refused_with_20(browser_session, flow, event, state):
    current = journey.start(browser_session.id, flow)
    current.state = state
    with pytest.raises(FlowError) as refused:
        journey.require(current, flow, event)
    assert (refused.value.code, refused.value.status) == ("20", 409)
    assert current.state == state


def test_starting_again_wipes_what_the_journey_knew(browser_session):
    current = journey.start(browser_session.id, SIGNUP)
    current.email, current.state = "a@example.ca", State.EMAIL_VERIFIED
    again = journey.start(browser_session.id, SIGNUP)
    assert again is current
    assert (again.state, again.email) == (State.START, None)


def test_sign_up_and_sign_in_of_one_browser_are_separate_journeys(browser_session):
    assert journey.start(browser_session.id, SIGNUP) is not journey.start(browser_session.id, SIGNIN)
