"""A step's commit names what it writes (idp/store/writes.py): the plain inserts and updates of
the models it names, and the writes handed to it, go to PostgreSQL as one statement, which
writes what the unit of work would have written; when the step also changed a model it does
not name, and at a plain commit, the unit of work writes row by row."""

from __future__ import annotations

import pytest
from sqlalchemy import bindparam, delete, event, func, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from idp.clock import now
from idp.extensions import db
from idp.models import AuditEvent, BrowserSession, Journey, LimitCounter, PhoneCredential, User
from idp.store import writes
from tests.conftest import TEST_DATABASE_URL

pytestmark = pytest.mark.skipif(
    not TEST_DATABASE_URL, reason="data-modifying CTEs are PostgreSQL's (IDP_TEST_DATABASE_URL)"
)


@pytest.fixture
def statements(app):
    """The statements sent from now on, transaction control left out."""
    sent: list[str] = []

    def count(conn, cursor, statement, parameters, context, executemany):
        if not statement.lstrip().upper().startswith(("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE")):
            sent.append(statement)

    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", count)
        yield sent
        event.remove(db.engine, "before_cursor_execute", count)
        db.session.rollback()


def person(email: str = "camille@example.ca") -> User:
    user = User(email=email, password_hash="x", first_name="Camille")
    db.session.add(user)
    db.session.commit()
    return user


def test_changed_rows_and_a_new_one_are_written_in_one_statement(statements):
    user = person()
    browser_session = BrowserSession(token_hash="x" * 64, expires_at=now())
    db.session.add(browser_session)
    db.session.commit()
    journey = Journey(browser_session_id=browser_session.id, flow="signIn", state="password", user_id=user.id)
    db.session.add(journey)
    db.session.commit()
    statements.clear()
    user.preferred_method = "app"
    journey.state = "done"
    db.session.add(AuditEvent(user_id=user.id, action="signed_in", details={"method": "app"}))
    writes.commit(User, Journey, AuditEvent)
    assert len(statements) == 1 and statements[0].startswith("WITH")
    db.session.expunge_all()
    assert db.session.get(User, user.id).preferred_method == "app"
    assert db.session.get(Journey, journey.id).state == "done"
    assert db.session.scalars(select(AuditEvent.details).where(AuditEvent.user_id == user.id)).all() == [
        {"method": "app"}
    ]


def test_an_inserted_row_gets_its_generated_key_and_its_defaults(statements):
    user = person()
    user.first_name = "Dominique"
    event_row = AuditEvent(user_id=user.id, action="profile_changed")
    db.session.add(event_row)
    writes.commit(User, AuditEvent)
    assert len(statements) == 2  # the person's INSERT, then the two rows together
    assert event_row.id == db.session.scalar(select(AuditEvent.id).where(AuditEvent.user_id == user.id))
    assert event_row.at is not None
    statements.clear()
    assert event_row.action == "profile_changed" and event_row.details is None
    assert statements == []  # what was written is known: nothing is read back


def test_an_update_also_writes_the_columns_kept_up_to_date(statements, frozen):
    user = person()
    before = user.updated_at
    frozen.shift(60)
    user.first_name, user.last_name = "Dominique", "Roy"
    db.session.add(AuditEvent(user_id=user.id, action="profile_changed"))
    writes.commit(User, AuditEvent)
    assert user.updated_at > before
    db.session.expunge_all()
    assert db.session.get(User, user.id).updated_at == user.updated_at


def test_a_row_written_together_is_the_row_the_unit_of_work_writes(statements):
    user = person()
    # alone: one write, which the unit of work sends
    db.session.add(AuditEvent(user_id=user.id, action="alone", details=None))
    db.session.commit()
    # together with an update
    user.first_name = "Dominique"
    db.session.add(AuditEvent(user_id=user.id, action="together", details=None))
    writes.commit(User, AuditEvent)
    rows = db.session.execute(
        text(
            "SELECT action, details IS NULL, json_typeof(details), browser_session_id IS NULL, at IS NOT NULL "
            "FROM audit_events ORDER BY id"
        )
    ).all()
    assert [tuple(row[1:]) for row in rows] == [tuple(rows[0][1:])] * 2


def fails_writing_nothing(error, user_id: str) -> None:
    with pytest.raises(error):
        writes.commit(User)
    db.session.rollback()
    db.session.expunge_all()
    assert db.session.get(User, user_id).first_name == "Camille"


def test_an_update_of_a_row_deleted_meanwhile_fails_and_writes_nothing(statements):
    user, other = person(), person("dominique@example.ca")
    kept = user.id
    user.first_name, other.first_name = "Changed", "Changed"
    with db.engine.begin() as elsewhere:
        elsewhere.execute(delete(User).where(User.id == other.id))
    fails_writing_nothing(StaleDataError, kept)


def test_a_broken_constraint_raises_integrity_error_and_writes_nothing(statements):
    user = person()
    kept = user.id
    user.first_name = "Changed"
    db.session.add(User(email="camille@example.ca", password_hash="x"))
    fails_writing_nothing(IntegrityError, kept)


