"""Who a request comes from: the address of its connection, an IPv4 address as itself, and
behind the load balancer the client's address from X-Forwarded-For and the scheme from
X-Forwarded-Proto, believed only as far as proxies wrote them — at most server.proxy_hops of them,
each connecting from server.proxy_networks.

A web server listening on every address, IPv6 and IPv4 (IDP_BIND=[::]:8000), hands an IPv4 peer
over written in IPv6 (::ffff:10.0.1.5): it is the IPv4 address, for the proxies' networks, the
console's and /metrics', the budgets per address (an IPv6 address counts by its /64, which would
put every IPv4 client in one) and the logs.

werkzeug's ProxyFix reads the last proxy_hops values of the header from whoever sent it. A client
that reaches the web port without passing the balancer (the machine's address is reachable,
another machine of the network sends it) wrote them all itself: `X-Forwarded-For: 127.0.0.1` made
it the machine itself, which /console and /metrics let in. Here a hop counts only when the address
that handed the request on is a proxy's: the peer of the connection first, then, from the right,
each value the proxies before it wrote; the first value that is no proxy's is the client. ProxyFix
then reads as many hops as were proved. A request from anywhere else keeps its own address, and
the scheme of its connection.

What the web server hands over is all there is to read: granian files `X_Forwarded_For` under the
same key as `X-Forwarded-For` (WSGI's naming of headers cannot tell them apart; gunicorn and
waitress drop such names, granian does not), keeping the one written last. A
balancer that passes header names with underscores on, and writes its own header first, must drop
them (docs/operations.md, "Behind the load balancer").
"""

from __future__ import annotations

import ipaddress

from werkzeug.http import parse_list_header
from werkzeug.middleware.proxy_fix import ProxyFix

from idp.config.rules import in_networks


def _unmapped(address: str) -> str:
    """An IPv4 address mapped in IPv6 as itself; any other as it is."""
    try:
        mapped = ipaddress.IPv6Address(address).ipv4_mapped
    except ValueError:
        return address
    return str(mapped) if mapped else address


class Proxies:
    """WSGI middleware: the peer's address as itself, then ProxyFix over the hops the proxies'
    addresses prove (none when server.proxy_hops is 0)."""

    def __init__(self, app, hops: int, networks: str):
        # the wrapped application, as every WSGI middleware names it (ProxyFix, the Exchange)
        self.app = app
        self.hops, self.networks = hops, networks
        self._through = [app, *(ProxyFix(app, x_for=proved, x_proto=proved) for proved in range(1, hops + 1))]

    def proved(self, environ) -> int:
        """How many hops proxies wrote: 0 when the peer is no proxy."""
        if not in_networks(environ.get("REMOTE_ADDR"), self.networks):
            return 0
        # read as ProxyFix reads it (empty values dropped, quotes removed), so that both count alike
        written = parse_list_header(environ.get("HTTP_X_FORWARDED_FOR", ""))
        proved = 1
        # the value `proved` places from the right is the address that handed the request on to
        # the last proxy proved: a proxy's own, the hop before it counts too
        while proved < min(self.hops, len(written)) and in_networks(written[-proved], self.networks):
            proved += 1
        return proved

    def __call__(self, environ, start_response):
        if ":" in environ.get("REMOTE_ADDR", ""):
            environ["REMOTE_ADDR"] = _unmapped(environ["REMOTE_ADDR"])
        return self._through[self.proved(environ)](environ, start_response)
