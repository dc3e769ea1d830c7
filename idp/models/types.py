"""Column helpers shared by the model modules."""

import secrets
import uuid

from idp.clock import now


def new_uuid() -> str:
    return str(uuid.uuid4())


def new_sid() -> str:
    """A session's public name: 256 random bits, URL-safe (43 characters)."""
    return secrets.token_urlsafe(32)


__all__ = ["new_sid", "new_uuid", "now"]
