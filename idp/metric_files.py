"""The metrics folder (PROMETHEUS_MULTIPROC_DIR) never stops the service.

Under the web server every process writes its counts to files of its own in the folder, which a
scrape adds up (prometheus_client's multiprocess mode, idp/metrics.py). The library maps each file
into memory at 64 KiB, doubled whenever it is full, without asking the disk for the room: on a
full disk the first write to a page the file does not hold yet is a SIGBUS, which kills the
process without a word (a web worker at the first request that made a new series, then each
worker granian respawned, until granian saw a crash loop and exited). Here every byte of a file
is reserved on the disk (posix_fallocate) before it is mapped and before it grows
(reserved_files.py), so that a full disk is an OSError the value catches:

- at start-up, a folder that cannot hold this process's first file (missing, not a folder,
  read-only, not ours, full) stops the process with one line naming the variable and the cause
  (check, from create_app);
- once serving, a value whose file cannot be made or grown keeps its count in the process's memory
  and tries again at its next write, so that the series are written again once the folder has
  room; the process says so once (`metrics not written`), counts the failures in
  idp_metrics_write_failures_total (count_failures) where its file can hold them, and the request
  or job goes on.

FileValue is prometheus_client's own value in multiprocess mode (values.MultiProcessValue) in all
else: the same files, names and format, read by its MultiProcessCollector. The library lets a
program choose its value class (values.ValueClass) before the first metric is made: install().
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading

from prometheus_client import Counter, values
from prometheus_client.mmap_dict import mmap_key

from idp.config import ConfigError
from idp.reserved_files import ReservedFile

VARIABLE = "PROMETHEUS_MULTIPROC_DIR"
log = logging.getLogger("idp.metrics")


class _Process:
    """This process's files and values, and whether it said its metrics were not written. Until
    check() passed, a failure is for the start-up's one line to say."""

    def __init__(self, told: bool = True):
        self.lock = threading.Lock()
        self.files: dict[str, ReservedFile] = {}
        self.values: list[FileValue] = []
        self.failures: FileValue | None = None
        self.told = told


_process = _Process()


def _file(kind: str) -> ReservedFile:
    if kind not in _process.files:
        _process.files[kind] = ReservedFile(os.path.join(os.environ[VARIABLE], f"{kind}_{os.getpid()}.db"))
    return _process.files[kind]


def _failed(error: OSError) -> None:
    """A value not written (the lock held): said once, counted where its file can hold it."""
    if not _process.told:
        _process.told = True
        log.error(
            "metrics not written",
            extra={"variable": VARIABLE, "folder": os.environ[VARIABLE], "error": error.strerror, "pid": os.getpid()},
        )
    failures = _process.failures
    if failures is not None:
        failures._value += 1
        with contextlib.suppress(OSError):
            _file(failures._kind).write_value(failures._key, failures._value, 0.0)


class FileValue:
    """The value of one series, in this process's file of its kind ({kind}_{pid}.db)."""

    _multiprocess = True

    def __init__(self, typ, metric_name, name, labelnames, labelvalues, help_text, multiprocess_mode="", **_options):
        self._kind = f"{typ}_{multiprocess_mode}" if typ == "gauge" else typ
        self._key = mmap_key(metric_name, name, labelnames, labelvalues, help_text)
        self._value, self._timestamp = 0.0, 0.0
        with _process.lock:
            self._load()
            _process.values.append(self)

    def _load(self) -> None:
        """Its value as its file holds it (0 for a new series); as it is when the file cannot."""
        try:
            self._value, self._timestamp = _file(self._kind).read_value(self._key)
        except OSError as error:
            _failed(error)

    def _write(self) -> None:
        try:
            _file(self._kind).write_value(self._key, self._value, self._timestamp)
        except OSError as error:
            _failed(error)

    def inc(self, amount: float) -> None:
        with _process.lock:
            self._value += amount
            self._timestamp = 0.0
            self._write()

    def set(self, value: float, timestamp: float | None = None) -> None:
        with _process.lock:
            self._value, self._timestamp = value, timestamp or 0.0
            self._write()

    def get(self) -> float:
        with _process.lock:
            return self._value

    def set_exemplar(self, exemplar) -> None:
        """Multiprocess mode keeps no exemplars (nor does prometheus_client's own value)."""

    def get_exemplar(self) -> None:
        return None


def _forked() -> None:
    """A forked process (a web worker) counts from zero in files of its own, as prometheus_client's
    value does; the parent's files stay the parent's (this process lets go of its copies)."""
    global _process
    parent = _process
    for file in parent.files.values():
        file.close()
    _process = _Process(told=parent.told)
    _process.values, _process.failures = parent.values, parent.failures
    for value in _process.values:
        value._value, value._timestamp = 0.0, 0.0
        value._load()


def install() -> None:
    """Under PROMETHEUS_MULTIPROC_DIR, every metric made from now on keeps its value in a FileValue."""
    if VARIABLE not in os.environ or values.ValueClass is FileValue:
        return
    values.ValueClass = FileValue
    os.register_at_fork(after_in_child=_forked)


def count_failures(counter: Counter) -> None:
    """The counter (without labels) of the values not written: _failed adds to its value itself,
    since the counter's inc() would wait for the lock _failed holds."""
    if isinstance(counter._value, FileValue):
        _process.failures = counter._value
        # loaded first after a fork (_forked), so that it counts the failures of the others
        _process.values.remove(counter._value)
        _process.values.insert(0, counter._value)


def check() -> None:
    """At start-up: ConfigError naming the variable and the cause unless the folder held this
    process's first file; from now on the process says its own failures."""
    if VARIABLE not in os.environ:
        return
    try:
        with _process.lock:
            _file("counter")
    except OSError as error:
        raise ConfigError(f"{VARIABLE} ({os.environ[VARIABLE]}) cannot hold the metrics: {error.strerror}") from None
    _process.told = False
