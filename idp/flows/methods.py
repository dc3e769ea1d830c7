"""The methods a person has to prove it is them after the password: the phone on the
account (a code by text message or call), an authenticator app, passkeys, backup codes."""

from __future__ import annotations

from sqlalchemy import bindparam
from sqlalchemy.orm import joinedload

from idp.extensions import db
from idp.flows import validation
from idp.flows.credentials import app_codes, backup_codes, passkeys
from idp.flows.steps import Flow
from idp.models import Journey, PhoneCredential, User
from idp.sessions import assurance

# The methods remembered as the person's choice, for what they stand for.
PREFERRED = {"sms": "phone", "voice": "phone", "app": "app", "passkey": "passkey"}


# Offering a person's methods reads all four kinds: they load with the person in one
# statement, not a lazy query each (bench/signin_per_core.py), with the reset that may wait
# (at most one: resets.py). A person holds at most a few passkeys and one set of
# backup codes, so the joined rows stay few.
WITH_METHODS = (
    joinedload(User.phone),
    joinedload(User.app_credential),
    joinedload(User.passkeys),
    joinedload(User.backup_codes),
    joinedload(User.waiting_reset),
)


def person(user_id: str) -> User | None:
    """The person, methods loaded, for a journey that asks the second factor."""
    return db.session.get(User, user_id, options=WITH_METHODS)


_BY_EMAIL = db.select(User).where(User.email == bindparam("email")).options(*WITH_METHODS)


def person_by_email(email: str) -> User | None:
    return db.session.execute(_BY_EMAIL, {"email": email}).unique().scalar_one_or_none()


def verified_phone(user: User) -> PhoneCredential | None:
    return user.phone if user.phone is not None and user.phone.verified_at is not None else None


def strong_methods(user: User) -> list[str]:
    """The person's methods that stand on their own: phone, app, passkey."""
    return [
        name
        for name, present in (
            ("phone", verified_phone(user) is not None),
            ("app", app_codes.confirmed(user) is not None),
            ("passkey", bool(passkeys.of(user))),
        )
        if present
    ]


def only_the_phone(user: User) -> bool:
    """Only the phone stands between this person and their account (no app, passkey or
    backup codes): having lost it, they may ask for its removal (lost_phone.py)."""
    return strong_methods(user) == ["phone"] and not backup_codes.remaining(user)


def methods_of(user: User) -> list[str]:
    """What the person may use, the kind they used last first; e-mail only for an account
    that has no second factor at all."""
    phone = verified_phone(user)
    offered = []
    if phone is not None:
        channels = validation.offered_channels()
        offered += [
            channel for channel in (phone.channel, "voice" if phone.channel == "sms" else "sms") if channel in channels
        ]
    if app_codes.confirmed(user) is not None:
        offered.append("app")
    if passkeys.of(user):
        offered.append("passkey")
    if not offered:
        return ["email"]
    if backup_codes.remaining(user):
        offered.append("backup")
    preferred = user.preferred_method
    return sorted(offered, key=lambda method: not (preferred and PREFERRED.get(method) == preferred))


def offered(current: Journey, user: User) -> list[str]:
    """The methods a sign-in may use: the person's, or only their passkey when the service
    waiting for this sign-in asks a phishing-resistant one and they hold one (assurance.py)."""
    held = methods_of(user)
    if (
        current.flow == Flow.SIGNIN
        and "passkey" in held
        and assurance.passkey_required(assurance.asked_by_waiting_service())
    ):
        return ["passkey"]
    return held


def remove_phone(user: User) -> int:
    return db.session.execute(db.delete(PhoneCredential).where(PhoneCredential.user_id == user.id)).rowcount
