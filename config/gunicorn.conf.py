# gunicorn settings of the production web process (README.md, "Production"):
#
#     .venv/bin/gunicorn -c config/gunicorn.conf.py
#
# Environment variables an operator may set: IDP_BIND (address:port, default
# 0.0.0.0:8000), IDP_MANAGEMENT_BIND (address:port of /metrics, /healthz, /readyz; default
# none: they answer on IDP_BIND), WEB_CONCURRENCY (worker processes, default two per core plus one),
# IDP_THREADS (threads per worker, default 4), PROMETHEUS_MULTIPROC_DIR (where workers
# keep their metrics, default a fresh temporary folder).
import ctypes
import ctypes.util
import gc
import multiprocessing
import os
import shutil
import tempfile

from gunicorn import glogging

# Every worker counts its own metrics in this folder; /metrics adds them up. It must be
# set before prometheus_client is first imported, and empty when the server starts, or
# the counts of an earlier run would be added in.
# (Names of this file without a leading underscore are gunicorn settings: a test holds it.)
_metrics_folder = os.environ.get("PROMETHEUS_MULTIPROC_DIR") or tempfile.mkdtemp(prefix="idp-metrics-")
shutil.rmtree(_metrics_folder, ignore_errors=True)
os.makedirs(_metrics_folder)
os.environ["PROMETHEUS_MULTIPROC_DIR"] = _metrics_folder

# glibc's allocator, tuned before the app is built and the workers forked (they inherit it):
# every argon2id hash allocates password.argon2_memory_kib (19 MiB) at once. By default glibc
# raises its mmap threshold after the first such block is freed, so the next ones come from
# per-thread arenas that keep the memory: a worker grew to 180-200 MiB resident after 100
# people signed up and in. A fixed threshold hands each block back to the system when the
# hash is done, and two arenas bound the rest: 122 MiB (bench/concurrency.py, bench/RESULTS.md).
# The same as MALLOC_MMAP_THRESHOLD_=131072 MALLOC_ARENA_MAX=2; nothing where libc has no mallopt.
_M_MMAP_THRESHOLD, _M_ARENA_MAX = -3, -8
_libc = ctypes.CDLL(ctypes.util.find_library("c"))
if hasattr(_libc, "mallopt"):
    _libc.mallopt(_M_MMAP_THRESHOLD, 128 * 1024)
    _libc.mallopt(_M_ARENA_MAX, 2)

# The app is built once in the master, so a setting that stops start-up is one line
# (idp/wsgi.py) and the master exits instead of restarting workers that cannot boot.
wsgi_app = "idp.wsgi:application()"
preload_app = True

bind = [os.environ.get("IDP_BIND", "0.0.0.0:8000")]
# A management port (IDP_MANAGEMENT_BIND, e.g. 10.0.0.5:9000): /metrics, /healthz and /readyz
# answer there only (idp/management.py), and the public port never shows them.
if os.environ.get("IDP_MANAGEMENT_BIND"):
    bind.append(os.environ["IDP_MANAGEMENT_BIND"])
# Password hashing (argon2) is CPU work and the database round trips are waiting: two
# processes per core keep every core busy, threads cover the waits.
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
worker_class = "gthread"
threads = int(os.environ.get("IDP_THREADS", "4"))
# A request that takes longer than this is stuck (every outside call has a shorter
# timeout of its own): its worker is replaced.
timeout = 30
graceful_timeout = 30
# Behind a load balancer that reuses connections, keep them longer than its idle timeout
# would close them from our side.
keepalive = 75
# Workers are replaced now and then so a slow leak can never exhaust memory.
max_requests = 10000
max_requests_jitter = 1000
# gunicorn's control socket is one path per user: several servers on one machine would
# share it. Operators signal the master instead (HUP reloads, TERM stops).
control_socket_disable = True

# The app writes one JSON line per request (idp/observability.py); gunicorn's own
# access log would repeat it with the query strings unmasked.
accesslog = None


class Logger(glogging.Logger):
    """gunicorn's log without its access log. With a logging configuration (below) gunicorn
    builds every request's access line even when no handler takes it: 4 % of a worker's CPU
    at /token (bench/token_exchange.py)."""

    def access(self, resp, req, environ, request_time):
        """The app has written the request's line."""


logger_class = Logger
errorlog = "-"
loglevel = "info"
logconfig_dict = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": "idp.observability.json_formatter"}},
    "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"}},
    "root": {"handlers": ["stderr"], "level": "WARNING"},
    "loggers": {"gunicorn.error": {"handlers": ["stderr"], "level": "INFO", "propagate": False}},
}


def when_ready(server):
    # A --bind on the command line replaces `bind` above: without the management listener,
    # /metrics, /healthz and /readyz would answer nowhere. Stop, saying so.
    wanted = os.environ.get("IDP_MANAGEMENT_BIND", "").strip()
    if wanted and not any(str(listener).endswith(":" + wanted.rpartition(":")[2]) for listener in server.LISTENERS):
        server.log.error("idp cannot start: IDP_MANAGEMENT_BIND %s is not among the listeners (drop --bind, use IDP_BIND)", wanted)
        raise SystemExit(1)


def pre_fork(server, worker):
    # The preloaded app's objects move to the garbage collector's permanent generation, which
    # it never walks: a worker's collections would otherwise write to every page holding one
    # and copy it (the Python documentation of gc.freeze; bench/concurrency.py prints each
    # worker's own memory, USS, beside its resident one).
    gc.freeze()


def child_exit(server, worker):
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)
