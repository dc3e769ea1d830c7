"""Code exchanges at /token per server core, side by side with panva's oidc-provider.

    .venv/bin/python bench/token_exchange.py [--seconds 10]

Both servers run pinned to core 0 (ours: gunicorn, one worker, PostgreSQL; theirs: Node,
in-memory adapter), wrk on core 1 with a Lua script that redeems codes minted beforehand
with each provider's own models, so only /token is measured. Server CPU is utime+stime of
the server's processes from /proc; PostgreSQL's backends are printed apart.
"""
from __future__ import annotations

import argparse
import os
import secrets
import tempfile
import time
from datetime import timedelta
from pathlib import Path

import harness

LUA = harness.BENCH / "wrk" / "token.lua"
PEER = harness.BENCH / "peer" / "oidc_provider.mjs"
SCOPE = "openid profile email"
DATABASE = "idp_bench_token"


def create_account(email: str = "token.bench@example.ca") -> str:
    from idp.clock import now
    from idp.extensions import db
    from idp.flows import passwords
    from idp.models import PhoneCredential, User

    user = User(email=email, email_verified=True, password_hash=passwords.hash_password(harness.PASSWORD),
                first_name="Camille", last_name="Tremblay", language="fr", profile_completed_at=now())
    db.session.add(user)
    db.session.flush()
    db.session.add(PhoneCredential(user_id=user.id, e164="+16135550100", channel="sms", verified_at=now()))
    db.session.commit()
    return user.id


def mint_ours(user_id: str, count: int, path: Path) -> None:
    """Authorization code rows through our model, as the authorize endpoint saves them."""
    from authlib.oauth2.rfc7636 import create_s256_code_challenge
    from flask import current_app
    from sqlalchemy import insert

    from idp.clock import now
    from idp.extensions import db
    from idp.models import AuthorizationCode
    from idp.oauth.grants import digest, record

    moment = now()
    # every code is issued under the account's grant to the service, as /authorize records it
    grant_id = record(user_id, harness.CLIENT_ID, SCOPE)
    lifetime = timedelta(seconds=current_app.config["IDP"]["oauth"]["authorization_code_lifetime_seconds"])
    rows, lines = [], []
    for _ in range(count):
        code, verifier = secrets.token_urlsafe(36), secrets.token_urlsafe(32)
        lines.append(f"{code} {verifier}")
        rows.append({
            "code_hash": digest(code), "client_id": harness.CLIENT_ID, "user_id": user_id,
            "redirect_uri": harness.REDIRECT_URI, "scope": SCOPE, "nonce": secrets.token_urlsafe(16),
            "code_challenge": create_s256_code_challenge(verifier), "code_challenge_method": "S256",
            "auth_time": moment, "amr": ["pwd", "otp", "sms", "mfa"], "acr": None,
            "created_at": moment, "expires_at": moment + lifetime, "grant_id": grant_id,
        })
    db.session.execute(insert(AuthorizationCode), rows)
    db.session.commit()
    path.write_text("\n".join(lines) + "\n")


class Peer(harness.Server):
    def __init__(self, port: int):
        env = {**os.environ, "NODE_ENV": "production"}
        super().__init__(["node", str(PEER), str(port), harness.CLIENT_SECRET], env, port,
                         str(harness.SERVER_CORE), "/.well-known/openid-configuration", stdin=True)

    def mint(self, count: int, path: Path) -> None:
        """The peer writes the file under another name, then renames it: its appearance means done."""
        path.unlink(missing_ok=True)
        self.process.stdin.write(f"mint {count} {path}\n")
        self.process.stdin.flush()
        deadline = time.monotonic() + 120
        while not path.exists():
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError(f"oidc-provider did not mint codes: {Path(self.log.name).read_text()[-2000:]}")
            time.sleep(0.05)


