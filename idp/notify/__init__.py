"""Delivery of e-mail, SMS and voice messages: one interface, providers chosen in settings.

    send(channel, to, template, language, **values)

renders idp/templates/messages/<template>.<language>.txt (an optional first line
"Subject: ..." then the body) and hands the message to the provider of that
channel. notify.provider picks it: the development outbox (every channel), SMTP
(e-mail) or GC Notify / GOV.UK Notify (e-mail and SMS). Notify has no voice, so
voice goes through the VoiceProvider interface: the outbox in development (with
espeak-ng audio at /dev/outbox/<id>/audio.wav) and, until a telephony vendor is
wired in, no voice in production (sending answers DeliveryError, the API code 25).
"""
from __future__ import annotations

from flask import Flask, current_app, render_template

from idp.notify import dev
from idp.notify.providers import DeliveryError, Message, Provider, providers_for

CHANNELS = ("email", "sms", "voice")
LANGUAGES = ("en", "fr")

__all__ = ["CHANNELS", "DeliveryError", "LANGUAGES", "Message", "Provider", "init_app", "render", "send"]


def render(template: str, language: str, **values) -> tuple[str, str]:
    """(subject, body) of a message template in the person's correspondence language."""
    text = render_template(f"messages/{template}.{language}.txt", **values).strip()
    subject = ""
    if text.startswith("Subject:"):
        first, _, text = text.partition("\n")
        subject = first.removeprefix("Subject:").strip()
    return subject, text.strip()


def send(channel: str, to: str, template: str, language: str, **values) -> None:
    """Deliver one message now; raises DeliveryError when the provider refuses or fails."""
    if channel not in CHANNELS or language not in LANGUAGES:
        raise ValueError(f"cannot send {channel} in {language}")
    subject, body = render(template, language, **values)
    message = Message(channel=channel, to=to, language=language, subject=subject, body=body, code=values.get("code"))
    current_app.extensions["idp_notify"][channel].deliver(message)


def init_app(app: Flask) -> None:
    """Wire the configured provider (and, in development only, the outbox pages) into the app."""
    app.extensions["idp_notify"] = providers_for(app.config["IDP"])
    app.register_blueprint(dev.bp)
