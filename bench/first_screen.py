"""The first screen of each journey on a slow phone, against the same screen as static HTML.

    .venv/bin/python bench/first_screen.py [--runs 5] [--language en]

The production server (gunicorn, bench/harness.py) serves the login UI's shell; headless
Chromium (/usr/bin/chromium, through Playwright) opens the sign-in start (/{language}/, where
/authorize sends a person) and sign-up's first screen (/{language}/signUp/privacy, where
/authorize sends the demo's "create an account"), each in a new browser context (a cold cache,
new connections), with the network and the CPU of a slow phone set through the DevTools
protocol: 150 ms of latency, 1.6 Mbit/s down and 750 kbit/s up (Lighthouse's "slow 4G"),
and the CPU slowed 4 times (Emulation.setCPUThrottlingRate).

The static page is the same screen saved as HTML once React has drawn it: its document with
no script, beside the same stylesheet, served with its gzip copy by a small HTTP server here
(HTTP/1.1, kept connections), as WhiteNoise serves the UI's files. It is what the screen would
cost with no script at all.

For each page, the median of --runs loads:
- first paint: the first contentful paint (Paint Timing);
- largest paint: the largest contentful paint (what the issue's "sign-up's first screen" is);
- field usable: the e-mail field in the document, where what is typed is kept (React takes a
  prerendered field over with it: login-ui/src/prerender/hydration.test.jsx);
- React ready: the moment React has taken the page over (its handlers on the screen's button);
- bytes: what the page transferred.
and the ratios to the static page the issue's targets read: first paint <= 1.2x, field usable
<= 2x, sign-up's largest paint <= the sign-in screen's.
"""

from __future__ import annotations

import argparse
import gzip
import http.server
import re
import statistics
import threading

import harness

DATABASE = "idp_bench_first_screen"
DIST = harness.ROOT / "login-ui" / "dist"
SCREENS = {"sign-in": "", "sign-up": "signUp/privacy"}
# Lighthouse's "slow 4G" (its mobile default), in bytes per second
NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}
CPU_SLOWDOWN = 4
# Run before the page's own scripts (Playwright injects it, whatever the page's CSP): when the
# e-mail field enters the document, and when React has put its handlers on the screen's button.
PROBE = """
(() => {
  const seen = {};
  window.__firstScreen = seen;
  const look = () => {
    if (seen.field === undefined && document.getElementById('email')) seen.field = performance.now();
    const button = document.querySelector('main button[type=submit]');
    if (seen.react === undefined && button && Object.keys(button).some((key) => key.startsWith('__reactProps'))) {
      seen.react = performance.now();
    }
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true, attributes: true });
  const poll = () => { look(); if (seen.react === undefined) requestAnimationFrame(poll); };
  requestAnimationFrame(poll);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.largest = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})();
"""
MEASURED = """() => {
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  const resources = performance.getEntriesByType('resource').reduce((sum, entry) => sum + entry.transferSize, 0);
  const page = performance.getEntriesByType('navigation')[0].transferSize;
  return { ...window.__firstScreen, paint: paint ? paint.startTime : null, bytes: page + resources };
}"""


