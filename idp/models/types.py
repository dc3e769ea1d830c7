"""Column helpers shared by the model modules."""
import secrets
import uuid

from idp.clock import now


def new_uuid() -> str:
    return str(uuid.uuid4())


def new_token() -> str:
    return secrets.token_urlsafe(32)


__all__ = ["new_uuid", "new_token", "now"]
