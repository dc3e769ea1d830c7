"""The journeys table: a browser session's journey of a flow, with the code it waits for and,
when asked, its person, in one statement; and the journeys of a session made by this very
request, which no statement needs to read (the machine is idp/flows/journey.py).
"""

from __future__ import annotations

from functools import cache

from sqlalchemy import bindparam

from idp.extensions import db, hold
from idp.models import Journey, OtpTransaction, User

_WITH_CODE = (
    db.select(Journey, OtpTransaction)
    .outerjoin(OtpTransaction, OtpTransaction.id == Journey.code_id)
    .where(Journey.browser_session_id == bindparam("browser_session_id"), Journey.flow == bindparam("flow"))
)


@cache
def _with_person(person: tuple):
    # built once per set of loader options: a statement's cache key is computed once per object
    return _WITH_CODE.add_columns(User).outerjoin(User, User.id == Journey.user_id).options(*person)


# session.info's record of the browser sessions made in the request's transaction
# (sessions._new_session): until it ends, such a session's journeys are those it made.
_MADE = "journey_browser_sessions_made"


def session_made(browser_session_id: int) -> None:
    """This browser session was made in the current transaction: find() reads no journey of
    it from the database until the transaction ends."""
    transaction = db.session().get_transaction()
    made = db.session.info.get(_MADE)
    if made is None or made[0] is not transaction:
        made = db.session.info[_MADE] = (transaction, set())
    made[1].add(browser_session_id)


def _made_here(browser_session_id: int) -> bool:
    made = db.session.info.get(_MADE)
    return made is not None and made[0] is db.session().get_transaction() and browser_session_id in made[1]


def find(browser_session_id: int | None, flow: str, user_id: str | None = None, person: tuple = ()) -> Journey | None:
    """The browser session's journey of this flow. With user_id, only that person's:
    someone else signing in on the same browser never continues another's change. The
    code the journey waits for comes with it (the step that reads the journey mostly checks
    or resends that code), and with `person` (loader options: methods.WITH_METHODS) its
    person: newest_code and methods.person then find them without a statement."""
    if browser_session_id is None:
        return None
    if _made_here(browser_session_id):
        # a session made in this transaction has only the journeys it made, all in the session
        made = (
            row
            for row in (*db.session.new, *db.session.identity_map.values())
            if isinstance(row, Journey) and row.browser_session_id == browser_session_id and row.flow == flow
        )
        found = next(made, None)
        return None if found is None or (user_id is not None and found.user_id != user_id) else found
    statement = _with_person(person) if person else _WITH_CODE
    rows = db.session.execute(statement, {"browser_session_id": browser_session_id, "flow": flow}).unique().all()
    if not rows:
        return None
    found, code, *held = rows[0]
    for row in (code, *held):
        hold(row)
    if user_id is not None and found.user_id != user_id:
        return None
    return found


def newest_code(journey: Journey) -> OtpTransaction | None:
    """The code the journey waits for: the last one it sent."""
    return db.session.get(OtpTransaction, journey.code_id) if journey.code_id else None
