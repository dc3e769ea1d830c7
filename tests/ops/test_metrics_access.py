"""/metrics is for the networks metrics.allowed_networks names; anyone else gets 404, on the
management port too, whatever address a forwarded header claims there."""

from __future__ import annotations

import pytest
from werkzeug.test import Client

from idp import create_app
from idp.config import ConfigError, load_settings
from idp.management import ManagementServer


def test_metrics_answer_the_machine_itself_in_the_prometheus_format(client):
    client.get("/healthz")
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.mimetype == "text/plain"
    assert 'idp_http_requests_total{method="GET",route="/healthz",status="200"}' in response.text


def test_metrics_are_not_found_from_another_network(client):
    assert client.get("/metrics", environ_base={"REMOTE_ADDR": "203.0.113.5"}).status_code == 404


def test_metrics_answer_a_network_the_setting_names(app, client, monkeypatch):
    monkeypatch.setitem(app.config["IDP"]["metrics"], "allowed_networks", "10.0.0.0/8, 192.0.2.7/32")
    assert client.get("/metrics", environ_base={"REMOTE_ADDR": "10.20.30.40"}).status_code == 200
    assert client.get("/metrics", environ_base={"REMOTE_ADDR": "127.0.0.1"}).status_code == 404


@pytest.mark.parametrize("value", ["10.0.0.0/33", "not-a-network"])
def test_a_malformed_network_stops_start_up(value):
    with pytest.raises(ConfigError, match="IDP_METRICS_ALLOWED_NETWORKS"):
        load_settings(environ={"IDP_METRICS_ALLOWED_NETWORKS": value})


def test_the_management_port_believes_no_forwarded_address(app, monkeypatch):
    # behind one proxy at 203.0.113.5, the web server takes the client's address from X-Forwarded-For
    monkeypatch.setenv("IDP_SERVER_PROXY_HOPS", "1")
    monkeypatch.setenv("IDP_SERVER_PROXY_NETWORKS", "203.0.113.5/32")
    monkeypatch.setenv("IDP_MANAGEMENT_BIND", "127.0.0.1:9000")
    management = Client(ManagementServer(create_app({"TESTING": True}).wsgi_app))
    forged = management.get(
        "/metrics", headers={"X-Forwarded-For": "127.0.0.1"}, environ_base={"REMOTE_ADDR": "203.0.113.5"}
    )
    assert forged.status_code == 404
    assert management.get("/metrics", environ_base={"REMOTE_ADDR": "127.0.0.1"}).status_code == 200
