"""The second factor of sign-in, re-authentication and recovery.

The person's methods are offered with the one they used last first: a code by text message
or call to the phone on the account, an authenticator app's code, a backup code, a
passkey — and, for an account that never had any of these, a code by e-mail (which is not
a second factor: it never signs anyone in). Asking sends a code (SEND_CODE) or names the
method the person will use (CHOOSE_METHOD); the answer is checked by VERIFY_CODE or
VERIFY_METHOD. Wrong answers of every method spend the same budgets and count in the
same run of failures. What was proved becomes the session's amr and acr, and a proof of a
strong factor cancels a reset that waits for the account (resets.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from idp import observability
from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.flows import budgets, ceilings, journey, otp, resets, screens, validation
from idp.flows.credentials import app_codes, backup_codes, passkeys
from idp.flows.methods import PREFERRED, offered, verified_phone
from idp.flows.steps import Event
from idp.models import Journey, User
from idp.sessions.assurance import ACR_MFA, ACR_PHISHING_RESISTANT
from idp.store import audit

PHONE_CHANNELS = validation.PHONE_CHANNELS
# Methods that send a code; the others the person holds.
SENT = ("sms", "voice", "email")

# RFC 8176 names the voice call "tel".
AMR_CHANNEL = {"sms": "sms", "voice": "tel"}
# The security event of a failed proof by a method the person holds (a wrong sent code is
# otp.py's "code_wrong").
FAILED_PROOF_EVENTS = {"app": "app_code_wrong", "backup": "backup_code_wrong", "passkey": "passkey_failed"}


@dataclass(frozen=True)
class Proof:
    """How the person proved the second factor: the session's amr and acr."""

    amr: list[str]
    acr: str | None


def begin(current: Journey, user: User) -> None:
    """A journey about to ask for the second factor knows whose it is and where codes go."""
    phone = verified_phone(user)
    current.user_id, current.email, current.language = user.id, user.email, user.language
    current.phone_e164 = phone.e164 if phone else None
    current.channel = offered(current, user)[0]


def ask(current: Journey, user: User, method: str) -> dict:
    """Send a code by the method (sms, voice, email), or prepare the one the person holds
    (app, backup, passkey: a passkey's answer carries the WebAuthn request options)."""
    if not journey.allows(
        current, journey.Flow(current.flow), Event.SEND_CODE if method in SENT else Event.CHOOSE_METHOD
    ):
        raise FlowError(Errors.STEP_OUT_OF_ORDER)
    if method not in offered(current, user):
        raise FlowError(Errors.CHOOSE_METHOD)
    if method in SENT:
        template = otp.PHONE_TEMPLATES.get(method, "signin_code")
        return otp.send(
            current,
            Event.SEND_CODE,
            method,
            _destination(method, user),
            user.language,
            template,
            user_id=user.id,
            own_factor=True,
        )
    current.channel, current.code_id = method, None
    options = passkeys.authentication_options(current, user) if method == "passkey" else None
    journey.advance(current, Event.CHOOSE_METHOD)
    db.session.commit()
    return {"journey": screens.view(current)} | ({"publicKey": options} if options else {})


def _destination(method: str, user: User) -> str:
    return verified_phone(user).e164 if method in PHONE_CHANNELS else user.email


def ask_first(current: Journey, user: User) -> dict:
    """Ask by the person's first method, as soon as the journey needs the second factor —
    passing over a channel that would refuse the code now (texts and calls paused, the day of
    messages to the phone or the address spent, a number [phone] refuses), when the person has
    another way."""
    choices = offered(current, user)
    shut = ceilings.shut_for_own({method: _destination(method, user) for method in choices if method in SENT})
    shut |= {
        method
        for method in choices
        if method in PHONE_CHANNELS and validation.phone_refusal(_destination(method, user), method)
    }
    choices = [method for method in choices if method not in shut] or choices
    return ask(current, user, choices[0])


def check(current: Journey, user: User, answer, transaction_id: str | None = None, channel: str | None = None) -> Proof:
    """The person's answer to what was asked: a code, an app's or backup code, or the
    passkey's signed challenge. Advances the journey, which keeps the proof; not committed,
    except a wrong answer."""
    method = current.channel
    event = Event.VERIFY_CODE if method in SENT else Event.VERIFY_METHOD
    if not journey.allows(current, journey.Flow(current.flow), event):
        raise FlowError(Errors.STEP_OUT_OF_ORDER)
    # Recovery is the way out of a locked account: its answers still count, but never stop.
    stops_at_cap = current.flow != journey.Flow.RECOVERY
    if method in SENT:
        otp.check(current, Event.VERIFY_CODE, str(answer), transaction_id, channel)
        proof = (
            Proof(["pwd", "otp"], None)
            if method == "email"
            else Proof(["pwd", "otp", AMR_CHANNEL[method], "mfa"], ACR_MFA)
        )
    else:
        if channel is not None and channel != method:
            raise FlowError(Errors.STEP_OUT_OF_ORDER)
        guess = budgets.Guess.of(
            current.browser_session_id, f"{method}:{user.id}", user, own_factor=True, stops_at_cap=stops_at_cap
        )
        proof = _held(current, user, method, answer)
        if isinstance(proof, Errors):
            guess.wrong()
            observability.security_event(FAILED_PROOF_EVENTS[method], user.id, flow=current.flow, error=proof.code)
            raise FlowError(
                proof, data={"remaining": backup_codes.remaining(user)} if proof is Errors.BACKUP_CODE_USED else None
            )
        journey.advance(current, Event.VERIFY_METHOD)
    if proof.acr is not None:
        # a strong factor of the account, proved: a reset that waits was not its owner's wish
        resets.yield_to_proof(user, current.browser_session_id, method)
    if method in PREFERRED:
        user.preferred_method = PREFERRED[method]
    # beside what the journey kept there before (a sign-in's destination)
    current.proof = {**(current.proof or {}), "amr": proof.amr, "acr": proof.acr}
    return proof


def passkey_proof(backed_up: bool, user_verified: bool) -> Proof:
    """A passkey used (or just made) after the password: a synced one is swk, a device's hwk."""
    return Proof(
        ["pwd", "swk" if backed_up else "hwk", *(["user"] if user_verified else []), "mfa"], ACR_PHISHING_RESISTANT
    )


def proof_of(current: Journey) -> Proof:
    """The proof a journey kept when its second factor was answered."""
    return Proof(current.proof["amr"], current.proof["acr"])


def _held(current: Journey, user: User, method: str, answer) -> Proof | Errors:
    """What the answer proves, or why it proves nothing."""
    if method == "passkey":
        used = passkeys.authenticate(current, user, answer if isinstance(answer, dict) else {})
        if used is None:
            return Errors.PASSKEY_FAILED
        return passkey_proof(used["backedUp"], used["userVerified"])
    typed = str(answer)
    if method == "app":
        return (
            Proof(["pwd", "otp", "mfa"], ACR_MFA)
            if app_codes.verify(user, validation.code(typed, 6))
            else Errors.WRONG_CODE
        )
    outcome = backup_codes.use(user, typed)
    if outcome is backup_codes.Outcome.SPENT:
        audit.record(user.id, current.browser_session_id, "backup_code_used")
        return Proof(["pwd", "otp", "mfa"], ACR_MFA)
    return Errors.BACKUP_CODE_USED if outcome is backup_codes.Outcome.USED_BEFORE else Errors.WRONG_CODE
