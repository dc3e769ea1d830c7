"""What the login UI shows of a journey: the screen of each state and the journey's view.

SCREENS names the screen of the login UI (its path after /{language}/) for each state of
each flow (journey.py), so the UI asks the server where a journey stands instead of
guessing from what it stored, as GOV.UK One Login's journey machine and Ory Kratos' flows
do. Every answer that moves a journey, and GET /v1/session, carry view().
"""

from __future__ import annotations

from idp import moments
from idp.clock import iso, seconds_until
from idp.extensions import db
from idp.flows import methods, testmode
from idp.flows.steps import Flow, State
from idp.flows.validation import mask_phone
from idp.models import Journey, OtpTransaction, User
from idp.models.otp import CodeState
from idp.store.journeys import newest_code

# journey.pending of a sign-up resumed for a complete account whose lost phone was removed
# (lost_phone.py): its new phone ends it, its name is not asked again.
NEW_PHONE = "new_phone"

# The states in which a journey waits for the second factor.
ASKING = frozenset({State.PASSWORD_VERIFIED, State.EMAIL_VERIFIED, State.CODE_SENT, State.METHOD_CHOSEN})
# The states of sign-in and recovery that say when a reset that waits takes effect (resets.py).
TELLS_A_WAITING_RESET = ASKING | {
    State.PHONE_RESET_REQUESTED,
    State.ADDRESS_ONLY,
    State.ACCOUNT_RESET_REQUESTED,
    State.ACCOUNT_RESET_DUE,
}

# The flows of a signed-in person: their journeys are that person's only.
ACCOUNT_FLOWS = frozenset(
    {
        Flow.EMAIL_CHANGE,
        Flow.PHONE_CHANGE,
        Flow.PASSWORD_CHANGE,
        Flow.METHODS,
        Flow.ACCOUNT_DELETION,
        Flow.INFORMATION,
    }
)


def _asking(screen: str, *back: str) -> dict[State, tuple[str, ...]]:
    """The second factor's screen (the method is the journey's otpType) and the ways back."""
    return {State.CODE_SENT: (screen, *back), State.METHOD_CHOSEN: (screen, *back)}


# The first screen of a state is where the person is; the others lead back ("use a
# different e-mail", "choose another way"). {otpType} is the channel of the journey's newest code.
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
        State.LOST_PHONE_CODE_SENT: ("signIn/lostphone", "signIn", "signIn/password"),
        State.PHONE_RESET_REQUESTED: ("signIn/lostphone/requested", "signIn", "signIn/password"),
        State.COMPLETED: ("redirecttorp", "signIn", "signIn/password"),
    },
    Flow.RECOVERY: {
        State.EMAIL_CODE_SENT: ("forgotpassword/checkemail", "forgotpassword"),
        # "I can't use any of these" leads from the second factor to the account's deletion
        State.EMAIL_VERIFIED: ("forgotpassword/verification", "forgotpassword/accountreset", "forgotpassword"),
        **_asking("forgotpassword/verification", "forgotpassword/accountreset", "forgotpassword"),
        State.SECOND_FACTOR_VERIFIED: ("forgotpassword/newpassword",),
        State.NO_SECOND_FACTOR: ("forgotpassword/newpassword",),
        State.COMPLETED: ("redirecttorp",),
        State.ADDRESS_ONLY: ("forgotpassword/accountreset", "forgotpassword"),
        State.ACCOUNT_RESET_REQUESTED: ("forgotpassword/accountreset/requested", "forgotpassword"),
        State.ACCOUNT_RESET_DUE: ("forgotpassword/accountreset/delete", "forgotpassword"),
        State.ACCOUNT_DELETED: ("account/deleted",),
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
    Flow.ACCOUNT_DELETION: {
        State.PASSWORD_VERIFIED: ("firstverifyitsyou/delete",),
        **_asking("completetwostepverification/delete", "firstverifyitsyou/delete"),
        State.REAUTHENTICATED: ("account/delete",),
        State.COMPLETED: ("account/deleted",),
    },
    Flow.INFORMATION: {
        State.PASSWORD_VERIFIED: ("firstverifyitsyou/download",),
        **_asking("completetwostepverification/download", "firstverifyitsyou/download"),
        State.REAUTHENTICATED: ("account/download",),
        State.COMPLETED: ("account/download",),
    },
    # on sign-in's screens (the home page's start too): the funnel counts it as a sign-in
    Flow.PASSKEY: {
        State.PASSKEY_PENDING: ("signIn",),
        State.SECOND_FACTOR_VERIFIED: ("signIn/password", "signIn"),
        State.COMPLETED: ("redirecttorp", "signIn"),
    },
}


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
    shown = {
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
        "resendAfter": seconds_until(code.resend_at) if waiting and not delivery_failed(code) else 0,
        "methods": _methods_offered(journey, state),
    }
    if flow in (Flow.SIGNIN, Flow.RECOVERY) and journey.user_id is not None and state in TELLS_A_WAITING_RESET:
        person = db.session.get(User, journey.user_id)
        waiting = waiting_reset(person)
        if waiting is not None:
            # said instead of offered again: when it takes effect, and that a proof cancels it
            shown["waitingReset"] = waiting
        elif flow == Flow.SIGNIN and state in ASKING and methods.only_the_phone(person):
            # "I no longer have this phone", beside the methods: the account decides, never the browser
            shown["lostPhone"] = True
    if code is not None and code.state == CodeState.PENDING and delivery_failed(code):
        shown["deliveryFailed"] = True
    if flow == Flow.SIGNUP and journey.pending == NEW_PHONE:
        shown["newPhone"] = True
    # Test mode: the code field pre-fills only when this very code went to the sample person.
    sample_code = (
        testmode.fixed_code(code.destination) if code is not None and code.state == CodeState.PENDING else None
    )
    if sample_code:
        shown["testCode"] = sample_code
    return shown


def delivery_failed(code: OtpTransaction) -> bool:
    """The worker gave up delivering the code (a provider's refusal, or the queue's last attempt):
    the screen says so and a new code may be asked at once. Not for a code to an address a
    stranger may type (sign-up's, recovery's, a new address's: own_factor false): there an
    address that has an account gets a message without a code instead, whose failure nobody is
    told, so telling this one would tell which addresses have an account."""
    return code.delivery_failed_at is not None and (code.own_factor or code.channel != "email")


def waiting_reset(user: User) -> dict | None:
    """The reset that waits for the account (resets.py): its kind and when it takes effect."""
    reset = user.waiting_reset
    if reset is None:
        return None
    return {
        "kind": reset.kind,
        "effectiveAt": iso(reset.effective_at),
        "when": moments.said_in_each(reset.effective_at),
    }


def _methods_offered(journey: Journey, state: State) -> list[str]:
    """While the second factor is asked, the person's methods, for "use another way"."""
    if journey.user_id is None or state not in ASKING:
        return []
    return methods.offered(journey, db.session.get(User, journey.user_id))


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
