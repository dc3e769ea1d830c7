"""Files of secrets only their owner may read: development's instance/ secrets and the signing
keys. Each is written whole under a name of its own, readable by its owner from the first byte,
then put in place: two processes starting together on a new instance never read a half-written
file, never rename each other's, and keep the same secret (the first one put in place)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def create(path: Path, text: str) -> bool:
    """Writes the file unless it exists (False then: what is there stays)."""
    temporary = _written(path, text)
    try:
        os.link(temporary, path)
    except FileExistsError:
        return False
    finally:
        temporary.unlink()
    return True


def replace(path: Path, text: str) -> None:
    """Writes the file over what is there, in one step for its readers."""
    os.replace(_written(path, text), path)


def _written(path: Path, text: str) -> Path:
    descriptor, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.write(text)
    return Path(name)
