"""A prometheus_client multiprocess file (metric_files.py) whose every byte is on the disk before
it is mapped: the library maps its files without asking the disk for the room, so that on a full
disk a write to a page the file does not hold yet is a SIGBUS; here it is an OSError, raised
where the room is asked (posix_fallocate).
"""

from __future__ import annotations

import contextlib
import os

from prometheus_client.mmap_dict import MmapedDict

# The size prometheus_client gives a new file, which it doubles when full.
FIRST_FILE_BYTES = 1 << 16
# What a new value takes in a file besides its key, at most: the key's length, padding to 8
# bytes, the value and its timestamp.
ENTRY_BYTES = 4 + 8 + 16


def _reserve(path: str, size: int) -> None:
    """The file's first `size` bytes are on the disk (OSError, ENOSPC, when they cannot be)."""
    with open(path, "r+b") as file:
        os.posix_fallocate(file.fileno(), 0, size)


class ReservedFile(MmapedDict):
    """One process's file of values of one kind, whose every byte is on the disk before it is
    mapped: a new file is made whole under another name, then renamed (a scrape that read an
    empty one would fail for the whole machine), and it is reserved to its next size before it
    grows."""

    def __init__(self, path: str):
        if os.path.exists(path):
            # a process gone that had this pid left it: its pages past what it wrote may be holes
            _reserve(path, max(os.path.getsize(path), FIRST_FILE_BYTES))
        else:
            making = f"{path}.new"
            try:
                with open(making, "wb") as file:
                    os.posix_fallocate(file.fileno(), 0, FIRST_FILE_BYTES)
                os.rename(making, path)
            finally:
                with contextlib.suppress(OSError):
                    os.remove(making)
        super().__init__(path)

    def _init_value(self, key: str) -> None:
        """The library's, which adds a series and doubles the file when it does not fit, with the
        room reserved first."""
        capacity = self._capacity
        while self._used + len(key.encode("utf-8")) + ENTRY_BYTES > capacity:
            capacity *= 2
        if capacity > self._capacity:
            _reserve(self._fname, capacity)
        super()._init_value(key)
