"""One-time codes: the one way a journey sends a code (send) and checks one (check). What
each code spends (send and guess budgets, the service's ceiling of texts and calls) is
budgets.py's.

A code is random digits from `secrets`, kept only as an HMAC bound to its transaction
id (codes.py makes it), valid for otp.expiry_seconds, usable once, and only from the browser session and
journey that asked for it. Every number (length, expiry, wrong codes per code, resend
wait) comes from config/settings.toml through Policy.

- A new code for the same destination may be asked only after the resend wait, which
  grows with each code sent (RESEND_TOO_SOON otherwise); a used-up code does not make
  anyone wait.
- A resend while a code is pending replaces the code but keeps its wrong-attempt count,
  so resending never buys more guesses.
"""

from __future__ import annotations

import hmac

from flask import current_app
from sqlalchemy.orm.attributes import set_committed_value

from idp import observability
from idp.clock import iso, now, seconds_until
from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.flows import budgets, codes, journey, messages, proof_gates, screens, validation
from idp.flows.codes import Policy
from idp.flows.steps import Event
from idp.models import Journey, OtpTransaction, OutboxMessage, User
from idp.models.otp import CodeState
from idp.store import journeys, sent, writes

TYPES = {"email": "emailotp", "sms": "smsotp", "voice": "voiceotp"}

# The message that carries a code to a phone, by channel.
PHONE_TEMPLATES = {"sms": "phone_code", "voice": "voice_code"}


def policy() -> Policy:
    return Policy.from_config(current_app.config)


def send(
    current: Journey,
    event: Event,
    channel: str,
    destination: str,
    language: str,
    template: str | None,
    *,
    with_code: bool = True,
    user_id: str | None = None,
    own_factor: bool = False,
    gates: tuple[proof_gates.Gate, ...] = (),
) -> dict:
    """Issue a code for the journey, deliver `template` to the destination in `language`
    (carrying the code when with_code; nothing at all when template is None, or when the
    budgets withhold a silent send, with the same answer), advance the journey and commit. Answers
    the code as the API shows it.
    own_factor: the journey proved the account and the destination is its own factor (see
    Budgets); gates: more counts past which the send costs a proof of work, the flow's own."""
    rules = policy()
    current.channel = channel
    if channel in PHONE_TEMPLATES:
        # whichever step typed the number or holds it on file: before a budget is spent
        validation.reachable(destination, channel)
    spends = budgets.Budgets.of(current.browser_session_id, destination, own_factor, channel=channel, gates=gates)
    counters = spends.ensure_open()
    transaction, code = codes.issue(rules, current, channel, destination, user_id, own_factor, spends, counters)
    current.code_id = transaction.id
    # Advanced before the message goes: a failed delivery rolls it all back.
    journey.advance(current, event)
    values = (
        {"code": code, "minutes": rules.expiry_minutes, "code_of": (transaction.id, transaction.sends)}
        if with_code
        else {}
    )
    # past its destination's day, a silent send goes as one with nothing to deliver
    if template is not None and not spends.admits(counters):
        template = None
    messages.deliver(channel, destination, template, language, **values)
    # Counted only now: a count locks its counter's row until the commit, and while the queue
    # or a provider takes its time (up to its timeout) every other send of the service would
    # wait for the ceiling of texts' row.
    spends.spend_send(delivered=template is not None)
    # the development outbox keeps the message as a row of this commit
    writes.commit(Journey, OtpTransaction, OutboxMessage)
    return describe(rules, transaction, current)


def check(
    current: Journey, event: Event, code: str, transaction_id: str | None = None, channel: str | None = None
) -> OtpTransaction:
    """Spend the journey's newest code when `code` matches it and advance the journey.
    The browser may name the code it answers (the specification's trxnId and otpType): it must be
    that newest one. Not committed, except the count of a wrong code, which is committed
    before FlowError is raised because the API rolls back everything else."""
    rules = policy()
    transaction = journeys.newest_code(current)
    if transaction is None or (transaction_id is not None and transaction_id != transaction.id):
        raise FlowError(Errors.STEP_OUT_OF_ORDER)
    if channel is not None and channel != transaction.channel:
        raise FlowError(Errors.STEP_OUT_OF_ORDER)
    # Recovery is the way out of a locked account: its codes still count, but never stop.
    _verify(rules, transaction, validation.code(code, rules.length), stops_at_cap=current.flow != journey.Flow.RECOVERY)
    journey.advance(current, event)
    return transaction


def describe(rules: Policy, transaction: OtpTransaction, current: Journey) -> dict:
    """The code as the specification's API answers it, with where the journey now stands."""
    return {
        "trxnId": transaction.id,
        "type": TYPES[transaction.channel],
        "created": iso(transaction.created_at),
        "updated": iso(transaction.updated_at),
        "expiry": iso(transaction.expires_at),
        "state": CodeState.PENDING.value,
        "correlationID": transaction.correlation_id,
        "emailAddress": current.email or "",
        "phoneNumber": screens.shown_phone(current),
        "attempts": transaction.attempts,
        "retries": rules.max_attempts - transaction.attempts,
        "resendAfter": seconds_until(transaction.resend_at),
        "journey": screens.view(current),
    }


def _verify(rules: Policy, transaction: OtpTransaction, code: str, stops_at_cap: bool) -> None:
    user = db.session.get(User, transaction.user_id) if transaction.user_id else None
    guess = budgets.Guess.of(
        transaction.browser_session_id, transaction.destination, user, transaction.own_factor, stops_at_cap
    )
    if transaction.state in (CodeState.USED, CodeState.SUPERSEDED):
        observability.security_event(
            "code_replayed", transaction.user_id, channel=transaction.channel, state=transaction.state
        )
        raise FlowError(Errors.STEP_OUT_OF_ORDER)
    if transaction.state == CodeState.FAILED or transaction.attempts >= rules.max_attempts:
        raise FlowError(Errors.CODE_USED_UP)
    if transaction.expires_at <= now():
        raise FlowError(Errors.CODE_EXPIRED)

    if hmac.compare_digest(transaction.code_hash, codes.code_hash(rules.secret, transaction.id, code)):
        if not sent.spend(transaction.id, rules.max_attempts, now()):
            raise FlowError(Errors.CODE_USED_UP)
        # What the UPDATE wrote, known to the object without a second UPDATE at the flush.
        set_committed_value(transaction, "state", CodeState.USED)
        return

    attempts = sent.count_wrong(transaction.id, now(), rules.max_attempts)
    guess.wrong()
    observability.security_event("code_wrong", transaction.user_id, channel=transaction.channel, attempts=attempts)
    if attempts >= rules.max_attempts:
        raise FlowError(Errors.CODE_USED_UP)
    raise FlowError(Errors.WRONG_CODE, data={"retries": rules.max_attempts - attempts})
