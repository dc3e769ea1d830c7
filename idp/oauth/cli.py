"""flask --app idp keys init PATH: the first signing keys, written where the secret store keeps
them (never in the repository); keys rotate: a new signing key, the old one published until its
ID tokens expire.

The group is a Flask plugin command (pyproject.toml, "flask.commands"), so `keys init` runs
before the app can start: production refuses to start without the file it makes."""
from __future__ import annotations

import json
import os
from pathlib import Path

import click
from flask import current_app
from flask.cli import AppGroup

from idp.config import PROJECT_ROOT
from idp.oauth import keys

group = AppGroup("keys", help="Manage the ID token signing keys.")


@group.command("init", with_appcontext=False)
@click.argument("path", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--algorithm", "algorithms", type=click.Choice(sorted(keys.SIGNING_ALGORITHMS)), multiple=True,
              default=(keys.DEFAULT_ALGORITHM,), show_default=True, help="An algorithm to sign with (repeat for more).")
def init(path: Path, algorithms: tuple[str, ...]) -> None:
    """Write a new JWK set of private signing keys to PATH, readable by its owner only."""
    target = path.expanduser().resolve()
    if target.is_relative_to(PROJECT_ROOT):
        raise click.ClickException(f"{path} is inside the repository: keep signing keys outside it, in the secret store")
    entries = [keys.new_key_entry(algorithm) for algorithm in dict.fromkeys(algorithms)]
    try:
        # O_EXCL: existing keys are never replaced (they sign live tokens); rotate them instead.
        descriptor = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise click.ClickException(f"{path} exists: keys init never replaces keys (use keys rotate)") from None
    except OSError as error:
        raise click.ClickException(f"cannot write {path}: {error.strerror}") from None
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        json.dump({"keys": entries}, file, indent=2)
    click.echo(f"Wrote {len(entries)} signing key(s) to {target} (mode 600): set {keys.ENV_VARIABLE}={target} on every machine.")


@group.command("rotate")
@click.option("--algorithm", "algorithms", multiple=True, type=click.Choice(list(keys.SIGNING_ALGORITHMS)),
              help="Rotate only this algorithm's key (repeatable). Default: every algorithm that signs now.")
def rotate(algorithms: tuple[str, ...]) -> None:
    keep = current_app.config["IDP"]["oauth"]["id_token_lifetime_seconds"]
    for algorithm in algorithms or keys.algorithms():
        kid = keys.rotate(keep_retired_seconds=keep, algorithm=algorithm)
        click.echo(f"New {algorithm} signing key {kid}.")
    click.echo(f"Retired keys stay published for {keep} s after retirement.")
