"""The steps of each flow's funnel (funnel.py), in order: its entry screens, then the screens
idp/flows/screens.py gives its states, in the order its transitions reach them — the journey
machine stays the one home of what a flow is; and the flows each screen belongs to.
"""

from __future__ import annotations

from collections import defaultdict

from idp.flows.journey import TRANSITIONS
from idp.flows.screens import SCREENS
from idp.flows.steps import Flow, State

# The screens a flow begins on before the server holds a journey of it.
ENTRY = {
    Flow.SIGNUP: ("signUp/privacy",),
    Flow.SIGNIN: ("signIn", "signIn/password"),
    Flow.RECOVERY: ("forgotpassword",),
}
# What {otpType} of a screen stands for.
METHODS = ("email", "sms", "voice", "app", "backup", "passkey")


def _steps(flow: Flow) -> tuple[str, ...]:
    ordered = list(ENTRY.get(flow, ()))
    for state in dict.fromkeys(transition.target for transition in TRANSITIONS[flow].values()):
        for screen in SCREENS[flow].get(state, ()):
            if "{otpType}" in screen:
                ordered += [screen.replace("{otpType}", method) for method in METHODS]
            else:
                ordered.append(screen)
    return tuple(dict.fromkeys(ordered))


# Flows whose screens are all another's: their journeys count in that one's funnel (a sign-in
# with a passkey from the first screen shows only sign-in's screens).
COUNTED_AS = {Flow.PASSKEY: Flow.SIGNIN}
STEPS = {flow: _steps(flow) for flow in Flow}
END = {flow: SCREENS[flow][State.COMPLETED][0] for flow in Flow}
FLOWS_OF: dict[str, tuple[Flow, ...]] = defaultdict(tuple)
for _flow, _screens in STEPS.items():
    for _screen in () if _flow in COUNTED_AS else _screens:
        FLOWS_OF[_screen] += (_flow,)


def flow_named(name: str) -> Flow:
    """A flow by its name in any case, as operators type it (signUp, signin, email_change)."""
    wanted = name.replace("-", "_").lower()
    for flow in Flow:
        if flow.value.replace("_", "") == wanted.replace("_", ""):
            return flow
    raise ValueError(f"unknown flow {name!r}: one of {', '.join(flow.value for flow in Flow)}")
