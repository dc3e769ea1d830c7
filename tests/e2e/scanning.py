"""A scan of the screens of a journey (the `scan` fixture of conftest.py): one browser page in one
language, walking at one width, taking a screenshot of each screen as it comes at every width (a
phone's and a desktop's) and checking it has no WCAG 2.2 A/AA violation (axe-core).
test_accessibility.py walks every screen with it; the other journeys' tests, the screens they add."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.e2e import steps
from tests.e2e.accessibility import photograph_and_scan
from tests.e2e.conftest import VIEWPORTS, Product
from tests.e2e.steps import t

# the redirect page's destination, answered 204 No Content while the page is scanned
RESUME = "**/authorize/resume/**"


@dataclass
class Scan:
    """One browser page in one language, walking at one viewport, scanning at each as it goes."""

    page: Page
    product: Product
    screenshots: Path
    language: str
    viewport: str
    # the redirect page's attempts to leave, answered 204 (see conftest.py's scan)
    kept: list = field(default_factory=list)

    def screen(self, name: str, title_key: str, step: int | None = None) -> None:
        """The sign-in service's screen with this h1 is shown: screenshot, then no violation."""
        steps.expect_screen(self.page, self.language, title_key, step)
        expect(self.page.locator(".site-header__name")).to_have_text(t(self.language, "layout.siteName"))
        self.check(name)

    def reservations(self, name: str, title: str) -> None:
        expect(steps.heading(self.page, steps.RESERVATIONS[self.language][title])).to_be_visible()
        expect(self.page.locator("html")).to_have_attribute("lang", self.language)
        self.check(name)

    def check(self, name: str) -> None:
        """The screen as it is, at every width (the walk's first): one walk scans both, and the
        page goes on at the walk's."""
        for viewport in sorted(VIEWPORTS, key=lambda other: other != self.viewport):
            self.page.set_viewport_size(VIEWPORTS[viewport])
            photograph_and_scan(self.page, self.screenshots, viewport, self.language, name)
        self.page.set_viewport_size(VIEWPORTS[self.viewport])

    def fill_in(self, label_key: str, value: str, button_key: str = "common.continue") -> None:
        """The person types a value in the field and presses the button."""
        self.page.get_by_label(t(self.language, label_key), exact=True).fill(value)
        steps.button(self.page, self.language, button_key).click()

    def refused(self, name: str, title_key: str, label_key: str, value: str, button_key: str) -> None:
        """The error state: the person types a value the form refuses and submits."""
        self.fill_in(label_key, value, button_key)
        expect(self.page.get_by_role("heading", name=t(self.language, "error.1"))).to_be_visible()
        self.screen(f"{name}-error", title_key)

    def code_screen(self, name: str, title_key: str, step: int | None = None) -> None:
        """A code screen, its error state, then its resend state (the countdown run out)."""
        self.screen(name, title_key, step)
        self.refused(name, title_key, "verification.codeLabel", "12", "common.continue")
        steps.run_out_countdown(self.page)
        expect(self.page.get_by_role("link", name=t(self.language, "verification.requestNewCode"))).to_be_visible()
        self.check(f"{name}-resend")

    def other_channel(self, flow: str, channel: str) -> None:
        """'Call me instead' / 'Text me instead', once the server's wait is over."""
        steps.wait_until_a_new_code_may_be_sent(self.page, self.product, flow)
        self.page.get_by_role("link", name=t(self.language, f"verification.switchTo.{channel}")).click()
        notice = t(self.language, f"verification.{channel}.resent")
        expect(self.page.get_by_role("status").filter(has_text=notice)).to_be_visible()

    def redirect_page(self) -> None:
        """The redirect page (its destination kept from navigating), then on to the service
        by its link, once the page's own redirect has been kept (a sign-in resumes once)."""
        self.screen("redirecttorp", "redirect.title")
        for _ in range(40):
            if self.kept:
                break
            self.page.clock.run_for(500)
        assert self.kept, "the redirect page did not go on to the relying service"
        self.page.unroute(RESUME)
        steps.continue_link(self.page, self.language).click()

    def ready_page(self) -> None:
        """After a sign-up: the account is ready, with a second way offered; it waits for the
        person, who continues to the service."""
        self.screen("redirecttorp-signup", "redirect.ready.title")
        self.page.unroute(RESUME)
        steps.continue_to_the_service(self.page, self.language)
