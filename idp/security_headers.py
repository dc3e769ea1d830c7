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


def _add_headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault("Cross-Origin-Opener-Policy", "same-origin")
    settings = current_app.config["IDP"]
    if is_production(settings):
        response.headers.setdefault(
            "Strict-Transport-Security", f"max-age={settings['server']['hsts_max_age_seconds']}; includeSubDomains"
        )
    return response


def init_app(app: Flask) -> None:
    app.after_request(_add_headers)
