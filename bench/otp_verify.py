"""Figures for the costly parts of sign-in: argon2id hashing and a code verification.

    .venv/bin/python bench/otp_verify.py [--requests 200]

Runs against a throw-away SQLite database (or DATABASE_URL). Prints figures only;
nothing here is asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _timed(function, repeat: int) -> list[float]:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        samples.append(time.perf_counter() - start)
    return samples


def _report(name: str, samples: list[float]) -> None:
    median = statistics.median(samples)
    p95 = sorted(samples)[int(len(samples) * 0.95) - 1]
    print(f"{name:<38} median {median * 1000:8.2f} ms   p95 {p95 * 1000:8.2f} ms   {1 / median:8.1f}/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=200)
    args = parser.parse_args()

    folder = tempfile.mkdtemp()
    os.environ.setdefault("IDP_INSTANCE_PATH", folder)
    os.environ.setdefault("IDP_SERVER_ENVIRONMENT", "development")
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{folder}/bench.sqlite3")

    from flask_migrate import upgrade

    from idp import create_app
    from idp.extensions import db
    from idp.flows.credentials import passwords
    from idp.models import OutboxMessage

    _report("argon2id hash (t=2, m=19 MiB, p=1)", _timed(lambda: passwords.hash_password("Maple-Syrup-Harbour-42"), 20))
    hashed = passwords.hash_password("Maple-Syrup-Harbour-42")
    _report("argon2id verify", _timed(lambda: passwords.verify(hashed, "Maple-Syrup-Harbour-42"), 20))

    app = create_app()
    app.config["IDP"]["limits"].update(max_sends=10**9, max_wrong_codes=10**9)
    app.config["IDP"]["otp"]["max_attempts"] = 10**9
    # Measures the cost of a send, not the wait between two: resends may follow at once.
    app.config["IDP"]["otp"]["resend_wait_seconds"] = 0
    with app.app_context():
        upgrade()
    client = app.test_client()
    headers = {"Origin": app.config["IDP"]["server"]["issuer"]}
    email = "bench@example.ca"
    client.post("/v1/signup/privacy", json={}, headers=headers)

    def send():
        return client.post("/v1/otp/transient_otp/send", json={"userName": email, "otpType": "email"}, headers=headers)

    _report("POST transient_otp/send (outbox)", _timed(send, args.requests))
    trxn = send().get_json()["data"]["trxnId"]
    with app.app_context():
        code = db.session.scalar(db.select(OutboxMessage.code).order_by(OutboxMessage.id.desc()))
    guess = "000000" if code != "000000" else "111111"
    body = {"userName": email, "otpType": "email", "otp": guess, "trxnId": trxn}

    def verify():
        return client.post("/v1/otp/transient_otp/verify", json=body, headers=headers)

    _report("POST transient_otp/verify (wrong code)", _timed(verify, args.requests))
    print(
        f"database: {app.config['SQLALCHEMY_DATABASE_URI'].split(':', 1)[0]}, "
        f"{args.requests} requests each, in-process client"
    )


if __name__ == "__main__":
    main()
