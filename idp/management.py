"""The management port: with IDP_MANAGEMENT_BIND (host:port), /metrics, /healthz and /readyz
answer on that port only, served by a process of its own beside the web server
(`flask --app idp management serve`, docs/operations.md), and the web server answers everything
else and never them, as Keycloak's management interface: the public port never shows the
service's insides, and the monitoring network reaches them without passing the load balancer.

The management process adds up what every web worker counted in the shared
PROMETHEUS_MULTIPROC_DIR and reads the web server's processes from /proc (idp/metrics.py),
checks PostgreSQL and Redis for /readyz as the web workers would (idp/health.py), and answers
/healthz with whether the web server answers on IDP_BIND: it outlives the web server, so that
a stopped one is seen. Which port a request came in on is known from the process serving it,
never from a header. Without IDP_MANAGEMENT_BIND, the web server answers /healthz and /readyz,
and /metrics only in development (`make run`): production's metrics are the management port's."""
from __future__ import annotations

import http.client
import logging
import os

import click
from flask import current_app
from flask.cli import AppGroup
from werkzeug.exceptions import HTTPException, NotFound
from werkzeug.routing import Map
from werkzeug.serving import make_server
from werkzeug.wrappers import Response

from idp.config import ConfigError

ENV_VARIABLE = "IDP_MANAGEMENT_BIND"
# The web server's address (config/web.py), which /healthz probes.
WEB_BIND = "IDP_BIND"
WEB_BIND_DEFAULT = "0.0.0.0:8000"
PATHS = frozenset({"/metrics", "/healthz", "/readyz"})
# Production without a management port: the load balancer still probes /healthz and /readyz on
# the web port, and /metrics answers nowhere.
METRICS_ONLY = frozenset({"/metrics"})
# Set by the management process on every request it serves. The WSGI keys a request's headers
# become all begin with HTTP_, so no client can set it.
ON_MANAGEMENT = "idp.management"
# Seconds the web server has to answer /healthz's probe: a server that takes longer is not serving.
PROBE_SECONDS = 2.0

log = logging.getLogger("idp.management")
group = AppGroup("management", help="The management port's own process (IDP_MANAGEMENT_BIND).")


def _address(bind: str, variable: str) -> tuple[str, int]:
    host, _, port = bind.strip().rpartition(":")
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ConfigError(f"{variable} must be host:port (got {bind!r})")
    return host.strip("[]"), int(port)


def configured_bind(environ: dict[str, str] = os.environ) -> tuple[str, int] | None:
    bind = environ.get(ENV_VARIABLE, "").strip()
    return _address(bind, ENV_VARIABLE) if bind else None


class ManagementPort:
    """WSGI middleware: the management process's routes in it, everything else elsewhere. Which
    route a request reaches is asked of the app's own router, never read from the path as sent:
    the router takes `//metrics` for /metrics."""

    def __init__(self, app, url_map: Map, paths: frozenset[str] = PATHS):
        self.app, self.url_map, self.paths = app, url_map, paths

    def _route(self, environ) -> str | None:
        try:
            rule, _ = self.url_map.bind_to_environ(environ).match(return_rule=True)
        except HTTPException:  # no route, another method, or a redirect the client asks anew
            return None
        return rule.rule

    def __call__(self, environ, start_response):
        if environ.get(ON_MANAGEMENT, False) != (self._route(environ) in self.paths):
            return NotFound()(environ, start_response)
        return self.app(environ, start_response)


def web_server_answers(environ: dict[str, str] = os.environ) -> bool:
    """Whether the web server answers an HTTP request on IDP_BIND within PROBE_SECONDS: any
    status but a server error (its /healthz is not found there while the management port is set,
    which the app itself says)."""
    host, port = _address(environ.get(WEB_BIND, WEB_BIND_DEFAULT), WEB_BIND)
    # a server listening on every address answers on this machine's own
    host = {"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host)
    connection = http.client.HTTPConnection(host, port, timeout=PROBE_SECONDS)
    try:
        connection.request("GET", "/healthz")
        return connection.getresponse().status < 500
    except (OSError, http.client.HTTPException):
        return False
    finally:
        connection.close()


class ManagementServer:
    """The management process's WSGI app: /healthz answered here, /metrics and /readyz by the
    app. Nothing stands between the monitoring network and this port, so a forwarded address or
    scheme would be forged: they are dropped before the app (idp/forwarded.py) could believe them."""

    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        environ[ON_MANAGEMENT] = True
        for key in [key for key in environ if key.startswith("HTTP_X_FORWARDED_")]:
            del environ[key]
        if environ.get("PATH_INFO") == "/healthz":
            up = web_server_answers()
            answer = Response('{"status": "ok", "web": "ok"}' if up else '{"status": "unavailable", "web": "unreachable"}',
                              status=200 if up else 503, mimetype="application/json", headers={"Cache-Control": "no-store"})
            return answer(environ, start_response)
        return self.app(environ, start_response)


@group.command("serve")
def serve() -> None:
    """Serve /metrics, /healthz and /readyz on IDP_MANAGEMENT_BIND, from the web server's
    PROMETHEUS_MULTIPROC_DIR."""
    bind = configured_bind()
    if bind is None:
        raise click.ClickException(f"{ENV_VARIABLE} is unset: the management process has no port to serve")
    if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        raise click.ClickException("PROMETHEUS_MULTIPROC_DIR is unset: it must name the web server's metrics folder")
    server = make_server(*bind, ManagementServer(current_app._get_current_object()), threaded=True)
    log.info("management port listening", extra={"bind": f"{bind[0]}:{bind[1]}"})
    server.serve_forever()


def init_app(app) -> None:
    if configured_bind() is not None:
        app.wsgi_app = ManagementPort(app.wsgi_app, app.url_map)
    elif app.config["IDP"]["server"]["environment"] == "production":
        # a public port never shows the service's insides, whatever address a request claims
        app.wsgi_app = ManagementPort(app.wsgi_app, app.url_map, METRICS_ONLY)
    app.cli.add_command(group)
