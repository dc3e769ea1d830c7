"""flask --app idp journeys draw: the journey table as the Mermaid diagram of idp/flows/README.md."""
import click
from flask.cli import AppGroup

from idp.flows import journey

group = AppGroup("journeys", help="The journeys of sign-up, sign-in, recovery and the profile changes.")


@group.command("draw")
def draw() -> None:
    click.echo(journey.mermaid(), nl=False)
