"""Password recovery ("I forgot my password"): a code to the e-mail address, then the
two-step code to the account's phone, then a new password.

Recovery never bypasses the second factor: an account with a phone proves it too. An
account whose sign-up stopped before the phone step has only its address to prove, and
goes on with its sign-up once the password is new; a complete account whose lost phone was
removed does not (ADDRESS_ONLY): its address alone would stand in for two factors. Whoever
proved the address and can prove nothing else may ask the account's deletion instead, which
waits and yields to its owner (resets.py). The first answer is the same whether
or not an account exists; an unknown address simply never receives a code, so its
journey can never go further. A new password ends every other browser session of the
account and revokes the relying services' tokens.
"""

from __future__ import annotations

from flask import current_app

from idp import observability
from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.flows import (
    accounts,
    journey,
    methods,
    otp,
    proof,
    proof_gates,
    resets,
    screens,
    second_factor,
    signup,
    validation,
)
from idp.flows.accounts import Completed
from idp.flows.credentials import passwords
from idp.flows.steps import Event, Flow
from idp.models import AuditEvent, BrowserSession, Journey, OutboxMessage, Reset, User
from idp.sessions import devices
from idp.store import audit, journeys, limits, writes

DAY_SECONDS = 86400


def send_email_code(browser_session_id: int, email: str, language: str) -> dict:
    """The same answer for every address; only an account's address gets the code, in
    the account's correspondence language."""
    email = validation.email(email)
    current = journey.begin(browser_session_id, Flow.RECOVERY, Event.SEND_EMAIL_CODE)
    user = db.session.scalar(db.select(User).filter_by(email=email))
    current.email = email
    current.user_id = user.id if user else None
    current.language = user.language if user else language
    if user is not None:
        audit.record(user.id, browser_session_id, "recovery_requested")
    else:
        observability.security_event("recovery_requested", None)
    # On the owner's trusted device the code spends the account's own budget, which nobody
    # else's requests can spend; elsewhere the anonymous ones, and past a day's recovery
    # e-mails to one address each further one costs a hard proof of work: a flood of requests
    # pays to fill the owner's inbox, and the owner, from any browser, is never shut out.
    own = user is not None and devices.trusted_device(user.id) is not None
    daily = current_app.config["IDP"]["limits"]["max_recovery_emails_per_day"]
    gates = () if own else (proof_gates.Gate(limits.key("recovery-email", email), daily, DAY_SECONDS, proof.HARD),)
    return otp.send(
        current,
        Event.SEND_EMAIL_CODE,
        "email",
        email,
        current.language,
        "recovery_code" if user else None,
        user_id=current.user_id,
        own_factor=own,
        gates=gates,
    )


def _journey(browser_session_id: int | None) -> tuple[Journey, User]:
    found = journeys.find(browser_session_id, Flow.RECOVERY)
    if found is None or found.user_id is None:
        raise FlowError(Errors.STEP_OUT_OF_ORDER)
    return found, methods.person(found.user_id)


def verify_email_code(browser_session_id: int | None, code: str) -> dict:
    """The address is the account's: its second factor is asked at once, by the method the
    person used last (an account that never had one goes straight to its new password). A
    deletion of the account whose wait is over is offered instead (resets.py); a complete
    account with no way in left but its address may only ask one."""
    current = journey.begin(browser_session_id, Flow.RECOVERY, Event.VERIFY_EMAIL_CODE)
    user = methods.person(current.user_id) if current.user_id else None
    event = _after_the_address(user)
    otp.check(current, event, code)
    if user is None:
        # No code was delivered to an unknown address: even a lucky guess goes no further.
        raise FlowError(Errors.WRONG_CODE)
    if event != Event.VERIFY_EMAIL_CODE:
        db.session.commit()
        return {"journey": screens.view(current)}
    second_factor.begin(current, user)
    return second_factor.ask_first(current, user)


def _after_the_address(user: User | None) -> Event:
    """Where the address code leads."""
    if user is None:
        return Event.VERIFY_EMAIL_CODE
    if resets.due(user, resets.ACCOUNT) is not None:
        return Event.VERIFY_EMAIL_CODE_RESET_DUE
    if methods.strong_methods(user):
        return Event.VERIFY_EMAIL_CODE
    if user.profile_completed_at is not None:
        # Not a sign-up that stopped: a complete account whose lost phone was removed
        # (lost_phone.py). The address alone never sets its password; the password and the
        # address give it a new phone first, and without the password the account's deletion
        # is the way back. Said only to whoever proved the address.
        return Event.VERIFY_EMAIL_CODE_ADDRESS_ONLY
    return Event.VERIFY_EMAIL_CODE_NO_FACTOR


def request_account_reset(browser_session_id: int | None) -> dict:
    """ "I can't use any of these": whoever proved the address asks to delete the account and
    start again, after a wait told to every channel of the account (resets.py)."""
    current = journey.begin(browser_session_id, Flow.RECOVERY, Event.REQUEST_ACCOUNT_RESET)
    user = methods.person(current.user_id)
    resets.request(user, resets.ACCOUNT, current.browser_session_id)
    journey.advance(current, Event.REQUEST_ACCOUNT_RESET)
    answer = {"journey": screens.view(current)}
    writes.commit(Journey, Reset, AuditEvent, OutboxMessage)
    return answer


def send_code(browser_session_id: int | None, method: str) -> dict:
    """A new code, or another of the person's methods."""
    current, user = _journey(browser_session_id)
    return second_factor.ask(current, user, method)


def verify_code(browser_session_id: int | None, answer) -> dict:
    current, user = _journey(browser_session_id)
    second_factor.check(current, user, answer)
    db.session.commit()
    return {"journey": screens.view(current)}


def set_password(browser_session: BrowserSession | None, password: str) -> Completed:
    """The new password (policy and strength); whoever took over the account keeps nothing
    (accounts.after_factor_change), and the account's run of failures ends. Not committed:
    the caller signs this browser in (or goes on with the sign-up), then commits."""
    current = journey.begin(browser_session.id if browser_session else None, Flow.RECOVERY, Event.SET_PASSWORD)
    user = db.session.get(User, current.user_id)
    passwords.check_policy(password, passwords.personal_words(user))
    accounts.notify_change(user, "password")
    user.password_hash = passwords.hash_password(password)
    user.new_password_required = False
    journey.advance(current, Event.SET_PASSWORD)
    audit.record(user.id, browser_session.id, "password_reset", **accounts.after_factor_change(user, browser_session))
    proof = second_factor.proof_of(current) if current.proof else second_factor.Proof(["pwd", "otp"], None)
    return signup.resume(browser_session.id, accounts.complete(user, proof, current))
