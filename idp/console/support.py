"""The help desk (the support role): find one account by its exact e-mail address or phone
number, see its state without its secrets, and act on it at its owner's request.

There is no partial search and no list: an operator must already know the address or the
number the person gives them. Every look and every act needs a reason the operator types (a
call or ticket reference, say), and is an audit event of the account naming the operator (by
their sub) and the reason. The acts are also the owner's to read in their activity
(idp/account/activity.py SHOWN); a look changes nothing and stays in the operators' trail.

An operator never sees a code, a password, a secret or a session's token, and never signs in
as the person: the state below is made of facts (when, how many, which kind), and the acts
only take away — a lock, sessions, the current password, a lost phone and the passkeys. Taking
the phone away lets nobody in: the next sign-in still needs the password and a code to the
address before a new phone (idp/flows/lost_phone.py); and it is done only after the identity
check docs/console.md defines, which the operator confirms with the act.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from flask import current_app
from sqlalchemy import select

from idp import catalogue, sessions
from idp.account import activity
from idp.account.sessions import device_of, proof_of, revoke_tokens_of
from idp.clients import query_client
from idp.errors import FlowError
from idp.extensions import db
from idp.flows import failures, lost_phone, methods, validation
from idp.flows.credentials import backup_codes, passkeys
from idp.models import AuditEvent, BrowserSession, PhoneCredential, User
from idp.store import audit, grants, limits

REASON_MIN, REASON_MAX = 3, 300
# The account's most recent events the help desk sees.
RECENT_EVENTS = 20


class Act(StrEnum):
    """What the help desk may do, each named as the audit trail records it."""

    UNLOCK = "support_unlocked"
    END_SESSIONS = "support_ended_sessions"
    REQUIRE_NEW_PASSWORD = "support_required_new_password"
    REMOVE_PHONE = "support_removed_phone"


# The acts that need the operator to confirm the identity check of docs/console.md first.
CHECKED_IDENTITY = frozenset({Act.REMOVE_PHONE})


class Refused(Exception):
    """The operator's input cannot be used; problem is a key of the console's messages."""

    def __init__(self, problem: str):
        super().__init__(problem)
        self.problem = problem


def reason_of(typed: str) -> str:
    reason = " ".join(typed.split())
    if len(reason) < REASON_MIN:
        raise Refused("reason_missing")
    if len(reason) > REASON_MAX:
        raise Refused("reason_long")
    return reason


def ensure_identity_checked(act: Act, confirmed: bool) -> None:
    if act in CHECKED_IDENTITY and not confirmed:
        raise Refused("identity_unchecked")


def find(typed: str) -> User | None:
    """The account whose e-mail address is exactly this one (in any case), or whose phone is
    exactly this number in international form (+ then the country code; spaces, dots, dashes
    and brackets as people write them are ignored)."""
    typed = typed.strip()
    if not typed:
        raise Refused("identifier_missing")
    if "@" in typed:
        return db.session.scalar(select(User).where(User.email == typed.lower()))
    try:
        e164 = validation.phone(re.sub(r"[\s.()\-]", "", typed))
    except FlowError:
        raise Refused("identifier_invalid") from None
    return db.session.scalar(select(User).join(PhoneCredential).where(PhoneCredential.e164 == e164))


@dataclass(frozen=True)
class Event:
    at: datetime
    action: str
    # the words of the person's own activity page, in the operator's language; None for an
    # event the person is not shown (a look of the help desk), which the console words itself
    words: str | None
    # what the operator typed for an act or a look of the help desk
    reason: str | None


@dataclass(frozen=True)
class State:
    user: User
    methods: list[dict]
    failures: int
    failure_cap: int
    waits_seconds: int
    sessions: list[dict]
    services: list[str]
    events: list[Event]
    last_sign_in: object | None
    # the removal of a lost phone or the account's deletion the person asked (idp/flows/resets.py),
    # if one waits: its kind and when it takes effect
    waiting_reset: object | None

    @property
    def locked(self) -> bool:
        return self.failures >= self.failure_cap


def state(user: User, language: str) -> State:
    """What the help desk sees of the account: facts, never a secret."""
    person = methods.person(user.id)
    phone = methods.verified_phone(person)
    shown = [{"kind": "phone", "ending": phone.e164[-4:], "channel": phone.channel}] if phone else []
    if person.app_credential is not None and person.app_credential.confirmed_at is not None:
        shown.append({"kind": "app"})
    shown += [{"kind": "passkey", "name": passkey.name} for passkey in passkeys.of(person)]
    if person.backup_codes:
        shown.append({"kind": "backup", "remaining": backup_codes.remaining(person)})
    account_key = failures.account_key(user, user.email)
    rows = db.session.scalars(
        select(BrowserSession).where(BrowserSession.user_id == user.id).order_by(BrowserSession.last_seen_at.desc())
    ).all()
    events = db.session.scalars(
        select(AuditEvent).where(AuditEvent.user_id == user.id).order_by(AuditEvent.id.desc()).limit(RECENT_EVENTS)
    ).all()
    services = []
    for grant in grants.connected(user.id):
        client = query_client(grant.client_id)
        if client is not None:
            services.append(client.service.title[language])
    return State(
        user=user,
        methods=shown,
        failures=limits.count_of(account_key),
        failure_cap=current_app.config["IDP"]["password"]["max_consecutive_failures"],
        waits_seconds=limits.blocked_for([account_key]),
        sessions=[
            {
                "device": device_in_words(device_of(row.user_agent), language),
                "created": row.created_at,
                "last_seen": row.last_seen_at,
                "proof": proof_of(row.amr),
            }
            for row in rows
        ],
        services=services,
        events=[
            Event(
                event.at,
                event.action,
                activity.in_words(event, language) if event.action in activity.SHOWN else None,
                (event.details or {}).get("reason") if (event.details or {}).get("operator") else None,
            )
            for event in events
        ],
        last_sign_in=max((row.auth_time for row in rows if row.auth_time), default=None)
        or next(
            (
                event.at
                for event in events
                if event.action in ("signin_completed", "recovery_completed", "signup_completed")
            ),
            None,
        ),
        waiting_reset=person.waiting_reset,
    )


def device_in_words(device: dict, language: str) -> str:
    """A device as the person's own list of sessions names it (the login UI's words): "Firefox
    on Windows", either part unknown said so, and "Unknown device" when nothing is known."""
    if not (device["browser"] or device["system"]):
        return catalogue.say(language, "account.sessions.unknownDevice")
    return catalogue.say(
        language,
        "account.sessions.device",
        browser=device["browser"] or catalogue.say(language, "account.sessions.unknownBrowser"),
        system=device["system"] or catalogue.say(language, "account.sessions.unknownSystem"),
    )


def looked(user: User, operator: User, reason: str) -> None:
    audit.record(user.id, None, "support_viewed", operator=operator.id, reason=reason)
    db.session.commit()


def act(act: Act, user: User, operator: User, reason: str) -> None:
    """Do it, recorded with the operator and the reason; committed."""
    details = {}
    if act is Act.UNLOCK:
        failures.succeeded(failures.account_key(user, user.email))
    elif act is Act.END_SESSIONS:
        revoke_tokens_of(sessions.end_all(user.id, sessions.Reason.ENDED_BY_SUPPORT))
    elif act is Act.REQUIRE_NEW_PASSWORD:
        user.new_password_required = True
        # whoever signed in with the old password keeps nothing
        revoke_tokens_of(sessions.end_all(user.id, sessions.Reason.ENDED_BY_SUPPORT))
    elif act is Act.REMOVE_PHONE:
        details = lost_phone.removed_by_operator(user, operator, reason)
    audit.record(user.id, None, act.value, operator=operator.id, reason=reason, **details)
    db.session.commit()
