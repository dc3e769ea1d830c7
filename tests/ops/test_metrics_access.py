"""/metrics is for the networks metrics.allowed_networks names; anyone else gets 404."""
from __future__ import annotations

import pytest

from idp.config import ConfigError, load_settings


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
