#!/usr/bin/env python3
"""The bytes of the login UI bundle (login-ui/dist) on the wire, against the targets of issues 12,
41 and 51: the first screen <= 100 KB, each later chunk <= 15 KB (KB = 1000 bytes).

The first screen loads what the HTML shell (idp/shell.py) names from dist/manifest.json: the
entry's files (`entrypoints.app`) and the messages chunk of the page's language; it is counted
for each language. Every other JS or CSS file of the build is a later chunk, fetched by
webpack's runtime when a route needs it. Sizes are those of the copies the build makes and the
server sends: brotli (.br) to every browser that accepts it, which every current browser does
over HTTPS, and gzip (.gz) to the others. The targets read the brotli bytes (what the browser
downloads); the gzip bytes are printed beside them. A file without a copy is compressed here
(brotli only where Python's brotli module is installed, else it is left out). A manifest of the
first, single-file builds ({"app.js": ..., "app.css": ...}) is read too.

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


def _brotli(data):
    try:
        import brotli
    except ImportError:
        return None
    return brotli.compress(data, quality=11)


# the encodings, each with the copy's suffix and how to compress a file that has none
ENCODINGS = {"brotli": (".br", _brotli), "gzip": (".gz", lambda data: gzip.compress(data, compresslevel=9))}


def encoded_bytes(dist, name, encoding):
    suffix, compress = ENCODINGS[encoding]
    path = os.path.join(dist, name)
    if os.path.exists(path + suffix):
        return os.path.getsize(path + suffix)
    with open(path, "rb") as handle:
        made = compress(handle.read())
    return None if made is None else len(made)


def first_screens(manifest):
    """{language: [files the shell names for a page in that language]}."""
    if "entrypoints" not in manifest:
        return {language: [manifest["app.css"], manifest["app.js"]] for language in LANGUAGES}
    entry = manifest["entrypoints"]["app"]
    return {language: [manifest["files"][f"messages-{language}.js"], *entry] for language in LANGUAGES}


def kb(size):
    return "-" if size is None else f"{size / 1000:.1f} KB"


def verdict(size, target):
    met = "unknown (no brotli copy)" if size is None else "met" if size <= target else "NOT met"
    return f"target <= {target / 1000:.0f} KB, {met}"


def total(sizes):
    return None if None in sizes else sum(sizes)


def largest(sizes):
    return None if None in sizes else max(sizes)


def report(dist):
    with open(os.path.join(dist, "manifest.json"), encoding="utf-8") as handle:
        manifest = json.load(handle)
    screens = first_screens(manifest)
    assets = sorted(name for name in os.listdir(dist) if name.endswith((".js", ".css")))
    sizes = {name: {encoding: encoded_bytes(dist, name, encoding) for encoding in ENCODINGS} for name in assets}
    first = set().union(*screens.values())
    sums = {
        language: {encoding: total([sizes[name][encoding] for name in files]) for encoding in ENCODINGS}
        for language, files in screens.items()
    }
    worst = {encoding: largest([sums[language][encoding] for language in screens]) for encoding in ENCODINGS}
    lines = ["first screen (the files the shell names), brotli (what the server sends) and gzip:"]
    for language, files in screens.items():
        parts = ", ".join(f"{name} {sizes[name]['brotli']} / {sizes[name]['gzip']}" for name in files)
        brotli, gzipped = sums[language]["brotli"], sums[language]["gzip"]
        lines.append(
            f"  {language}: {brotli} bytes brotli ({kb(brotli)}; {verdict(brotli, FIRST_SCREEN_TARGET)}), "
            f"{gzipped} bytes gzip ({kb(gzipped)}) = {parts}"
        )
    later = sorted(
        ((sizes[name]["brotli"] or 0, sizes[name]["gzip"], name) for name in assets if name not in first), reverse=True
    )
    lines.append(f"later chunks ({len(later)}), bytes brotli / gzip:")
    lines.extend(
        f"  {name:<40} {br:>8} {gz:>8}  {kb(br):>8} / {kb(gz):>8}{'  over 15 KB' if br > LATER_CHUNK_TARGET else ''}"
        for br, gz, name in later
    )
    biggest, _, biggest_name = later[0] if later else (0, 0, "none")
    lines.append(
        f"first screen, larger language: {worst['brotli']} bytes brotli ({kb(worst['brotli'])}; "
        f"{verdict(worst['brotli'], FIRST_SCREEN_TARGET)}), {worst['gzip']} bytes gzip ({kb(worst['gzip'])})"
    )
    lines.append(
        f"largest later chunk: {biggest_name} {biggest} bytes brotli "
        f"({kb(biggest)}; {verdict(biggest, LATER_CHUNK_TARGET)})"
    )
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
