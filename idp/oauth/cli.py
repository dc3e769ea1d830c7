"""flask --app idp keys rotate: a new signing key; the old one stays published until its ID tokens expire."""
from __future__ import annotations

import click
from flask import current_app
from flask.cli import AppGroup

from idp.oauth import keys

group = AppGroup("keys", help="Manage the ID token signing keys.")


@group.command("rotate")
def rotate() -> None:
    keep = current_app.config["IDP"]["oauth"]["id_token_lifetime_seconds"]
    kid = keys.rotate(keep_retired_seconds=keep)
    click.echo(f"New signing key {kid}; retired keys stay published for {keep} s after retirement.")
