"""What a proof of work costs (idp/flows/proof.py): a person's browser, and an attacker.

    .venv/bin/python bench/proof_of_work.py [--challenges 20]

For each cost of challenge the settings name (limits.proof_of_work_max_number, ordinary; and
limits.proof_of_work_hard_max_number, hard), challenges made by the provider's own code are
solved by:
- headless Chromium running the login UI's solver (altcha-lib's solveChallenge, as the UI's
  proof-of-work chunk runs it), on this machine's CPU and with the CPU slowed 4 times through
  the DevTools protocol (Emulation.setCPUThrottlingRate: the usual stand-in for a mid-range
  phone, as Lighthouse uses);
- a native solver, Python's hashlib (OpenSSL's SHA-256) on one core: what an attacker who does
  not use a browser pays for each request.
Prints the median and the 95th percentile of each, and the worst case (the whole range tried).
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SOLVER = ROOT / "login-ui" / "node_modules" / "altcha-lib" / "dist"
# A secure context (crypto.subtle), answered by Playwright itself: nothing listens there.
ORIGIN = "http://localhost:9"
PAGE = (
    "<script type=module>import { solveChallenge } from './index.js'; window.solveChallenge = solveChallenge;</script>"
)


def challenges(cost: str, count: int) -> list[dict]:
    import os
    import tempfile

    from idp import create_app
    from idp.flows import proof

    # the settings file's numbers; the challenges' key is this run's own
    os.environ.setdefault("IDP_SERVER_ENVIRONMENT", "development")
    os.environ.setdefault("IDP_INSTANCE_PATH", tempfile.mkdtemp(prefix="idp-bench-pow-"))
    app = create_app({"TESTING": True})
    with app.app_context():
        return [proof.challenge(cost) for _ in range(count)]


def native_seconds(challenge: dict) -> float:
    started = time.perf_counter()
    salt, target = challenge["salt"], challenge["challenge"]
    for number in range(challenge["maxNumber"] + 1):
        if hashlib.sha256(f"{salt}{number}".encode()).hexdigest() == target:
            break
    return time.perf_counter() - started


def browser_seconds(page, challenge: dict) -> float:
    return page.evaluate(
        """async (c) => {
            const started = performance.now();
            const { promise } = window.solveChallenge(c.challenge, c.salt, c.algorithm, c.maxNumber);
            await promise;
            return (performance.now() - started) / 1000;
        }""",
        challenge,
    )


def worst_browser_seconds(page, challenge: dict) -> float:
    """The whole range tried: a challenge whose number is the largest it may be."""
    return page.evaluate(
        """async (c) => {
            const started = performance.now();
            const { promise } = window.solveChallenge('no-such-hash', c.salt, c.algorithm, c.maxNumber);
            await promise;
            return (performance.now() - started) / 1000;
        }""",
        challenge,
    )


def summary(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return f"median {statistics.median(ordered):.3f} s, p95 {p95:.3f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--challenges", type=int, default=20)
    arguments = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from idp.flows import proof

    def serve(route):
        name = route.request.url.rsplit("/", 1)[1]
        if name == "index.html":
            route.fulfill(body=PAGE, content_type="text/html")
        else:
            route.fulfill(body=(SOLVER / name).read_text(encoding="utf-8"), content_type="text/javascript")

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page()
        page.route(f"{ORIGIN}/**", serve)
        page.goto(f"{ORIGIN}/index.html")
        page.wait_for_function("typeof window.solveChallenge === 'function'")
        cdp = page.context.new_cdp_session(page)
        for cost in (proof.ORDINARY, proof.HARD):
            made = challenges(cost, arguments.challenges)
            most = made[0]["maxNumber"]
            print(f"{cost} = {most}: the hidden number is drawn below it")
            native = [native_seconds(challenge) for challenge in made]
            print(f"  attacker, native SHA-256 on one core: {summary(native)}")
            for rate, who in ((1, "this machine's Chromium"), (4, "Chromium, CPU slowed 4 times (a mid-range phone)")):
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                solved = [browser_seconds(page, challenge) for challenge in made]
                worst = worst_browser_seconds(page, made[0])
                print(f"  {who}: {summary(solved)}; the whole range {worst:.3f} s")
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        browser.close()


if __name__ == "__main__":
    main()
