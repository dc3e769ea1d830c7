"""The providers behind idp.notify.send: outbox, SMTP, GC Notify / GOV.UK Notify (calls: aws.py).

The outside providers go through the outbound door (idp/outbound), which counts each call in
idp_outbound_calls_total and lets no more than outbound.max_concurrent run at once in a process.
GC Notify is HTTP: its client's requests are the door's calls, so notify.timeout_seconds is the
total deadline of each, redirects are not followed, the answer is capped and, in production, the
API must be at a public address. SMTP is not HTTP: notify.timeout_seconds is its total deadline
too (each socket wait is bounded by the time left, and a watchdog cuts the connection when it is
up, however slowly the server drips); the destination rule does not apply, since the relay is the
operator's own and commonly on the machine itself (notify.smtp_host, 127.0.0.1 by default).
Failures are logged by kind only: never an address, a number or a message.
"""

from __future__ import annotations

import contextlib
import logging
import smtplib
import socket
import threading
import time
from dataclasses import dataclass
from email.message import EmailMessage
from functools import cached_property
from typing import Protocol

from idp import outbound
from idp.extensions import db
from idp.models import OutboxMessage

log = logging.getLogger(__name__)


class DeliveryError(Exception):
    """The provider did not accept the message; nothing was delivered. permanent: trying again
    would fail the same way (the provider refused this message, or the settings are wrong), so
    the queue does not (idp/jobs)."""

    def __init__(self, what: str, permanent: bool = False):
        super().__init__(what)
        self.permanent = permanent


@dataclass(frozen=True)
class Message:
    channel: str
    to: str
    language: str
    subject: str
    body: str
    code: str | None = None
    # a message that carries a code: the code's transaction and its count of codes sent then
    transaction: str | None = None
    sends: int | None = None


# HTTP answers that ask to try later: a timeout, too early, too many requests.
LATER = (408, 425, 429)


def refused_for_good(error: outbound.OutboundError, smtp: bool = False, later: tuple[int, ...] = LATER) -> bool:
    """Would the same call fail again? A destination the settings refuse or a provider that
    redirects (the settings, again), an HTTP 4xx that is not about time or load (the provider
    refused this message: a number it will not call, a template it does not know, a key it does
    not take), an SMTP reply of the 5xx kind (4xx asks to try later). later: the statuses a
    provider also answers when it means "try again later"."""
    if error.outcome in ("refused_destination", "redirect"):
        return True
    if error.outcome != "status" or error.status is None:
        return False
    return error.status >= 500 if smtp else 400 <= error.status < 500 and error.status not in later


class Provider(Protocol):
    """Anything that delivers a Message; `name` labels its deliveries (idp_delivery_latency_seconds)."""

    name: str

    def deliver(self, message: Message) -> None: ...


class Outbox:
    """Development: keep the message in the outbox table, written with the request's commit."""

    name = "outbox"

    def deliver(self, message: Message) -> None:
        db.session.add(
            OutboxMessage(
                channel=message.channel,
                to=message.to,
                language=message.language,
                subject=message.subject,
                body=message.body,
                code=message.code,
            )
        )


class Smtp:
    name = "smtp"

    def __init__(
        self,
        host: str,
        port: int,
        sender: str,
        username: str = "",
        password: str = "",
        starttls: bool = False,
        timeout: float = 10,
        policy: outbound.Policy | None = None,
    ):
        self.host, self.port, self.sender = host, port, sender
        self.username, self.password, self.starttls = username, password, starttls
        self.timeout, self.policy = timeout, policy or outbound.Policy()

    def deliver(self, message: Message) -> None:
        email = EmailMessage()
        email["From"] = self.sender
        email["To"] = message.to
        email["Subject"] = message.subject
        email.set_content(message.body)
        # After set_content, which replaces every Content-* header.
        email["Content-Language"] = message.language
        try:
            with outbound.held("smtp", self.policy):
                self._send(email, time.monotonic() + self.timeout)
        except outbound.OutboundError as error:
            log.warning("SMTP delivery failed: %s", error.reason)
            raise DeliveryError("smtp", refused_for_good(error, smtp=True)) from None

    def _send(self, email: EmailMessage, deadline: float) -> None:
        smtp = smtplib.SMTP(timeout=self.timeout)  # each wait; the watchdog ends the whole at the deadline
        watchdog = threading.Timer(self.timeout, _cut, (smtp,))
        watchdog.daemon = True
        watchdog.start()
        try:
            with smtp:
                smtp.connect(self.host, self.port)
                if self.starttls:
                    smtp.starttls()
                if self.username:
                    smtp.login(self.username, self.password)
                smtp.send_message(email)
        except (OSError, smtplib.SMTPException) as error:
            if time.monotonic() >= deadline:
                raise outbound.OutboundError("timeout", f"no whole exchange within {self.timeout:g} s") from None
            if isinstance(error, smtplib.SMTPRecipientsRefused):
                reply = min(code for code, _ in error.recipients.values())
            else:
                reply = getattr(error, "smtp_code", None)
            raise outbound.OutboundError("status" if reply else "unreachable", type(error).__name__, reply) from None
        finally:
            watchdog.cancel()


def _cut(smtp: smtplib.SMTP) -> None:
    """The deadline: whatever the exchange waits for ends now."""
    connection = getattr(smtp, "sock", None)
    if connection is not None:
        with contextlib.suppress(OSError):
            connection.shutdown(socket.SHUT_RDWR)


class Notify:
    """GC Notify / GOV.UK Notify. One generic template per channel whose text is
    ((subject)) / ((body)): the words stay in this repository, in both languages.

    Its client (idp/notify/notify_client.py, with requests and PyJWT: about 6 MiB) is imported
    by the first delivery a process makes, in practice the job worker's: a web worker only
    queues messages and never carries it, as for boto3 (idp/notify/aws.py)."""

    name = "notify"

    def __init__(
        self,
        base_url: str,
        api_key: str,
        email_template_id: str,
        sms_template_id: str,
        timeout: float = 10,
        policy: outbound.Policy | None = None,
    ):
        self._client_settings = (api_key, base_url, timeout, policy or outbound.Policy())
        self.email_template_id, self.sms_template_id = email_template_id, sms_template_id

    @cached_property
    def client(self):
        from idp.notify.notify_client import NotifyClient

        return NotifyClient(*self._client_settings)

    def deliver(self, message: Message) -> None:
        from notifications_python_client.errors import APIError

        try:
            if message.channel == "email":
                self.client.send_email_notification(
                    email_address=message.to,
                    template_id=self.email_template_id,
                    personalisation={"subject": message.subject, "body": message.body},
                )
            else:
                self.client.send_sms_notification(
                    phone_number=message.to,
                    template_id=self.sms_template_id,
                    personalisation={"body": message.body},
                )
        except outbound.OutboundError as error:
            log.warning("Notify delivery failed: %s", error.reason)
            raise DeliveryError("notify", refused_for_good(error)) from None
        except APIError as error:
            log.warning("Notify delivery failed: %s", type(error).__name__)
            raise DeliveryError("notify") from None


class Unavailable:
    """A channel no provider carries: not offered in production (idp/config/delivery.py)."""

    name = "none"

    def deliver(self, message: Message) -> None:
        raise DeliveryError(f"no provider for {message.channel}", permanent=True)
