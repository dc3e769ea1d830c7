"""The management port: with IDP_MANAGEMENT_BIND (host:port), /metrics answers on that port only,
and /healthz and /readyz answer there about the whole machine, served by a process of its own
beside the web server (`flask --app idp management serve`, docs/operations.md), as Keycloak's
management interface: the public port never shows the service's insides, and the monitoring
network reaches them without passing the load balancer.

The management process adds up what every web worker counted in the shared
PROMETHEUS_MULTIPROC_DIR and reads the web server's processes from /proc (idp/metrics.py),
checks PostgreSQL and Redis for /readyz as the web workers would (idp/health.py), and asks the
web server on IDP_BIND whether it answers, for /healthz and /readyz alike: it outlives the web
server, so that a stopped, killed or hung one is seen, and neither probe there says ready for an
instance whose web server is dead. The web server answers everything else and its own /healthz and
/readyz, the load balancer's check, which therefore holds while the management process restarts;
it never answers /metrics in production. Which port a request came in on is known from the process
serving it, never from a header. Without IDP_MANAGEMENT_BIND, /metrics answers only in
development (`make run`): production's metrics are the management port's."""

from __future__ import annotations

import http.client
import logging
import os

import click
from flask import current_app, request
from flask.cli import AppGroup
from werkzeug.exceptions import HTTPException, NotFound
from werkzeug.routing import Map
from werkzeug.serving import make_server

from idp import health
from idp.config import ConfigError

ENV_VARIABLE = "IDP_MANAGEMENT_BIND"
# The web server's address (config/web.py), which /healthz probes.
WEB_BIND = "IDP_BIND"
WEB_BIND_DEFAULT = "0.0.0.0:8000"
PATHS = frozenset({"/metrics", "/healthz", "/readyz"})
# What the web port never answers in production, with a management port or without: the load
# balancer probes /healthz and /readyz there.
INSIDES = frozenset({"/metrics"})
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
    """WSGI middleware: the management process answers its routes (PATHS) and nothing else, the
    web server everything but the INSIDES. Which route a request reaches is asked of the app's
    own router, never read from the path as sent: the router takes `//metrics` for /metrics."""

    def __init__(self, app, url_map: Map):
        self.app, self.url_map = app, url_map

    def _route(self, environ) -> str | None:
        try:
            rule, _ = self.url_map.bind_to_environ(environ).match(return_rule=True)
        except HTTPException:  # no route, another method, or a redirect the client asks anew
            return None
        return rule.rule

    def __call__(self, environ, start_response):
        route = self._route(environ)
        if (route not in PATHS) if environ.get(ON_MANAGEMENT, False) else (route in INSIDES):
            return NotFound()(environ, start_response)
        return self.app(environ, start_response)


def web_server_answers(environ: dict[str, str] = os.environ) -> bool:
    """Whether the web server on IDP_BIND answers its /healthz, 200, within PROBE_SECONDS."""
    host, port = _address(environ.get(WEB_BIND, WEB_BIND_DEFAULT), WEB_BIND)
    # a server listening on every address answers on this machine's own
    host = {"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host)
    connection = http.client.HTTPConnection(host, port, timeout=PROBE_SECONDS)
    try:
        connection.request("GET", "/healthz")
        return connection.getresponse().status == 200
    except (OSError, http.client.HTTPException):
        return False
    finally:
        connection.close()


def _web_server() -> bool | None:
    """The probes' check of the web server (idp/health.py): on the management port only."""
    return web_server_answers() if request.environ.get(ON_MANAGEMENT, False) else None


class ManagementServer:
    """The management process's WSGI app: the app, told that the request came in on the management
    port. Nothing stands between the monitoring network and this port, so a forwarded address or
    scheme would be forged: they are dropped before the app (idp/forwarded.py) could believe them."""

    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        environ[ON_MANAGEMENT] = True
        for key in [key for key in environ if key.startswith("HTTP_X_FORWARDED_")]:
            del environ[key]
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
    # a public port never shows the service's insides in production, whatever address a request claims
    if configured_bind() is not None or app.config["IDP"]["server"]["environment"] == "production":
        app.wsgi_app = ManagementPort(app.wsgi_app, app.url_map)
    health.add_check(app, "web", _web_server)
    app.cli.add_command(group)
