"""Who a request comes from, on production's web server (config/web.py: granian, in production)
with no management port: `X-Forwarded-For` counts only as far as proxies wrote it — the
`server.proxy_hops` of them, each connecting from `server.proxy_networks` — and `/metrics`
answers on no port of the web server. The console and `/metrics` let in only their networks
(default: the machine itself, 127.0.0.1). Clients leave from loopback addresses of their own:
127.0.0.2 is a public client, 127.0.0.3 the load balancer.

Abuse and degraded cases:

- A public client sends `X-Forwarded-For: 127.0.0.1` to the web port, which no proxy stands in
  front of (proxy_hops 0): the header is nobody's word; it is 127.0.0.2, and /console answers 404.
- The same with proxy_hops 1, straight to the web port, past the balancer (the machine's own
  address reachable, another machine of the network): the header was written by no proxy and
  counts for nothing: 404. werkzeug's ProxyFix believed its last value whoever sent it, which
  opened /console and /metrics to anyone who could reach the port.
- The same through the balancer, which appends the address it saw (`127.0.0.1, 127.0.0.2`): the
  client is the value the balancer wrote, 127.0.0.2: 404.
- Two layers (a CDN, then the balancer: proxy_hops 2): a client that skips the CDN and reaches the
  balancer wrote the first value itself; a value counts only when the address that handed it on
  is a proxy's, so the client is the one the balancer saw: 404.
- An operator on the console's network behind the balancer: the balancer's value is believed, and
  the console answers them.
- Anyone asks production's web port for /metrics, the machine itself included: 404. Production
  serves /metrics on the management port only (test_management_port.py); its allowed_networks still
  apply there. Spelt `//metrics`, which the router reads as /metrics: 404 too.
- The web server listens on every address, IPv6 and IPv4 (`IDP_BIND=[::]:8000`): an IPv4 peer
  reaches the app written in IPv6, `::ffff:127.0.0.3`. It is judged as the IPv4 address it is: the
  balancer is still a proxy (else no hop would be proved, and every client would share the
  balancer's address and its budgets), the machine itself still the console's network.
- proxy_hops set without proxy_networks: the service refuses to start, with one line naming
  IDP_SERVER_PROXY_NETWORKS (test_config.py).
"""

from __future__ import annotations

import json
import os

import pytest
import requests

from tests.ops.test_shared_addresses import FromAddress
from tests.support.production import production_environment
from tests.support.servers import Server, environment, migrate

PUBLIC, BALANCER = "127.0.0.2", "127.0.0.3"
REDIS_URL = os.environ.get("IDP_TEST_REDIS_URL", "").strip() or "redis://127.0.0.1:6379/7"


def production_server(folder, every_address: bool = False, **settings: str) -> Server:
    """Launched, not yet ready (Server.ready)."""
    folder.mkdir()
    env = environment(
        folder,
        f"sqlite:///{folder / 'idp.sqlite3'}",
        **(production_environment(folder) | {"IDP_QUEUE_REDIS_URL": REDIS_URL} | settings),
    )
    migrate(env)
    server = Server(folder, env, production=True)
    if every_address:
        server.env["IDP_BIND"] = f"[::]:{server.port}"
    return server.launch()


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    """A web server with no proxy in front; one behind a balancer at 127.0.0.3; the same
    listening on every address, IPv6 and IPv4. They start side by side."""
    started = {}
    behind = {"IDP_SERVER_PROXY_HOPS": "1", "IDP_SERVER_PROXY_NETWORKS": f"{BALANCER}/32"}
    try:
        started[0] = production_server(tmp_path_factory.mktemp("forwarded") / "direct")
        started[1] = production_server(tmp_path_factory.mktemp("forwarded") / "balanced", **behind)
        started["dual"] = production_server(tmp_path_factory.mktemp("forwarded") / "dual", every_address=True, **behind)
        for server in started.values():
            server.ready()
        yield started
    finally:
        for server in started.values():
            server.stop()


def get(server: Server, path: str, source: str, forwarded: str | None = None) -> requests.Response:
    session = requests.Session()
    session.mount("http://", FromAddress(source))
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    return session.get(server.url + path, headers=headers, allow_redirects=False, timeout=30)


def test_a_forged_address_opens_nothing_where_no_proxy_stands(servers):
    assert get(servers[0], "/console", PUBLIC, forwarded="127.0.0.1").status_code == 404


def test_a_forged_address_sent_past_the_balancer_opens_nothing(servers):
    assert get(servers[1], "/console", PUBLIC, forwarded="127.0.0.1").status_code == 404


def test_a_forged_address_sent_through_the_balancer_opens_nothing(servers):
    assert get(servers[1], "/console", BALANCER, forwarded=f"127.0.0.1, {PUBLIC}").status_code == 404


def test_the_balancer_vouches_for_an_operator_on_the_consoles_network(servers):
    assert get(servers[1], "/console", BALANCER, forwarded="127.0.0.1").status_code == 200


@pytest.mark.parametrize("proxies", [0, 1])
def test_production_answers_metrics_on_no_port_of_the_web_server(servers, proxies):
    assert get(servers[proxies], "/metrics", "127.0.0.1").status_code == 404


@pytest.mark.parametrize("path", ["//metrics", "///metrics"])
def test_metrics_spelt_with_more_slashes_are_not_found_either(servers, path):
    # the router reads //metrics as /metrics: which route a request reaches decides, not its spelling
    assert get(servers[0], path, "127.0.0.1").status_code == 404


def test_an_ipv4_peer_written_in_ipv6_is_judged_as_itself(servers):
    assert get(servers["dual"], "/console", BALANCER, forwarded="127.0.0.1").status_code == 200
    assert get(servers["dual"], "/console", BALANCER, forwarded=f"127.0.0.1, {PUBLIC}").status_code == 404
    assert get(servers["dual"], "/console", PUBLIC, forwarded="127.0.0.1").status_code == 404


def test_an_ipv4_client_written_in_ipv6_is_logged_and_counted_as_itself(servers):
    get(servers["dual"], "/v1/password/policy", PUBLIC)
    logged = [json.loads(line) for line in servers["dual"].lines() if '"path": "/v1/password/policy"' in line]
    assert [line["ip"] for line in logged] == [PUBLIC]


def test_only_a_value_a_proxy_handed_on_counts_behind_two_layers(app_with):
    behind = app_with(
        IDP_SERVER_PROXY_HOPS="2", IDP_SERVER_PROXY_NETWORKS=f"{BALANCER}/32, 198.51.100.0/24"
    ).test_client()
    through_the_cdn = behind.get(
        "/console", headers={"X-Forwarded-For": "127.0.0.1, 198.51.100.7"}, environ_base={"REMOTE_ADDR": BALANCER}
    )
    skipping_it = behind.get(
        "/console", headers={"X-Forwarded-For": "127.0.0.1, 203.0.113.9"}, environ_base={"REMOTE_ADDR": BALANCER}
    )
    assert (through_the_cdn.status_code, skipping_it.status_code) == (200, 404)
