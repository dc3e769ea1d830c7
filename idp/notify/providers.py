"""The providers behind idp.notify.send: outbox, SMTP, GC Notify / GOV.UK Notify, voice."""
from __future__ import annotations

import logging
import smtplib
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Protocol

import requests
from notifications_python_client.errors import APIError
from notifications_python_client.notifications import NotificationsAPIClient

from idp.config import ConfigError, channels
from idp.extensions import db
from idp.models import OutboxMessage

log = logging.getLogger(__name__)


class DeliveryError(Exception):
    """The provider did not accept the message; nothing was delivered."""


@dataclass(frozen=True)
class Message:
    channel: str
    to: str
    language: str
    subject: str
    body: str
    code: str | None = None


class Provider(Protocol):
    """Anything that delivers a Message. A production voice vendor implements this for
    channel "voice": read message.body aloud to message.to (E.164)."""

    def deliver(self, message: Message) -> None: ...


class Outbox:
    """Development: keep the message in the outbox table, written with the request's commit."""

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
    def __init__(self, host: str, port: int, sender: str, username: str = "", password: str = "", starttls: bool = False,
                 timeout: float = 10):
        self.host, self.port, self.sender = host, port, sender
        self.username, self.password, self.starttls = username, password, starttls
        self.timeout = timeout

    def deliver(self, message: Message) -> None:
        email = EmailMessage()
        email["From"] = self.sender
        email["To"] = message.to
        email["Subject"] = message.subject
        email.set_content(message.body)
        # After set_content, which replaces every Content-* header.
        email["Content-Language"] = message.language
        try:
            with smtplib.SMTP(self.host, self.port, timeout=self.timeout) as smtp:
                if self.starttls:
                    smtp.starttls()
                if self.username:
                    smtp.login(self.username, self.password)
                smtp.send_message(email)
        except (OSError, smtplib.SMTPException) as error:
            log.warning("SMTP delivery failed: %s", type(error).__name__)
            raise DeliveryError("smtp") from error


class Notify:
    """GC Notify / GOV.UK Notify. One generic template per channel whose text is
    ((subject)) / ((body)): the words stay in this repository, in both languages."""

    def __init__(self, base_url: str, api_key: str, email_template_id: str, sms_template_id: str, timeout: float = 10):
        self.client = NotificationsAPIClient(api_key, base_url=base_url, timeout=timeout)
        self.email_template_id, self.sms_template_id = email_template_id, sms_template_id

    def deliver(self, message: Message) -> None:
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
        except (APIError, requests.RequestException) as error:
            log.warning("Notify delivery failed: %s", type(error).__name__)
            raise DeliveryError("notify") from error


class Unavailable:
    """A channel the configured provider cannot carry in production (voice until a
    telephony vendor implements VoiceProvider; SMS with the SMTP provider)."""

    def deliver(self, message: Message) -> None:
        raise DeliveryError(f"no provider for {message.channel}")


def providers_for(settings: dict) -> dict[str, Provider]:
    """The provider of each channel, from the settings. Checks what the choice needs: in
    production, every channel people are offered (notify.channels) has a provider that
    carries it, or nobody could finish what needs it (the phone step of sign-up)."""
    providers = _providers(settings)
    if settings["server"]["environment"] != "development":
        provider = settings["notify"]["provider"]
        carried = [channel for channel, chosen in providers.items() if not isinstance(chosen, Unavailable)]
        for channel in channels(settings["notify"]["channels"]):
            if channel not in carried:
                raise ConfigError(
                    f"IDP_NOTIFY_CHANNELS offers {channel}, which IDP_NOTIFY_PROVIDER={provider} cannot carry "
                    f"(it carries {' and '.join(carried)}; no voice provider is wired in): "
                    "offer only what it carries, or choose notify for sms"
                )
    return providers


def _providers(settings: dict) -> dict[str, Provider]:
    notify = settings["notify"]
    development = settings["server"]["environment"] == "development"
    outbox = Outbox()
    fallback: Provider = outbox if development else Unavailable()
    if notify["provider"] in ("", "outbox"):
        # Production refused both at start-up (idp.config): only development gets here.
        return {"email": outbox, "sms": outbox, "voice": outbox}
    if notify["provider"] == "smtp":
        smtp = Smtp(
            notify["smtp_host"],
            notify["smtp_port"],
            notify["sender"],
            notify["smtp_username"],
            notify["smtp_password"],
            notify["smtp_starttls"],
            notify["timeout_seconds"],
        )
        # SMTP carries no text messages: they stay in the outbox in development.
        return {"email": smtp, "sms": fallback, "voice": fallback}
    for key in ("notify_api_key", "notify_email_template_id", "notify_sms_template_id"):
        if not notify[key]:
            raise ConfigError(f"IDP_NOTIFY_{key.upper()} is required when notify.provider is notify")
    client = Notify(
        notify["notify_base_url"], notify["notify_api_key"], notify["notify_email_template_id"],
        notify["notify_sms_template_id"], notify["timeout_seconds"],
    )
    return {"email": client, "sms": client, "voice": fallback}
