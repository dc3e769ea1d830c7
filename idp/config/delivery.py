"""Which provider carries each channel of [notify], and what production refuses of the choice.

Each channel names its provider (email_provider, sms_provider, voice_provider); one left empty
takes notify.provider when that provider can carry the channel. So a file written when one
provider carried everything (IDP_NOTIFY_PROVIDER=notify) keeps working, and another channel's
provider is one more setting. Read by the production checks (production.py) and by
idp/notify/channels.py, which builds the providers.
"""

from __future__ import annotations

from idp.config.rules import ConfigError, channels

CHANNELS = ("email", "sms", "voice")
# What each provider can carry: the outbox (development) keeps every channel.
CARRIES = {"outbox": CHANNELS, "smtp": ("email",), "notify": ("email", "sms"), "aws": ("voice",)}
# What production may name for each channel.
PRODUCTION = {"email": ("smtp", "notify"), "sms": ("notify",), "voice": ("aws",)}


def variable(channel: str) -> str:
    return f"IDP_NOTIFY_{channel.upper()}_PROVIDER"


def provider_of(notify: dict, channel: str) -> tuple[str, str]:
    """The provider named for a channel ("" when none is) and the variable that names it."""
    own = notify[f"{channel}_provider"]
    if own or channel not in CARRIES.get(notify["provider"], ()):
        return own, variable(channel)
    return notify["provider"], "IDP_NOTIFY_PROVIDER"


def check_production(settings: dict) -> None:
    """Every channel offered (notify.channels) has a provider that sends, or nobody could finish
    what needs it (the phone step of sign-up): each refusal names the variable to set."""
    notify = settings["notify"]
    for channel in channels(notify["channels"]):
        chosen, named_by = provider_of(notify, channel)
        choices = " or ".join(PRODUCTION[channel])
        if chosen == "outbox":
            raise ConfigError(
                f"{named_by} is outbox, which keeps codes in clear and sends nothing: development only (use {choices})"
            )
        if chosen:
            continue
        if not notify["provider"]:
            raise ConfigError(
                f"IDP_NOTIFY_PROVIDER is required in production (smtp or notify), or {variable(channel)} "
                f"for {channel} ({choices})"
            )
        carried = " and ".join(CARRIES[notify["provider"]])
        raise ConfigError(
            f"IDP_NOTIFY_CHANNELS offers {channel}, which IDP_NOTIFY_PROVIDER={notify['provider']} cannot carry "
            f"(it carries {carried}): set {variable(channel)} ({choices}) or take {channel} out of IDP_NOTIFY_CHANNELS"
        )
    if "voice" in channels(notify["channels"]) and not notify["aws_max_price_per_minute"]:
        raise ConfigError(
            "IDP_NOTIFY_AWS_MAX_PRICE_PER_MINUTE is required in production when calls are offered "
            "(US dollars a minute, e.g. 0.05): without it AWS places a call to a premium or satellite "
            "number at that number's price"
        )
    endpoint = notify["aws_endpoint_url"]
    if endpoint and not endpoint.startswith("https://"):
        raise ConfigError(f"IDP_NOTIFY_AWS_ENDPOINT_URL must be an https:// URL in production (got {endpoint!r})")
