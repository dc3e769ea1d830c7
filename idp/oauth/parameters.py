"""What the protocol's parameters may hold, the rule of every OAuth endpoint's door.

RFC 6749 Appendix A: every parameter of the protocol is printable ASCII (login_hint is free
text, the person's own address, in any script but without control characters); Authlib cannot
even word an error about anything else, and PostgreSQL refuses a NUL in any text it stores. A
client's Basic credentials (section 2.3.1) are form-encoded, then base64: decoded, they are
printable ASCII too, or no client sent them.
A parameter that a String(n) column keeps holds at most n characters (LONGEST, read from the
models: PostgreSQL refuses a longer value where SQLite would store it, and the refusal came at
the end of the person's sign-in, as a server error). Each parameter comes once at the endpoints
where a client authenticates (RFC 6749 section 3.2).
views.py applies the rules before any endpoint runs; authorize.py applies them to an
authorization request once its redirect_uri is known, so that the error goes back to the
service, and par.py to a pushed request object's parameters.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Mapping

from sqlalchemy import String

from idp.models import AuthorizationCode, Grant, Interaction, PushedRequest, Token
from idp.oauth import errors
from idp.sessions.interaction import KEPT_PARAMETERS

FREE_TEXT = frozenset({"login_hint"})
# The parameters that say which service asks and where the person goes back: when one of
# them is unreadable, nothing says where the person could safely be sent.
ADDRESSING = frozenset(
    {"client_id", "redirect_uri", "response_type", "response_mode", "post_logout_redirect_uri", "id_token_hint"}
)
# Parameters whose grammar is narrower than printable ASCII, and which Authlib quotes in its
# error descriptions (where a quote or a backslash may not appear): RFC 6749 section 3.1.1.
GRAMMAR = {"response_type": re.compile(r"[A-Za-z0-9_]+(?: [A-Za-z0-9_]+)*")}


# The tables an authorization request and the tokens it gives are written to.
KEEPERS = (Interaction, PushedRequest, AuthorizationCode, Grant, Token)


def _longest() -> dict[str, int]:
    """The most characters each parameter an authorization request keeps may hold: the length of
    the String(n) column named after it (the code's INSERT writes each into its namesake),
    the shortest where several tables keep it. A parameter no such column keeps (state,
    redirect_uri, scope, login_hint...) is kept as JSON or text: no length of its own."""
    longest: dict[str, int] = {}
    for model in KEEPERS:
        for column in model.__table__.columns:
            if column.name in KEPT_PARAMETERS and isinstance(column.type, String) and column.type.length:
                longest[column.name] = min(column.type.length, longest.get(column.name, column.type.length))
    return longest


LONGEST = _longest()


def may_carry_nul(environ) -> bool:
    """Whether anything of the raw WSGI request could be or become a NUL: one in any of its
    text (the path, already decoded, and every header), %00 in the query, or a cookie's
    backslash escape (a quoted cookie's \\000 is a NUL once Werkzeug reads it). idp/request_input.py
    and the path before the framework (exchange.py) both answer at once when it says no."""
    return (
        "%00" in environ.get("QUERY_STRING", "")
        or "\\" in environ.get("HTTP_COOKIE", "")
        or any("\x00" in value for value in environ.values() if isinstance(value, str))
    )


def printable(text: str) -> bool:
    """Printable ASCII (0x20 to 0x7e): for ASCII text, what str.isprintable says, at C speed."""
    return text.isascii() and text.isprintable()


def unreadable(params: Mapping) -> str | None:
    """The name of a parameter that holds anything but printable ASCII (free text: anything
    but control characters), or None. Every value of a parameter given several times counts."""
    pairs = params.items(multi=True) if hasattr(params, "getlist") else params.items()
    for name, value in pairs:
        if not printable(name):
            return name
        if isinstance(value, str) and not (value.isprintable() if name in FREE_TEXT else printable(value)):
            return name
        if name in GRAMMAR and isinstance(value, str) and not GRAMMAR[name].fullmatch(value):
            return name
    return None


def overlong(params: Mapping) -> str | None:
    """The name of a parameter longer than its column (LONGEST), or None. Every value of a
    parameter given several times counts."""
    pairs = params.items(multi=True) if hasattr(params, "getlist") else params.items()
    for name, value in pairs:
        if name in LONGEST and isinstance(value, str) and len(value) > LONGEST[name]:
            return name
    return None


def refused(params: Mapping) -> tuple[str, str] | None:
    """The first parameter these rules refuse (unreadable, then too long) and the error
    description that says what to send instead, or None."""
    name = unreadable(params)
    if name is not None:
        return name, refusal(name)
    name = overlong(params)
    if name is not None:
        return name, (
            f"The parameter '{name}' is longer than the {LONGEST[name]} characters it may hold: "
            f"send at most {LONGEST[name]}."
        )
    return None


def repeated(*sources) -> str | None:
    """The name of a parameter given more than once, in one source or across them (the query
    and the form), or None: RFC 6749 section 3.2 allows each once."""
    seen = set()
    for source in sources:
        for name, _ in source.items(multi=True):
            if name in seen:
                return name
            seen.add(name)
    return None


def refusal(name: str) -> str:
    """The error description of an unreadable parameter, naming it when its name is a plain
    word (an error description may not hold a quote or a backslash)."""
    if not errors.plain(name):
        return (
            "A parameter's name holds characters outside printable ASCII, a quote or a backslash: "
            "send names of the protocol only."
        )
    if name in GRAMMAR:
        return (
            f"The parameter '{name}' holds characters its grammar does not allow: "
            "send one of the values the protocol defines."
        )
    return (
        f"The parameter '{name}' holds characters outside printable ASCII: "
        "send printable ASCII only, percent-encoded in a URL."
    )


def basic_credentials_readable(authorization: str | None) -> bool:
    """False when the Authorization header is a scheme with nothing after it, or says Basic but
    holds anything else than base64 of printable ASCII; true for any other header (the
    endpoints' own checks judge those)."""
    if not authorization or " " not in authorization:
        return True
    parts = authorization.split(None, 1)
    if len(parts) != 2:
        return False
    if parts[0].lower() != "basic":
        return True
    try:
        # split and decoded as Authlib does it (characters outside the alphabet skipped)
        decoded = base64.b64decode(parts[1])
    except ValueError:
        return False
    return decoded.isascii() and decoded.decode("ascii").isprintable()
