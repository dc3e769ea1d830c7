"""A step's commit, which says what it writes: `commit(Journey, AuditEvent, …)` ends the
request's transaction writing the rows of those models that the step added or changed, and
the writes handed to the commit (`with_commit`), together: in one statement on PostgreSQL
(plan.py builds it), where the unit of work would send one statement per row — the commit
that ends a sign-in wrote the journey, the session, the person and the audit event in four.
`flush(…)` does the same without ending the transaction, for a step that needs a new row's key.

Naming the models is the point: the call says what the step sends together, and sends it so
only when that is all it writes. A step that also changed a row of another model (a path
that does more) is written as after a plain `db.session.commit()`, which every other step
uses: by the unit of work, one statement per row, the handed-over writes each on its own.
SQLite, the embedded default, has no data-modifying CTEs: its unit of work writes the rows
one by one. tests/foundation/test_store_sql.py holds the SQL every call of a
whole journey sends to the file idp/store/sql/journey.<dialect>.sql.

A write that nothing in the request reads again (a counter cleared, a try refunded) is handed
to `with_commit` and joins the commit's statement instead of being one of its own; one handed
over before a plain commit is sent then, on its own.
"""

from __future__ import annotations

from blinker import Namespace
from flask import Flask
from sqlalchemy import event
from sqlalchemy.orm import Session, make_transient_to_detached
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.exc import StaleDataError

from idp.extensions import db
from idp.store import plan

# session.info's list of the statements handed to with_commit
QUEUED = "writes_with_commit"
# Told each time a commit's writes go as one statement, as driver.SENT is told each statement
# sent on the driver: the tests that say which path a call takes listen (tests/support/paths.py);
# nothing in the service does.
TOGETHER = Namespace().signal("a commit's writes sent in one statement")


class Answer:
    """What a statement handed to with_commit answers: the first column of the first row its
    RETURNING gives (None when no row, or no RETURNING), known once the statement was sent,
    with the commit on PostgreSQL."""

    __slots__ = ("_value", "sent")

    def __init__(self):
        self._value, self.sent = None, False

    @classmethod
    def known(cls, value) -> Answer:
        """An answer known without a statement."""
        answer = cls()
        answer._learn(value)
        return answer

    def _learn(self, value) -> None:
        self._value, self.sent = value, True

    @property
    def value(self):
        if not self.sent:
            raise RuntimeError("the statement is sent with the commit: its answer is known after it")
        return self._value


def _learn_from(answer: Answer, statement, result) -> None:
    row = result.first() if plan.answers(statement) else None
    answer._learn(None if row is None else row[0])


def with_commit(statement, **parameters) -> Answer:
    """Send a write with the commit that ends the transaction, in its one statement on
    PostgreSQL; at once elsewhere. For writes nothing in the request reads again (a later
    read in the same request would not see it), of rows the request does not also change
    through the ORM (one statement writes a row once). `statement` is built once, with
    bound parameters. What its RETURNING gives is the Answer's value after the commit."""
    session = db.session()
    # within the session's transaction, so that its rollback forgets the write
    connection = session.connection()
    queued = session.info.setdefault(QUEUED, [])
    answer = Answer()
    # the same statement twice may write one row twice, which one statement must not: the
    # second goes at once
    if connection.dialect.name != "postgresql" or any(statement is earlier for earlier, _, _ in queued):
        _learn_from(answer, statement, connection.execute(statement, parameters))
        return answer
    queued.append((statement, parameters, answer))
    return answer


def commit(*models) -> None:
    """End the request's transaction, the rows of these models and the handed-over writes
    written together (see the module's docstring)."""
    _write_together(db.session(), models)
    db.session.commit()


def flush(*models) -> None:
    """commit() without ending the transaction: the rows are written (new ones get their keys)."""
    _write_together(db.session(), models)
    db.session.flush()


def _pending(session: Session) -> tuple[list, list]:
    return list(session.new), [instance for instance in session.dirty if session.is_modified(instance)]


def _write_together(session: Session, models: tuple) -> None:
    new, dirty = _pending(session)
    queued = session.info.pop(QUEUED, [])
    try:
        if (
            session.get_bind().dialect.name != "postgresql"
            or session.deleted
            or any(type(instance) not in models for instance in new + dirty)
        ):
            raise plan.Unplannable
        writes = plan.plan(new, dirty)
    except plan.Unplannable:
        _send_alone(session, queued)
        return
    # one write is one statement either way: the unit of work sends it
    if len(writes) + len(queued) < 2:
        _send_alone(session, queued)
        return
    _send_together(session, writes, queued)


def _send_alone(session: Session, queued: list) -> None:
    for statement, parameters, answer in queued:
        _learn_from(answer, statement, session.connection().execute(statement, parameters))


def _send_together(session: Session, writes: list[plan.Write], queued: list) -> None:
    statement = plan.statement(tuple(write.shape for write in writes), tuple(statement for statement, _, _ in queued))
    TOGETHER.send(statement)
    answers = iter(session.connection().execute(statement, plan.parameters(writes, queued)).one())
    for handed, _, answer in queued:
        answer._learn(next(answers) if plan.answers(handed) else None)
    for write in writes:
        if write.key is not None:
            if next(answers) != 1:
                raise StaleDataError(f"an UPDATE of {write.mapper.class_.__name__} matched no row")
            for key, value in write.values.items():
                set_committed_value(write.instance, key, value)
            continue
        if write.generated is not None:
            write.values[write.generated] = next(answers)
        # The row is in the database: the object becomes persistent holding what was
        # written, and None where nothing was (NULL), as the unit of work leaves it.
        session.expunge(write.instance)
        for prop in write.mapper.column_attrs:
            set_committed_value(write.instance, prop.key, write.values.get(prop.key))
        make_transient_to_detached(write.instance)
        session.add(write.instance)


def _before_commit(session: Session) -> None:
    # writes handed over before a plain commit go with it, each on its own
    _send_alone(session, session.info.pop(QUEUED, []))


def _forget(session: Session, previous_transaction) -> None:
    session.info.pop(QUEUED, None)


def init_app(app: Flask) -> None:
    for name, listener in (("before_commit", _before_commit), ("after_soft_rollback", _forget)):
        if not event.contains(db.session, name, listener):
            event.listen(db.session, name, listener)
