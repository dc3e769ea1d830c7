"""The HTML shell that hosts the React login UI.

Every UI route answers the same page; the React router picks the screen. The
page carries the language in <html lang> and no inline script: the UI's
configuration travels in a JSON data block, which browsers never execute.

The built files (login-ui/dist, idp/ui_files.py) have content-hashed names and gzip and
brotli copies made at build time. WhiteNoise serves them at /static/ui/ before the request
reaches Flask: the copy the browser accepts, with Content-Encoding and Vary: Accept-Encoding.
"""

from __future__ import annotations

from flask import Blueprint, Flask, current_app, redirect, render_template, request
from flask_babel import force_locale
from whitenoise import WhiteNoise

from idp import i18n, security_headers
from idp.api.envelope import fail
from idp.config.rules import channels, names
from idp.errors import Errors
from idp.flows import otp, testmode
from idp.ui_files import MANIFEST, PRERENDERED, UI_DIST, UI_PREFIX, file_headers

bp = Blueprint("shell", __name__)

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
NON_UI_PREFIXES = (
    "/v1/",
    "/static/",
    "/dev/",
    "/.well-known/",
    "/oauth/",
    "/authorize",
    "/token",
    "/userinfo",
    "/jwks",
    "/metrics",
    "/console",
)


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
        app.wsgi_app,
        root=UI_DIST,
        prefix=UI_PREFIX,
        max_age=0,
        autorefresh=development,
        add_headers_function=file_headers(security_headers.headers(app.config["IDP"])),
    )
