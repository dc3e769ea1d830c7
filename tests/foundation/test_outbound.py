"""The outbound door (idp/outbound) against real servers on loopback: a total deadline however the
other side drips, a size cap, no redirects, the destination policy on the address connected to,
the cap per process, single flight and failure memory per key, a count per outcome; and no module
of idp/ but the door makes an outbound HTTP call. Which addresses are public: test_outbound_destinations.py."""

from __future__ import annotations

import ast
import gzip
import json
import threading
import time
from pathlib import Path

import httpcore
import pytest
from prometheus_client import REGISTRY

from idp import outbound
from idp.outbound import sockets
from tests.support.outside import Outside, dripped, http
from tests.support.source import tree

LOCAL = outbound.Policy(deadline_seconds=1, allow_private=True, max_concurrent=8)
PRODUCTION = outbound.Policy(deadline_seconds=1)
KEYS = json.dumps({"keys": []}).encode()


@pytest.fixture
def outside():
    started: list[Outside] = []

    def start(answer, **options) -> Outside:
        started.append(Outside(answer if callable(answer) else lambda path: answer, **options))
        return started[-1]

    outbound.forget()
    yield start
    for server in started:
        server.stop()
    outbound.forget()


def fail(chosen: outbound.Policy, url: str, purpose: str = "test", **options) -> tuple[outbound.OutboundError, float]:
    started = time.monotonic()
    with pytest.raises(outbound.OutboundError) as refused:
        outbound.call(purpose, "GET", url, chosen, **options)
    return refused.value, time.monotonic() - started


def counted(purpose: str, outcome: str) -> float:
    return REGISTRY.get_sample_value("idp_outbound_calls_total", {"purpose": purpose, "outcome": outcome}) or 0.0


def test_an_answer_in_time_comes_back_whole(outside):
    server = outside(http(200, KEYS, Content_Type="application/json"))
    answer = outbound.call("test", "GET", server.url + "/jwks", LOCAL)
    assert (answer.status_code, answer.json()) == (200, {"keys": []})


@pytest.mark.parametrize("where", ["body", "status line"])
def test_a_server_that_drips_a_byte_at_a_time_is_cut_off_at_the_deadline(outside, where):
    whole = http(200, b" " * 200)
    pieces = [whole[:-200], *dripped(whole[-200:])] if where == "body" else dripped(whole)
    server = outside(pieces, drip_seconds=0.2)
    error, seconds = fail(LOCAL, server.url)
    assert error.outcome == "timeout" and error.reason == "no whole answer within 1 s"
    assert seconds < 1.5  # each read came within httpx's own read timeout: only the deadline stops it


def test_a_name_that_takes_long_to_resolve_waits_no_longer_than_the_deadline(monkeypatch):
    monkeypatch.setattr(sockets.socket, "getaddrinfo", lambda *args, **kwargs: time.sleep(3))
    error, seconds = fail(LOCAL, "http://slow-name.example/jwks")
    assert error.outcome == "timeout" and seconds < 1.5


def test_a_redirect_is_a_failure_and_is_not_followed(outside):
    server = outside(lambda path: http(302, Location="/elsewhere") if path == "/jwks" else http(200, KEYS))
    error, _ = fail(LOCAL, server.url + "/jwks")
    assert (error.outcome, error.status) == ("redirect", 302)
    assert server.paths == ["/jwks"]


@pytest.mark.parametrize(
    "answer",
    [
        http(200, b"x" * 70_000),  # announced
        b"HTTP/1.1 200 X\r\nConnection: close\r\n\r\n" + b"x" * 70_000,  # not announced: read until the cap
        http(200, gzip.compress(b"x" * 10_000_000), Content_Encoding="gzip"),  # 10 MB in 10 KB
    ],
)
def test_an_answer_larger_than_the_cap_is_a_failure(outside, answer):
    error, _ = fail(LOCAL, outside(answer).url)
    assert error.outcome == "too_large" and "65536 bytes" in error.reason


def test_a_body_cut_short_is_a_failure(outside):
    error, _ = fail(LOCAL, outside(http(200, KEYS, Content_Length=str(len(KEYS) * 2))).url)
    assert error.outcome == "broken"


def test_production_calls_no_private_address_whatever_the_name(outside):
    server = outside(http(200, KEYS))
    for url in (server.url, f"http://localhost:{server.port}", f"http://[::ffff:127.0.0.1]:{server.port}"):
        error, _ = fail(PRODUCTION, url)
        assert error.outcome == "refused_destination", url
    assert server.connections == 0


