"""Browser tests: the identity provider and the reservations service run as real processes
on free ports (development outbox, a SQLite database of their own), driven by Debian's
Chromium through Playwright. Codes are read from /dev/outbox.json as a person would read
their messages.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

from tests.conftest import free_port
from tests.e2e.people import Person, new_person  # noqa: F401 (one counter of people per run)
from tests.support.servers import migrate

ROOT = Path(__file__).resolve().parents[2]
# Debian's headless shell (chromium-headless-shell): Chromium's headless browser without the
# desktop browser around it, as Playwright runs headless by default. The journeys took 203
# CPU-seconds of it against 530 of the full browser (/usr/bin/chromium), and the browser tests
# 370 s against 542 s, on a 2-core machine. E2E_CHROMIUM=/usr/bin/chromium runs them in the full one.
CHROMIUM = os.environ.get("E2E_CHROMIUM", "/usr/bin/chromium-headless-shell")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
DESKTOP = {"width": 1280, "height": 800}
MOBILE = {"width": 375, "height": 740}
VIEWPORTS = {"mobile": MOBILE, "desktop": DESKTOP}
# The languages a browser asks for, as a person sets them (navigator.languages and Accept-Language).
BROWSER_LANGUAGES = {"en": ("en-CA", "en-CA,en;q=0.9"), "fr": ("fr-CA", "fr-CA,fr;q=0.9")}
# Expectations wait this long (ms) for what a person would see; a slow CI box may need more.
EXPECT_TIMEOUT_MS = int(os.environ.get("E2E_TIMEOUT_MS", "15000"))

pytestmark = pytest.mark.e2e


def _wait_until_up(url: str, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{url} exited early:\n{log.read_text()[-3000:]}")
        try:
            if requests.get(url, timeout=1).status_code < 500:
                return
        except requests.ConnectionError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"{url} did not start:\n{log.read_text()[-3000:]}")


def _clients_file(folder: Path, rp_url: str) -> Path:
    template = (ROOT / "config" / "clients.toml").read_text(encoding="utf-8")
    path = folder / "clients.toml"
    path.write_text(template.replace("http://localhost:5001", rp_url), encoding="utf-8")
    return path


class Product:
    """The identity provider and the reservations demo, each in its own process."""

    def __init__(self, folder: Path, **settings: str):
        """settings: environment variables over the browser tests' own (IDP_LIMITS_...)."""
        self.folder = folder
        # Different host names keep each service's cookies to itself, as on real domains.
        self.idp_port, self.rp_port = free_port(), free_port()
        self.idp_url = f"http://localhost:{self.idp_port}"
        self.rp_url = f"http://127.0.0.1:{self.rp_port}"
        self.processes: list[subprocess.Popen] = []
        self.env = {
            **os.environ,
            "IDP_SERVER_ENVIRONMENT": "development",
            "IDP_SERVER_ISSUER": self.idp_url,
            "IDP_INSTANCE_PATH": str(folder / "instance"),
            "IDP_CLIENTS_FILE": str(_clients_file(folder, self.rp_url)),
            "DATABASE_URL": f"sqlite:///{folder / 'e2e.sqlite3'}",
            "RESERVATIONS_PORT": str(self.rp_port),
            # Every person of the browser tests signs up from 127.0.0.1: the budget of codes
            # anonymous journeys may ask from one address (tests/api/test_send_budgets.py holds
            # it) would stop the suite after 50 of them.
            "IDP_LIMITS_MAX_SENDS_PER_IP": "100000",
            # and the proof of work past its threshold (tests/e2e/test_busy_address_journey.py asks it)
            "IDP_LIMITS_PROOF_OF_WORK_AFTER_SENDS": "100000",
            # every browser test signs people up with the same few numbers, all day long
            "IDP_LIMITS_MAX_ANONYMOUS_PHONE_MESSAGES": "100000",
            "IDP_LIMITS_MAX_ANONYMOUS_PHONE_MESSAGES_PER_RANGE": "100000",
            "IDP_LIMITS_ANONYMOUS_PHONE_COUNTRIES": "*:100000",
            # and to the same few addresses, past any one day's messages
            "IDP_LIMITS_MAX_MESSAGES_PER_DESTINATION_PER_DAY": "email:100000,sms:100000,voice:100000",
            "IDP_LIMITS_MAX_ANONYMOUS_MESSAGES_PER_DAY": "email:100000,sms:100000,voice:100000",
            # the phone widget's journeys choose France, which texts reach here and calls do not
            # (the defaults serve Canada and the United States only: tests/api/test_phone_numbers.py)
            "IDP_PHONE_SMS_COUNTRIES": "CA,US,FR",
            **settings,
        }
        self.env.pop("IDP_TEST_DATABASE_URL", None)

    def _flask(self, *args: str) -> list[str]:
        return [sys.executable, "-m", "flask", *args]

    def start(self) -> Product:
        """Both services started at once, then waited for (each takes seconds to import)."""
        migrate(self.env)
        started = []
        for name, app, port, url in (
            ("idp", "idp", self.idp_port, self.idp_url + "/healthz"),
            ("reservations", "examples.reservations.app", self.rp_port, self.rp_url + "/"),
        ):
            log = self.folder / f"{name}.log"
            process = subprocess.Popen(
                self._flask("--app", app, "run", "--host", "127.0.0.1", "--port", str(port)),
                cwd=ROOT,
                env=self.env,
                stdout=log.open("w"),
                stderr=subprocess.STDOUT,
            )
            self.processes.append(process)
            started.append((url, process, log))
        for url, process, log in started:
            _wait_until_up(url, process, log)
        return self

    def stop(self) -> None:
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()

    def outbox(self) -> list[dict]:
        return requests.get(f"{self.idp_url}/dev/outbox.json", timeout=5).json()["messages"]

    def messages(self, to: str) -> list[dict]:
        """Every message sent to this e-mail address or phone number, newest first."""
        return [message for message in self.outbox() if message["to"] == to]

    def latest_code(self, to: str) -> str:
        """The newest code sent to this e-mail address or phone number."""
        for message in self.messages(to):
            if message.get("code"):
                return message["code"]
        raise AssertionError(f"no code was sent to {to}")


