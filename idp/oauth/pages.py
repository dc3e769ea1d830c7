"""The identity provider's own pages for the OIDC endpoints: errors and sign-out, in the request's language."""
from __future__ import annotations

from flask import current_app, render_template
from flask_babel import get_locale


def render_page(template: str, status: int = 200, **values):
    html = render_template(f"oauth/{template}", language=str(get_locale() or "en"), **values)
    response = current_app.make_response((html, status))
    response.headers["Cache-Control"] = "no-store"
    return response


def error_page(reason: str, status: int = 400):
    """Shown instead of redirecting when the return address cannot be trusted. reason is a key of error.html."""
    return render_page("error.html", status=status, reason=reason)
