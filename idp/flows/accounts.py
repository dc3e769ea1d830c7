"""What every flow asks of an existing account: the person signed in, the password check
and its throttles, the end of a flow, and what follows a change of factor."""

from __future__ import annotations

from dataclasses import dataclass

from flask import current_app

from idp import observability, sessions
from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.flows import failures, messages, proof_gates
from idp.flows.credentials import passwords
from idp.flows.second_factor import Proof
from idp.models import AuditEvent, BrowserSession, Interaction, Journey, User
from idp.sessions import devices
from idp.store import audit, grants, limits, runs, writes


@dataclass(frozen=True)
class Completed:
    """A finished flow: whom it concerns, how they proved it, and the journey the browser
    is in now. signs_in is false when the person must first finish their sign-up (the
    journey is then the sign-up, where it stopped)."""

    user: User
    proof: Proof
    journey: Journey
    signs_in: bool = True
    # the audit trail's word for it, when not "<flow>_completed": a sign-up resumed for a new
    # phone (lost_phone.py) ends a sign-in, not an account's creation
    action: str | None = None
    # the name of the passkey that signed in, for the activity and the new-device notice
    passkey: str | None = None


def signed_in_user(browser_session: BrowserSession | None) -> User:
    """The person of the browser session (never an id the browser sends); SIGN_IN_REQUIRED
    when nobody is signed in."""
    if browser_session is None or browser_session.user_id is None:
        raise FlowError(Errors.SIGN_IN_REQUIRED)
    return db.session.get(User, browser_session.user_id)


def _rules() -> dict:
    return current_app.config["IDP"]["password"]


def check_password(user: User | None, email: str, password: str) -> None:
    """The account's password, or WRONG_CREDENTIALS; NEW_PASSWORD_REQUIRED when it is right
    but the help desk asked for a new one (a recovery sets it). A client that is not a trusted
    device of the account waits when the account's run of failures says so
    (TOO_MANY_PASSWORD_TRIES), without its password being tried, and meets the cap that forces
    recovery; at an address where many passwords failed lately (an office, a carrier's NAT, or
    a sprayer), its try costs a proof of work, never a wait. A trusted device's failures form
    a run of its own, counted apart, which alone makes it wait. An unknown address (user None)
    has runs of its own, costs the same argon2 work and gets the same answers as an account."""
    rules = _rules()
    account = failures.account_key(user, email)
    device = devices.trusted_device(user.id if user else None)
    gates = (
        ()
        if device
        else proof_gates.address_gates("sign-in-ip", rules["max_failures_per_ip"], None, rules["ip_window_seconds"])
    )
    if device is None:
        # the cap that forces recovery is unknown devices': a trusted device has its own run;
        # the account's run and the address's gate are read in one statement
        counters = limits.read([account, gates[0].key])
        failures.ensure_usable(account, counters)
        proof_gates.charge(gates, counters)
    # The try is claimed (counted, and past the free ones blocking the next) before the hash:
    # concurrent guesses get exactly the allowance.
    run = limits.key("device", device) if device else account
    count = failures.claim(run)
    matches, new_hash = passwords.verify(user.password_hash if user else None, password)
    if matches:
        runs.refund(run)
        user.password_hash = new_hash or user.password_hash
        if user.new_password_required:
            # Said only to whoever knows the password; committed, as the error rolls back the rest.
            db.session.commit()
            raise FlowError(Errors.NEW_PASSWORD_REQUIRED)
        return
    if user is not None:
        audit.record(user.id, None, "password_wrong", trusted_device=device is not None)
    else:
        observability.security_event("password_wrong", None, trusted_device=False)
    if device is None:
        failures.counted(count, user)
        proof_gates.count(gates)
    # Committed now: the API rolls back everything else on the error that follows.
    writes.commit(AuditEvent, Interaction)
    raise FlowError(Errors.WRONG_CREDENTIALS)


def complete(user: User, proof: Proof, current: Journey) -> Completed:
    """The person proved the password and a second factor: their runs of failures end."""
    device = devices.trusted_device(user.id)
    failures.succeeded(failures.account_key(user, user.email), *([limits.key("device", device)] if device else []))
    return Completed(user, proof, current)


def after_factor_change(user: User, browser_session: BrowserSession | None) -> dict:
    """Once a factor changed, whoever else holds a way in loses it: every other session of
    the account ends (every one, when the change was not made from a browser: the help desk's)
    and every token the relying services hold for it is revoked (the services stay connected
    and sign the person in again). Answers the counts for the audit trail."""
    if browser_session is None:
        ended = sessions.end_all(user.id, sessions.Reason.FACTOR_CHANGED)
    else:
        ended = sessions.end_others(user.id, browser_session, sessions.Reason.FACTOR_CHANGED)
    revoked = grants.revoke(grants.Reason.FACTOR_CHANGED, user_id=user.id)
    return {"other_sessions_ended": len(ended), "tokens_revoked": revoked.tokens}


def notify_change(user: User, change: str, to: str | None = None) -> None:
    """The "was this you?" e-mail after a change of name, e-mail, phone or password."""
    messages.deliver("email", to or user.email, "account_changed", user.language, change=change)
