"""OpenID Connect: Authlib authorization server, discovery, JWKS, authorize/resume, token, userinfo, end-session."""

from flask import Flask


def init_app(app: Flask) -> None:
    """Wire the OIDC endpoints into the app. Bad client or key configuration stops start-up."""
    from idp import clients, keys
    from idp.clients import file as clients_file
    from idp.oauth import backchannel, cli, discovery, logout, server, views
    from idp.sessions import interaction

    clients_file.init_app(app)
    keys.init_app(app)
    with app.app_context():
        keys.require(
            {client.id_token_signed_response_alg for client in clients.registry().clients()},
            development=app.config["IDP"]["server"]["environment"] == "development",
        )
    server.init_app(app)
    backchannel.init_app(app)
    interaction.init_app(app)
    logout.init_app(app)
    app.register_blueprint(discovery.bp)
    app.register_blueprint(views.bp)
    # Also a Flask plugin command (pyproject.toml), for `keys init` before the app can start.
    app.cli.add_command(cli.group)
