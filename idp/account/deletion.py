"""Delete my account: after proof that it is you (reauthentication.py), every personal datum
of the account goes, its services are told, and a last e-mail goes to the address it had.

What goes: the person (e-mail, phone, name, password hash), their methods (app, passkeys,
backup codes), sessions, the codes sent to them, their journeys, trusted devices, grants,
authorization codes and tokens, and their activity. Every session of the account ends
(back-channel logout to the services signed in through it), every other connected service is
told by a logout token naming the account's sub (OpenID Connect Back-Channel Logout 1.0 allows a
sub without sid) — or, when it registered backchannel_logout_session_required, by one naming
each ended session its codes and tokens name (idp/oauth/backchannel.py) — and every token is
revoked before its row goes. What stays is what an operator must keep and nothing personal:
an audit event `account_deleted` with no account id, e-mail, phone or name — that an account
was deleted, and when. The same address may then sign up again as a new person, with a new sub.

The same deletion ends the way back of a person who could prove nothing but the address
(`delete_after_reset`: idp/flows/resets.py's account reset, once its wait is over).
"""

from __future__ import annotations

import logging

from sqlalchemy import delete, or_

from idp import notify, sessions
from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.flows import journey, methods, reauthentication, resets, screens
from idp.flows.steps import Event, Flow
from idp.models import (
    AppCredential,
    AuditEvent,
    BackupCode,
    BrowserSession,
    Device,
    Journey,
    OtpTransaction,
    PasskeyCredential,
    PhoneCredential,
    User,
)
from idp.oauth import backchannel
from idp.store import audit, grants

log = logging.getLogger("idp.deliveries")


def _erase(user: User, destinations: list[str], ended: list[sessions.Ended]) -> None:
    """Every row that is the person's, the account last. The caller commits."""
    grants.erase(user.id)
    session_ids = [session.id for session in ended]
    rows = {
        OtpTransaction: or_(
            OtpTransaction.user_id == user.id,
            OtpTransaction.destination.in_(destinations),
            OtpTransaction.browser_session_id.in_(session_ids),
        ),
        Journey: or_(Journey.user_id == user.id, Journey.browser_session_id.in_(session_ids)),
        Device: Device.user_id == user.id,
        AppCredential: AppCredential.user_id == user.id,
        BackupCode: BackupCode.user_id == user.id,
        PasskeyCredential: PasskeyCredential.user_id == user.id,
        PhoneCredential: PhoneCredential.user_id == user.id,
        AuditEvent: AuditEvent.user_id == user.id,
        User: User.id == user.id,
    }
    for model, condition in rows.items():
        db.session.execute(delete(model).where(condition).execution_options(synchronize_session=False))
    # the rows are gone: none of the objects read of them may be written back
    db.session.expunge_all()


def delete_account(browser_session: BrowserSession | None) -> dict:
    """Delete the signed-in person's account; this browser is signed out. Answers the
    journey (its screen says the account is gone)."""
    user, current = reauthentication.step(browser_session, Flow.ACCOUNT_DELETION, Event.DELETE_ACCOUNT)
    journey.advance(current, Event.DELETE_ACCOUNT)
    answer = {"journey": screens.view(current)}
    ended = sessions.end_others(user.id, browser_session, sessions.Reason.ACCOUNT_DELETED)
    ended += sessions.end(browser_session, sessions.Reason.ACCOUNT_DELETED)
    _delete(user, ended)
    return answer


def delete_after_reset(browser_session: BrowserSession | None) -> dict:
    """The deletion a person who could prove nothing but the address asked, once due, after a
    new code to the address (idp/flows/resets.py, recovery.py): the account goes as "Delete my
    account" takes it, every session of it ends. This browser was never signed in to it. Answers
    the journey (its screen says the account is gone)."""
    current = journey.begin(browser_session.id if browser_session else None, Flow.RECOVERY, Event.DELETE_ACCOUNT)
    user = methods.person(current.user_id)
    if resets.due(user, resets.ACCOUNT) is None:
        # its owner cancelled it (a sign-in, the link) since the address code
        raise FlowError(Errors.RESET_NO_LONGER_WAITS)
    journey.advance(current, Event.DELETE_ACCOUNT)
    answer = {"journey": screens.view(current)}
    _delete(user, sessions.end_all(user.id, sessions.Reason.ACCOUNT_DELETED), reset=True)
    return answer


def _delete(user: User, ended: list[sessions.Ended], **how) -> None:
    """Everything of the account goes, its services are told and a last e-mail goes to its
    address; committed."""
    email, language = user.email, user.language
    phone = methods.verified_phone(user)
    connected = [grant.client_id for grant in grants.connected(user.id)]
    # the services no live session of the account signed in to still hold the account; one
    # that identifies its sessions by sid also holds those its codes and tokens name
    told = frozenset((client, session.sid) for session in ended for client in session.clients or ())
    backchannel.tell_account(user.id, connected, told=told)
    grants.revoke(grants.Reason.ACCOUNT_DELETED, user_id=user.id)
    _erase(user, [email] + ([phone.e164] if phone else []), ended)
    audit.record(None, None, "account_deleted", services=len(connected), sessions=len(ended), **how)
    try:
        notify.send("email", email, "account_deleted", language)
    except notify.DeliveryError:
        # the account is gone either way: a last e-mail that could not go is logged
        log.warning("the e-mail of a deleted account could not be handed to delivery")
    db.session.commit()
