"""Password hashing and the strength check, called directly."""

from __future__ import annotations

import pytest

from idp.errors import FlowError
from idp.flows.credentials import passwords


def test_hashes_are_argon2id_with_owasp_parameters(ctx):
    assert passwords.hash_password("Maple-Syrup-Harbour-42").startswith("$argon2id$v=19$m=19456,t=2,p=1$")


def test_the_argon2_cost_comes_from_the_settings(app):
    app.config["IDP"]["password"]["argon2_time_cost"] = 3
    try:
        with app.app_context():
            assert passwords.hash_password("Maple-Syrup-Harbour-42").startswith("$argon2id$v=19$m=19456,t=3,p=1$")
    finally:
        app.config["IDP"]["password"]["argon2_time_cost"] = 2


def test_a_hash_made_with_another_cost_is_replaced_when_the_password_matches(ctx):
    from argon2 import PasswordHasher

    old = PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1).hash("Maple-Syrup-Harbour-42")
    matches, new_hash = passwords.verify(old, "Maple-Syrup-Harbour-42")
    assert matches and new_hash.startswith("$argon2id$v=19$m=19456,t=2,p=1$")


def test_the_right_password_verifies_and_a_wrong_one_does_not(ctx):
    hashed = passwords.hash_password("Maple-Syrup-Harbour-42")
    assert passwords.verify(hashed, "Maple-Syrup-Harbour-42") == (True, None)
    assert passwords.verify(hashed, "Maple-Syrup-Harbour-43") == (False, None)


def test_no_account_never_verifies(ctx):
    assert passwords.verify(None, "not a password of anybody: the hash only burns time") == (False, None)


def test_a_garbled_hash_does_not_verify(ctx):
    assert passwords.verify("not-a-hash", "Maple-Syrup-Harbour-42") == (False, None)


def test_a_password_is_the_same_however_its_characters_are_composed(ctx):
    hashed = passwords.hash_password("Ｍaple-Syrup-Harbour-42")
    assert passwords.verify(hashed, "Maple-Syrup-Harbour-42") == (True, None)


def test_a_hash_made_before_normalisation_still_verifies_and_is_replaced(ctx):
    from argon2 import PasswordHasher

    typed = "Ｍaple-Syrup-Harbour-42"
    old = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1).hash(typed)
    matches, new_hash = passwords.verify(old, typed)
    assert matches and passwords.verify(new_hash, "Maple-Syrup-Harbour-42") == (True, None)


def test_the_length_is_counted_after_normalisation(ctx):
    # One ligature character is two letters once normalised.
    with pytest.raises(FlowError) as refused:
        passwords.check_policy("ﬁ" * 5 + "x", [])
    assert refused.value.code == "5"
    passwords.check_policy("ﬁ" * 5 + "Qz7!xL", [])


def test_a_password_from_the_breached_list_is_refused_with_its_reason(ctx):
    with pytest.raises(FlowError) as refused:
        passwords.check_policy("1qaz2wsx3edc", [])
    assert refused.value.data == {"reason": "breached"}


def test_a_personal_password_names_its_reason(ctx):
    with pytest.raises(FlowError) as refused:
        passwords.check_policy("tremblay.jeanne", ["jeanne.tremblay@example.ca", "tremblay.jeanne"])
    assert refused.value.data == {"reason": "personal"}


def _niceness() -> int:
    import os
    import threading

    return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())


def test_hashes_run_on_threads_below_the_requests_priority(ctx, app):
    import sys

    if sys.platform != "linux":
        pytest.skip("a thread's own niceness is Linux's")
    setting, requests = app.config["IDP"]["password"]["hash_niceness"], _niceness()
    hashing = passwords.HASHING.run(_niceness)
    # whatever the runner's own priority (`nice make test` starts below the default): the hashes
    # run at the setting's, or at the requests' when these already run lower
    assert hashing == max(setting, requests)
    assert hashing > requests or requests >= setting


def test_a_hash_on_its_thread_counts_in_the_requests_cpu(app, monkeypatch):
    from idp import observability

    counted = []
    monkeypatch.setattr(observability, "spent_elsewhere", counted.append)
    with app.test_request_context():
        passwords.hash_password("Maple-Syrup-Harbour-42")
    assert len(counted) == 1 and counted[0] > 0


def test_a_sandbox_that_refuses_the_niceness_leaves_hashes_working_at_the_requests_priority(ctx, monkeypatch, caplog):
    import os

    def refuse(*_):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "setpriority", refuse)
    monkeypatch.setattr(passwords, "HASHING", passwords._Hashing())  # a new pool, its threads refused
    hashed = passwords.hash_password("Maple-Syrup-Harbour-42")
    assert passwords.verify(hashed, "Maple-Syrup-Harbour-42") == (True, None)
    assert "password hashes keep the requests' priority" in caplog.text
