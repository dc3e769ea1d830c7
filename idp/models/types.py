"""Column helpers shared by the model modules."""
import uuid

from idp.clock import now


def new_uuid() -> str:
    return str(uuid.uuid4())


__all__ = ["new_uuid", "now"]
