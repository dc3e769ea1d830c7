"""OAuth over TLS (RFC 6749 sections 3.1 and 3.2, RFC 6750 section 5.3): the rule of every OAuth
endpoint's door, and of the lean path's (exchange.py), which hands such a request to the door.

The rule is Authlib's (is_secure_transport): https, or http to the machine itself (localhost or
a loopback address, RFC 8252 section 7.3: the development server), or anything when
AUTHLIB_INSECURE_TRANSPORT is set. Authlib checks it as it builds its request object, outside
its error handling: a request over plain http to the service's name was a 500 from the
framework, and a 200 from the lean path, which does not build one. The door answers first: 400,
invalid_request (errors.INSECURE) from the endpoints a service calls, the error page from those a
browser opens. Behind a proxy that ends TLS, the scheme is the one it forwards
(IDP_SERVER_PROXY_HOPS: ProxyFix has set it before the lean path and the app read it).
"""

from __future__ import annotations

from authlib.common.security import is_secure_transport
from werkzeug.wsgi import get_host


def secure(environ) -> bool:
    """Whether the request came over a transport OAuth accepts."""
    return is_secure_transport(f"{environ.get('wsgi.url_scheme', 'http')}://{get_host(environ)}/")
