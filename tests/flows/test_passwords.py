"""Password hashing and the strength check, called directly."""
from __future__ import annotations

import pytest

from idp.errors import FlowError
from idp.flows import passwords


def test_hashes_are_argon2id_with_owasp_parameters():
    assert passwords.hash_password("Maple-Syrup-Harbour-42").startswith("$argon2id$v=19$m=19456,t=2,p=1$")


def test_the_right_password_verifies_and_a_wrong_one_does_not():
    hashed = passwords.hash_password("Maple-Syrup-Harbour-42")
    assert passwords.verify(hashed, "Maple-Syrup-Harbour-42")
    assert not passwords.verify(hashed, "Maple-Syrup-Harbour-43")


def test_no_account_never_verifies():
    assert not passwords.verify(None, "not a password of anybody: the hash only burns time")


def test_a_garbled_hash_does_not_verify():
    assert not passwords.verify("not-a-hash", "Maple-Syrup-Harbour-42")


def test_a_personal_password_names_its_reason():
    with pytest.raises(FlowError) as refused:
        passwords.check_policy("tremblay.jeanne", 12, 65, ["jeanne.tremblay@example.ca", "tremblay.jeanne"])
    assert refused.value.data == {"reason": "personal"}
