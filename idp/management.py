"""The management port: with IDP_MANAGEMENT_BIND (host:port, config/gunicorn.conf.py adds it to
gunicorn's listeners), /metrics, /healthz and /readyz answer on that port only and nothing else
does, as Keycloak's management interface: the public port never shows the service's insides,
and the monitoring network reaches them without passing the load balancer.

The port a request came in on is that of gunicorn's listening socket, never a header. Under the
development server (one port) there is no management port."""
from __future__ import annotations

import os

from werkzeug.exceptions import NotFound

from idp.config import ConfigError

ENV_VARIABLE = "IDP_MANAGEMENT_BIND"
PATHS = frozenset({"/metrics", "/healthz", "/readyz"})


def configured_port(environ: dict[str, str] = os.environ) -> int | None:
    bind = environ.get(ENV_VARIABLE, "").strip()
    if not bind:
        return None
    _, _, port = bind.rpartition(":")
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ConfigError(f"{ENV_VARIABLE} must be host:port (got {bind!r})")
    return int(port)


class ManagementPort:
    """WSGI middleware: management paths on the management port, everything else elsewhere."""

    def __init__(self, app, port: int):
        self.app, self.port = app, port

    def __call__(self, environ, start_response):
        listener = environ.get("gunicorn.socket")
        if listener is not None:
            on_management = listener.getsockname()[1] == self.port
            if on_management != (environ.get("PATH_INFO", "") in PATHS):
                return NotFound()(environ, start_response)
        return self.app(environ, start_response)


def init_app(app) -> None:
    port = configured_port()
    if port is not None:
        app.wsgi_app = ManagementPort(app.wsgi_app, port)
