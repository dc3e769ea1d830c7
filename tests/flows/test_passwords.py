"""Password hashing and the strength check, called directly."""
from __future__ import annotations

import pytest

from idp.errors import FlowError
from idp.flows import passwords


def test_hashes_are_argon2id_with_owasp_parameters(ctx):
    assert passwords.hash_password("Maple-Syrup-Harbour-42").startswith("$argon2id$v=19$m=19456,t=2,p=1$")


def test_the_argon2_cost_comes_from_the_settings(app):
    app.config["IDP"]["password"]["argon2_time_cost"] = 3
    try:
        with app.app_context():
            assert passwords.hash_password("Maple-Syrup-Harbour-42").startswith("$argon2id$v=19$m=19456,t=3,p=1$")
    finally:
        app.config["IDP"]["password"]["argon2_time_cost"] = 2


def test_a_hash_made_with_another_cost_needs_a_rehash(ctx):
    from argon2 import PasswordHasher

    assert passwords.needs_rehash(PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1).hash("x" * 12))


def test_the_right_password_verifies_and_a_wrong_one_does_not(ctx):
    hashed = passwords.hash_password("Maple-Syrup-Harbour-42")
    assert passwords.verify(hashed, "Maple-Syrup-Harbour-42")
    assert not passwords.verify(hashed, "Maple-Syrup-Harbour-43")


def test_no_account_never_verifies(ctx):
    assert not passwords.verify(None, "not a password of anybody: the hash only burns time")


def test_a_garbled_hash_does_not_verify(ctx):
    assert not passwords.verify("not-a-hash", "Maple-Syrup-Harbour-42")


def test_a_personal_password_names_its_reason(ctx):
    with pytest.raises(FlowError) as refused:
        passwords.check_policy("tremblay.jeanne", ["jeanne.tremblay@example.ca", "tremblay.jeanne"])
    assert refused.value.data == {"reason": "personal"}
