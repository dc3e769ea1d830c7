"""Password policy, hashing (argon2id) and the strength check (zxcvbn).

Passwords are NFKC-normalised before anything else (NIST SP 800-63B §5.1.1.2), so the
same password typed on another keyboard or pasted from another program is the same. The
length bounds, the strength score and the argon2 cost come from the [password] section
of config/settings.toml. A password found in zxcvbn's list of passwords from breaches
(the 30,000 most used of ten million leaked ones, shipped with the package: no network)
is refused with its own reason.

Every hash runs on a thread of a small pool of the process's own (HASHING), at the niceness
password.hash_niceness says: a hash is 20-40 ms of CPU with Python's lock released, and the
kernel then serves the short calls first (bench/concurrency.py: the 100 people's worst p95
without a hash, bench/RESULTS.md). The calling request waits for its hash as before.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import time
import unicodedata
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError
from flask import current_app
from zxcvbn import zxcvbn
from zxcvbn.matching import RANKED_DICTIONARIES

from idp import metrics, observability
from idp.errors import Errors, FlowError
from idp.models import User

log = logging.getLogger("idp.passwords")
# zxcvbn's own index of the list (each password and its rank), not a set of our own: a copy
# held 2 MiB in every worker.
BREACHED = RANKED_DICTIONARIES["passwords"]


def _rules() -> dict:
    return current_app.config["IDP"]["password"]


def normalise(password: str) -> str:
    return unicodedata.normalize("NFKC", password)


@lru_cache(maxsize=4)
def _hasher_for(time_cost: int, memory_kib: int, parallelism: int) -> tuple[PasswordHasher, str]:
    hasher = PasswordHasher(time_cost=time_cost, memory_cost=memory_kib, parallelism=parallelism, type=Type.ID)
    # Unknown e-mail addresses are checked against this hash, so they cost the same work
    # and time as a wrong password and cannot be told apart.
    return hasher, hasher.hash("not a password of anybody: the hash only burns time")


def _hasher() -> tuple[PasswordHasher, str]:
    rules = _rules()
    return _hasher_for(rules["argon2_time_cost"], rules["argon2_memory_kib"], rules["argon2_parallelism"])


def warm() -> None:
    """The hasher and its dummy hash, made now rather than by the first password call."""
    _hasher()


def personal_words(user: User) -> list[str]:
    """What a person's password must not be made of."""
    return [user.email, user.email.split("@")[0], user.first_name or "", user.last_name or ""]


def check_policy(password: str, personal: list[str]) -> None:
    """The length bounds, the list of breached passwords, then the strength; personal holds
    what the password must not contain."""
    rules, password = _rules(), normalise(password)
    if not rules["min_length"] <= len(password) <= rules["max_length"]:
        raise FlowError(
            Errors.PASSWORD_LENGTH, data={"pwdMinLength": rules["min_length"], "pwdMaxLength": rules["max_length"]}
        )
    if password.lower() in BREACHED:
        raise FlowError(Errors.PASSWORD_TOO_EASY, data={"reason": "breached"})
    result = zxcvbn(password, user_inputs=[value for value in personal if value])
    if result["score"] < rules["min_strength"]:
        raise FlowError(Errors.PASSWORD_TOO_EASY, data={"reason": _reason(result["sequence"])})


def _reason(sequence: list[dict]) -> str:
    patterns = {match["pattern"] for match in sequence}
    if any(match.get("dictionary_name") == "user_inputs" for match in sequence):
        return "personal"
    if "dictionary" in patterns:
        return "common"
    if "sequence" in patterns or "spatial" in patterns:
        return "sequence"
    if "repeat" in patterns:
        return "repeat"
    return "weak"


class _Hashing:
    """The pool of hashing threads, made anew in each process that hashes (the web server's
    workers are forked from a process that may have made one: no thread survives a fork)."""

    def __init__(self):
        self.lock, self.owner, self.pool = threading.Lock(), None, None

    def run(self, work, *args):
        if self.owner != os.getpid():
            with self.lock:
                if self.owner != os.getpid():
                    niceness = _rules()["hash_niceness"]
                    self.pool = ThreadPoolExecutor(
                        max_workers=os.cpu_count() or 1,
                        thread_name_prefix="password-hash",
                        initializer=_lower_priority,
                        initargs=(niceness,),
                    )
                    self.owner = os.getpid()
        spent = []

        def timed():
            started = time.thread_time()
            try:
                return work(*args)
            finally:
                spent.append(time.thread_time() - started)

        try:
            return self.pool.submit(timed).result()
        finally:
            observability.spent_elsewhere(sum(spent))
            metrics.PASSWORD_HASHES.inc()
            metrics.PASSWORD_HASH_CPU.inc(sum(spent))


HASHING = _Hashing()


def _lower_priority(niceness: int) -> None:
    """Linux gives each thread a niceness of its own, set through its thread id; elsewhere that
    id would name a process, so the hash keeps the caller's priority. Never raises a thread's
    priority above the process's (which needs a privilege). A sandbox that refuses the call
    leaves the hashes at the requests' priority, which only costs the short calls some wait."""
    if sys.platform != "linux":
        return
    thread = threading.get_native_id()
    try:
        os.setpriority(os.PRIO_PROCESS, thread, max(niceness, os.getpriority(os.PRIO_PROCESS, thread)))
    except OSError as refused:
        log.warning("password hashes keep the requests' priority", extra={"reason": refused.strerror})


def hash_password(password: str) -> str:
    return HASHING.run(_hasher()[0].hash, normalise(password))


def verify(password_hash: str | None, password: str) -> tuple[bool, str | None]:
    """Whether the password matches, and a new hash to store when this one is out of date
    (the argon2 cost changed, or it predates normalisation and holds the password as it
    was typed). No account (None) costs the same work and never matches."""
    hasher, dummy = _hasher()
    typed = normalise(password)
    if _matches(hasher, password_hash or dummy, typed) and password_hash is not None:
        return True, hash_password(password) if hasher.check_needs_rehash(password_hash) else None
    if password_hash is None or typed == password:
        return False, None
    if _matches(hasher, password_hash, password):
        return True, hash_password(password)
    return False, None


def _matches(hasher: PasswordHasher, password_hash: str, password: str) -> bool:
    try:
        return HASHING.run(hasher.verify, password_hash, password)
    except (VerificationError, InvalidHashError):
        return False
