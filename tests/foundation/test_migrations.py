"""The Alembic migrations build exactly the schema the models describe."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text

from idp import create_app
from idp.extensions import db


def _pending_diff(app) -> list:
    with app.app_context(), db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True, "render_as_batch": True})
        return compare_metadata(context, db.metadata)


def _app_on(url: str, monkeypatch, tmp_path):
    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.setenv("IDP_INSTANCE_PATH", str(tmp_path))
    monkeypatch.setenv("IDP_SERVER_ENVIRONMENT", "development")
    return create_app({"TESTING": True})


def test_migrations_match_the_models_on_sqlite(monkeypatch, tmp_path):
    app = _app_on(f"sqlite:///{tmp_path / 'fresh.sqlite3'}", monkeypatch, tmp_path)
    with app.app_context():
        upgrade()
    assert _pending_diff(app) == []


def test_migrations_downgrade_to_an_empty_database(monkeypatch, tmp_path):
    app = _app_on(f"sqlite:///{tmp_path / 'fresh.sqlite3'}", monkeypatch, tmp_path)
    with app.app_context():
        upgrade()
        downgrade(revision="base")
        tables = set(inspect(db.engine).get_table_names()) - {"alembic_version"}
    assert tables == set()


def _released_then_upgraded(monkeypatch, tmp_path, *rows: str, released: str = "0001"):
    """An embedded database of the released schema (0001, or `released`) holding these rows, then
    upgraded; answers the app, whose context the caller enters."""
    app = _app_on(f"sqlite:///{tmp_path / 'released.sqlite3'}", monkeypatch, tmp_path)
    with app.app_context():
        upgrade(revision=released)
        with db.engine.begin() as connection:
            for statement in rows:
                connection.execute(text(statement))
        upgrade()
        # the app's own connections from here on, not the migration's
        db.engine.dispose()
    return app


def test_codes_of_the_released_schema_upgrade_with_one_send_each(monkeypatch, tmp_path):
    app = _released_then_upgraded(
        monkeypatch,
        tmp_path,
        "INSERT INTO browser_sessions (token_hash, created_at, last_seen_at, expires_at, language) "
        "VALUES ('h', '2026-01-01', '2026-01-01', '2026-01-02', 'fr')",
        "INSERT INTO otp_transactions (id, correlation_id, browser_session_id, channel, destination, "
        "code_hash, state, attempts, created_at, updated_at, expires_at) "
        "VALUES ('t', 'c', 1, 'email', 'a@example.ca', 'x', 'PENDING', 1, '2026-01-01', '2026-01-01', '2026-01-01')",
    )
    with app.app_context(), db.engine.connect() as connection:
        assert connection.execute(text("SELECT sends, resend_at FROM otp_transactions")).one() == (1, None)
        assert connection.execute(text("SELECT COUNT(*) FROM browser_sessions")).scalar() == 1


@pytest.mark.postgres
def test_migrations_match_the_models_on_postgresql(scratch_postgres_url, monkeypatch, tmp_path):
    app = _app_on(scratch_postgres_url, monkeypatch, tmp_path)
    with app.app_context():
        upgrade()
    assert _pending_diff(app) == []
    with app.app_context():
        db.engine.dispose()


def test_on_sqlite_a_deleted_session_takes_its_journeys_with_it_and_migrations_keep_every_row(monkeypatch, tmp_path):
    app = _released_then_upgraded(
        monkeypatch,
        tmp_path,
        "INSERT INTO browser_sessions (id, token_hash, created_at, last_seen_at, expires_at, language) "
        "VALUES (1, 'a', '2026-01-01', '2026-01-01', '2026-01-02', 'fr'), "
        "(2, 'b', '2026-01-01', '2026-01-01', '2026-01-02', 'fr')",
        "INSERT INTO journeys (browser_session_id, flow, state, created_at, updated_at) "
        "VALUES (1, 'signIn', 'START', '2026-01-01', '2026-01-01'), (2, 'signIn', 'START', '2026-01-01', '2026-01-01')",
    )
    with app.app_context(), db.engine.begin() as connection:
        assert connection.execute(text("SELECT COUNT(*) FROM journeys")).scalar() == 2
        # a new session may take the highest rowid again: it must find nothing of the old one's
        connection.execute(text("DELETE FROM browser_sessions WHERE id = 2"))
        assert connection.execute(text("SELECT browser_session_id FROM journeys")).scalars().all() == [1]


def test_waiting_phone_resets_become_resets_with_one_waiting_per_account(monkeypatch, tmp_path):
    """0018: phone_resets becomes resets (kind "phone"); of two waiting rows two browsers wrote
    before the account row's lock, the newer ends as completed, so the unique index holds."""
    app = _app_on(f"sqlite:///{tmp_path / 'resets.sqlite3'}", monkeypatch, tmp_path)
    with app.app_context():
        upgrade(revision="0015")
        with db.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO users (id, email, email_verified, password_hash, language, new_password_required, "
                    "created_at, updated_at) VALUES ('u', 'a@example.ca', 1, 'h', 'fr', 0, '2026-01-01', '2026-01-01')"
                )
            )
            connection.execute(
                text(
                    "INSERT INTO phone_resets (id, user_id, requested_at, effective_at, cancel_token_hash, "
                    "requested_by) "
                    "VALUES "
                    "('r1', 'u', '2026-01-01 10:00', '2026-01-02 10:00', 'a', 'self'), "
                    "('r2', 'u', '2026-01-01 10:01', '2026-01-02 10:01', 'b', 'self')"
                )
            )
        upgrade()
        with db.engine.connect() as connection:
            rows = connection.execute(
                text("SELECT id, kind, completed_at IS NULL, cancel_token_hash FROM resets ORDER BY id")
            ).all()
        db.engine.dispose()
    assert rows == [("r1", "phone", 1, "a"), ("r2", "phone", 0, None)]


def _insight_events(journey: str, *timed: tuple[str, int]) -> str:
    return (
        "INSERT INTO insight_events (day, journey, kind, screen, language, service, device, elapsed_ms) VALUES "
        + ", ".join(
            f"('2026-11-28', '{journey}', '{kind}', 's', 'fr', '', 'phone', {elapsed_ms})" for kind, elapsed_ms in timed
        )
    )


def test_analytics_events_kept_in_milliseconds_since_their_journey_began_upgrade_to_the_bucket_of_the_screen_before(
    monkeypatch, tmp_path
):
    app = _released_then_upgraded(
        monkeypatch,
        tmp_path,
        _insight_events(
            "a",
            ("pageview", 0),
            ("event", 4_000),
            ("pageview", 5_000),
            ("pageview", 45_000),
            ("event", 46_500),
            ("pageview", 4_000_000),
        ),
        _insight_events("b", ("event", 700), ("pageview", 900), ("pageview", 1_900)),
        released="0015",
    )
    with app.app_context(), db.engine.connect() as connection:
        assert connection.execute(text("SELECT journey, elapsed FROM insight_events ORDER BY id")).all() == [
            ("a", 0),
            ("a", 5),
            ("a", 5),
            ("a", 55),
            ("a", 2),
            ("a", 3600),
            ("b", 0),
            ("b", 0),
            ("b", 1),
        ]
