"""The HTML shell that hosts the React login UI, and the UI's built files.

Every UI route answers the same page; the React router picks the screen. The
page carries the language in <html lang> and no inline script: the UI's
configuration travels in a JSON data block, which browsers never execute.
"""
from __future__ import annotations

import os
from pathlib import Path

from flask import Blueprint, current_app, redirect, render_template, request, send_from_directory
from flask_babel import force_locale

from idp import i18n
from idp.api.envelope import fail
from idp.config import PROJECT_ROOT
from idp.errors import Errors
from idp.flows import otp

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
NON_UI_PREFIXES = ("/v1/", "/static/", "/dev/", "/.well-known/", "/oauth/", "/authorize", "/token", "/userinfo", "/jwks")


def _asset_version(name: str) -> str:
    try:
        return str(int(os.stat(UI_DIST / name).st_mtime))
    except FileNotFoundError:
        return "missing"


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
        "backupCodeLength": settings["methods"]["backup_code_length"],
    }


def render_shell(language: str):
    settings = current_app.config["IDP"]
    ui_config = {
        "environment": settings["server"]["environment"],
        "apiBase": "/v1",
        "policy": ui_policy(settings),
    }
    with force_locale(language):
        html = render_template(
            "shell.html",
            language=language,
            ui_config=ui_config,
            css_version=_asset_version("app.css"),
            js_version=_asset_version("app.js"),
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


@bp.get("/static/ui/<path:filename>")
def ui_asset(filename: str):
    return send_from_directory(Path(UI_DIST), filename, max_age=3600)


@bp.app_errorhandler(404)
def not_found(error):
    """Unknown API paths answer the envelope; any other unknown page goes home, as the spec says."""
    if request.path.startswith("/v1/") or request.path == "/v1":
        return fail(Errors.NOT_FOUND)
    if request.method == "GET" and not request.path.startswith(NON_UI_PREFIXES):
        return redirect("/", code=302)
    return error
