"""Delivery of e-mail, SMS and voice messages through the configured provider."""
from flask import Flask


def init_app(app: Flask) -> None:
    """Wire the configured provider (and, in development only, the outbox pages) into the app."""
