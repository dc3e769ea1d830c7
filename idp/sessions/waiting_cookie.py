"""The cookie in which a browser without a session row keeps its waiting authorization
requests (interaction.py), sealed (Fernet, idp/sealed.py) and bound to the browser's cookie
token: a flood of /authorize writes nothing. It keeps the newest requests that fit, not only
the last (a service's sign-in opened in two tabs has two waiting); a request too big for it is
a row. What a step decides is written with its answer (write), unless the step failed.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta

from cryptography.fernet import InvalidToken
from flask import Response, current_app, g, request
from sqlalchemy import inspect

from idp import cookies, sealed
from idp.clock import now
from idp.models import Interaction

COOKIE = "idp_waiting"
# Browsers keep cookies of 4,096 bytes; a bigger request waits as a row.
COOKIE_MAX_BYTES = 3800


def _box():
    return sealed.box(current_app.config["SECRET_KEY"], "idp waiting authorization request")


def _sealed(interactions: list[Interaction]) -> str:
    return (
        _box()
        .encrypt(
            json.dumps(
                [
                    {
                        "uid": interaction.uid,
                        "browser_key": interaction.browser_key,
                        "client_id": interaction.client_id,
                        "params": interaction.params,
                        "created_at": interaction.created_at.isoformat(),
                        "expires_at": interaction.expires_at.isoformat(),
                    }
                    for interaction in interactions
                ]
            ).encode()
        )
        .decode()
    )


def kept(browser_key: str | None) -> list[Interaction]:
    """The requests this browser's cookie keeps, unexpired and bound to its cookie token,
    newest first."""
    kept_cookie = request.cookies.get(cookies.host_cookie(COOKIE))
    if not kept_cookie or browser_key is None:
        return []
    try:
        found = json.loads(_box().decrypt(kept_cookie.encode()))
    except (InvalidToken, ValueError):
        return []
    # a cookie sealed before the cookie kept several requests holds one
    waiting = []
    for one in found if isinstance(found, list) else [found]:
        expires_at = datetime.fromisoformat(one["expires_at"])
        if one.get("browser_key") == browser_key and expires_at > now():
            waiting.append(
                Interaction(
                    uid=one["uid"],
                    browser_key=browser_key,
                    client_id=one["client_id"],
                    params=one["params"],
                    created_at=datetime.fromisoformat(one["created_at"]),
                    expires_at=expires_at,
                )
            )
    return waiting


def keep(interactions: list[Interaction], lifetime: timedelta) -> bool:
    """Keep these requests, newest first, in the cookie: as many as fit, the oldest making room.
    False when not even the newest fits: it is to be a row, and the cookie is emptied (it never
    holds a request older than the browser's newest)."""
    while interactions:
        kept_cookie = _sealed(interactions)
        if len(kept_cookie) <= COOKIE_MAX_BYTES:
            g.waiting_cookie = (kept_cookie, int(lifetime.total_seconds()))
            return True
        interactions = interactions[:-1]
    empty()
    return False


def empty() -> None:
    """The cookie keeps nothing after this request (its requests became rows)."""
    g.waiting_cookie = ("", 0)


def write(response: Response) -> Response:
    waiting = g.pop("waiting_cookie", None)
    adopted = g.get("adopted_interaction")
    if adopted is not None and inspect(adopted).transient:
        # rolled back with the step that failed: the cookie still keeps the request
        return response
    if waiting is not None:
        cookies.write_cookie(response, COOKIE, *waiting)
    return response
