#!/usr/bin/env python3
"""Print the raw and gzip size of each file of the login UI bundle (login-ui/dist).

Plain python3, standard library only. Build first: `cd login-ui && npm run build`.
Usage: python3 bench/ui_bundle_size.py [DIST_DIR]
"""
import gzip
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DIST = os.path.join(HERE, "..", "login-ui", "dist")


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
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
