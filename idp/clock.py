"""The one place the service reads the time, so tests can move it (time-machine)."""

import math
from datetime import UTC, datetime


def now() -> datetime:
    """Current UTC time, naive: the database columns hold naive UTC on SQLite and PostgreSQL alike."""
    return datetime.now(UTC).replace(tzinfo=None)


def seconds_until(moment: datetime) -> int:
    """Whole seconds from now until moment, rounded up (a wait is never shown shorter than it is)."""
    return max(0, math.ceil((moment - now()).total_seconds()))


def iso(moment: datetime | None) -> str | None:
    """A naive UTC moment as the API writes it: ISO 8601 to the second, with Z; None stays None."""
    return moment.replace(microsecond=0).isoformat() + "Z" if moment else None


def timestamp() -> int:
    """Seconds since the epoch, as JWT claims and key files count time."""
    return int(datetime.now(UTC).timestamp())
