"""The e-mail that tells a person their account was signed in to from a browser it had not
used before (the trusted-device cookie decides what is known, idp/sessions/devices.py): when,
the device in words, and the account activity, where "This wasn't me" signs the account out of
every other device, that one included. login.gov and GOV.UK One Login send the same. It goes
through the message queue like every message, once the sign-in is decided: a delivery that
fails is logged and never fails the sign-in.
account.new_device_notice turns it off.
"""

from __future__ import annotations

import logging

from flask import current_app

from idp import moments, notify
from idp.account.sessions import device_of
from idp.clock import now

log = logging.getLogger("idp.deliveries")


def new_device(email: str, language: str, user_agent: str | None, passkey: str | None = None) -> None:
    """Tell the person (their address and correspondence language) of a sign-in from a
    browser new to their account; and which of their passkeys signed in, if one did."""
    settings = current_app.config["IDP"]
    if not settings["account"]["new_device_notice"]:
        return
    when = moments.said(now(), language)
    link = f"{settings['server']['issuer']}/{language}/account/activity"
    # the template words the browser and the system, or says it does not know them
    device = device_of(user_agent)
    try:
        notify.send(
            "email",
            email,
            "new_device",
            language,
            browser=device["browser"],
            system=device["system"],
            when=when,
            link=link,
            passkey=passkey,
        )
    except notify.DeliveryError:
        log.warning("a new-device notice could not be handed to delivery")