def test_a_changed_relationship_is_left_to_the_unit_of_work(statements):
    user = person()
    statements.clear()
    user.phone = PhoneCredential(e164="+16135550100", verified_at=now())
    user.first_name = "Dominique"
    writes.commit(User, PhoneCredential)
    assert len(statements) > 1 and not any(statement.startswith("WITH") for statement in statements)
    db.session.expunge_all()
    assert db.session.get(User, user.id).phone.e164 == "+16135550100"


def clear_counter(key: str):
    return delete(LimitCounter).where(LimitCounter.key == key)


def counters() -> list[str]:
    return db.session.scalars(select(LimitCounter.key).order_by(LimitCounter.key)).all()


@pytest.fixture
def two_counters(statements):
    db.session.add_all(
        [
            LimitCounter(key="a", count=1, window_started_at=now()),
            LimitCounter(key="b", count=1, window_started_at=now()),
        ]
    )
    db.session.commit()
    statements.clear()
    return statements


def test_a_write_handed_over_for_the_commit_joins_the_flush_statement(two_counters):
    user = person()
    two_counters.clear()
    writes.with_commit(clear_counter("a"))
    user.first_name = "Dominique"
    db.session.add(AuditEvent(user_id=user.id, action="profile_changed"))
    assert counters() == ["a", "b"]  # nothing sent yet
    two_counters.clear()
    writes.commit(User, AuditEvent)
    assert len(two_counters) == 1
    assert counters() == ["b"]


def test_a_commit_with_nothing_else_to_write_sends_the_handed_over_writes_in_one_statement(two_counters):
    writes.with_commit(clear_counter("a"))
    writes.with_commit(clear_counter("b"))
    writes.commit()
    assert len(two_counters) == 1
    assert counters() == []


def test_a_handed_over_parameter_named_as_a_column_writes_only_where_its_statement_says(two_counters):
    user = person()
    browser_session = BrowserSession(token_hash="x" * 64, expires_at=now(), user_id=user.id)
    db.session.add(browser_session)
    db.session.commit()
    writes.with_commit(
        update(BrowserSession).where(BrowserSession.id == bindparam("session_id")).values(clients=bindparam("clients")),
        session_id=browser_session.id,
        clients=["rp-a"],
    )
    writes.with_commit(
        update(LimitCounter).where(LimitCounter.key == bindparam("key")).values(count=bindparam("count")),
        key="a",
        count=5,
        user_id="someone else",
        token_hash="y" * 64,
    )
    writes.commit()
    db.session.expunge_all()
    written = db.session.get(BrowserSession, browser_session.id)
    assert (written.clients, written.user_id, written.token_hash) == (["rp-a"], user.id, "x" * 64)
    assert db.session.get(LimitCounter, "a").count == 5


def test_what_a_handed_over_write_returns_is_known_after_the_commit(two_counters):
    user = person()
    two_counters.clear()
    counted = writes.with_commit(
        update(LimitCounter)
        .where(LimitCounter.key == "a")
        .values(count=LimitCounter.count + 1)
        .returning(LimitCounter.count)
    )
    missed = writes.with_commit(
        update(LimitCounter).where(LimitCounter.key == "none").values(count=0).returning(LimitCounter.count)
    )
    user.first_name = "Dominique"
    with pytest.raises(RuntimeError):
        _ = counted.value
    writes.commit(User)
    assert len(two_counters) == 1
    assert (counted.value, missed.value) == (2, None)


def test_a_rollback_forgets_the_handed_over_writes(two_counters):
    writes.with_commit(clear_counter("a"))
    db.session.rollback()
    db.session.commit()
    assert counters() == ["a", "b"]


def test_a_value_the_database_computes_is_left_to_the_unit_of_work(statements):
    user = person()
    user.first_name = "Dominique"
    user.profile_completed_at = func.now()
    db.session.add(AuditEvent(user_id=user.id, action="profile_changed"))
    writes.commit(User, AuditEvent)
    assert user.profile_completed_at is not None and user.first_name == "Dominique"


def test_a_commit_that_also_writes_a_model_it_does_not_name_is_the_unit_of_works(statements):
    user = person()
    statements.clear()
    user.first_name = "Dominique"
    db.session.add(AuditEvent(user_id=user.id, action="profile_changed"))
    writes.commit(User)
    assert len(statements) == 2 and not any(statement.startswith("WITH") for statement in statements)


def test_a_plain_commit_writes_row_by_row(statements):
    user = person()
    statements.clear()
    user.first_name = "Dominique"
    db.session.add(AuditEvent(user_id=user.id, action="profile_changed"))
    db.session.commit()
    assert len(statements) == 2 and not any(statement.startswith("WITH") for statement in statements)


def test_a_write_handed_over_before_a_plain_commit_is_sent_with_it(two_counters):
    writes.with_commit(clear_counter("a"))
    db.session.commit()
    assert len(two_counters) == 1
    assert counters() == ["b"]
