#!/usr/bin/env python3
"""The gzip bytes of the login UI bundle (login-ui/dist) against the targets of issues 12 and 41:
the first screen <= 100 KB gzip, each later chunk <= 15 KB gzip (KB = 1000 bytes).

The first screen loads what the HTML shell (idp/shell.py) names from dist/manifest.json: the
entry's files (`entrypoints.app`) and the messages chunk of the page's language; it is counted
for each language. Every other JS or CSS file of the build is a later chunk, fetched by
webpack's runtime when a route needs it. Sizes are those of the .gz copies the build makes
(what a gzip-only browser receives); a file without one is gzipped here at level 9. A
manifest of the first, single-file builds ({"app.js": ..., "app.css": ...}) is read too.

Plain python3, standard library only. Build first: `cd login-ui && npm run build`.
Usage: python3 bench/ui_bundle_size.py [DIST_DIR]
"""
import gzip
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DIST = os.path.join(HERE, "..", "login-ui", "dist")
LANGUAGES = ("en", "fr")
FIRST_SCREEN_TARGET = 100_000
LATER_CHUNK_TARGET = 15_000


def gzip_bytes(dist, name):
    path = os.path.join(dist, name)
    if os.path.exists(path + ".gz"):
        return os.path.getsize(path + ".gz")
    with open(path, "rb") as handle:
        return len(gzip.compress(handle.read(), compresslevel=9))


def first_screens(manifest):
    """{language: [files the shell names for a page in that language]}."""
    if "entrypoints" not in manifest:
        return {language: [manifest["app.css"], manifest["app.js"]] for language in LANGUAGES}
    entry = manifest["entrypoints"]["app"]
    return {language: [manifest["files"][f"messages-{language}.js"], *entry] for language in LANGUAGES}


def kb(size):
    return f"{size / 1000:.1f} KB"


def verdict(size, target):
    return f"target <= {target / 1000:.0f} KB, {'met' if size <= target else 'NOT met'}"


def report(dist):
    with open(os.path.join(dist, "manifest.json"), encoding="utf-8") as handle:
        manifest = json.load(handle)
    screens = first_screens(manifest)
    assets = sorted(name for name in os.listdir(dist) if name.endswith((".js", ".css")))
    sizes = {name: gzip_bytes(dist, name) for name in assets}
    first = set().union(*screens.values())
    lines = ["first screen (the files the shell names):"]
    for language, files in screens.items():
        total = sum(sizes[name] for name in files)
        parts = ", ".join(f"{name} {sizes[name]}" for name in files)
        lines.append(f"  {language}: {total} bytes gzip ({kb(total)}; {verdict(total, FIRST_SCREEN_TARGET)}) = {parts}")
    worst = max(sum(sizes[name] for name in files) for files in screens.values())
    later = sorted(((sizes[name], name) for name in assets if name not in first), reverse=True)
    lines.append(f"later chunks ({len(later)}), gzip bytes:")
    lines.extend(f"  {name:<40} {size:>8}  {kb(size):>8}{'  over 15 KB' if size > LATER_CHUNK_TARGET else ''}" for size, name in later)
    largest, largest_name = later[0] if later else (0, "none")
    lines.append(f"first screen, larger language: {worst} bytes gzip ({kb(worst)}; {verdict(worst, FIRST_SCREEN_TARGET)})")
    lines.append(f"largest later chunk: {largest_name} {largest} bytes gzip ({kb(largest)}; {verdict(largest, LATER_CHUNK_TARGET)})")
    return lines


def main(argv):
    dist = os.path.abspath(argv[1] if len(argv) > 1 else DEFAULT_DIST)
    if not os.path.isfile(os.path.join(dist, "manifest.json")):
        print(f"no build at {dist}: run `npm run build` in login-ui first", file=sys.stderr)
        return 1
    print("\n".join(report(dist)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
