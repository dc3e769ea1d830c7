"""The operators' console (/console, docs/console.md): the help desk (support role) and the
funnel report (analyst role), for the operators config/operators.toml names, who sign in with
this provider and a passkey (signin.py), from the networks console.allowed_networks names."""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    from idp.clients import registry
    from idp.console import signin, views

    with app.app_context():
        registry().add_own(signin.client(app.config["IDP"]["server"]["issuer"]))
    app.register_blueprint(views.bp)
