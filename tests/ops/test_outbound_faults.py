"""Production's web server (granian) with its threads held by a dripping key document (issue
39): a client whose jwks_uri drips its document one byte a second, and 16 forged assertions for
it at once. The provider fetches the document once per worker process, within the outbound
deadline; every forged request is invalid_client in bounded time; no more than
outbound.max_concurrent threads of a worker are ever held, so discovery answers meanwhile; the
failure is remembered, so forged assertions that follow cost nothing; /metrics counts each
outcome."""

from __future__ import annotations

import threading
import time

import pytest
import requests
from joserfc import jwt
from joserfc.jwk import ECKey
from prometheus_client.parser import text_string_to_metric_families

from tests.support.outside import Outside, dripped, http
from tests.support.servers import CLIENTS, Server, environment, migrate

FORGED = 16
WORKERS = 2
ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
# a key set document of 60 bytes: a minute to drip whole
DOCUMENT = b'{"keys": []}' + b" " * 48


def _keyed_client(jwks_uri: str) -> str:
    return (
        CLIENTS
        + f"""
[clients.keyed]
token_endpoint_auth_method = "private_key_jwt"
jwks_uri = "{jwks_uri}"
redirect_uris = ["https://keyed.example/cb"]
scopes = ["openid"]

[clients.keyed.service]
id = 2
url = "https://keyed.example/"
title_en = "Keyed service"
title_fr = "Service à clés"
"""
    )


@pytest.fixture
def provider(tmp_path):
    """The provider under production's web server (two workers of four threads), the keyed client's jwks_uri
    dripping its document a byte a second."""
    document = http(200, DOCUMENT, Content_Type="application/json")
    keys = Outside(lambda path: [document[: -len(DOCUMENT)], *dripped(DOCUMENT)], drip_seconds=1)
    clients = tmp_path / "keyed-clients.toml"
    clients.write_text(_keyed_client(f"{keys.url}/jwks"), encoding="utf-8")
    env = environment(
        tmp_path,
        f"sqlite:///{tmp_path / 'idp.sqlite3'}",
        IDP_CLIENTS_FILE=str(clients),
        WEB_CONCURRENCY=str(WORKERS),
        IDP_THREADS="4",
    )
    migrate(env)
    server = Server(tmp_path, env, production=True).start()
    try:
        yield server, keys
    finally:
        server.stop()
        keys.stop()


def _forge(server: Server) -> tuple[int, str, float]:
    """A token request for the keyed client, signed by a key of the forger's own."""
    moment = int(time.time())
    key = ECKey.generate_key("P-256", parameters={"kid": f"forged-{time.time_ns()}"})
    claims = {
        "iss": "keyed",
        "sub": "keyed",
        "aud": f"{server.url}/token",
        "iat": moment,
        "exp": moment + 60,
        "jti": f"jti-{time.time_ns()}",
    }
    started = time.monotonic()
    answer = requests.post(
        f"{server.url}/token",
        timeout=150,
        data={
            "grant_type": "authorization_code",
            "code": "x",
            "redirect_uri": "https://keyed.example/cb",
            "code_verifier": "v" * 43,
            "client_assertion_type": ASSERTION_TYPE,
            "client_assertion": jwt.encode({"alg": "ES256", "kid": key.kid}, claims, key, algorithms=["ES256"]),
        },
    )
    return answer.status_code, answer.json().get("error", ""), time.monotonic() - started


def _forge_all(server: Server) -> tuple[list, list[threading.Thread]]:
    answers: list = []
    threads = [threading.Thread(target=lambda: answers.append(_forge(server))) for _ in range(FORGED)]
    for thread in threads:
        thread.start()
    return answers, threads


def _discovery_seconds(server: Server) -> float:
    started = time.monotonic()
    assert requests.get(f"{server.url}/.well-known/openid-configuration", timeout=90).status_code == 200
    return time.monotonic() - started


def _outbound_calls(server: Server) -> dict[str, float]:
    text = requests.get(f"{server.url}/metrics", timeout=10).text
    return {
        sample.labels["outcome"]: sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
        if sample.name == "idp_outbound_calls_total" and sample.labels["purpose"] == "client_keys"
    }


def test_forged_assertions_for_a_dripping_key_document_hold_neither_threads_nor_discovery(provider):
    server, keys = provider
    answers, threads = _forge_all(server)
    time.sleep(0.5)  # the forged requests are in
    discovery = [_discovery_seconds(server)]
    while any(thread.is_alive() for thread in threads):
        discovery.append(_discovery_seconds(server))
        time.sleep(0.3)
    for thread in threads:
        thread.join()
    print(
        f"discovery while forged requests ran: {max(discovery):.2f} s at most ({len(discovery)} asked); "
        f"forged answered in {max(seconds for *_, seconds in answers):.2f} s at most; "
        f"document fetched {keys.requests} times"
    )

    # held, discovery waited 57-60 s; free, it answers at once (room left for a busy machine)
    assert max(discovery) < 10
    assert sorted({(status, error) for status, error, _ in answers}) == [(401, "invalid_client")]
    assert max(seconds for *_, seconds in answers) < 5  # the 3-s deadline, and a little
    assert 1 <= keys.requests <= WORKERS  # once per worker process at most

    # the failure is remembered: more forged assertions answer at once, and nothing is fetched
    fetched = keys.requests
    answers, threads = _forge_all(server)
    for thread in threads:
        thread.join()
    assert sorted({(status, error) for status, error, _ in answers}) == [(401, "invalid_client")]
    # the kernel may hand this batch to a worker the first one never reached: that worker fetches
    # once too (within the deadline), never more than once per worker
    assert keys.requests <= WORKERS
    assert max(seconds for *_, seconds in answers) < 5
    if keys.requests == fetched:
        assert max(seconds for *_, seconds in answers) < 3  # nothing waited on: under the 3-s deadline

    counts = _outbound_calls(server)
    print(f"idp_outbound_calls_total{{purpose=client_keys}}: {counts}")
    assert counts["timeout"] == keys.requests  # each fetch ended at its deadline
    if keys.requests == fetched:
        assert counts.get("remembered", 0) >= FORGED
    assert sum(counts.values()) == 2 * FORGED  # every forged assertion counted once: busy, joined, remembered...
