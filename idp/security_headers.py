"""Headers every response carries. The CSP allows no inline script and no eval; in
production, HSTS keeps browsers on HTTPS."""
from flask import Flask, Response, current_app

from idp.config import is_production

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "media-src 'self'",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
    ]
)


def headers(settings: dict) -> dict[str, str]:
    """Every response's security headers: the pages' (below) and the UI's files (idp/shell.py),
    which WhiteNoise serves before the request reaches Flask."""
    given = {
        "Content-Security-Policy": CONTENT_SECURITY_POLICY,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "X-Frame-Options": "DENY",
        "Cross-Origin-Opener-Policy": "same-origin",
    }
    if is_production(settings):
        given["Strict-Transport-Security"] = f"max-age={settings['server']['hsts_max_age_seconds']}; includeSubDomains"
    return given


def _add_headers(response: Response) -> Response:
    for name, value in headers(current_app.config["IDP"]).items():
        response.headers.setdefault(name, value)
    return response


def init_app(app: Flask) -> None:
    app.after_request(_add_headers)
