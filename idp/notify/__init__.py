"""Delivery of e-mail, SMS and voice messages: one interface, providers chosen in settings.

    send(channel, to, template, language, **values)

renders idp/templates/messages/<template>.<language>.txt (an optional first line
"Subject: ..." then the body) and hands the message to delivery: the queue when
queue.redis_url is set (production; idp/notify/queue.py), else the provider of that
channel at once (development). notify.provider picks it: the development outbox (every channel), SMTP
(e-mail) or GC Notify / GOV.UK Notify (e-mail and SMS). Notify has no voice, so
voice goes through the VoiceProvider interface: the outbox in development (with
espeak-ng audio at /dev/outbox/<id>/audio.wav) and, until a telephony vendor is
wired in, no voice in production (sending answers DeliveryError, the API code 25).
"""
from __future__ import annotations

import click
from flask import Flask, current_app, render_template
from flask.cli import AppGroup

from idp import metrics, observability
from idp.notify import dev
from idp.notify.providers import DeliveryError, Message, Provider, Unavailable, providers_for
from idp.notify.queue import EXTENSION as QUEUE, DeliveryQueue

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


def send(channel: str, to: str, template: str | None, language: str, **values) -> None:
    """Hand one message to delivery; raises DeliveryError when the provider (or the queue)
    refuses it or does not answer in time. template None sends nothing, at the cost of
    sending: the queue carries a decoy, so the answer takes the same time either way."""
    if channel not in CHANNELS or language not in LANGUAGES:
        raise ValueError(f"cannot send {channel} in {language}")
    message = None
    if template is not None:
        subject, body = render(template, language, **values)
        message = Message(channel=channel, to=to, language=language, subject=subject, body=body, code=values.get("code"))
    provider = current_app.extensions["idp_notify"][channel]
    queue: DeliveryQueue | None = current_app.extensions.get(QUEUE)
    # A channel no provider carries fails now: queued, it would be answered as sent.
    if queue is not None and not isinstance(provider, Unavailable):
        queue.put(message, observability.correlation_id())
    elif message is not None:
        provider.deliver(message)
    if message is not None and message.code:
        metrics.CODES_SENT.labels(channel).inc()


deliveries = AppGroup("deliveries", help="The delivery queue of e-mail, SMS and voice messages.")


@deliveries.command("work")
def work() -> None:
    """Send queued messages until stopped (SIGTERM finishes the message in hand first)."""
    queue: DeliveryQueue | None = current_app.extensions.get(QUEUE)
    if queue is None:
        raise click.ClickException("IDP_QUEUE_REDIS_URL is not set: messages are delivered within requests")
    queue.worker().work(with_scheduler=True)


def init_app(app: Flask) -> None:
    """Wire the configured provider, the queue when there is one, and (in development only)
    the outbox pages into the app."""
    settings = app.config["IDP"]
    app.extensions["idp_notify"] = providers_for(settings)
    if settings["queue"]["redis_url"]:
        queue = DeliveryQueue(settings, app.config["SECRET_KEY"])
        app.extensions[QUEUE] = queue
        app.extensions["idp.queue_numbers"] = queue.numbers
    app.register_blueprint(dev.bp)
    app.cli.add_command(deliveries)
