"""Headers every response carries. The CSP allows no inline script and no eval; in
production, HSTS keeps browsers on HTTPS."""

from flask import Flask, Response

from idp.config.production import is_production

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


def init_app(app: Flask) -> None:
    # Built once: settings do not change while the app runs (bench/pipeline.py measures the hook).
    given = list(headers(app.config["IDP"]).items())

    def add_headers(response: Response) -> Response:
        for name, value in given:
            response.headers.setdefault(name, value)
        return response

    app.after_request(add_headers)
