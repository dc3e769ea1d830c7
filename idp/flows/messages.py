"""How a flow hands a message to delivery (idp/notify): one that a provider or the queue does not
take fails the step (DELIVERY_FAILED: the caller's transaction rolls back, so nobody is told a
code was sent that was not), and a notice to the account's phone goes only where [phone] lets a
text or a call go. The codes themselves are otp.py's.
"""

from __future__ import annotations

from idp import notify
from idp.errors import Errors, FlowError
from idp.flows import validation


def deliver(channel: str, to: str, template: str | None, language: str, **values) -> None:
    """Send through idp.notify; a provider failure becomes DELIVERY_FAILED."""
    try:
        notify.send(channel, to, template, language, **values)
    except notify.DeliveryError:
        raise FlowError(Errors.DELIVERY_FAILED) from None


def notify_phone(channel: str, e164: str, template: str, language: str, **values) -> None:
    """A notice to the account's phone (a removal asked, the phone replaced), when texts or calls
    may go to that number: one put on file before [phone] refused it gets none, and the
    address, told the same, is the one warned."""
    if validation.phone_refusal(e164, channel) is None:
        deliver(channel, e164, template, language, **values)
