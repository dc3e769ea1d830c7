"""`flask --app idp housekeeping purge` deletes what expired longer ago than
housekeeping.keep_expired_seconds, and keeps everything still alive."""

from __future__ import annotations

import json
from datetime import timedelta

from idp.clock import now
from idp.extensions import db
from idp.models import (
    AuthorizationCode,
    BrowserSession,
    Grant,
    Interaction,
    Journey,
    LimitCounter,
    OtpTransaction,
    OutboxMessage,
    Token,
    User,
)

LONG_AGO = timedelta(days=3)


def _seed(app) -> None:
    """One row of each kind that expired long ago, and one still valid."""
    moment = now()
    with app.app_context():
        for tag, expired in (("old", True), ("new", False)):
            edge = moment - LONG_AGO if expired else moment + timedelta(hours=1)
            seen = moment - LONG_AGO if expired else moment
            user = User(id=f"{tag}-user", email=f"{tag}@example.ca", password_hash="x")
            session = BrowserSession(token_hash=f"{tag}-token", created_at=seen, last_seen_at=seen, expires_at=edge)
            db.session.add_all([user, session])
            db.session.flush()
            journey = Journey(browser_session_id=session.id, flow="signin", state="CODE_SENT")
            db.session.add(journey)
            db.session.flush()
            grant = Grant(user_id=user.id, client_id="c", scope="openid")
            db.session.add(grant)
            db.session.flush()
            code = AuthorizationCode(
                code_hash=f"{tag}-code",
                client_id="c",
                user_id=user.id,
                grant_id=grant.id,
                redirect_uri="https://x/cb",
                scope="openid",
                auth_time=moment,
                created_at=moment,
                expires_at=edge,
            )
            db.session.add(code)
            db.session.flush()
            db.session.add_all(
                [
                    Interaction(
                        uid=f"{tag}-interaction",
                        browser_key=f"{tag}-key",
                        client_id="c",
                        params={},
                        created_at=moment,
                        expires_at=edge,
                    ),
                    OtpTransaction(
                        id=f"{tag}-otp",
                        correlation_id="c",
                        browser_session_id=session.id,
                        journey_id=journey.id,
                        channel="email",
                        destination="d",
                        code_hash="h",
                        expires_at=edge,
                    ),
                    LimitCounter(key=f"{tag}-counter", count=1, window_started_at=seen),
                    Token(
                        client_id="c",
                        user_id=user.id,
                        grant_id=grant.id,
                        authorization_code_id=code.id,
                        access_token_hash=f"{tag}-access",
                        refresh_token_hash=f"{tag}-refresh",
                        scope="openid",
                        issued_at=moment,
                        access_token_expires_at=edge,
                        refresh_token_expires_at=edge,
                    ),
                    OutboxMessage(channel="email", to="d", language="en", body="b", created=seen),
                ]
            )
        db.session.commit()


def test_purge_deletes_what_expired_long_ago_and_keeps_the_rest(app, runner):
    _seed(app)
    result = runner.invoke(args=["housekeeping", "purge"])
    assert result.exit_code == 0, result.output
    counts = json.loads(result.output)
    assert counts["sessions"] == 1 and counts["interactions"] == 1 and counts["tokens"] == 1
    with app.app_context():
        for model in (
            BrowserSession,
            Interaction,
            Journey,
            OtpTransaction,
            LimitCounter,
            AuthorizationCode,
            Token,
            OutboxMessage,
        ):
            assert db.session.scalar(db.select(db.func.count()).select_from(model)) == 1, model.__name__


def test_purge_keeps_a_session_that_expired_within_the_keep_time(app, runner):
    moment = now()
    with app.app_context():
        db.session.add(
            BrowserSession(
                token_hash="recent", created_at=moment, last_seen_at=moment, expires_at=moment - timedelta(minutes=5)
            )
        )
        db.session.commit()
    runner.invoke(args=["housekeeping", "purge"])
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(BrowserSession)) == 1


def test_a_grant_outlives_the_purge_of_its_tokens_and_stays_connected(app, runner):
    from idp.store import grants

    _seed(app)
    runner.invoke(args=["housekeeping", "purge"])
    with app.app_context():
        assert [grant.client_id for grant in grants.connected("old-user")] == ["c"]
        assert db.session.scalar(db.select(db.func.count()).select_from(Token).filter_by(user_id="old-user")) == 0


def test_purge_keeps_a_day_of_messages_until_its_day_is_over_whatever_the_keep_time(app, runner, monkeypatch):
    """A destination's day (limits.max_messages_per_destination_per_day) is a ceiling: a purge that
    forgot it within the day would give a flooded mailbox a fresh one."""
    monkeypatch.setitem(app.config["IDP"]["housekeeping"], "keep_expired_seconds", 3600)
    with app.app_context():
        db.session.add(
            LimitCounter(key="day-anonymous-email:x", count=40, window_started_at=now() - timedelta(hours=20))
        )
        db.session.commit()
    runner.invoke(args=["housekeeping", "purge"])
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(LimitCounter)) == 1
