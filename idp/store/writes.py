"""A flush's writes in one statement on PostgreSQL.

The unit of work sends each INSERT and UPDATE of a flush as its own statement, one round trip
each: the commit that ends a sign-in step wrote the journey, the session, the person and the
audit event in four. Here, just before the flush, rows added or changed in plain ways (their
columns, not their relationships) are written by one statement of data-modifying common
table expressions — what the token endpoint does by hand (idp/store/tokens.py) — and the
objects are told what was written, so the unit of work finds nothing left to send. A write
that nothing in the request reads again (a counter cleared, a try refunded) is handed to
`with_commit` and joins that statement instead of being one of its own.

Everything the unit of work guarantees still holds: an UPDATE that finds no row raises
StaleDataError; a constraint broken raises IntegrityError (the caller rolls back, as after
any failed flush); Python-side defaults and `onupdate` values are computed and kept on the
objects; an inserted row's generated key is read back. A flush this cannot express (a
deletion, a changed relationship, a key changed, a default or a value the database computes)
is left whole to the unit of work, as is any flush on SQLite, which has no data-modifying CTEs.

The sub-statements of one statement see the same snapshot and must not touch one row twice:
each row here is one object of the identity map, written once.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from sqlalchemy import bindparam, event, func, insert, inspect, literal_column, select, update
from sqlalchemy.orm import Session, make_transient_to_detached
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.exc import StaleDataError
from sqlalchemy.sql import ClauseElement, visitors

from idp.extensions import db

# session.info's list of the statements handed to with_commit
QUEUED = "writes_with_commit"


@dataclass
class _Write:
    instance: Any
    mapper: Any
    # column attributes written, by attribute key
    values: dict[str, Any]
    # UPDATE: the row's key (its primary key's values); INSERT: None
    key: tuple | None = None
    # INSERT: the attribute of a key the database generates
    generated: str | None = None

    @property
    def shape(self) -> tuple:
        return (self.mapper, tuple(self.values), self.key is None, self.generated)


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


def _answers(statement) -> bool:
    return bool(getattr(statement, "returning_column_descriptions", None))


def _learn_from(answer: Answer, statement, result) -> None:
    row = result.first() if _answers(statement) else None
    answer._learn(None if row is None else row[0])


class _Unplannable(Exception):
    """The flush holds a change this module does not write; the unit of work writes it all."""


def _computed(default) -> Any:
    if default.is_scalar:
        return default.arg
    if default.is_callable:
        # SQLAlchemy wraps a callable default to take the execution context; ours ignore it
        return default.arg(None)
    raise _Unplannable


def _value(value) -> Any:
    # a SQL expression (func.now()) is the database's to compute: the unit of work reads it back
    if hasattr(value, "__clause_element__") or isinstance(value, ClauseElement):
        raise _Unplannable
    return value


def _plain(state) -> None:
    if len(state.mapper.tables) != 1:
        raise _Unplannable
    for relationship in state.mapper.relationships:
        if not relationship.viewonly and relationship.key not in state.unmodified and state.attrs[relationship.key].history.has_changes():
            raise _Unplannable


def _insert(instance) -> _Write:
    state = inspect(instance)
    _plain(state)
    values, generated = {}, None
    for prop in state.mapper.column_attrs:
        column = prop.columns[0]
        value = state.dict.get(prop.key)
        # what the unit of work sends: None is left out (the column's default, or NULL),
        # except where it was set and the type stores None as a value (JSON's null)
        if value is not None or (prop.key in state.dict and column.type.should_evaluate_none and not column.primary_key):
            values[prop.key] = _value(value)
        elif column.default is not None:
            values[prop.key] = _computed(column.default)
        elif column.server_default is not None:
            raise _Unplannable
        elif column.primary_key:
            # only the table's own counter generates a key (a missing key of another kind is
            # the unit of work's error to raise)
            if column is not state.mapper.local_table.autoincrement_column or generated is not None:
                raise _Unplannable
            generated = prop.key
    return _Write(instance, state.mapper, values, generated=generated)


def _update(instance) -> _Write | None:
    state = inspect(instance)
    _plain(state)
    values = {}
    unmodified = state.unmodified
    for prop in state.mapper.column_attrs:
        if prop.key in unmodified:
            continue
        history = state.attrs[prop.key].history
        if history.added:
            if prop.columns[0].primary_key:
                raise _Unplannable
            values[prop.key] = _value(history.added[0])
    if not values:
        return None
    for prop in state.mapper.column_attrs:
        if prop.columns[0].onupdate is not None and prop.key not in values:
            values[prop.key] = _computed(prop.columns[0].onupdate)
    return _Write(instance, state.mapper, values, key=state.identity)


def _plan(session: Session) -> list[_Write]:
    if session.deleted:
        raise _Unplannable
    updates = [write for write in map(_update, session.dirty) if write is not None]
    # rows locked in one order (table, then key), as the unit of work does: two requests
    # changing the same rows never wait for each other crosswise
    updates.sort(key=lambda write: (write.mapper.local_table.name, [str(value) for value in write.key]))
    return [_insert(instance) for instance in session.new] + updates


def named_apart(statement, prefix: str):
    """The statement with its parameters renamed <prefix><name>, to be one part of a
    statement of several: the parts' names never meet, nor meet a column of a table the
    whole writes, which SQLAlchemy would take for a value to write there."""
    def rename(bind):
        if bind.required:
            bind.key = f"{prefix}{bind.key}"
    return visitors.cloned_traverse(statement, {}, {"bindparam": rename})


@lru_cache(maxsize=512)
def _statement(shapes: tuple, queued: tuple):
    """One SELECT over writes of these shapes: what each statement handed to with_commit
    answers (those with a RETURNING), then per UPDATE the rows it matched, per INSERT its new
    key; built once per shape (a sign-in step's commit always has the same one), its values
    bound by name: w<n>_<attribute>, w<n>__pk<i>, and q<n>_<name> for the n-th statement
    handed to with_commit."""
    ctes = [named_apart(statement, f"q{number}_").cte(f"q{number}") for number, statement in enumerate(queued)]
    answers = [select(*cte.c).limit(1).scalar_subquery() for statement, cte in zip(queued, ctes) if _answers(statement)]
    for number, (mapper, keys, inserting, generated) in enumerate(shapes):
        table = mapper.local_table
        values = {}
        for key in keys:
            column = mapper.get_property(key).columns[0]
            values[column] = bindparam(f"w{number}_{key}", type_=column.type)
        if inserting:
            statement = insert(table).values(values)
            if generated is not None:
                statement = statement.returning(mapper.get_property(generated).columns[0])
        else:
            statement = update(table).where(*(
                column == bindparam(f"w{number}__pk{index}", type_=column.type) for index, column in enumerate(mapper.primary_key)
            ))
            statement = statement.values(values).returning(literal_column("1"))
        cte = statement.cte(f"w{number}")
        ctes.append(cte)
        if not inserting:
            answers.append(select(func.count()).select_from(cte).scalar_subquery())
        elif generated is not None:
            answers.append(select(*cte.c).scalar_subquery())
    return select(*(answers or [literal_column("1")])).add_cte(*ctes)


def _parameters(writes: list[_Write], queued: list) -> dict:
    parameters = {}
    for number, (_, given, _) in enumerate(queued):
        parameters.update({f"q{number}_{name}": value for name, value in given.items()})
    for number, write in enumerate(writes):
        for key, value in write.values.items():
            parameters[f"w{number}_{key}"] = value
        for index, value in enumerate(write.key or ()):
            parameters[f"w{number}__pk{index}"] = value
    return parameters


def with_commit(statement, **parameters) -> Answer:
    """Send a write with the flush that ends the transaction, in its one statement on
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


def _send_alone(session: Session, queued: list) -> None:
    for statement, parameters, answer in queued:
        _learn_from(answer, statement, session.connection().execute(statement, parameters))


def _send_together(session: Session, writes: list[_Write], queued: list):
    """The one statement; answers the values it selected, past those of the handed-over
    statements, which their Answers learn."""
    statement = _statement(tuple(write.shape for write in writes), tuple(statement for statement, _, _ in queued))
    answers = iter(session.connection().execute(statement, _parameters(writes, queued)).one())
    for statement, _, answer in queued:
        answer._learn(next(answers) if _answers(statement) else None)
    return answers


def together(session: Session, flush_context, instances) -> None:
    """before_flush: write the flush's plain inserts and updates in one statement."""
    if instances is not None or session.get_bind().dialect.name != "postgresql":
        return
    queued = session.info.pop(QUEUED, [])
    try:
        writes = _plan(session)
    except _Unplannable:
        _send_alone(session, queued)
        return
    # one write is one statement either way: the unit of work sends it
    if len(writes) + len(queued) < 2:
        _send_alone(session, queued)
        return
    answers = _send_together(session, writes, queued)
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
    # a commit with nothing for the unit of work to flush (so no before_flush) sends what
    # waits for it here, as a flush would
    if session.info.get(QUEUED) and not (session.new or session.dirty or session.deleted):
        together(session, None, None)


def _forget(session: Session, previous_transaction) -> None:
    session.info.pop(QUEUED, None)


def init(session_scope) -> None:
    for name, listener in (("before_flush", together), ("before_commit", _before_commit), ("after_soft_rollback", _forget)):
        if not event.contains(session_scope, name, listener):
            event.listen(session_scope, name, listener)
