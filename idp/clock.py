"""The one place the service reads the time, so tests can move it (time-machine)."""
from datetime import datetime, timezone


def now() -> datetime:
    """Current UTC time, naive: the database columns hold naive UTC on SQLite and PostgreSQL alike."""
    return datetime.now(timezone.utc).replace(tzinfo=None)
