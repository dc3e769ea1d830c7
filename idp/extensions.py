"""Flask extensions, created unbound so create_app can init them per application."""

from flask_babel import Babel
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import MetaData

# Named constraints keep Alembic's autogenerate stable across SQLite and PostgreSQL.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

# A session lives for one request: what it wrote is what the request goes on reading, so
# a commit need not expire it (and read it all back). No autoflush: a write is issued where
# the code says so (a Core statement, an explicit flush, or the commit), never by a query
# at an unrelated line, so every statement of a call can be pointed at (and counted:
# tests/api/test_statement_budgets.py).
db = SQLAlchemy(
    metadata=MetaData(naming_convention=NAMING_CONVENTION),
    session_options={"expire_on_commit": False, "autoflush": False},
)
babel = Babel()


def hold(instance):
    """Keep a row this request read for the rest of it. The session's identity map keeps only
    rows someone holds, so a row read in one step and asked for again by id in a later one
    (the journey's code, the requester's device) would be read twice."""
    if instance is not None:
        db.session.info.setdefault("held", {})[id(instance)] = instance
    return instance
