"""Changing the two-step verification phone: a code to the new number; the account keeps
its old phone until the new one is verified, then the person is told by e-mail."""
from __future__ import annotations

from idp.clock import now
from idp.extensions import db
from idp.flows import accounts, audit, journey, otp, validation
from idp.flows.journey import Event, Flow
from idp.models import BrowserSession, PhoneCredential


def send_code(browser_session: BrowserSession | None, phone: str, channel: str) -> dict:
    """A code to the new number (a resend, another number or the other channel starts again)."""
    user = accounts.signed_in_user(browser_session)
    channel = validation.channel(channel, validation.PHONE_CHANNELS)
    e164 = validation.phone(phone)
    current = journey.begin(browser_session.id, Flow.PHONE_CHANGE, Event.SEND_PHONE_CODE, user.id)
    current.email, current.language, current.phone_e164 = user.email, user.language, e164
    return otp.send(current, Event.SEND_PHONE_CODE, channel, e164, user.language, otp.PHONE_TEMPLATES[channel], user_id=user.id)


def verify_code(browser_session: BrowserSession | None, code: str) -> dict:
    user = accounts.signed_in_user(browser_session)
    current = journey.begin(browser_session.id, Flow.PHONE_CHANGE, Event.VERIFY_PHONE_CODE, user.id)
    otp.check(current, Event.VERIFY_PHONE_CODE, code)
    credential = db.session.scalar(db.select(PhoneCredential).filter_by(user_id=user.id))
    if credential is None:
        credential = PhoneCredential(user_id=user.id)
        db.session.add(credential)
    credential.e164, credential.channel, credential.verified_at = current.phone_e164, current.channel, now()
    audit.record(user.id, browser_session.id, "phone_changed", channel=current.channel)
    accounts.notify_change(user, "phone")
    db.session.commit()
    return {"phone": validation.mask_phone(credential.e164), "journey": journey.view(current)}
