"""The login UI's built files (login-ui/dist): their content-hashed names, listed in its
manifest.json, and the first screens React rendered at build time (prerendered.json), each
read again when a build replaces it; and the headers WhiteNoise serves them with at /static/ui/
(idp/shell.py puts it in front of the app): cached for a year as immutable when the name
carries a hash.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from idp.config import PROJECT_ROOT

UI_DIST = PROJECT_ROOT / "login-ui" / "dist"

UI_PREFIX = "/static/ui/"
# A name with a content hash (app.3d9651371e00e522.js) never changes content.
HASHED_NAME = re.compile(r"\.[0-9a-f]{16}\.")
IMMUTABLE = "public, max-age=31536000, immutable"


class BuiltJson:
    """A JSON file of the login UI's build, read again when a build replaces it."""

    def __init__(self, path: Path):
        self.path = path
        self._cached: tuple[float, dict] = (-1.0, {})

    def read(self) -> dict | None:
        """The file's content, None when there is no such file."""
        try:
            mtime = self.path.stat().st_mtime
        except FileNotFoundError:
            return None
        if mtime != self._cached[0]:
            self._cached = (mtime, json.loads(self.path.read_text(encoding="utf-8")))
        return self._cached[1]


class Manifest(BuiltJson):
    """login-ui/dist/manifest.json: `files` maps each chunk's name to its hashed file ({"app.js":
    "app.<hash>.js", "messages-fr.js": ...}), `entrypoints` lists the files the entry needs
    ({"app": ["app.<hash>.css", "app.<hash>.js"]}). The later chunks are not named here:
    webpack's runtime fetches them from the same prefix."""

    def _read(self) -> dict:
        content = self.read()
        if content is None:
            raise RuntimeError(f"{self.path} is missing: build the login UI (make setup)")
        return content

    def url(self, name: str) -> str:
        return UI_PREFIX + self._read()["files"][name]

    def entry_urls(self, entry: str, extension: str) -> list[str]:
        return [UI_PREFIX + file for file in self._read()["entrypoints"][entry] if file.endswith(extension)]


MANIFEST = Manifest(UI_DIST / "manifest.json")


class Prerendered(BuiltJson):
    """login-ui/dist/prerendered.json: the first screen of each journey as React renders it at
    build time (login-ui/src/prerender), by exact path ({"/en/": {"title": ..., "html": ...},
    "/fr/signUp/privacy": ...}). The shell puts it inside the page so that a slow phone paints
    it, and a person types into it, before the UI's script has arrived; React then takes it
    over. A path it does not name gets the empty page."""

    def screen(self, path: str) -> dict | None:
        return (self.read() or {}).get(path)


PRERENDERED = Prerendered(UI_DIST / "prerendered.json")


def file_headers(security: dict[str, str]):
    """WhiteNoise's add_headers_function: the security headers, and a year for a hashed name."""

    def add(headers, path: str, url: str) -> None:
        for name, value in security.items():
            headers[name] = value
        if HASHED_NAME.search(url):
            headers["Cache-Control"] = IMMUTABLE

    return add
