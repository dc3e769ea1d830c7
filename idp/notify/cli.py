"""`flask --app idp notify test --channel voice --to +16135550100 --language fr`: one message
through a channel's provider, now, not queued, so that an operator sees the provider take it
(or the reason it did not, in the log line before) without signing anyone up. The message is
the channel's code message with a sample code, which opens nothing."""

from __future__ import annotations

import re
import secrets
import time

import click
from flask import current_app
from flask.cli import AppGroup

from idp import notify
from idp.config import delivery
from idp.extensions import db

# The message each channel's test sends: what people get most.
TEMPLATES = {"email": "signin_code", "sms": "phone_code", "voice": "voice_code"}
E164 = re.compile(r"\+[1-9][0-9]{6,14}")

group = AppGroup("notify", help="Message delivery: try a channel's provider.")


@group.command("test")
@click.option("--channel", type=click.Choice(list(TEMPLATES)), required=True)
@click.option("--to", "to", required=True, help="An e-mail address, or a phone number in E.164 (+16135550100).")
@click.option("--language", type=click.Choice(["en", "fr"]), default="en", show_default=True)
def test(channel: str, to: str, language: str) -> None:
    """Send a sample code message through the channel's provider and say how it went."""
    if channel == "email" and "@" not in to or channel != "email" and not E164.fullmatch(to):
        raise click.BadParameter(
            "an e-mail address for email, a number like +16135550100 for sms and voice", param_hint="--to"
        )
    settings = current_app.config["IDP"]
    provider = current_app.extensions["idp_notify"][channel]
    if provider.name == "none":
        raise click.ClickException(f"{channel} has no provider: set {delivery.variable(channel)}")
    code = "".join(secrets.choice("0123456789") for _ in range(settings["otp"]["length"]))
    with current_app.test_request_context():
        subject, body = notify.render(
            TEMPLATES[channel], language, code=code, minutes=settings["otp"]["expiry_seconds"] // 60
        )
    started = time.monotonic()
    try:
        provider.deliver(
            notify.Message(channel=channel, to=to, language=language, subject=subject, body=body, code=code)
        )
        db.session.commit()  # the outbox's row, in development
    except notify.DeliveryError as error:
        raise click.ClickException(
            f"{channel} through {provider.name} failed ({error}): the log line above says why"
        ) from None
    click.echo(
        f"{channel} through {provider.name}: accepted in {time.monotonic() - started:.2f} s (sample code {code})"
    )