def test_the_address_connected_to_is_checked_before_a_byte_is_sent(outside, monkeypatch):
    """A name that resolved to a public address while the connection reached a private one (a
    rebinding, a NAT): the peer of the connection made decides."""
    server = outside(http(200, KEYS))
    monkeypatch.setattr(sockets, "_resolve", lambda host, port: ["93.184.216.34"])
    reach = httpcore.SyncBackend.connect_tcp
    monkeypatch.setattr(
        httpcore.SyncBackend,
        "connect_tcp",
        lambda self, host, port, *rest: reach(self, "127.0.0.1", server.port, *rest),
    )
    error, _ = fail(PRODUCTION, "http://keys.example/jwks")
    assert error.outcome == "refused_destination"
    time.sleep(0.3)  # the server's threads see the connection, closed with nothing sent
    assert (server.connections, server.requests) == (1, 0)


def test_a_call_beyond_the_cap_fails_at_once_as_busy(outside):
    chosen = outbound.Policy(deadline_seconds=2, allow_private=True, max_concurrent=2)
    server = outside(http(200, KEYS), stall_seconds=1.5)
    threads = [threading.Thread(target=lambda: outbound.call("test", "GET", server.url, chosen)) for _ in range(2)]
    for thread in threads:
        thread.start()
    while server.requests < 2:
        time.sleep(0.02)
    error, seconds = fail(chosen, server.url)
    assert error.outcome == "busy" and seconds < 0.1
    for thread in threads:
        thread.join()
    assert outbound.call("test", "GET", server.url, chosen).status_code == 200  # the slots came back


def test_calls_of_one_key_in_flight_share_one_call(outside):
    server = outside(http(200, KEYS), stall_seconds=0.5)
    results = []

    def fetch():
        results.append(
            outbound.call("test-flight", "GET", server.url, LOCAL, key="client-a", parse=lambda answer: answer.json())
        )

    joined = counted("test-flight", "joined")
    threads = [threading.Thread(target=fetch) for _ in range(5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [{"keys": []}] * 5
    assert server.requests == 1
    assert counted("test-flight", "joined") - joined == 4


def test_a_failed_key_is_remembered_and_not_called_meanwhile(outside):
    chosen = outbound.Policy(deadline_seconds=1, allow_private=True, failure_memory_seconds=0.5)
    server = outside(http(500))
    assert fail(chosen, server.url, key="client-b")[0].outcome == "status"
    remembered, seconds = fail(chosen, server.url, key="client-b")
    assert remembered.outcome == "remembered" and remembered.reason.startswith("answered 500, less than 0.5 s ago")
    assert seconds < 0.05 and server.requests == 1
    assert fail(chosen, server.url, key="client-c")[0].outcome == "status"  # another key is called
    time.sleep(0.6)
    assert fail(chosen, server.url, key="client-b")[0].outcome == "status"
    assert server.requests == 3


def test_an_answer_the_caller_cannot_use_fails_the_call_and_is_remembered(outside):
    server = outside(http(200, b"not json"))
    error, _ = fail(LOCAL, server.url, key="client-d", parse=lambda answer: answer.json())
    assert (error.outcome, error.reason) == ("invalid", "an unusable answer (JSONDecodeError)")
    assert fail(LOCAL, server.url, key="client-d")[0].outcome == "remembered"


def test_every_call_is_counted_by_its_outcome(outside):
    ok, refused = outside(http(200, KEYS)), outside(http(404))
    before = {outcome: counted("test-count", outcome) for outcome in ("ok", "status", "refused_destination")}
    outbound.call("test-count", "GET", ok.url, LOCAL)
    fail(LOCAL, refused.url, purpose="test-count")
    fail(PRODUCTION, ok.url, purpose="test-count")
    assert {outcome: counted("test-count", outcome) - before[outcome] for outcome in before} == {
        "ok": 1,
        "status": 1,
        "refused_destination": 1,
    }


HTTP_CLIENTS = ("requests", "httpx", "httpcore", "urllib3", "urllib.request", "http.client", "aiohttp", "pycurl")


def outbound_http(tree: ast.AST) -> list[int]:
    """Lines that import an HTTP client library."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        else:
            continue
        if any(name == library or name.startswith(library + ".") for name in names for library in HTTP_CLIENTS):
            lines.append(node.lineno)
    return lines


def test_a_planted_http_call_is_caught():
    assert outbound_http(ast.parse("import json\nimport requests\nfrom urllib.request import urlopen\n")) == [2, 3]


# Modules that call this machine's own web server, no other party: the management process asks
# it on IDP_BIND whether it answers (/healthz), which the door would refuse as a loopback address.
OWN_SERVER_PROBES = {"management.py"}


def test_only_the_door_makes_outbound_http_calls():
    package = Path(outbound.__file__).resolve().parents[1]
    found = [
        f"{module.relative_to(package)}:{line}"
        for module in sorted(package.rglob("*.py"))
        if module.relative_to(package).parts[0] != "outbound"
        and str(module.relative_to(package)) not in OWN_SERVER_PROBES
        for line in outbound_http(tree(module))
    ]
    assert found == [], "only idp/outbound calls out over HTTP"
