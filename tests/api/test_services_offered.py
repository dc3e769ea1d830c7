"""Which services are offered to people: the registered ones, never a client of development
and tests only (the conformance client `make run` registers at localhost:5002)."""

from __future__ import annotations


def test_a_development_only_client_is_not_listed_to_people(client):
    for language, title in (("en", "Reservations service"), ("fr", "Service de réservations")):
        listed = client.get(f"/v1/services?lang={language}").json["data"]
        assert [service["title"] for service in listed] == [title]
