"""The HTML shell that hosts the React login UI, and the UI's built files.

Every UI route answers the same page; the React router picks the screen. The
page carries the language in <html lang> and no inline script: the UI's
configuration travels in a JSON data block, which browsers never execute.

The built files (login-ui/dist) have content-hashed names, listed in its manifest.json,
and gzip and brotli copies made at build time. WhiteNoise serves them at /static/ui/
before the request reaches Flask: the copy the browser accepts, with Content-Encoding
and Vary: Accept-Encoding, cached for a year as immutable.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from flask import Blueprint, Flask, current_app, redirect, render_template, request
from flask_babel import force_locale
from whitenoise import WhiteNoise

from idp import i18n, security_headers
from idp.api.envelope import fail
from idp.config import PROJECT_ROOT
from idp.config.rules import channels, names
from idp.errors import Errors
from idp.flows import otp, testmode

bp = Blueprint("shell", __name__)

UI_DIST = PROJECT_ROOT / "login-ui" / "dist"

# Paths of the first, un-prefixed release; the UI redirects them to /{language}/...
LEGACY_PATHS = (
    "signup",
    "signup/verification/email",
    "password",
    "signup/verificationsetup",
    "verification",
    "signup/profile",
    "signup/privacy",
    "signin/selectverification",
)

# Prefixes whose unknown paths are real 404s, not UI routes.
NON_UI_PREFIXES = ("/v1/", "/static/", "/dev/", "/.well-known/", "/oauth/", "/authorize", "/token", "/userinfo", "/jwks", "/metrics", "/console")


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


def _file_headers(security: dict[str, str]):
    def add(headers, path: str, url: str) -> None:
        for name, value in security.items():
            headers[name] = value
        if HASHED_NAME.search(url):
            headers["Cache-Control"] = IMMUTABLE

    return add


def ui_policy(settings: dict) -> dict:
    """The policy numbers the UI shows or checks before the server does (config/settings.toml)."""
    codes = otp.policy()
    return {
        "codeLength": codes.length,
        "codeExpiryMinutes": codes.expiry_minutes,
        "resendWaitSeconds": codes.resend_wait_seconds,
        "pwdMinLength": settings["password"]["min_length"],
        "pwdMaxLength": settings["password"]["max_length"],
        "nameMaxLength": settings["names"]["max_length"],
        "phoneMaxDigits": settings["phone"]["max_digits"],
        "phoneLongNumbers": settings["phone"]["long_numbers"],
        "backupCodeLength": settings["methods"]["backup_code_length"],
        # the phone channels offered (notify.channels), in their order: the first is the default
        "phoneChannels": [channel for channel in channels(settings["notify"]["channels"]) if channel != "email"],
        # the countries each phone channel serves (["*"]: every one): the phone widget lists theirs
        "phoneCountries": {channel: names(settings["phone"][f"{channel}_countries"]) for channel in ("sms", "voice")},
    }


def render_shell(language: str):
    settings = current_app.config["IDP"]
    ui_config = {
        "environment": settings["server"]["environment"],
        "apiBase": "/v1",
        "policy": ui_policy(settings),
    }
    sample = testmode.ui_test_data()
    if sample is not None:
        ui_config["testData"] = sample
    with force_locale(language):
        html = render_template(
            "shell.html",
            language=language,
            ui_config=ui_config,
            screen=PRERENDERED.screen(request.path),
            css_urls=MANIFEST.entry_urls("app", ".css"),
            later_css_url=MANIFEST.url("later-styles.css"),
            # the messages of the page's language first: the entry finds them already loaded
            js_urls=[MANIFEST.url(f"messages-{language}.js"), *MANIFEST.entry_urls("app", ".js")],
        )
    response = current_app.make_response(html)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/")
def home():
    return render_shell(i18n.from_browser())


@bp.get("/<any(en,fr):language>")
@bp.get("/<any(en,fr):language>/")
@bp.get("/<any(en,fr):language>/<path:rest>")
def ui_route(language: str, rest: str = ""):
    return render_shell(language)


def _legacy_route():
    return render_shell(i18n.from_browser())


for _path in LEGACY_PATHS:
    bp.add_url_rule(f"/{_path}", endpoint=f"legacy_{_path.replace('/', '_')}", view_func=_legacy_route, methods=["GET"])


@bp.app_errorhandler(404)
def not_found(error):
    """Unknown API paths answer the envelope; any other unknown page goes home, as the spec says."""
    if request.path.startswith("/v1/") or request.path == "/v1":
        return fail(Errors.NOT_FOUND)
    if request.method == "GET" and not request.path.startswith(NON_UI_PREFIXES):
        return redirect("/", code=302)
    return error


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    # Development rebuilds the UI while the server runs; production files never change.
    development = app.config["IDP"]["server"]["environment"] == "development"
    app.wsgi_app = WhiteNoise(
        app.wsgi_app, root=UI_DIST, prefix=UI_PREFIX, max_age=0, autorefresh=development,
        add_headers_function=_file_headers(security_headers.headers(app.config["IDP"])),
    )