class StaticPages(http.server.ThreadingHTTPServer):
    """The saved pages at /static-pages/<name>.html and the UI's files, gzip-encoded as WhiteNoise sends them."""

    daemon_threads = True

    def __init__(self):
        self.pages: dict[str, bytes] = {}
        super().__init__(("127.0.0.1", 0), _Handler)

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        name = self.path.rsplit("/", 1)[1]
        if self.path.startswith("/static-pages/") and name in self.server.pages:
            body, kind = gzip.compress(self.server.pages[name]), "text/html; charset=utf-8"
        elif self.path.startswith("/static/ui/") and name.endswith(".css"):
            body, kind = (DIST / f"{name}.gz").read_bytes(), "text/css"
        else:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def saved_as_static(browser, url: str) -> bytes:
    """The screen's document once React has drawn it, with no script: neither the UI's scripts
    nor the later chunks webpack's runtime asked the browser to prefetch (the static page)."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(url, wait_until="networkidle")
    page.wait_for_selector("main h1")
    html = page.evaluate("() => '<!doctype html>' + document.documentElement.outerHTML")
    context.close()
    html = re.sub(r"<script\b.*?</script>", "", html, flags=re.S)
    return re.sub(r'<link rel="prefetch"[^>]*>', "", html).encode()


def load(browser, url: str) -> dict:
    context = browser.new_context()
    context.add_init_script(PROBE)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", NETWORK)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    page.goto(url, wait_until="load")
    page.wait_for_function("() => window.__firstScreen.largest !== undefined", timeout=30_000)
    # the static page never gets React: waiting a little for it would only slow the run
    if "/static-pages/" not in url:
        page.wait_for_function("() => window.__firstScreen.react !== undefined", timeout=60_000)
    # the largest paint is final at the first input; none comes, so let the page settle
    page.wait_for_timeout(500)
    figures = page.evaluate(MEASURED)
    context.close()
    return figures


def median(runs: list[dict], key: str) -> float | None:
    values = [run[key] for run in runs if run.get(key) is not None]
    return statistics.median(values) if values else None


def ms(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f} ms"


def ratio(value: float | None, base: float | None) -> str:
    return "-" if value is None or not base else f"{value / base:.2f}x"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--language", choices=("en", "fr"), default="en")
    arguments = parser.parse_args()
    from playwright.sync_api import sync_playwright

    print(
        f"slow phone: {NETWORK['latency']} ms latency, {NETWORK['downloadThroughput'] * 8 / 1e6:.1f} Mbit/s down, "
        f"CPU / {CPU_SLOWDOWN}, cold cache; median of {arguments.runs} loads, language {arguments.language}"
    )
    port, _, env = harness.prepared(DATABASE)
    static = StaticPages()
    threading.Thread(target=static.serve_forever, daemon=True).start()
    medians: dict[str, dict[str, float | None]] = {}
    with harness.gunicorn(env, port, workers=1, cores=None), sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        for journey, screen in SCREENS.items():
            url = f"http://127.0.0.1:{port}/{arguments.language}/{screen}"
            static.pages[f"{journey}.html"] = saved_as_static(browser, url).replace(
                b'href="/static/ui/', f'href="{static.origin}/static/ui/'.encode()
            )
            for kind, address in (("React", url), ("static", f"{static.origin}/static-pages/{journey}.html")):
                runs = [load(browser, address) for _ in range(arguments.runs)]
                medians[f"{journey} {kind}"] = {
                    key: median(runs, key) for key in ("paint", "largest", "field", "react", "bytes")
                }
        browser.close()
    static.shutdown()
    for name, figures in medians.items():
        print(
            f"{name:<15} first paint {ms(figures['paint']):>9}, largest paint {ms(figures['largest']):>9}, "
            f"field usable {ms(figures['field']):>9}, React ready {ms(figures['react']):>9}, "
            f"{(figures['bytes'] or 0) / 1000:.1f} KB"
        )
    for journey in SCREENS:
        ours, static_page = medians[f"{journey} React"], medians[f"{journey} static"]
        print(
            f"{journey} / static HTML: first paint {ratio(ours['paint'], static_page['paint'])} (target <= 1.2x), "
            f"largest paint {ratio(ours['largest'], static_page['largest'])}"
            + (f", field usable {ratio(ours['field'], static_page['field'])} (target <= 2x)" if ours["field"] else "")
        )
    signin, signup = medians["sign-in React"]["largest"], medians["sign-up React"]["largest"]
    print(
        f"sign-up's first screen, largest paint {ms(signup)} vs the sign-in screen's {ms(signin)}: "
        f"{'met' if signup is not None and signin is not None and signup <= signin else 'NOT met'} (target: no later)"
    )


if __name__ == "__main__":
    main()
