"""Failed attempts on an account: wrong passwords, and wrong codes of journeys that
already proved the password.

They form one run per account, reset only by a completed sign-in or a recovery. Past
password.throttle_after failures, a client that is not a trusted device waits longer
before each try (password.throttle_base_seconds, doubling up to throttle_max_seconds).
After password.max_consecutive_failures the account needs recovery and its owner is told
by e-mail (SP 800-63B §3.2.2). An address without an account has a run of its own, so it
is answered exactly as an account would be.
"""

from __future__ import annotations

from flask import current_app

from idp import notify
from idp.errors import Errors, FlowError
from idp.models import User
from idp.store import audit, limits, runs


def _rules() -> dict:
    return current_app.config["IDP"]["password"]


def account_key(user: User | None, email: str) -> str:
    return limits.key("account", user.id if user else email)


def ensure_usable(counter_key: str, counters: dict[str, limits.Counter] | None = None) -> None:
    """ACCOUNT_NEEDS_RECOVERY once the run reached the cap (counters: read with others, limits.read)."""
    if limits.count_of(counter_key, counters) >= _rules()["max_consecutive_failures"]:
        raise FlowError(Errors.ACCOUNT_NEEDS_RECOVERY)


def failed(counter_key: str, user: User | None) -> None:
    """One more failure of the run; the one that reaches the cap tells the owner."""
    rules = _rules()
    counted(
        runs.fail(counter_key, rules["throttle_after"], rules["throttle_base_seconds"], rules["throttle_max_seconds"]),
        user,
    )


def claim(counter_key: str) -> int:
    """A password try of the run, counted before the password is hashed (runs.claim)."""
    rules = _rules()
    return runs.claim(
        counter_key,
        rules["throttle_after"],
        rules["throttle_base_seconds"],
        rules["throttle_max_seconds"],
        Errors.TOO_MANY_PASSWORD_TRIES,
    )


def counted(count: int, user: User | None) -> None:
    """The run is count long: the failure that reaches the cap tells the owner; those past
    the free ones make the next try wait, which the owner's activity says."""
    rules = _rules()
    if user is None:
        return
    if count > rules["throttle_after"] and count < rules["max_consecutive_failures"]:
        audit.record(user.id, None, "sign_in_slowed", failures=count)
    if count == rules["max_consecutive_failures"]:
        audit.record(user.id, None, "account_locked", failures=count)
        try:
            notify.send("email", user.email, "account_locked", user.language)
        except notify.DeliveryError:
            current_app.logger.warning("the notice of a locked account could not be sent")


def succeeded(*counter_keys: str) -> None:
    runs.clear(*counter_keys)
