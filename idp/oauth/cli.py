"""flask --app idp keys init PATH: the first signing keys, written where the secret store keeps
them (never in the repository); keys rotate: a new signing key, the old one published until its
ID tokens expire. flask --app idp clients check: every problem of the clients file; clients new
NAME: the table of a new private_key_jwt service with its key pair.

The groups are Flask plugin commands (pyproject.toml, "flask.commands"), so they run before the
app can start: production refuses to start without the keys file, or with a bad clients file."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import click
from flask import current_app
from flask.cli import AppGroup

from idp import keys
from idp.clients import file as clients_file
from idp.config import PROJECT_ROOT, ConfigError

group = AppGroup("keys", help="Manage the ID token signing keys.")
CLIENT_ID = re.compile(r"[a-z0-9][a-z0-9-]{2,63}")


@group.command("init", with_appcontext=False)
@click.argument("path", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--algorithm",
    "algorithms",
    type=click.Choice(sorted(keys.SIGNING_ALGORITHMS)),
    multiple=True,
    default=(keys.DEFAULT_ALGORITHM,),
    show_default=True,
    help="An algorithm to sign with (repeat for more).",
)
def init(path: Path, algorithms: tuple[str, ...]) -> None:
    """Write a new JWK set of private signing keys to PATH, readable by its owner only."""
    target = path.expanduser().resolve()
    if target.is_relative_to(PROJECT_ROOT):
        raise click.ClickException(
            f"{path} is inside the repository: keep signing keys outside it, in the secret store"
        )
    entries = [keys.new_key_entry(algorithm) for algorithm in dict.fromkeys(algorithms)]
    try:
        created = keys.KeyFile(target).create(entries)
    except OSError as error:
        raise click.ClickException(f"cannot write {path}: {error.strerror}") from None
    if not created:
        raise click.ClickException(f"{path} exists: keys init never replaces keys (use keys rotate)")
    click.echo(
        f"Wrote {len(entries)} signing key(s) to {target} (mode 600): "
        f"set {keys.ENV_VARIABLE}={target} on every machine."
    )


@group.command("rotate")
@click.option(
    "--algorithm",
    "algorithms",
    multiple=True,
    type=click.Choice(list(keys.SIGNING_ALGORITHMS)),
    help="Rotate only this algorithm's key (repeatable). Default: every algorithm that signs now.",
)
def rotate(algorithms: tuple[str, ...]) -> None:
    keep = current_app.config["IDP"]["oauth"]["id_token_lifetime_seconds"]
    for algorithm in algorithms or keys.algorithms():
        kid = keys.rotate(keep_retired_seconds=keep, algorithm=algorithm)
        click.echo(f"New {algorithm} signing key {kid}.")
    click.echo(f"Retired keys stay published for {keep} s after retirement.")


clients_group = AppGroup("clients", help="Check the relying services' file; make the table of a new one.")


def _environment() -> str:
    # as the provider reads it: production unless IDP_SERVER_ENVIRONMENT says development
    return os.environ.get("IDP_SERVER_ENVIRONMENT", "production")


@clients_group.command("check", with_appcontext=False)
def check() -> None:
    """Print every problem of the clients file (IDP_CLIENTS_FILE, else config/clients.toml), one
    line each, as the provider in this environment would meet them; exit 1 when there is one."""
    path = clients_file.path()
    found, problems = clients_file.check_clients(path, _environment())
    for problem in problems:
        click.echo(problem, err=True)
    if problems:
        raise SystemExit(1)
    click.echo(f"{path}: {len(found)} client(s), no problem ({_environment()}).")


@clients_group.command("new", with_appcontext=False)
@click.argument("name")
@click.option(
    "--algorithm",
    type=click.Choice(list(keys.SIGNING_ALGORITHMS)),
    default=keys.NEW_CLIENT_ALGORITHM,
    show_default=True,
    help="The algorithm of the service's key pair (its assertions).",
)
def new(name: str, algorithm: str) -> None:
    """Print a ready [clients.NAME] table for a private_key_jwt service and a fresh key pair:
    the public half goes in the table; the private half is printed once, for the service only
    (the provider never keeps it)."""
    if not CLIENT_ID.fullmatch(name):
        raise click.ClickException("NAME is the client_id: lower-case letters, digits and hyphens, 3 to 64")
    path = clients_file.path()
    try:
        client_ids, service_ids = clients_file.taken(path)
    except ConfigError as error:
        raise click.ClickException(str(error)) from None
    if name in client_ids:
        raise click.ClickException(f"{path} already registers {name}")
    service_id = max(service_ids, default=0) + 1
    private = keys.new_key_entry(algorithm)
    public = keys.SIGNING_ALGORITHMS[algorithm].import_key(private).as_dict(private=False)
    inline = ", ".join(f"{field} = {json.dumps(value)}" for field, value in public.items())
    click.echo(f"""# Add to {path}; replace the addresses and the names.
[clients.{name}]
token_endpoint_auth_method = "private_key_jwt"
jwks = {{ keys = [ {{ {inline} }} ] }}
redirect_uris = ["https://{name}.example.ca/callback"]
post_logout_redirect_uris = ["https://{name}.example.ca/"]
backchannel_logout_uri = "https://{name}.example.ca/backchannel-logout"
scopes = ["openid", "profile", "email"]
id_token_signed_response_alg = "{keys.NEW_CLIENT_ALGORITHM}"

[clients.{name}.service]
id = {service_id}
url = "https://{name}.example.ca/"
title_en = "{name}"
title_fr = "{name}"
""")
    click.echo("# The service's private key (a JWK): give it to the service's team through a secret store.")
    click.echo("# It is shown once and kept nowhere by the provider.")
    click.echo(json.dumps(private))
