#!/usr/bin/env python3
"""Print the raw and gzip size of each file of the login UI bundle (login-ui/dist), then the
gzip bytes the first screen loads against the targets.

The first screen loads the JS and CSS the HTML shell (idp/templates/shell.html) names; every
other JS or CSS file of the bundle is a chunk loaded later. Targets (issue 12): first screen
<= 110 KB gzip, each later chunk <= 15 KB gzip (KB = 1000 bytes).

Plain python3, standard library only. Build first: `cd login-ui && npm run build`.
Usage: python3 bench/ui_bundle_size.py [DIST_DIR]
"""
import gzip
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DIST = os.path.join(HERE, "..", "login-ui", "dist")
SHELL = os.path.join(HERE, "..", "idp", "templates", "shell.html")
FIRST_SCREEN_TARGET = 110_000
LATER_CHUNK_TARGET = 15_000


def first_screen_files(shell=SHELL):
    """The bundle files the shell page names (filename='...')."""
    with open(shell, encoding="utf-8") as handle:
        return set(re.findall(r"filename=['\"]([^'\"]+)['\"]", handle.read()))


def targets(rows, named):
    assets = [(name, gz) for name, _raw, gz in rows if name.endswith((".js", ".css"))]
    first = sum(gz for name, gz in assets if name in named)
    later = [(gz, name) for name, gz in assets if name not in named]
    largest, largest_name = max(later, default=(0, "none"))
    return [
        f"first screen (JS + CSS the shell loads: {', '.join(sorted(named))}): {first} bytes gzip "
        f"({first / 1000:.1f} KB; target <= {FIRST_SCREEN_TARGET / 1000:.0f} KB"
        f"{', met' if first <= FIRST_SCREEN_TARGET else ', NOT met'})",
        f"largest later chunk: {largest_name} {largest} bytes gzip ({largest / 1000:.1f} KB; target <= "
        f"{LATER_CHUNK_TARGET / 1000:.0f} KB{', met' if largest <= LATER_CHUNK_TARGET else ', NOT met'}); "
        f"{len(later)} later chunks",
    ]


def sizes(dist):
    rows = []
    for root, _dirs, files in os.walk(dist):
        for name in sorted(files):
            path = os.path.join(root, name)
            with open(path, "rb") as handle:
                data = handle.read()
            rows.append((os.path.relpath(path, dist), len(data), len(gzip.compress(data, compresslevel=9))))
    return sorted(rows)


def main(argv):
    dist = os.path.abspath(argv[1] if len(argv) > 1 else DEFAULT_DIST)
    if not os.path.isdir(dist):
        print(f"no bundle at {dist}: run `npm run build` in login-ui first", file=sys.stderr)
        return 1
    rows = sizes(dist)
    if not rows:
        print(f"{dist} is empty", file=sys.stderr)
        return 1
    width = max(len(name) for name, _raw, _gz in rows)
    print(f"{'file':<{width}}  {'raw bytes':>10}  {'gzip bytes':>10}  {'raw KiB':>8}  {'gzip KiB':>8}")
    for name, raw, gz in rows:
        print(f"{name:<{width}}  {raw:>10}  {gz:>10}  {raw / 1024:>8.1f}  {gz / 1024:>8.1f}")
    total_raw = sum(raw for _n, raw, _g in rows)
    total_gz = sum(gz for _n, _r, gz in rows)
    print(f"{'total':<{width}}  {total_raw:>10}  {total_gz:>10}  {total_raw / 1024:>8.1f}  {total_gz / 1024:>8.1f}")
    for line in targets(rows, first_screen_files()):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
