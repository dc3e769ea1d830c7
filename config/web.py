# The production web server (README.md, "Production"): granian serving idp.wsgi:application().
#
#     .venv/bin/python config/web.py
#
# Environment variables an operator may set: IDP_BIND (address:port, default 0.0.0.0:8000),
# IDP_MANAGEMENT_BIND (the management process's port, `flask --app idp management serve`: /metrics
# answers there, and this server answers its own /healthz and /readyz), WEB_CONCURRENCY
# (worker processes, default two per core plus one), IDP_THREADS (threads per worker, default 4),
# IDP_WORKERS_LIFETIME (seconds a worker serves before it is replaced, default 6 hours),
# PROMETHEUS_MULTIPROC_DIR (where workers keep their metrics and granian its pid file, default a
# fresh temporary folder).
#
# granian rather than gunicorn: it serves 1.1-1.35 x the /token exchanges per server core (bench/BEFORE.md).
# What gunicorn gave operators besides is the management process's (idp/management.py), and
# granian has no per-request time limit: docs/operations.md says what bounds a request instead.
import contextlib
import gc
import multiprocessing
import os
import re
import sys
import tempfile
from pathlib import Path

# glibc's allocator, through its tunables, which it reads once, as a process starts: this
# command starts itself again with them when they are not there yet (the workers are forked
# from it and inherit them). Every argon2id hash allocates password.argon2_memory_kib (19 MiB)
# at once:
# - mmap_threshold, arena_max: by default glibc raises its mmap threshold after the first such
#   block is freed, so the next ones come from per-thread arenas that keep the memory: a worker
#   grew to 180-200 MiB resident after 100 people signed up and in. A fixed threshold hands each
#   block back to the system when the hash is done, and two arenas bound the rest: 122 MiB
#   (bench/concurrency.py, bench/RESULTS.md).
# - hugetlb: the block, mapped anew at every hash, took 4,865 page faults of 4 KiB each; as
#   transparent huge pages (the kernel's madvise mode, Debian's default) about 270. The sign-in's
#   password call cost 35.7 ms of CPU besides the hash without it, 19.2 ms with it, in one run of
#   bench/signin_per_core.py; the workers' memory stayed at 130 MiB (bench/concurrency.py). A
#   kernel with huge pages off maps the block as before.
ALLOCATOR = ("glibc.malloc.mmap_threshold=131072", "glibc.malloc.arena_max=2", "glibc.malloc.hugetlb=1")
_tunables = [setting for setting in os.environ.get("GLIBC_TUNABLES", "").split(":") if setting]
if not set(ALLOCATOR) <= set(_tunables):
    os.environ["GLIBC_TUNABLES"] = ":".join(
        [*_tunables, *(setting for setting in ALLOCATOR if setting not in _tunables)]
    )
    os.execv(sys.executable, [sys.executable, *sys.argv])

# Every worker counts its own metrics in this folder; /metrics adds them up. It must be set
# before prometheus_client is first imported (so before idp is), and hold no file of an earlier
# run when the server starts, or its counts would be added in. The files of a process alive now
# (the management process, which shares the folder: their names end with its pid) stay. A folder
# that cannot be made, read or emptied is the app's start-up to refuse in one line, naming the
# cause it meets when it makes its first file there (idp/metric_files.py).
_folder = os.environ.get("PROMETHEUS_MULTIPROC_DIR") or tempfile.mkdtemp(prefix="idp-metrics-")
with contextlib.suppress(OSError):
    os.makedirs(_folder, exist_ok=True)
    for _name in os.listdir(_folder):
        _writer = re.search(r"_(\d+)\.db$", _name)
        if not (_writer and os.path.exists(f"/proc/{_writer[1]}")):
            with contextlib.suppress(OSError):  # a folder, or a file not ours
                os.remove(os.path.join(_folder, _name))
os.environ["PROMETHEUS_MULTIPROC_DIR"] = _folder

from granian import Granian  # noqa: E402
from granian.constants import Interfaces  # noqa: E402
from granian.http import HTTP1Settings  # noqa: E402

from idp.processes import WEB_PID_FILE  # noqa: E402
from idp.wsgi import application, warm  # noqa: E402

# granian's own lines (start, workers spawned and respawned) as JSON like the app's; its access
# log stays off: the app writes one line per request (idp/observability.py) with the query
# strings masked, which granian's would print as they came.
LOG_CONFIG = {
    "formatters": {"json": {"()": "idp.observability.json_formatter"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
    "loggers": {"_granian": {"handlers": ["console"], "level": "INFO", "propagate": False}},
}


def main() -> None:
    host, _, port = os.environ.get("IDP_BIND", "0.0.0.0:8000").rpartition(":")
    # The app is built once, here: a setting that stops start-up is one line (idp/wsgi.py) and
    # the server exits before any worker starts. The workers are forked (never spawned), so they
    # inherit the app, the allocator's tuning and the frozen objects below.
    multiprocessing.set_start_method("fork")
    app = application()
    warm(app)
    # The app's objects move to the garbage collector's permanent generation, which it never
    # walks: a worker's collections would otherwise write to every page holding one and copy it
    # (the Python documentation of gc.freeze; bench/concurrency.py prints each worker's own
    # memory, USS, beside its resident one).
    gc.freeze()
    threads = int(os.environ.get("IDP_THREADS", "4"))
    server = Granian(
        "idp.wsgi:application",
        address=host.strip("[]") or "0.0.0.0",
        port=int(port),
        interface=Interfaces.WSGI,
        # Password hashing (argon2) is CPU work and the database round trips are waiting: two
        # processes per core keep every core busy, threads cover the waits.
        workers=int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1)),
        blocking_threads=threads,
        backlog=2048,
        # Behind a load balancer that reuses connections, keep them longer than its idle timeout
        # would close them from our side: granian waits at most 60 s for the next request's headers.
        http1_settings=HTTP1Settings(keep_alive=True, header_read_timeout=60_000),
        # A worker that dies is replaced (the management process marks its metrics dead), and
        # every worker is replaced now and then so that a slow leak never exhausts memory.
        respawn_failed_workers=True,
        workers_lifetime=int(os.environ.get("IDP_WORKERS_LIFETIME", 6 * 3600)),
        # A worker still busy this long after it was told to stop is killed.
        workers_kill_timeout=30,
        log_dictconfig=LOG_CONFIG,
        log_access=False,
        pid_file=Path(_folder) / WEB_PID_FILE,
    )
    server.serve(target_loader=lambda _target: app)


if __name__ == "__main__":
    main()
