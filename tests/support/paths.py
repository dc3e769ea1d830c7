"""Which path each call of a whole journey takes, read from the running code, and the table of
idp/store/README.md that says it to people (tests/store/test_paths.py holds one to the other).

A call is its method and route (`POST /v1/otp/users/login`), with the grant at `/token`, and
"refused" when it answered 4xx. Four facts per call:

- entry: `lean` when the WSGI middleware in front of Flask answered (idp/oauth/exchange.py),
  `Flask` when the framework did (a call the lean path tried and handed on included);
- statements: `driver` for those sent on psycopg's own connection (idp/store/driver.py),
  `SQLAlchemy` for the rest;
- commit: how each transaction that wrote ended, in order: `autocommit` (a driver statement
  that writes is its own transaction), `one CTE` (store.writes.commit sent the step's writes as
  one statement), `statements + one CTE` (writes sent at once before that statement), `unit of
  work` (the writes went row by row or statement by statement, then COMMIT); `none` when the
  call wrote nothing;
- own file: the driver statement's file in idp/store/sql/ (every call's SQL, whatever its
  path, is in journey.<dialect>.sql under its route).
"""

from __future__ import annotations

import io
import re
from collections import defaultdict
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qsl

import requests
from flask import request, request_started
from sqlalchemy import event

from idp.store import driver, writes
from tests.support.statements import NOT_CALLS, TRANSACTION_CONTROL

README = Path(__file__).resolve().parents[2] / "idp" / "store" / "README.md"
HEADER = ("call", "entry", "statements", "commit", "own file")
# A statement that writes, alone or inside a WITH; FOR UPDATE is a read.
_WRITE = re.compile(r"\bINSERT INTO\b|\bUPDATE \w+ SET\b|\bDELETE FROM\b")


def writes_rows(statement: str) -> bool:
    return bool(_WRITE.search(" ".join(statement.split())))


@dataclass
class Call:
    """What one request did, as the code did it."""

    method: str
    path: str
    grant: str | None = None
    rule: str | None = None
    status: int = 0
    entries: set[str] = field(default_factory=set)
    statements: set[str] = field(default_factory=set)
    files: set[str] = field(default_factory=set)
    commits: list[str] = field(default_factory=list)
    # the open transaction: writes sent in it, and whether its last one was writes.py's CTE
    written: int = 0
    together: bool = False
    together_next: bool = False

    @property
    def key(self) -> str:
        key = f"{self.method} {self.rule or self.path}"
        if self.grant:
            key += f" {self.grant}"
        return key + (" refused" if 400 <= self.status < 500 else "")

    def ended(self, committed: bool) -> None:
        if committed and self.together:
            self.commits.append("one CTE" if self.written == 0 else "statements + one CTE")
        elif committed and self.written:
            self.commits.append("unit of work")
        self.written, self.together = 0, False

    def facts(self) -> tuple[str, str, str, str]:
        kinds = [kind for index, kind in enumerate(self.commits) if index == 0 or self.commits[index - 1] != kind]
        return (
            " + ".join(sorted(self.entries or {"lean"})),
            " + ".join(sorted(self.statements)) or "none",
            " then ".join(kinds) or "none",
            ", ".join(sorted(self.files)) or "—",
        )


CURRENT: ContextVar[Call | None] = ContextVar("the call being watched", default=None)


