"""The journey machine: one table of transitions for every flow is the only way between states."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sqlalchemy import event as sqlalchemy_event
from sqlalchemy import insert

from idp.clock import now
from idp.errors import FlowError
from idp.extensions import db
from idp.flows import cli, journey, screens
from idp.flows.journey import TRANSITIONS
from idp.flows.screens import SCREENS
from idp.flows.steps import Event, Flow, State
from idp.models import BrowserSession, Journey, User
from idp.store import journeys

README = Path(__file__).resolve().parents[2] / "idp" / "flows" / "README.md"

HAPPY_PATHS = {
    Flow.SIGNUP: [
        Event.ACCEPT_PRIVACY,
        Event.SEND_EMAIL_CODE,
        Event.VERIFY_EMAIL_CODE,
        Event.CREATE_ACCOUNT,
        Event.SEND_PHONE_CODE,
        Event.VERIFY_PHONE_CODE,
        Event.COMPLETE_PROFILE,
    ],
    Flow.SIGNIN: [Event.VERIFY_PASSWORD, Event.CHOOSE_METHOD, Event.SEND_CODE, Event.VERIFY_CODE],
    Flow.RECOVERY: [
        Event.SEND_EMAIL_CODE,
        Event.VERIFY_EMAIL_CODE,
        Event.SEND_CODE,
        Event.VERIFY_CODE,
        Event.SET_PASSWORD,
    ],
    Flow.EMAIL_CHANGE: [
        Event.VERIFY_PASSWORD,
        Event.SEND_CODE,
        Event.VERIFY_CODE,
        Event.SEND_NEW_EMAIL_CODE,
        Event.VERIFY_NEW_EMAIL_CODE,
        Event.CONFIRM_EMAIL,
    ],
    Flow.PHONE_CHANGE: [
        Event.VERIFY_PASSWORD,
        Event.CHOOSE_METHOD,
        Event.VERIFY_METHOD,
        Event.SEND_PHONE_CODE,
        Event.VERIFY_PHONE_CODE,
    ],
    Flow.PASSWORD_CHANGE: [Event.VERIFY_PASSWORD, Event.SEND_CODE, Event.VERIFY_CODE, Event.SET_PASSWORD],
    Flow.METHODS: [Event.VERIFY_PASSWORD, Event.SEND_CODE, Event.VERIFY_CODE, Event.START_APP, Event.CONFIRM_APP],
    Flow.ACCOUNT_DELETION: [Event.VERIFY_PASSWORD, Event.SEND_CODE, Event.VERIFY_CODE, Event.DELETE_ACCOUNT],
    Flow.INFORMATION: [Event.VERIFY_PASSWORD, Event.CHOOSE_METHOD, Event.VERIFY_METHOD, Event.DOWNLOAD_INFORMATION],
    Flow.PASSKEY: [Event.ASK_PASSKEY, Event.SIGN_IN_WITH_PASSKEY],
}


def _walk(browser_session_id: int, flow: Flow, events: list[Event]):
    current = None
    for event in events:
        current = journey.begin(browser_session_id, flow, event)
        journey.advance(current, event)
        # each step is a request of its own, which writes the journey
        db.session.flush()
    return current


@pytest.mark.parametrize("flow", list(Flow))
def test_the_happy_path_of_every_flow_ends_completed(browser_session, flow):
    assert _walk(browser_session.id, flow, HAPPY_PATHS[flow]).state == State.COMPLETED


def _states_of(flow: Flow) -> set[State]:
    return {State.START} | {transition.target for transition in TRANSITIONS[flow].values()}


def _every_state_an_event_is_refused_in():
    for flow, events in TRANSITIONS.items():
        for event, transition in events.items():
            # In the order State lists them: every test process must collect the same list.
            for state in sorted(_states_of(flow) - transition.sources, key=list(State).index):
                yield flow, event, state


@pytest.mark.parametrize("flow, event, state", list(_every_state_an_event_is_refused_in()))
def test_an_event_outside_its_states_is_refused_with_20_and_changes_nothing(browser_session, flow, event, state):
    current = journey.begin(browser_session.id, flow, next(iter(TRANSITIONS[flow])))
    current.state, current.email = state, "kept@example.ca"
    db.session.flush()
    with pytest.raises(FlowError) as refused:
        journey.begin(browser_session.id, flow, event)
    assert (refused.value.code, refused.value.status) == ("20", 409)
    assert (current.state, current.email) == (state, "kept@example.ca")


def test_a_step_without_a_journey_is_refused(browser_session):
    with pytest.raises(FlowError) as refused:
        journey.begin(browser_session.id, Flow.SIGNUP, Event.VERIFY_EMAIL_CODE)
    assert refused.value.code == "20"


def test_a_browser_without_a_session_has_no_journey(ctx):
    with pytest.raises(FlowError) as refused:
        journey.begin(None, Flow.SIGNUP, Event.ACCEPT_PRIVACY)
    assert refused.value.code == "20"


def test_an_event_that_restarts_wipes_what_the_journey_knew(browser_session):
    current = _walk(browser_session.id, Flow.SIGNUP, HAPPY_PATHS[Flow.SIGNUP][:3])
    current.email = "a@example.ca"
    db.session.flush()
    again = journey.begin(browser_session.id, Flow.SIGNUP, Event.ACCEPT_PRIVACY)
    assert again is current
    assert (again.state, again.email) == (State.START, None)


def test_every_restarting_event_may_happen_in_any_state():
    for events in TRANSITIONS.values():
        for transition in events.values():
            assert transition.restarts == (State.START in transition.sources)
            if transition.restarts:
                assert transition.sources == frozenset(State)


def test_the_flows_of_one_browser_are_separate_journeys(browser_session):
    rows = {journey.begin(browser_session.id, flow, next(iter(TRANSITIONS[flow]))) for flow in Flow}
    assert len(rows) == len(Flow)


def test_a_profile_journey_is_only_its_persons(browser_session):
    owner, other = (User(email=f"{name}@example.ca", password_hash="x") for name in ("owner", "other"))
    db.session.add_all([owner, other])
    db.session.flush()
    journey.begin(browser_session.id, Flow.PHONE_CHANGE, Event.VERIFY_PASSWORD, user_id=owner.id)
    db.session.flush()
    assert journeys.find(browser_session.id, Flow.PHONE_CHANGE, user_id=owner.id) is not None
    assert journeys.find(browser_session.id, Flow.PHONE_CHANGE, user_id=other.id) is None


def test_a_session_made_in_this_transaction_has_only_the_journeys_it_made(ctx, app):
    made = BrowserSession(token_hash="y" * 64, expires_at=now())
    db.session.add(made)
    db.session.flush()
    journeys.session_made(made.id)
    # a row the transaction did not make is not looked for
    db.session.execute(insert(Journey).values(browser_session_id=made.id, flow=Flow.RECOVERY, state=State.START))
    statements = []

    def sent(conn, cursor, statement, *args):
        statements.append(statement)

    sqlalchemy_event.listen(db.engine, "before_cursor_execute", sent)
    try:
        assert journeys.find(made.id, Flow.RECOVERY) is None
        started = journey.begin(made.id, Flow.SIGNIN, Event.VERIFY_PASSWORD)
        assert journeys.find(made.id, Flow.SIGNIN) is started
    finally:
        sqlalchemy_event.remove(db.engine, "before_cursor_execute", sent)
    assert statements == []
    db.session.commit()
    assert journeys.find(made.id, Flow.RECOVERY) is not None


@pytest.mark.parametrize("flow", list(Flow))
def test_every_state_a_flow_reaches_names_its_screen(flow):
    assert set(SCREENS[flow]) == _states_of(flow) - {State.START}


def test_the_journey_view_names_the_screen_with_the_channel_of_the_code(browser_session):
    current = _walk(browser_session.id, Flow.SIGNUP, HAPPY_PATHS[Flow.SIGNUP][:5])
    current.channel = "voice"
    shown = screens.view(current)
    assert (shown["state"], shown["screen"]) == ("PHONE_CODE_SENT", "signUp/verification/voice")
    assert shown["open"] == ["signUp/verification/voice", "signUp/verificationsetup"]


def _readme_diagram() -> str:
    found = re.search(r"```mermaid\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL)
    assert found, "idp/flows/README.md has no mermaid diagram"
    return found.group(1)


def test_the_readme_draws_the_table_itself(app):
    with app.app_context():
        assert _readme_diagram().strip() == cli.mermaid().strip(), (
            "idp/flows/README.md differs from the journey table: paste `flask --app idp journeys draw` into it"
        )
