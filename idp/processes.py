"""This machine's web server processes, as /metrics counts them (idp/metrics.py): granian's master,
found from the pid file it keeps in PROMETHEUS_MULTIPROC_DIR, and its workers, its children in
/proc; their CPU, memory and open files; and the live gauges of the processes gone.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator
from pathlib import Path

from prometheus_client import ProcessCollector
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.multiprocess import mark_process_dead

# The pid file granian writes into PROMETHEUS_MULTIPROC_DIR (config/web.py): its master, whose
# children are the workers. A process is found from it and /proc, never from a request.
WEB_PID_FILE = "web.pid"
# prometheus_client's files end with the pid of the process that writes them.
WRITER_PID = re.compile(r"_(\d+)\.db$")


class ProcessesCollector:
    """CPU, memory and open files of this machine's web server processes, added up: granian's
    master and its workers, or the one process of the development server. Memory and open
    files through prometheus_client's ProcessCollector, of the processes alive now; CPU from
    /proc, with the CPU of the workers granian replaced (which the master reaped: its children's
    times in /proc), so that the counter never falls when a worker dies or is recycled."""

    def collect(self) -> Iterator[Metric]:
        totals = {"process_resident_memory_bytes": 0.0, "process_open_fds": 0.0}
        master, workers = _server_pids()
        alive = 0
        for pid in ([master] if master is not None else []) + workers:
            samples = {
                sample.name: sample.value
                for family in ProcessCollector(pid=lambda pid=pid: pid, registry=None).collect()
                for sample in family.samples
            }
            if samples:
                alive += 1
                for name in totals:
                    totals[name] += samples.get(name, 0.0)
        cpu = _cpu_seconds(master, workers) if master is not None else 0.0
        yield GaugeMetricFamily(
            "idp_processes", "Web server processes alive on this machine (granian's master and workers).", value=alive
        )
        yield CounterMetricFamily(
            "idp_process_cpu_seconds",
            "CPU time of the web server processes, the workers it replaced included.",
            value=cpu,
        )
        yield GaugeMetricFamily(
            "idp_process_resident_memory_bytes",
            "Resident memory of the web server processes.",
            value=totals["process_resident_memory_bytes"],
        )
        yield GaugeMetricFamily(
            "idp_process_open_fds",
            "Open files and sockets of the web server processes.",
            value=totals["process_open_fds"],
        )


TICKS_PER_SECOND = os.sysconf("SC_CLK_TCK")


def _times(pid: int | str) -> tuple[int, int]:
    """The process's own CPU ticks (user and system) and its reaped children's; 0 once gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8")
    except OSError:
        return 0, 0
    # after "pid (name)": state is field 3; utime, stime, cutime, cstime are fields 14 to 17
    utime, stime, cutime, cstime = (int(value) for value in stat.rpartition(")")[2].split()[11:15])
    return utime + stime, cutime + cstime


def _cpu_seconds(master: int | str, workers: list[int]) -> float:
    """The master's CPU, its workers' alive now and those it reaped (granian waits for each
    worker that exits); the development server's own. A worker reaped between the reads would
    count twice or not at all: then the master's count of its reaped children changed meanwhile,
    and the workers are read again."""
    if master == "self":
        return _times(master)[0] / TICKS_PER_SECOND
    for _ in range(3):
        own, reaped = _times(master)
        alive = sum(_times(worker)[0] for worker in workers)
        if _times(master)[1] == reaped:
            break
    return (own + reaped + alive) / TICKS_PER_SECOND


def children(parent: int) -> set[int]:
    """The processes whose parent is this one, from /proc: a web server's workers."""
    found = set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text(encoding="utf-8")
        except OSError:
            continue  # gone meanwhile
        # after "pid (name)": state, then the parent's pid
        if int(stat.rpartition(")")[2].split()[1]) == parent:
            found.add(int(entry))
    return found


def _server_pids() -> tuple[int | str | None, list[int]]:
    """Under the web server (which sets PROMETHEUS_MULTIPROC_DIR), its master, from the pid file
    it keeps there, and the master's children, its workers; none while no web server runs; else
    this process (the development server) and none."""
    folder = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if folder is None:
        return "self", []
    try:
        master = int((Path(folder) / WEB_PID_FILE).read_text(encoding="ascii"))
    except (OSError, ValueError):
        return None, []
    if not Path(f"/proc/{master}").exists():
        return None, []
    return master, sorted(children(master))


def forget_dead_processes(folder: str) -> None:
    """The live gauges (livesum: the database pools) of every process that wrote to folder and
    is gone, a worker that died or was replaced, are dropped; its counters stay and still add up."""
    pids = {int(found.group(1)) for name in os.listdir(folder) if (found := WRITER_PID.search(name))}
    for pid in pids:
        if not Path(f"/proc/{pid}").exists():
            with contextlib.suppress(FileNotFoundError):  # another scrape removed them meanwhile
                mark_process_dead(pid, folder)
