"""How you sign in (the profile): the person's methods, and adding, replacing and removing
them — an authenticator app, passkeys, a set of backup codes, the phone.

Each change needs the password and a current second factor given for it
(reauthentication.py); right after a sign-up, which has just proved both, the first
change needs nothing more. The last strong method (phone, app, passkey) is never removed.
Each change is announced by e-mail in the person's language; then, as after any change of
a way in, every other session ends and the relying services' tokens are revoked.
"""

from __future__ import annotations

from idp import moments, sessions
from idp.clock import iso, now
from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.flows import accounts, budgets, journey, methods, reauthentication, screens, second_factor, validation
from idp.flows.credentials import app_codes, backup_codes, passkeys
from idp.flows.steps import Event, Flow
from idp.models import BrowserSession, Journey, User
from idp.store import audit

PASSKEY_NAME_MAX_LENGTH = 100


def _used(added, last_used, language: str) -> dict:
    """When a method was added and last used, and those days in words."""
    return {
        "addedAt": iso(added),
        "addedSaid": moments.day_said(added, language),
        "lastUsedAt": iso(last_used),
        "lastUsedSaid": moments.day_said(last_used, language) if last_used else None,
    }


def summary(browser_session: BrowserSession | None, language: str) -> dict:
    """What the person has, as "How you sign in" lists it."""
    user = accounts.signed_in_user(browser_session)
    phone, app = methods.verified_phone(user), app_codes.confirmed(user)
    return {
        "phone": {"number": validation.mask_phone(phone.e164), "channel": phone.channel} if phone else None,
        "app": _used(app.confirmed_at, app.last_used_at, language) if app else None,
        "passkeys": [
            {
                "id": passkey.id,
                "name": passkey.name,
                "signsInAlone": passkey.signs_in_alone,
                **_used(passkey.created_at, passkey.last_used_at, language),
            }
            for passkey in passkeys.of(user)
        ],
        "backupCodes": backup_codes.summary(user),
        "preferred": user.preferred_method,
    }


def opened_by_sign_up(browser_session_id: int, user: User) -> None:
    """A sign-up just proved the password and the phone: the first change needs nothing more."""
    _opened_proven(browser_session_id, user.id, Event.SIGNED_UP, now())


def opened_for_a_passkey(browser_session: BrowserSession) -> None:
    """A sign-in just proved the password and a second factor for a service that asks a passkey
    the person has none of (oauth/authorize.py sends them to add one): the passkey needs no
    second proof of the same two things (the console's first entry asked the password and a
    code twice within a minute). The proof is this browser session's sign-in, and lasts the
    re-authentication window from then, as any."""
    _opened_proven(
        browser_session.id, browser_session.user_id, Event.SIGNED_IN_FOR_A_PASSKEY, browser_session.auth_time
    )


def _opened_proven(browser_session_id: int, user_id: str, event: Event, proved_at) -> None:
    current = journey.begin(browser_session_id, Flow.METHODS, event, user_id)
    journey.advance(current, event)
    current.reauthenticated_at = proved_at


def _done(browser_session: BrowserSession, user: User, current: Journey, event: Event, change: str, **details) -> dict:
    journey.advance(current, event)
    accounts.notify_change(user, change)
    audit.record(user.id, browser_session.id, change, **details, **accounts.after_factor_change(user, browser_session))
    db.session.commit()
    return {"journey": screens.view(current)}


def start_app(browser_session: BrowserSession | None) -> dict:
    """A new app's secret, shown once; the journey keeps it until the first code."""
    user, current = reauthentication.step(browser_session, Flow.METHODS, Event.START_APP)
    secret, current.pending = app_codes.new_secret()
    journey.advance(current, Event.START_APP)
    db.session.commit()
    return app_codes.setup_page(user, secret, user.language) | {"journey": screens.view(current)}


def confirm_app(browser_session: BrowserSession | None, code: str) -> dict:
    """The first code of the new app: it counts from now (and replaces an earlier app)."""
    user, current = reauthentication.step(browser_session, Flow.METHODS, Event.CONFIRM_APP)
    guess = budgets.Guess.of(current.browser_session_id, f"app:{user.id}", user, own_factor=True, stops_at_cap=True)
    if not app_codes.confirm(user, current.pending, validation.code(code, 6)):
        guess.wrong()
        raise FlowError(Errors.WRONG_CODE)
    current.pending = None
    return _done(browser_session, user, current, Event.CONFIRM_APP, "app_added")


def create_backup_codes(browser_session: BrowserSession | None) -> dict:
    """A new set, shown this once; the old set stops working."""
    user, current = reauthentication.step(browser_session, Flow.METHODS, Event.CREATE_BACKUP_CODES)
    codes = backup_codes.new_set(user)
    return {"codes": codes} | _done(browser_session, user, current, Event.CREATE_BACKUP_CODES, "backup_codes_created")


def start_passkey(browser_session: BrowserSession | None) -> dict:
    """What the browser needs to make a passkey for this account."""
    user, current = reauthentication.step(browser_session, Flow.METHODS, Event.START_PASSKEY)
    options = passkeys.registration_options(current, user)
    journey.advance(current, Event.START_PASSKEY)
    db.session.commit()
    return {"publicKey": options, "journey": screens.view(current)}


def register_passkey(browser_session: BrowserSession | None, credential: dict, name: str) -> dict:
    """The new passkey, named by the person, once the browser's answer signs the challenge."""
    name = " ".join(name.split())
    if not name or len(name) > PASSKEY_NAME_MAX_LENGTH:
        raise FlowError(Errors.PASSKEY_NAME, data={"maxLength": PASSKEY_NAME_MAX_LENGTH})
    user, current = reauthentication.step(browser_session, Flow.METHODS, Event.REGISTER_PASSKEY)
    registered = passkeys.register(current, user, credential, name)
    if registered is None:
        raise FlowError(Errors.PASSKEY_FAILED)
    passkey, user_verified = registered
    # The person proved the password and a second factor again, then made the passkey on this
    # site's origin: this session is now as strong as a sign-in with it (assurance.py), so a
    # service that asks a phishing-resistant sign-in can be continued to.
    proof = second_factor.passkey_proof(passkey.backed_up, user_verified)
    sessions.strengthen(browser_session, proof.amr, proof.acr)
    return _done(browser_session, user, current, Event.REGISTER_PASSKEY, "passkey_added")


def remove(browser_session: BrowserSession | None, method: str, passkey_id: int | None) -> dict:
    """Remove a method — never the last strong one: there must stay a way to prove it is you."""
    user, current = reauthentication.step(browser_session, Flow.METHODS, Event.REMOVE_METHOD)
    if method not in ("phone", "app", "passkey", "backup"):
        raise FlowError(Errors.CHOOSE_METHOD)
    strong = methods.strong_methods(user)
    last_of_its_kind = method != "passkey" or len(passkeys.of(user)) == 1
    if method != "backup" and last_of_its_kind and strong == [method]:
        raise FlowError(Errors.LAST_STRONG_METHOD)
    if method == "phone":
        removed = methods.remove_phone(user)
    elif method == "app":
        removed = app_codes.remove(user)
    elif method == "passkey":
        removed = passkeys.remove(user, passkey_id or 0)
    else:
        removed = backup_codes.remove(user)
    if not removed:
        raise FlowError(Errors.NOT_FOUND)
    if user.preferred_method == method:
        user.preferred_method = None
    return _done(browser_session, user, current, Event.REMOVE_METHOD, f"{method}_removed")
