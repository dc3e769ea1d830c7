"""The names an analytics event may carry: the product's own, and nothing else (collector.py).

The fields that once took free words take only what the product itself names: a screen of the
journey machine (screens.py, as the funnel orders it) or of no journey; a page name, a category
and an action's result of the login UI; a step of sign-up; a catalogue code (errors.py); a
registered service (clients.py); and the one that took any number, the time, a bucket of seconds.
Telling personal data by its looks fails: "jane at example dot ca" looks like words,
"613_555_0199" like an action's parts.

The login UI reads the same names from login-ui/src/analytics/names.json (`make insight-names`),
whose test walks the UI's routes and sources against them; a test fails when the file is stale.
"""

from __future__ import annotations

import json

from idp.clients import registry
from idp.errors import Errors
from idp.flows.screens import SCREENS
from idp.flows.steps import Flow, State
from idp.insight.funnel import BUCKETS
from idp.insight.steps import COUNTED_AS, END, METHODS, STEPS

# The UI's screens outside any journey: home, the account's pages, the error page and
# development's page of phone codes.
OUTSIDE_JOURNEYS = (
    "",
    "profilehome",
    "profilenameedit",
    "areYouSureEditYourName",
    "profileYouMayUpdateName",
    "profilelanguage",
    "account/sessions",
    "account/services",
    "account/activity",
    "account/notme",
    "phonereset/cancel",
    "accountreset/cancel",
    "error",
    "phoneotp",
)
SCREENS_NAMED = tuple(sorted({screen for steps in STEPS.values() for screen in steps} | set(OUTSIDE_JOURNEYS)))
# The router matches a path in any case and with a trailing slash: each screen as the product spells it.
SPELLED = {screen.lower(): screen for screen in SCREENS_NAMED}

# The page names of the login UI's screens (each screen's PAGE, and the profile's sign-out).
PAGES = (
    "home",
    "privacy",
    "signup",
    "password",
    "verification",
    "verificationSetUp",
    "coreProfile",
    "signin",
    "verificationSelection",
    "forgotPassword",
    "recoveryCheckEmail",
    "recoveryVerification",
    "newPassword",
    "redirectToRp",
    "profile",
    "profileHome",
    "profileNameEdit",
    "areYouSureEditYourName",
    "profileYouMayUpdateName",
    "profileLanguage",
    "firstVerifyItsYou",
    "completeTwoStepVerification",
    "enterNewEmail",
    "checkYourEmail",
    "areYouSureUpdateYourEmail",
    "youMayUpdateEmailAtOtherPlaces",
    "enterNewPhoneNumber",
    "verifyNewPhone",
    "phoneChanged",
    "changePassword",
    "passwordChanged",
    "signInMethods",
    "signInMethodsChange",
    "signInMethodsApp",
    "signInMethodsPasskey",
    "signInMethodsDone",
    "accountSessions",
    "accountServices",
    "accountActivity",
    "accountNotMe",
    "accountDelete",
    "accountDownload",
    "accountDeleted",
    "lostPhone",
    "phoneResetRequested",
    "phoneResetCancel",
    "accountReset",
    "accountResetRequested",
    "accountResetDelete",
    "accountResetCancel",
    "error",
    "phoneOtp",
)
# An event's category: the journey's flow (a passkey's from the first screen is sign-in's), or
# the profile's and the account's pages.
CATEGORIES = (*(flow.value for flow in Flow if flow not in COUNTED_AS), "profile", "account")
# "Step n of 4" of sign-up.
SIGN_UP_STEPS = (1, 2, 3, 4)
# What an action ends with: a submit's outcome, a new code (by another method), a link followed.
RESULTS = (
    "submit_success",
    "submit_error",
    "submit_timeout",
    "request-new-code",
    *(f"request-new-code_{method}" for method in METHODS),
    "redirect_privacy",
    "redirect_rp",
    "redirect_account",
    "redirect_sign-out",
    "redirect_new-method",
    "redirect_new-email",
)
ERRORS = frozenset(error.code for error in Errors)
# An event's time: the seconds spent on the journey's screen before it, as the upper bound of its
# bucket (the funnel's), or 0 when the journey has shown no screen before.
ELAPSED = (0, *BUCKETS)
# The flows' last screens that only a finished journey shows (not information's download page,
# where the download is still to come): the UI forgets the journey's id there.
ENDS = tuple(
    sorted(
        {
            end
            for flow, end in END.items()
            if all(shown[0] != end for state, shown in SCREENS[flow].items() if state != State.COMPLETED)
        }
    )
)


def action(page: str, step: int | None, result: str) -> str:
    """The action's name as the UI builds it (buildAction): page, `step{n}` when there is one, result."""
    return "_".join(part for part in (page, f"step{step}" if step else None, result) if part)


# Every action the collector keeps, with the page, step and result it is built of.
ACTIONS = {
    action(page, step, result): (page, step, result)
    for page in PAGES
    for step in (None, *SIGN_UP_STEPS)
    for result in RESULTS
}


def services() -> dict[str, str]:
    """A registered service by the id GET /v1/session shows the UI, or by its client id: the client
    id it is kept as (the report's and the command's --service)."""
    clients = registry().clients()
    by_service = {str(client.service.id): client.client_id for client in clients}
    return by_service | {client.client_id: client.client_id for client in clients}


def ui_names() -> dict:
    """What login-ui/src/analytics/names.json holds: the names, the methods a screen's {otpType}
    stands for, and actions the collector reads, for the UI's buildAction to match."""
    samples = (
        ("password", 2, "submit_success"),
        ("home", None, "redirect_privacy"),
        ("verification", None, "request-new-code_sms"),
    )
    return {
        "screens": list(SCREENS_NAMED),
        "pages": sorted(PAGES),
        "categories": list(CATEGORIES),
        "steps": list(SIGN_UP_STEPS),
        "results": list(RESULTS),
        "methods": list(METHODS),
        "ends": list(ENDS),
        "elapsed": list(ELAPSED),
        "actions": [
            {"page": page, "step": step, "result": result, "action": action(page, step, result)}
            for page, step, result in samples
        ],
    }


if __name__ == "__main__":
    print(json.dumps(ui_names(), indent=2))
