"""axe-core in the page: WCAG 2.2 A and AA rules (with 2.0's and 2.1's), violations listed
with rule and element.

axe comes from npm (login-ui/node_modules/axe-core, a devDependency of the login UI). The
pages run under a strict CSP (script-src 'self'), which blocks an inline <script> such as
Playwright's add_script_tag(content=...); page.evaluate() is not subject to the page's
CSP, so the library is evaluated that way and the pages are scanned with their real CSP.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from playwright.sync_api import Page

from tests.e2e.conftest import ROOT

AXE = ROOT / "login-ui" / "node_modules" / "axe-core" / "axe.min.js"
WCAG_22_A_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]

_RUN = """async (tags) => {
  const result = await window.axe.run(document, {
    runOnly: { type: 'tag', values: tags },
    resultTypes: ['violations'],
  });
  return result.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html, summary: n.failureSummary })),
  }));
}"""


@lru_cache(maxsize=1)
def _source() -> str:
    if not AXE.exists():
        raise AssertionError(f"{AXE} is missing: run `npm ci` in login-ui (axe-core is a devDependency)")
    return AXE.read_text(encoding="utf-8")


def violations(page: Page) -> list[dict]:
    """The WCAG 2.2 A/AA violations of the page as it is now."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(_source())
    return page.evaluate(_RUN, WCAG_22_A_AA)


def describe(found: list[dict]) -> str:
    lines = []
    for violation in found:
        lines.append(f"- {violation['rule']} ({violation['impact']}): {violation['help']}")
        for node in violation["nodes"]:
            lines.append(f"    at {node['target']}: {node['html'][:200]}")
            if node.get("summary"):
                lines.append("      " + node["summary"].replace("\n", "\n      "))
    return "\n".join(lines)


def assert_no_violations(page: Page, where: str) -> None:
    found = violations(page)
    assert not found, f"WCAG 2.2 A/AA violations on {where} ({page.url}):\n{describe(found)}"


def photograph_and_scan(page: Page, screenshots: Path, viewport: str, language: str, name: str) -> None:
    """A screenshot for people to look at (test-artifacts/screenshots/{viewport}/{language}/),
    then no violation."""
    folder = screenshots / viewport / language
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)
    assert_no_violations(page, f"{name} ({language}, {viewport})")
