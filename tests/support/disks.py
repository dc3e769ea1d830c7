"""Disks that fill for real: a small tmpfs mounted for a test, and a file that fills it."""

from __future__ import annotations

import contextlib
import errno
import os
import subprocess
from pathlib import Path

import pytest


@contextlib.contextmanager
def small_tmpfs(path: Path, size: str, *options: str):
    """A tmpfs of `size` at path (mount's options besides); the test skips where it may not mount
    one (it needs root, CAP_SYS_ADMIN)."""
    path.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", ",".join([f"size={size}", *options]), "tmpfs", str(path)],
        capture_output=True,
        text=True,
    )
    if mounted.returncode != 0:
        pytest.skip(f"mounting a tmpfs needs root: {mounted.stderr.strip()}")
    try:
        yield path
    finally:
        # lazily: a process the test started may still hold a file there
        subprocess.run(["umount", "--lazy", str(path)], check=True)


def fill(disk: Path) -> None:
    """Writes to a file of disk until it refuses: beside the folders the processes use, as another
    program's files would on a shared /run."""
    descriptor = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(descriptor, bytes(1 << 16))
    except OSError as error:
        assert error.errno == errno.ENOSPC, error
    finally:
        os.close(descriptor)
