"""The site's cookies as browsers get them: one name rule and one set of attributes for the
session, the trusted device and a waiting authorization request."""

from __future__ import annotations

from flask import Response, current_app

from idp.config.production import is_production


def host_cookie(name: str) -> str:
    """A cookie's name as sent: in production the __Host- prefix makes browsers keep it to
    this very host, sent over HTTPS only and for the whole site, so no sibling domain can
    set or shadow it."""
    return f"__Host-{name}" if is_production(current_app.config["IDP"]) else name


def write_cookie(response: Response, name: str, value: str, max_age: int) -> None:
    """Set one of the site's cookies (its host_cookie name; HttpOnly, SameSite=Lax, Secure in
    production), or delete it when value is empty."""
    secure = is_production(current_app.config["IDP"])
    if value:
        response.set_cookie(host_cookie(name), value, max_age=max_age, httponly=True, samesite="Lax", secure=secure)
    else:
        response.delete_cookie(host_cookie(name), httponly=True, samesite="Lax", secure=secure)