class Watch:
    """Outermost WSGI layer: one Call per request, kept once it is answered."""

    def __init__(self, wsgi_app, engine):
        self.wsgi_app, self.engine = wsgi_app, engine
        self.calls: list[Call] = []
        self.named = {
            name: " ".join(driver.sql(name).split())
            for name in (path.name.split(".")[0] for path in driver.FOLDER.glob("*.postgresql.sql"))
        }
        event.listen(engine, "before_cursor_execute", self._statement)
        event.listen(engine, "commit", self._commit)
        event.listen(engine, "rollback", self._rollback)
        driver.SENT.connect(self._on_the_driver)
        writes.TOGETHER.connect(self._together)
        request_started.connect(self._flask)

    def close(self) -> None:
        event.remove(self.engine, "before_cursor_execute", self._statement)
        event.remove(self.engine, "commit", self._commit)
        event.remove(self.engine, "rollback", self._rollback)
        driver.SENT.disconnect(self._on_the_driver)
        writes.TOGETHER.disconnect(self._together)
        request_started.disconnect(self._flask)

    def __call__(self, environ, start_response):
        call = Call(environ["REQUEST_METHOD"], environ["PATH_INFO"], _grant(environ))

        def answered(status, headers, *rest):
            call.status = int(status.split()[0])
            return start_response(status, headers, *rest)

        watching = CURRENT.set(call)
        try:
            answer = self.wsgi_app(environ, answered)
            try:
                body = list(answer)
            finally:
                if hasattr(answer, "close"):
                    answer.close()
        finally:
            call.ended(committed=False)
            CURRENT.reset(watching)
        if call.path not in NOT_CALLS:
            self.calls.append(call)
        return body

    def _flask(self, sender, **extra) -> None:
        call = CURRENT.get()
        if call is not None:
            call.entries.add("Flask")
            call.rule = request.url_rule.rule if request.url_rule else request.path

    def _statement(self, conn, cursor, statement, parameters, context, executemany) -> None:
        call = CURRENT.get()
        if call is None or statement.lstrip().upper().startswith(TRANSACTION_CONTROL):
            return
        call.statements.add("SQLAlchemy")
        if call.together_next:
            call.together_next, call.together = False, True
        elif writes_rows(statement):
            call.written += 1

    def _on_the_driver(self, statement: str) -> None:
        call = CURRENT.get()
        if call is None:
            return
        call.statements.add("driver")
        text = " ".join(statement.split())
        call.files |= {f"{name}.postgresql.sql" for name, named in self.named.items() if named == text}
        if writes_rows(statement):
            call.commits.append("autocommit")

    def _together(self, statement) -> None:
        call = CURRENT.get()
        if call is not None:
            call.together_next = True

    def _commit(self, conn) -> None:
        if (call := CURRENT.get()) is not None:
            call.ended(committed=True)

    def _rollback(self, conn) -> None:
        if (call := CURRENT.get()) is not None:
            call.ended(committed=False)

    def facts(self) -> dict[str, tuple[str, str, str, str]]:
        """Each call's facts; a call made several times shows each way it went."""
        seen: dict[str, list[tuple]] = defaultdict(list)
        for call in self.calls:
            if call.facts() not in seen[call.key]:
                seen[call.key].append(call.facts())
        return {
            key: tuple(" / ".join(dict.fromkeys(ways[i] for ways in facts)) for i in range(4))
            for key, facts in seen.items()
        }


def _grant(environ) -> str | None:
    """/token's grant_type, the body left for the app to read."""
    if environ["PATH_INFO"] != "/token" or environ["REQUEST_METHOD"] != "POST":
        return None
    length = int(environ.get("CONTENT_LENGTH") or 0)
    body = environ["wsgi.input"].read(length)
    environ["wsgi.input"] = io.BytesIO(body)
    return dict(parse_qsl(body.decode("latin-1"))).get("grant_type")


def observe(app, live_server_class) -> dict[str, tuple[str, str, str, str]]:
    """The full journey (tests/support/full_journey.py), then the refusals a relying service
    can meet at /token and /userinfo, against app: each call's facts."""
    from idp.extensions import db
    from tests.support.full_journey import FullJourney
    from tests.support.servers import REDIRECT_URI, token_request

    with app.app_context():
        engine = db.engine
    watch = Watch(app.wsgi_app, engine)
    app.wsgi_app = watch
    server = live_server_class(app).start()
    app.config["IDP"]["server"]["issuer"] = server.url
    try:
        journey = FullJourney([server.url], server.url)
        second = journey.run()
        # a refresh token spent (then presented again), a code redeemed, an unknown access token
        answers = [
            token_request(server.url, grant_type="refresh_token", refresh_token=second["refresh_token"]),
            token_request(server.url, grant_type="refresh_token", refresh_token=second["refresh_token"]),
            token_request(
                server.url,
                grant_type="authorization_code",
                code=second["code"],
                redirect_uri=REDIRECT_URI,
                code_verifier="v" * 43,
            ),
            requests.get(f"{server.url}/userinfo", headers={"Authorization": "Bearer not-a-token"}, timeout=30),
        ]
        assert [answer.status_code for answer in answers] == [200, 400, 400, 401], [answer.text for answer in answers]
    finally:
        watch.close()
        server.stop()
    return watch.facts()


def table(text: str) -> dict[str, tuple[str, str, str, str]]:
    """The rows of the first table whose header is HEADER, by call (backticks dropped)."""
    rows: dict[str, tuple[str, str, str, str]] = {}
    inside = False
    for line in text.splitlines():
        cells = [cell.strip().strip("`").strip() for cell in line.strip().strip("|").split("|")]
        if not line.lstrip().startswith("|"):
            if inside:
                break
            continue
        if tuple(cell.lower() for cell in cells) == HEADER:
            inside = True
        elif inside and not set("".join(cells)) <= set("-: "):
            rows[cells[0]] = tuple(cells[1:5])
    return rows