def exchange(server, mint, connections: int, seconds: int, extra_pids=lambda: []):
    """A warm-up, then one measured run with enough fresh codes for it."""
    codes = Path(tempfile.mkdtemp(prefix="idp-bench-codes-")) / "codes.txt"
    env = {"CODES_FILE": str(codes), "CLIENT_AUTH": harness.basic_auth(), "REDIRECT_URI": harness.REDIRECT_URI}
    url = f"http://127.0.0.1:{server.port}"
    mint(2000, codes)
    warm = harness.wrk(url, connections, 3, LUA, env)
    estimate = max(1.0, (warm.requests - warm.errors) / warm.seconds)
    count = int(estimate * seconds * 2) + 500
    while True:
        mint(count, codes)
        pids = lambda: server.pids() + extra_pids()  # noqa: E731
        extra_before = harness.cpu_of(extra_pids())
        cpu, run = harness.measured(pids, lambda: harness.wrk(url, connections, seconds, LUA, env))
        extra = harness.cpu_of(extra_pids()) - extra_before
        if run.requests < count:
            return run, cpu - extra, extra
        count *= 2


def profiled(server, mint, seconds: int) -> str:
    codes = Path(tempfile.mkdtemp(prefix="idp-bench-codes-")) / "codes.txt"
    env = {"CODES_FILE": str(codes), "CLIENT_AUTH": harness.basic_auth(), "REDIRECT_URI": harness.REDIRECT_URI}
    mint(400 * seconds, codes)
    return harness.profile(server.workers()[0], seconds,
                           lambda: harness.wrk(f"http://127.0.0.1:{server.port}", 10, seconds, LUA, env), top=18)


def line(name: str, connections: int, run: harness.WrkRun, cpu: float) -> str:
    return (f"{name:<16} c={connections:<3} {run.requests / cpu:8.1f} /s per server core   {run.rate:8.1f} /s wall   "
            f"p50 {run.p50_ms:7.1f} ms  p99 {run.p99_ms:7.1f} ms   errors {run.errors}   "
            f"server CPU {cpu:5.2f} s   load generator {run.generator_busy:4.0%} of its core")


def main(argv=None) -> harness.Report:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, nargs="+", default=[10, 50])
    args = parser.parse_args(argv)
    report = harness.Report("Token exchange per server core (POST /token, authorization_code + PKCE S256, RS256 ID token)")
    port, _, env = harness.prepared(DATABASE)
    ours, theirs = {}, {}
    with harness.provider_app(env):
        user_id = create_account()
        with harness.gunicorn(env, port, workers=1, cores=str(harness.SERVER_CORE)) as server:
            for connections in args.connections:
                run, cpu, backends = exchange(server, lambda n, p: mint_ours(user_id, n, p), connections, args.seconds,
                                              lambda: harness.backend_pids(DATABASE))
                ours[connections] = (run, cpu)
                report.figure(line("this provider", connections, run, cpu)
                              + f"   (+ PostgreSQL backends {backends:4.2f} s CPU: "
                              f"{run.requests / (cpu + backends):.1f} /s per core counting them)")
            report.block("where our worker spends its CPU at c=10 (py-spy):\n"
                         + profiled(server, lambda n, p: mint_ours(user_id, n, p), args.seconds))
    peer_port = harness.free_port()
    with Peer(peer_port) as peer:
        for connections in args.connections:
            run, cpu, _ = exchange(peer, peer.mint, connections, args.seconds)
            theirs[connections] = (run, cpu)
            report.figure(line("oidc-provider", connections, run, cpu))
    for connections in args.connections:
        (run_a, cpu_a), (run_b, cpu_b) = ours[connections], theirs[connections]
        ratio = (run_a.requests / cpu_a) / (run_b.requests / cpu_b)
        report.figure(f"ratio ours / theirs, per server core, c={connections}: {ratio:.2f}   (target >= 0.5, aim 1.0)")
    report.figure(f"oidc-provider {peer_version()} on Node {harness._first_line(['node', '--version'])}; "
                  f"load average after the runs: {harness.load_average():.2f}")
    return report


def peer_version() -> str:
    import json

    package = harness.BENCH / "node_modules" / "oidc-provider" / "package.json"
    return json.loads(package.read_text())["version"]


if __name__ == "__main__":
    main()
