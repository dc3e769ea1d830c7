"""What each layer of a request costs: the WSGI server's own loop, Flask's dispatch, and each
of our hooks (request log, metrics, security headers, cookies, the API's guards).

    .venv/bin/python bench/pipeline.py [--requests 20000] [--seconds 8]

1. The server loop: a WSGI app that answers 16 bytes, under each WSGI server (granian as
   production runs it, gunicorn's gthread worker as production ran it before), one worker
   pinned to core 0, wrk on core 1: server CPU per request, read from /proc.
2. In this process, the app's WSGI callable called directly (no server, no socket) for
   requests that need no database: CPU per request for the whole app, for a bare Flask app
   answering the same bytes, and for the whole app with one hook at a time taken out. What
   a hook costs is the difference.
"""

from __future__ import annotations

import argparse
import io
import logging
import os
import sys
import tempfile
import time
from pathlib import Path

import harness

HELLO = harness.BENCH / "peer" / "hello_wsgi.py"
REQUESTS = {
    "GET /.well-known/openid-configuration": ("GET", "/.well-known/openid-configuration", b""),
    "GET /v1/password/policy": ("GET", "/v1/password/policy", b""),
}


def server_loop(seconds: int) -> list[str]:
    """CPU per request of each WSGI server around an app that does nothing."""
    lines = []
    commands = {
        "gunicorn gthread": lambda port: [
            str(harness.PYTHON_BIN / "gunicorn"),
            "-w",
            "1",
            "-k",
            "gthread",
            "--threads",
            "4",
            "-b",
            f"127.0.0.1:{port}",
            "--backlog",
            "2048",
            "--chdir",
            str(HELLO.parent),
            "hello_wsgi:application",
        ],
        "granian": lambda port: [
            str(harness.PYTHON_BIN / "granian"),
            "--interface",
            "wsgi",
            "--workers",
            "1",
            "--blocking-threads",
            "4",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--no-access-log",
            "--working-dir",
            str(HELLO.parent),
            "hello_wsgi:application",
        ],
    }
    for name, command in commands.items():
        port = harness.free_port()
        with harness.Server(command(port), dict(os.environ), port, str(harness.SERVER_CORE), "/") as server:
            url = f"http://127.0.0.1:{port}/"
            harness.wrk(url, 10, 2, harness.BENCH / "wrk" / "get.lua")
            cpu, run = harness.measured(
                server.pids, lambda url=url: harness.wrk(url, 10, seconds, harness.BENCH / "wrk" / "get.lua")
            )
            lines.append(
                f"{name:<18} {cpu / run.requests * 1000:6.3f} ms of server CPU per request "
                f"({run.requests / cpu:7.0f} /s per core, errors {run.errors})"
            )
    return lines


def environ(method: str, path: str, body: bytes) -> dict:
    return {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "5000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
        "wsgi.version": (1, 0),
        "CONTENT_LENGTH": str(len(body)),
        "HTTP_HOST": "127.0.0.1:5000",
        "HTTP_USER_AGENT": "bench/pipeline",
    }


def cpu_per_call(application, request: tuple[str, str, bytes], count: int) -> float:
    """Milliseconds of this process's CPU per call of the WSGI callable."""

    def start_response(status, headers, exc_info=None):
        return None

    for _ in range(200):
        b"".join(application(environ(*request), start_response))
    started = time.process_time()
    for _ in range(count):
        b"".join(application(environ(*request), start_response))
    return (time.process_time() - started) / count * 1000


def without(app, hooks: list[str]):
    """The app with the named before/after-request hooks taken out (module.function names)."""
    removed = []
    for registry in (app.before_request_funcs, app.after_request_funcs):
        for functions in registry.values():
            for function in list(functions):
                if f"{function.__module__}.{function.__name__}" in hooks:
                    functions.remove(function)
                    removed.append((functions, function))
    return removed


def layers(env: dict[str, str], count: int) -> list[str]:
    from flask import Flask

    lines = []
    with harness.provider_app(env) as app:
        from idp import metrics, observability

        # Each line is built and written, to /dev/null rather than this benchmark's output.
        for handler in logging.getLogger("idp").handlers:
            handler.setStream(open(os.devnull, "w"))  # noqa: SIM115
        for request_name, request in REQUESTS.items():
            client = app.test_client()
            answer = client.open(request[1], method=request[0])
            bare = Flask("bare")
            body, mimetype = answer.get_data(), answer.mimetype
            bare.add_url_rule(
                request[1],
                "bare",
                lambda bare=bare, body=body, mimetype=mimetype: bare.response_class(body, mimetype=mimetype),
            )
            whole = cpu_per_call(app, request, count)
            lines.append(
                f"{request_name}: the whole app {whole:.3f} ms of CPU per request; "
                f"a bare Flask app answering the same bytes {cpu_per_call(bare, request, count):.3f} ms; "
                f"without WhiteNoise in front {cpu_per_call(app.wsgi_app.application, request, count):.3f} ms"
            )
            for hooks in (
                ["idp.observability._start", "idp.observability._finish"],
                ["idp.security_headers.add_headers"],
                ["idp.sessions._write_cookie", "idp.sessions.waiting_cookie.write"],
                ["idp.api.guard.same_site_json_only", "idp.api.browser.who_is_asking", "idp.api.guard.never_cached"],
            ):
                removed = without(app, hooks)
                if not removed:
                    continue
                cost = whole - cpu_per_call(app, request, count)
                for functions, function in removed:
                    functions.append(function)
                lines.append(f"    {' + '.join(hook.rsplit('.', 1)[1] for hook in hooks):<62} {cost:+.3f} ms")
            observe, metrics.observe_request = metrics.observe_request, lambda *args: None
            lines.append(
                f"    {'of which the metrics (metrics.observe_request)':<62} "
                f"{whole - cpu_per_call(app, request, count):+.3f} ms"
            )
            metrics.observe_request = observe
            info, observability.requests_log.info = observability.requests_log.info, lambda *args, **kwargs: None
            lines.append(
                f"    {'of which the JSON request line':<62} {whole - cpu_per_call(app, request, count):+.3f} ms"
            )
            observability.requests_log.info = info
    return lines


def main(argv=None) -> harness.Report:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=20000)
    parser.add_argument("--seconds", type=int, default=8)
    args = parser.parse_args(argv)
    report = harness.Report("What each layer of a request costs (server loop, Flask, our hooks)")
    for line in server_loop(args.seconds):
        report.figure(line)
    workdir = Path(tempfile.mkdtemp(prefix="idp-bench-pipeline-"))
    env = harness.provider_environment("sqlite:///" + str(workdir / "idp.sqlite"), 5000, workdir)
    harness.migrate(env)
    for line in layers(env, args.requests):
        report.figure(line)
    return report


if __name__ == "__main__":
    main()
