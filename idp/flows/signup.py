"""Sign-up, the specification's four steps: e-mail (and its code), password, phone (and
its code), name. Each function checks that the journey allows the step, validates,
changes state and commits, except complete_profile, whose caller signs the browser in
within the same transaction.
"""

from __future__ import annotations

from dataclasses import replace

from sqlalchemy.exc import IntegrityError

from idp.clock import now
from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.flows import accounts, journey, methods, methods_change, otp, screens, second_factor, validation
from idp.flows.accounts import Completed
from idp.flows.credentials import passwords
from idp.flows.steps import Event, Flow
from idp.models import Interaction, Journey, OtpTransaction, PhoneCredential, User
from idp.models.otp import CodeState
from idp.sessions import assurance
from idp.store import audit, journeys, writes


def _journey_for(browser_session_id: int | None, event: Event, email: str) -> Journey:
    found = journey.begin(browser_session_id, Flow.SIGNUP, event)
    # The address is the journey's, whatever the browser now claims.
    if validation.email(email) != found.email:
        raise FlowError(Errors.STEP_OUT_OF_ORDER)
    return found


def accept_privacy(browser_session_id: int) -> dict:
    """The privacy notice was read and accepted: sign-up (re)starts here."""
    current = journey.begin(browser_session_id, Flow.SIGNUP, Event.ACCEPT_PRIVACY)
    journey.advance(current, Event.ACCEPT_PRIVACY)
    # a session made by this call takes up the authorization request its cookie kept waiting
    writes.commit(Journey, Interaction)
    return {"journey": screens.view(current)}


def send_email_code(browser_session_id: int | None, email: str, language: str) -> dict:
    """Step 1. An address that already has an account gets the same answer, and an
    e-mail saying so instead of a code: the answer never tells who has an account."""
    email = validation.email(email)
    current = journey.begin(browser_session_id, Flow.SIGNUP, Event.SEND_EMAIL_CODE)
    current.email, current.language = email, language
    taken = db.session.scalar(db.select(User.id).filter_by(email=email)) is not None
    template = "account_exists" if taken else "signup_code"
    return otp.send(current, Event.SEND_EMAIL_CODE, "email", email, language, template, with_code=not taken)


def verify_email_code(browser_session_id: int | None, email: str, code: str, transaction_id: str) -> dict:
    current = _journey_for(browser_session_id, Event.VERIFY_EMAIL_CODE, email)
    otp.check(current, Event.VERIFY_EMAIL_CODE, code, transaction_id, "email")
    db.session.commit()
    return {"journey": screens.view(current)}


def create_account(browser_session_id: int | None, email: str, password: str, transaction_id: str) -> dict:
    """Step 2: only for the address whose code this journey verified. Answers the specification's
    {id, userName}."""
    current = _journey_for(browser_session_id, Event.CREATE_ACCOUNT, email)
    verified = journeys.newest_code(current)
    if (
        verified is None
        or verified.id != transaction_id
        or verified.state != CodeState.USED
        or verified.destination != current.email
    ):
        raise FlowError(Errors.STEP_OUT_OF_ORDER)
    passwords.check_policy(password, [current.email, current.email.split("@")[0]])
    user = User(
        email=current.email,
        email_verified=True,
        password_hash=passwords.hash_password(password),
        language=current.language or "en",
    )
    db.session.add(user)
    try:
        db.session.flush()
    except IntegrityError:
        # Another sign-up of the same address won the race: one account, this one refused.
        db.session.rollback()
        raise FlowError(Errors.ACCOUNT_EXISTS) from None
    current.user_id = user.id
    journey.advance(current, Event.CREATE_ACCOUNT)
    db.session.commit()
    return {"id": user.id, "userName": user.email, "journey": screens.view(current)}


