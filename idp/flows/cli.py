"""flask --app idp journeys draw: the journey table as the Mermaid diagram of idp/flows/README.md."""

import click
from flask.cli import AppGroup

from idp.flows.journey import TRANSITIONS
from idp.flows.steps import State

group = AppGroup("journeys", help="The journeys of sign-up, sign-in, recovery and the profile changes.")


@group.command("draw")
def draw() -> None:
    click.echo(mermaid(), nl=False)


def mermaid() -> str:
    """TRANSITIONS as a Mermaid state diagram, one box per flow (README.md holds it). An
    event that restarts its journey is drawn from [*]: it may happen in any state."""
    lines = ["stateDiagram-v2", "    direction LR"]
    for flow, events in TRANSITIONS.items():
        lines.append(f'    state "{flow.value}" as {flow.value} {{')
        targets = sorted({transition.target for transition in events.values()}, key=list(State).index)
        lines += [f'        state "{state.value}" as {flow.value}_{state.value}' for state in targets]
        for event, transition in events.items():
            target = f"{flow.value}_{transition.target.value}"
            if transition.restarts:
                lines.append(f"        [*] --> {target}: {event.value}")
                continue
            for source in sorted(transition.sources, key=list(State).index):
                lines.append(f"        {flow.value}_{source.value} --> {target}: {event.value}")
        lines.append(f"        {flow.value}_{State.COMPLETED.value} --> [*]")
        lines.append("    }")
    return "\n".join(lines) + "\n"
