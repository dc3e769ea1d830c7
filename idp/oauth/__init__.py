"""OpenID Connect: Authlib authorization server, discovery, JWKS, authorize/resume, token, userinfo, end-session."""
from flask import Flask


def init_app(app: Flask) -> None:
    """Wire the OIDC endpoints into the app."""
