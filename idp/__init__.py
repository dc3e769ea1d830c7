"""The identity provider: create_app() builds one Flask application."""

from __future__ import annotations

import os
from typing import Any

import click
from flask import Flask

from idp import config as settings_module
from idp import database, metric_files
from idp.config import production
from idp.extensions import babel, db
from idp.store import writes


def create_app(test_config: dict[str, Any] | None = None, *, migrations: bool = True) -> Flask:
    """Application factory. test_config overrides Flask config keys (tests only); migrations
    False is the web server's app (idp/wsgi.py): without the `flask db` commands' extension, and
    with its statements bounded (database.statement_timeout_seconds).

    Under the `flask` command (db upgrade, keys, jobs work...), a setting that stops start-up
    is the one line that names it, as under the web server (idp/wsgi.py), not a traceback."""
    try:
        return _build(test_config, migrations)
    except settings_module.ConfigError as error:
        if click.get_current_context(silent=True) is None:
            raise
        raise click.ClickException(f"idp cannot start: {error}") from None


def _build(test_config: dict[str, Any] | None, migrations: bool) -> Flask:
    app = Flask(__name__, instance_path=os.environ.get("IDP_INSTANCE_PATH") or None)
    settings = settings_module.load_settings()
    production.check_production(settings)
    metric_files.check()
    database_url = production.database_url(os.environ, app.instance_path)
    app.config.from_mapping(
        IDP=settings,
        SQLALCHEMY_DATABASE_URI=database_url,
        SQLALCHEMY_ENGINE_OPTIONS=database.engine_options(database_url, settings, web=not migrations),
        MAX_CONTENT_LENGTH=settings["server"]["max_request_bytes"],
        JSON_SORT_KEYS=False,
        BABEL_DEFAULT_LOCALE="en",
        BABEL_TRANSLATION_DIRECTORIES=os.path.join(os.path.dirname(__file__), "translations"),
    )
    if test_config:
        app.config.update(test_config)
    os.makedirs(app.instance_path, exist_ok=True)
    app.config["SECRET_KEY"] = production.secret_key(app.config["IDP"], app.instance_path)
    app.config["APP_SECRET_KEY"] = production.app_secret_key(app.config["IDP"], app.instance_path)

    from idp import i18n, metrics, models, observability, request_input, security_headers, sessions  # noqa: F401 (models registers the tables)

    observability.init_app(app)
    request_input.init_app(app)

    db.init_app(app)
    database.init_app(app)
    writes.init_app(app)
    if migrations:
        # The `flask db` commands and the tests' schema. A web server never migrates, and its
        # workers are spared Alembic (10 MiB resident each: bench/RESULTS.md).
        from flask_migrate import Migrate

        Migrate(app, db, directory=str(settings_module.PROJECT_ROOT / "migrations"), render_as_batch=True)
    babel.init_app(app, locale_selector=i18n.select_locale)
    sessions.init_app(app)
    security_headers.init_app(app)

    from idp import console, forwarded, health, housekeeping, jobs, management, notify, oauth, outbound, shell
    from idp.api import bp as api_bp
    from idp.flows import ceilings
    from idp.flows import cli as journeys_cli
    from idp.insight import cli as insight_cli
    from idp.notify import cli as notify_cli
    from idp.oauth import exchange

    oauth.init_app(app)
    console.init_app(app)
    jobs.init_app(app)
    # A job worker's hands each make one outbound call at a time: its door lets them all
    # (outbound.max_concurrent guards a web process's request threads).
    jobs.on_work(app, outbound.allow_at_once)
    notify.init_app(app)
    app.cli.add_command(journeys_cli.group)
    app.cli.add_command(housekeeping.group)
    app.cli.add_command(insight_cli.group)
    app.cli.add_command(notify_cli.group)

    metrics.init_app(app)
    metrics.add_collector(app, lambda: metrics.CeilingsCollector(ceilings.service_ceilings))
    app.register_blueprint(health.bp)
    app.register_blueprint(api_bp)
    shell.init_app(app)
    exchange.init_app(app)

    app.wsgi_app = forwarded.Proxies(
        app.wsgi_app, settings["server"]["proxy_hops"], settings["server"]["proxy_networks"]
    )
    management.init_app(app)
    return app
