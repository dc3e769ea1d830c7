"""One statement that writes several rows (writes.py sends it): the plain inserts and updates
of ORM objects — their columns, not their relationships — and statements handed over, as the
data-modifying common table expressions of one SELECT on PostgreSQL, which the token endpoint's
statements use by hand too (tokens.py).

Everything the unit of work guarantees still holds: an UPDATE that finds no row raises
StaleDataError; a constraint broken raises IntegrityError; Python-side defaults and `onupdate`
values are computed and kept on the objects; an inserted row's generated key is read back. A
change this cannot express (a deletion, a changed relationship, a key changed, a default or a
value the database computes) raises Unplannable, and the unit of work writes it all.

The sub-statements of one statement see the same snapshot and must not touch one row twice:
each row here is one object of the identity map, written once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from sqlalchemy import bindparam, func, insert, inspect, literal_column, select, update
from sqlalchemy.sql import ClauseElement, visitors


@dataclass
class Write:
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


class Unplannable(Exception):
    """The rows hold a change this module does not write; the unit of work writes it all."""


def answers(statement) -> bool:
    """Does a handed-over statement answer something (a RETURNING)?"""
    return bool(getattr(statement, "returning_column_descriptions", None))


def _computed(default) -> Any:
    if default.is_scalar:
        return default.arg
    if default.is_callable:
        # SQLAlchemy wraps a callable default to take the execution context; ours ignore it
        return default.arg(None)
    raise Unplannable


def _value(value) -> Any:
    # a SQL expression (func.now()) is the database's to compute: the unit of work reads it back
    if hasattr(value, "__clause_element__") or isinstance(value, ClauseElement):
        raise Unplannable
    return value


def _plain(state) -> None:
    if len(state.mapper.tables) != 1:
        raise Unplannable
    for relationship in state.mapper.relationships:
        if (
            not relationship.viewonly
            and relationship.key not in state.unmodified
            and state.attrs[relationship.key].history.has_changes()
        ):
            raise Unplannable


def _insert(instance) -> Write:
    state = inspect(instance)
    _plain(state)
    values, generated = {}, None
    for prop in state.mapper.column_attrs:
        column = prop.columns[0]
        value = state.dict.get(prop.key)
        # what the unit of work sends: None is left out (the column's default, or NULL),
        # except where it was set and the type stores None as a value (JSON's null)
        if value is not None or (
            prop.key in state.dict and column.type.should_evaluate_none and not column.primary_key
        ):
            values[prop.key] = _value(value)
        elif column.default is not None:
            values[prop.key] = _computed(column.default)
        elif column.server_default is not None:
            raise Unplannable
        elif column.primary_key:
            # only the table's own counter generates a key (a missing key of another kind is
            # the unit of work's error to raise)
            if column is not state.mapper.local_table.autoincrement_column or generated is not None:
                raise Unplannable
            generated = prop.key
    return Write(instance, state.mapper, values, generated=generated)


def _update(instance) -> Write | None:
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
                raise Unplannable
            values[prop.key] = _value(history.added[0])
    if not values:
        return None
    for prop in state.mapper.column_attrs:
        if prop.columns[0].onupdate is not None and prop.key not in values:
            values[prop.key] = _computed(prop.columns[0].onupdate)
    return Write(instance, state.mapper, values, key=state.identity)


def plan(new: list, dirty: list) -> list[Write]:
    """The writes of these new and changed objects: inserts first, then updates in one order."""
    updates = [write for write in map(_update, dirty) if write is not None]
    # rows locked in one order (table, then key), as the unit of work does: two requests
    # changing the same rows never wait for each other crosswise
    updates.sort(key=lambda write: (write.mapper.local_table.name, [str(value) for value in write.key]))
    return [_insert(instance) for instance in new] + updates


def named_apart(statement, prefix: str):
    """The statement with its parameters renamed <prefix><name>, to be one part of a
    statement of several: the parts' names never meet, nor meet a column of a table the
    whole writes, which SQLAlchemy would take for a value to write there."""

    def rename(bind):
        if bind.required:
            bind.key = f"{prefix}{bind.key}"

    return visitors.cloned_traverse(statement, {}, {"bindparam": rename})


@lru_cache(maxsize=512)
def statement(shapes: tuple, queued: tuple):
    """One SELECT over writes of these shapes: what each handed-over statement answers (those
    with a RETURNING), then per UPDATE the rows it matched, per INSERT its new key; built once
    per shape (a step's commit always has the same one), its values bound by name:
    w<n>_<attribute>, w<n>__pk<i>, and q<n>_<name> for the n-th statement handed over."""
    ctes = [named_apart(handed, f"q{number}_").cte(f"q{number}") for number, handed in enumerate(queued)]
    selected = [
        select(*cte.c).limit(1).scalar_subquery() for handed, cte in zip(queued, ctes, strict=True) if answers(handed)
    ]
    for number, (mapper, keys, inserting, generated) in enumerate(shapes):
        table = mapper.local_table
        values = {}
        for key in keys:
            column = mapper.get_property(key).columns[0]
            values[column] = bindparam(f"w{number}_{key}", type_=column.type)
        if inserting:
            written = insert(table).values(values)
            if generated is not None:
                written = written.returning(mapper.get_property(generated).columns[0])
        else:
            written = update(table).where(
                *(
                    column == bindparam(f"w{number}__pk{index}", type_=column.type)
                    for index, column in enumerate(mapper.primary_key)
                )
            )
            written = written.values(values).returning(literal_column("1"))
        cte = written.cte(f"w{number}")
        ctes.append(cte)
        if not inserting:
            selected.append(select(func.count()).select_from(cte).scalar_subquery())
        elif generated is not None:
            selected.append(select(*cte.c).scalar_subquery())
    return select(*(selected or [literal_column("1")])).add_cte(*ctes)


def parameters(writes: list[Write], queued: list) -> dict:
    given = {}
    for number, (_, values, _) in enumerate(queued):
        given.update({f"q{number}_{name}": value for name, value in values.items()})
    for number, write in enumerate(writes):
        for key, value in write.values.items():
            given[f"w{number}_{key}"] = value
        for index, value in enumerate(write.key or ()):
            given[f"w{number}__pk{index}"] = value
    return given
