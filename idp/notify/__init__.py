"""Delivery of e-mail, SMS and voice messages: one interface, a provider per channel.

    send(channel, to, template, language, **values)

renders idp/templates/messages/<template>.<language>.txt (an optional first line
"Subject: ..." then the body) and hands the message to delivery as a job of kind "message"
(idp/jobs/): the queue when queue.redis_url is set (production), else the provider of that
channel at once (development), retried by queue.max_attempts and queue.retry_backoff_seconds.
Each channel names its provider in [notify] (idp/config/delivery.py): the development outbox
(every channel; a call is read by espeak-ng at /dev/outbox/<id>/audio.wav), SMTP (e-mail),
GC Notify / GOV.UK Notify (e-mail and SMS) or AWS End User Messaging (calls, aws.py).
`flask --app idp notify test` sends one message through a channel's provider (cli.py);
the call outcomes AWS reports through SNS are counted by events.py.
"""
from __future__ import annotations

import logging
from dataclasses import asdict
from zoneinfo import ZoneInfo

from babel.dates import format_date, format_time, get_timezone_name

from flask import Flask, current_app, render_template

from idp import jobs, metrics
from idp.notify import dev, events
from idp.notify.channels import providers_for
from idp.notify.providers import DeliveryError, Message, Provider, Unavailable

log = logging.getLogger("idp.deliveries")

CHANNELS = ("email", "sms", "voice")
LANGUAGES = ("en", "fr")
# Babel's locales of the two languages, for dates as Canadians write them.
LOCALES = {"en": "en_CA", "fr": "fr_CA"}

__all__ = ["CHANNELS", "DeliveryError", "LANGUAGES", "Message", "Provider", "init_app", "moment_in_words", "render", "send"]


def moment_in_words(moment, language: str) -> str:
    """A stored moment (UTC) as a message in that language says it, in the service's time zone."""
    locale = LOCALES[language]
    local = moment.replace(tzinfo=ZoneInfo("UTC")).astimezone(ZoneInfo(current_app.config["IDP"]["account"]["time_zone"]))
    return f"{format_date(local, 'full', locale=locale)}, {format_time(local, 'short', locale=locale)} ({get_timezone_name(local, locale=locale)})"


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
    try:
        if isinstance(provider, Unavailable):
            # A channel no provider carries fails now: queued, it would be answered as sent.
            if message is not None:
                provider.deliver(message)
        else:
            jobs.enqueue("message", asdict(message) if message else None)
    except (jobs.Failed, jobs.QueueUnavailable) as error:
        raise DeliveryError(str(error)) from None
    if message is not None and message.code:
        metrics.CODES_SENT.labels(channel).inc()


def deliver(payload: dict | None) -> jobs.Delivered | None:
    """A job of kind "message": hand it to the provider of its channel (None: a decoy)."""
    if payload is None:
        return None
    message = Message(**payload)
    provider = current_app.extensions["idp_notify"][message.channel]
    delivery = jobs.Delivered(message.channel, provider.name)
    try:
        provider.deliver(message)
    except DeliveryError as error:
        raise jobs.Failed(f"{message.channel} delivery through {error} failed", delivery) from None
    log.info("delivered", extra={"channel": message.channel, "provider": provider.name})
    return delivery


def init_app(app: Flask) -> None:
    """Wire each channel's provider, the job kind of messages, the `notify` commands, the call
    events AWS reports and (in development only) the outbox pages into the app."""
    settings = app.config["IDP"]
    app.extensions["idp_notify"] = providers_for(settings)
    jobs.register(app, jobs.retried_by_the_queue(app, "message", deliver, within_request=True))
    app.register_blueprint(events.bp)
    app.register_blueprint(dev.bp)