def send_phone_code(browser_session_id: int | None, email: str, channel: str, phone: str) -> dict:
    """Step 3 (and its resends, a new phone number or the other channel)."""
    current = _journey_for(browser_session_id, Event.SEND_PHONE_CODE, email)
    channel = validation.channel(channel, validation.PHONE_CHANNELS)
    current.phone_e164 = validation.phone(phone)
    return otp.send(
        current,
        Event.SEND_PHONE_CODE,
        channel,
        current.phone_e164,
        current.language or "en",
        otp.PHONE_TEMPLATES[channel],
        user_id=current.user_id,
    )


def verify_phone_code(
    browser_session_id: int | None, email: str, channel: str, code: str, transaction_id: str
) -> dict | Completed:
    """The phone becomes the account's two-step verification phone. A complete account whose
    lost phone was removed (screens.NEW_PHONE) is not asked its name again: it is done, not
    committed (the caller signs the browser in, then commits)."""
    current = _journey_for(browser_session_id, Event.VERIFY_PHONE_CODE, email)
    otp.check(
        current, Event.VERIFY_PHONE_CODE, code, transaction_id, validation.channel(channel, validation.PHONE_CHANNELS)
    )
    credential = db.session.scalar(db.select(PhoneCredential).filter_by(user_id=current.user_id))
    if credential is None:
        credential = PhoneCredential(user_id=current.user_id)
        db.session.add(credential)
    credential.e164, credential.channel, credential.verified_at = current.phone_e164, current.channel, now()
    if current.pending == screens.NEW_PHONE:
        user = db.session.get(User, current.user_id)
        journey.advance(current, Event.COMPLETE_PROFILE)
        audit.record(
            user.id, browser_session_id, "phone_changed", channel=current.channel, ending=current.phone_e164[-4:]
        )
        return replace(accounts.complete(user, _phone_proof(current), current), action="signin_completed")
    writes.commit(PhoneCredential, Journey, OtpTransaction)
    return {"journey": screens.view(current)}


def complete_profile(
    browser_session_id: int | None, email: str, user_id: str, first_name: str, last_name: str, language: str
) -> Completed:
    """Step 4. The id the browser sends must be the account this journey created.
    Not committed: the caller signs the browser in, then commits."""
    current = _journey_for(browser_session_id, Event.COMPLETE_PROFILE, email)
    if user_id != current.user_id:
        raise FlowError(Errors.STEP_OUT_OF_ORDER)
    first = validation.name(first_name, "firstName", required=False)
    last = validation.name(last_name, "lastName", required=True)
    language = validation.language(language)
    user = db.session.get(User, current.user_id)
    user.first_name, user.last_name, user.language = first, last, language
    user.profile_completed_at = now()
    journey.advance(current, Event.COMPLETE_PROFILE)
    methods_change.opened_by_sign_up(browser_session_id, user)
    return accounts.complete(user, _phone_proof(current), current)


def _phone_proof(current: Journey) -> second_factor.Proof:
    """The password, then the phone's code just verified."""
    return second_factor.Proof(["pwd", "otp", second_factor.AMR_CHANNEL[current.channel], "mfa"], assurance.ACR_MFA)


def resume(browser_session_id: int, completed: Completed) -> Completed:
    """An account whose sign-up stopped does not sign in: the person goes on with the
    sign-up where it stopped (the phone step, then the name), having proved the password
    and the address or phone. A complete account passes through."""
    user = completed.user
    phone = methods.verified_phone(user)
    if phone is not None and user.profile_completed_at is not None:
        return completed
    event = Event.RESUME_AT_PHONE if phone is None else Event.RESUME_AT_NAME
    current = journey.begin(browser_session_id, Flow.SIGNUP, event)
    current.user_id, current.email, current.language = user.id, user.email, user.language
    if phone is not None:
        current.phone_e164, current.channel = phone.e164, phone.channel
    elif user.profile_completed_at is not None:
        # not a sign-up that stopped: a complete account whose lost phone was removed
        current.pending = screens.NEW_PHONE
    journey.advance(current, event)
    return Completed(user, completed.proof, current, signs_in=False)
