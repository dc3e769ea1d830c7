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
import time
from dataclasses import asdict

from flask import Flask, current_app, render_template

from idp import jobs, metrics
from idp.clock import now
from idp.extensions import db
from idp.notify import dev, events
from idp.notify.channels import providers_for
from idp.notify.providers import DeliveryError, Message, Provider, Unavailable
from idp.store import sent

log = logging.getLogger("idp.deliveries")

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


def send(
    channel: str, to: str, template: str | None, language: str, *, code_of: tuple[str, int] | None = None, **values
) -> None:
    """Hand one message to delivery; raises DeliveryError when the provider (or the queue)
    refuses it or does not answer in time. template None sends nothing, at the cost of
    sending: the queue carries a decoy, so the answer takes the same time either way.
    code_of: the code's transaction and its count of codes sent, for a message that carries a
    code: the worker delivers it only while it is that transaction's code (deliver)."""
    if channel not in CHANNELS or language not in LANGUAGES:
        raise ValueError(f"cannot send {channel} in {language}")
    message = None
    if template is not None:
        subject, body = render(template, language, **values)
        transaction, sends = code_of or (None, None)
        message = Message(
            channel=channel,
            to=to,
            language=language,
            subject=subject,
            body=body,
            code=values.get("code"),
            transaction=transaction,
            sends=sends,
        )
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
    """A job of kind "message": hand it to the provider of its channel (None: a decoy). From the
    queue, a code goes only while it is its transaction's code: one replaced while it waited
    (a resend, another channel, the person's answer) is dropped and counted, so that nobody
    receives an older code after the newer one."""
    if payload is None:
        return None
    message = Message(**payload)
    if message.transaction is not None and jobs.job_queue() is not None and not _still_the_code(message):
        metrics.MESSAGES_DROPPED.labels(message.channel, "replaced").inc()
        log.info("replaced code not delivered", extra={"channel": message.channel})
        return None
    provider = current_app.extensions["idp_notify"][message.channel]
    delivery = jobs.Delivered(message.channel, provider.name)
    try:
        provider.deliver(message)
    except DeliveryError as error:
        raise jobs.Failed(
            f"{message.channel} delivery through {error} failed", delivery, permanent=error.permanent
        ) from None
    log.info("delivered", extra={"channel": message.channel, "provider": provider.name})
    return delivery


# The request that made a code puts its message on the queue just before its commit: a worker
# that takes it at once may look before the commit, and waits this long for it, in steps.
UNWRITTEN_WAIT_SECONDS = (0.05, 0.1, 0.2, 0.4, 0.8)


def _still_the_code(message: Message) -> bool:
    for pause in (*UNWRITTEN_WAIT_SECONDS, None):
        found = sent.standing(message.transaction, message.sends)
        db.session.rollback()  # the next look sees what was committed since
        if found != sent.UNWRITTEN:
            return found == sent.CURRENT
        if pause is not None:
            time.sleep(pause)
    # not written after all that: its request failed after queueing it, or is very slow; tried again later
    raise jobs.Failed(f"{message.channel} code not written yet")


def gave_up(payload: dict | None) -> None:
    """The worker will not try the message again: a code it carried is marked undeliverable,
    which the person's screen then says (a new code may be asked at once)."""
    if not payload:
        return
    message = Message(**payload)
    metrics.MESSAGES_UNDELIVERABLE.labels(message.channel).inc()
    if message.transaction is not None:
        sent.undeliverable(message.transaction, message.sends, now())


def init_app(app: Flask) -> None:
    """Wire each channel's provider, the job kind of messages, the `notify` commands, the call
    events AWS reports and (in development only) the outbox pages into the app."""
    settings = app.config["IDP"]
    app.extensions["idp_notify"] = providers_for(settings)
    jobs.register(app, jobs.retried_by_the_queue(app, "message", deliver, within_request=True, gave_up=gave_up))
    app.register_blueprint(events.bp)
    app.register_blueprint(dev.bp)
