"""The provider of each channel, built from [notify]: which one each channel names is
idp/config/delivery.py's; one client per provider, shared by the channels it carries."""

from __future__ import annotations

from idp import outbound
from idp.config import ConfigError
from idp.config.delivery import CHANNELS, provider_of
from idp.notify.aws import AwsVoice
from idp.notify.providers import Notify, Outbox, Provider, Smtp, Unavailable


def providers_for(settings: dict) -> dict[str, Provider]:
    """Each channel's provider. A channel that names none keeps its messages in the outbox in
    development; in production it is Unavailable, and start-up refused it if it is offered."""
    development = settings["server"]["environment"] == "development"
    named = {
        channel: provider_of(settings["notify"], channel)[0] or ("outbox" if development else "")
        for channel in CHANNELS
    }
    built: dict[str, Provider] = {}
    for name in dict.fromkeys(named.values()):
        if name:
            built[name] = _build(name, [channel for channel, chosen in named.items() if chosen == name], settings)
    return {channel: built[name] if name else Unavailable() for channel, name in named.items()}


def _build(name: str, carried: list[str], settings: dict) -> Provider:
    """One provider, checked for what it needs: each missing setting stops start-up, named."""
    notify = settings["notify"]
    if name == "outbox":
        return Outbox()
    if name == "smtp":
        return Smtp(
            notify["smtp_host"],
            notify["smtp_port"],
            notify["sender"],
            notify["smtp_username"],
            notify["smtp_password"],
            notify["smtp_starttls"],
            notify["timeout_seconds"],
            outbound.policy(settings),
        )
    if name == "notify":
        for key in ["notify_api_key", *(f"notify_{channel}_template_id" for channel in carried)]:
            if not notify[key]:
                raise ConfigError(
                    f"IDP_NOTIFY_{key.upper()} is required when GC Notify carries {' and '.join(carried)}"
                )
        return Notify(
            notify["notify_base_url"],
            notify["notify_api_key"],
            notify["notify_email_template_id"],
            notify["notify_sms_template_id"],
            notify["timeout_seconds"],
            outbound.policy(settings),
        )
    for key in ("aws_access_key_id", "aws_secret_access_key", "aws_origination_identity"):
        if not notify[key]:
            raise ConfigError(f"IDP_NOTIFY_{key.upper()} is required when IDP_NOTIFY_VOICE_PROVIDER is aws")
    return AwsVoice(notify, settings["otp"]["expiry_seconds"], outbound.policy(settings))