@pytest.fixture(scope="session")
def product(tmp_path_factory):
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make test`, which installs Debian's chromium-headless-shell")
    running = Product(tmp_path_factory.mktemp("product")).start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def phishing_resistant_product(tmp_path_factory):
    """The product whose reservations demo asks a phishing-resistant sign-in (acr_values)."""
    running = Product(
        tmp_path_factory.mktemp("phishing-resistant"), RESERVATIONS_ACR_VALUES="urn:signin:acr:phishing-resistant"
    )
    running.start()
    yield running
    running.stop()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


_OUTCOME = pytest.StashKey()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call":
        item.stash[_OUTCOME] = report
    return report


def _keep_journal(context, journal: list[str], browser: int) -> None:
    """What each page of the context did, for a failing test's report: a flaky failure is
    understood from its run, not from runs that pass."""
    started = time.monotonic()

    def note(number: int, what: str) -> None:
        journal.append(f"{time.monotonic() - started:7.3f} s  browser {browser} tab {number}  {what}")

    def watch(page) -> None:
        number = len(context.pages)
        page.on("framenavigated", lambda frame: frame == page.main_frame and note(number, f"at {frame.url}"))
        page.on("console", lambda message: note(number, f"console.{message.type}: {message.text}"))
        page.on("pageerror", lambda error: note(number, f"error: {error}"))
        page.on(
            "requestfailed", lambda request: note(number, f"failed: {request.method} {request.url} {request.failure}")
        )
        page.on(
            "response",
            lambda response: (
                response.request.resource_type in ("document", "fetch", "xhr")
                and note(number, f"{response.status} {response.request.method} {response.url}")
            ),
        )

    context.on("page", watch)


@pytest.fixture
def new_context(browser, product, request):
    """Makes browser contexts (a fresh browser profile each): new_context(language="fr",
    viewport=MOBILE). The language sets navigator.languages and Accept-Language. When the
    test fails, its report holds what each page did (navigations, API answers, console)."""
    made = []
    journal: list[str] = []

    def make(language: str = "en", viewport: dict = DESKTOP, **options):
        locale, accept_language = BROWSER_LANGUAGES[language]
        context = browser.new_context(
            locale=locale,
            extra_http_headers={"Accept-Language": accept_language},
            viewport=viewport,
            **options,
        )
        context.set_default_timeout(EXPECT_TIMEOUT_MS)
        _keep_journal(context, journal, len(made) + 1)
        made.append(context)
        return context

    yield make
    for context in made:
        context.close()
    outcome = request.node.stash.get(_OUTCOME, None)
    if outcome is not None and outcome.failed:
        outcome.sections.append(("what the browser did", "\n".join(journal[-200:])))


@pytest.fixture
def page(new_context):
    """A page in an English-speaking desktop browser."""
    return new_context().new_page()


@pytest.fixture
def person() -> Person:
    return new_person()


@pytest.fixture(scope="session")
def screenshots(run_started: float) -> Path:
    """The screenshots folder, holding this run's pictures only. Several workers share it, so
    each removes what an earlier run left, never what another worker just took."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for picture in SCREENSHOTS.rglob("*"):
        try:
            if picture.is_file() and picture.stat().st_mtime < run_started:
                picture.unlink(missing_ok=True)
        except FileNotFoundError:
            pass  # another worker removed it between the listing and now
    print(f"\nScreenshots of every screen: {SCREENSHOTS}")
    return SCREENSHOTS


# The width each language's scanning walk goes at; each screen is scanned at every width of
# VIEWPORTS wherever the walk is (scanning.py): a walk per width took twice the time for the same scans.
SCAN_WALKS = {"en": "mobile", "fr": "desktop"}


@pytest.fixture(params=list(SCAN_WALKS.items()), ids=lambda param: f"{param[0]}-{param[1]}")
def scan(request, new_context, product, screenshots):
    """A page scanning each screen as it comes (tests/e2e/scanning.py) at every width, once per
    language: English walks on a phone, French on a desktop."""
    # imported here: scanning builds on steps, which imports this module
    from tests.e2e import steps
    from tests.e2e.scanning import RESUME, Scan

    language, viewport = request.param
    context = new_context(language=language, viewport=VIEWPORTS[viewport])
    page = context.new_page()
    page.clock.install()
    return Scan(page, product, screenshots, language, viewport, kept=steps.keep_hand_off(page, RESUME))
