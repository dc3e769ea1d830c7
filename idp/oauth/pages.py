"""The identity provider's own pages: the OIDC endpoints' errors and sign-out, and the console's,
in the request's language."""

from __future__ import annotations

from urllib.parse import urlencode

from flask import current_app, render_template, request
from flask_babel import get_locale

from idp.i18n import from_path

# Each language's name, written in that language (the toggle offers the other one).
LANGUAGE_NAMES = {"en": "English", "fr": "Français"}


def language_toggle(language: str) -> dict:
    """The same page in the other language: its segment swapped in a path that has one,
    else the request's query with lang= (select_locale reads it before ui_locales)."""
    other = "fr" if language == "en" else "en"
    if from_path(request.path):
        href = f"/{other}{request.path[3:]}"
        query = request.query_string.decode()
    else:
        href = request.path
        query = urlencode(
            [(key, value) for key, value in request.args.items(multi=True) if key != "lang"] + [("lang", other)]
        )
    return {"language": other, "name": LANGUAGE_NAMES[other], "href": f"{href}?{query}" if query else href}


def render_server_page(template: str, status: int = 200, **values):
    """One of the server's own pages (templates/oauth, templates/console), in the frame of the
    login UI (oauth/base.html), in the request's language."""
    language = str(get_locale() or "en")
    html = render_template(template, language=language, toggle=language_toggle(language), **values)
    response = current_app.make_response((html, status))
    response.headers["Cache-Control"] = "no-store"
    return response


def render_page(template: str, status: int = 200, **values):
    return render_server_page(f"oauth/{template}", status, **values)


def error_page(reason: str, status: int = 400):
    """Shown instead of redirecting when the return address cannot be trusted. reason is a key of error.html."""
    return render_page("error.html", status=status, reason=reason)
