"""Changing the two-step verification phone: prove it is you (reauthentication.py), then a
code to the new number. The old phone and the address are told before the change takes
effect; then every other session ends and the relying services' tokens are revoked."""

from __future__ import annotations

from idp.clock import now
from idp.extensions import db
from idp.flows import accounts, messages, methods, otp, reauthentication, screens, validation
from idp.flows.steps import Event, Flow
from idp.models import BrowserSession, PhoneCredential
from idp.store import audit


def send_code(browser_session: BrowserSession | None, phone: str, channel: str) -> dict:
    """A code to the new number (again, to another number, or by the other channel)."""
    channel = validation.channel(channel, validation.PHONE_CHANNELS)
    e164 = validation.phone(phone)
    user, current = reauthentication.step(browser_session, Flow.PHONE_CHANGE, Event.SEND_PHONE_CODE)
    current.phone_e164 = e164
    audit.record(user.id, browser_session.id, "new_phone_code_sent", channel=channel, ending=e164[-4:])
    return otp.send(
        current, Event.SEND_PHONE_CODE, channel, e164, user.language, otp.PHONE_TEMPLATES[channel], user_id=user.id
    )


def verify_code(browser_session: BrowserSession | None, code: str) -> dict:
    user, current = reauthentication.step(browser_session, Flow.PHONE_CHANGE, Event.VERIFY_PHONE_CODE)
    otp.check(current, Event.VERIFY_PHONE_CODE, code)
    old = methods.verified_phone(user)
    if old is not None:
        messages.notify_phone(old.channel, old.e164, "phone_replaced", user.language, ending=current.phone_e164[-4:])
    accounts.notify_change(user, "phone")
    credential = old or db.session.scalar(db.select(PhoneCredential).filter_by(user_id=user.id))
    if credential is None:
        credential = PhoneCredential(user_id=user.id)
        db.session.add(credential)
    credential.e164, credential.channel, credential.verified_at = current.phone_e164, current.channel, now()
    details = accounts.after_factor_change(user, browser_session)
    audit.record(user.id, browser_session.id, "phone_changed", channel=current.channel, **details)
    db.session.commit()
    return {"phone": validation.mask_phone(credential.e164), "journey": screens.view(current)}
