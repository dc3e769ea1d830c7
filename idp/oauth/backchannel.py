"""Back-channel logout (OpenID Connect Back-Channel Logout 1.0): when a browser session ends —
the person signs out, a changed factor or "sign out everywhere" ends their other sessions —
every relying service signed in through it that registered a backchannel_logout_uri gets a
logout token naming the session (sid) and the account (sub), so that it ends its own session
too. When the account leaves a service (the person disconnects it, or deletes the account),
the service is told to end every session it holds for the account: by the account's sub alone,
or, to a service that registered backchannel_logout_session_required (it identifies its
sessions by sid: a token without one would be refused, and the person stay signed in there),
by one token per browser session it signed in through, with sid and sub — the live sessions
that list it (idp/sessions/relying.py) and the ended ones its codes and tokens still name
(grants.sessions_named). Those browser sessions may go on here: the token ends the service's
session, and a later sign-in through the same browser carries the same sid.

The session's list of services (browser_sessions.clients) says whom to tell, so a service is
told even after its codes and tokens were purged. Each token is one job of the kind
"backchannel_logout" (idp/jobs): with a queue, the worker delivers it with retries and
back-off and keeps it as failed after the last (its payload sealed: nothing personal in
clear); under `make run`, it is delivered in process right after the answer to the person.
Either way a service that is down never delays the sign-out. A session that merely expired
is not told (the specification leaves it to the provider; relying sessions expire too) until
the account leaves the service.
Each attempt goes through the outbound door (idp/outbound): oauth.backchannel_logout_timeout_seconds
is its total deadline, redirects are not followed, and production calls public addresses only.
"""

from __future__ import annotations

import secrets

from flask import Flask, current_app

from idp import clients, jobs, keys, outbound
from idp.clock import timestamp
from idp.oauth.claims import subject
from idp.sessions import relying
from idp.sessions.ended import ENDED, LEFT
from idp.store import grants

KIND = "backchannel_logout"
EVENT = "http://schemas.openid.net/event/backchannel-logout"
# Long enough for the retries of a service that was briefly down; short enough to be useless later.
LIFETIME_SECONDS = 600


def _listening(client_id: str) -> clients.Client | None:
    """The service, when it registered a backchannel_logout_uri."""
    client = clients.query_client(client_id)
    return client if client is not None and client.backchannel_logout_uri is not None else None


def _queue(client: clients.Client, user_id: str, sid: str | None) -> None:
    """One logout token's job. Never fails the sign-out: a queue that does not take it is logged."""
    payload = {"client_id": client.client_id, "sid": sid, "sub": subject(user_id, client)}
    try:
        jobs.enqueue(KIND, payload)
    except jobs.QueueUnavailable:
        current_app.logger.warning("a back-channel logout could not be queued", extra={"client_id": client.client_id})


def tell(ended) -> None:
    """Queue a logout token for every service signed in through these ended sessions (each
    with sid, user_id and clients)."""
    for session in ended:
        if session.user_id is None:
            continue
        for client in filter(None, map(_listening, session.clients or ())):
            _queue(client, session.user_id, session.sid)


def tell_account(user_id: str, client_ids: list[str], told: frozenset[tuple[str, str]] = frozenset()) -> None:
    """The account leaves these services: queue the logout tokens that end every session each
    holds for it. `told`: the (client_id, sid) pairs of sessions that just ended and were told
    (tell): a service told so is not told again by the account's sub, nor of those sessions."""
    told_clients = {client_id for client_id, _ in told}
    for client in filter(None, map(_listening, client_ids)):
        if not client.backchannel_logout_session_required:
            if client.client_id not in told_clients:
                _queue(client, user_id, None)
            continue
        through = relying.sessions_of(user_id, client.client_id) | grants.sessions_named(user_id, client.client_id)
        for sid in sorted(through):
            if (client.client_id, sid) not in told:
                _queue(client, user_id, sid)


def logout_token(client: clients.Client, sub: str | None, sid: str | None) -> str:
    moment = timestamp()
    claims = {
        "iss": current_app.config["IDP"]["server"]["issuer"],
        "aud": client.client_id,
        "iat": moment,
        "exp": moment + LIFETIME_SECONDS,
        "jti": secrets.token_urlsafe(24),
        "events": {EVENT: {}},
        "sid": sid,
        "sub": sub,
    }
    signed = {name: value for name, value in claims.items() if value is not None}
    return keys.sign(signed, client.id_token_signed_response_alg, typ="logout+jwt")


def deliver(payload: dict) -> None:
    """One attempt: the logout token to the service's backchannel_logout_uri, which answers
    200 (or 204) once it ended its session. The failure's text names the service, never the person."""
    client = clients.query_client(payload["client_id"])
    if client is None or client.backchannel_logout_uri is None:
        return None  # unregistered since: nobody to tell
    settings = current_app.config["IDP"]
    try:
        answer = outbound.call(
            "backchannel_logout",
            "POST",
            client.backchannel_logout_uri,
            outbound.policy(settings),
            deadline_seconds=settings["oauth"]["backchannel_logout_timeout_seconds"],
            data={"logout_token": logout_token(client, payload["sub"], payload["sid"])},
        )
    except outbound.OutboundError as error:
        raise jobs.Failed(f"back-channel logout to {client.client_id}: {error.reason}") from None
    if answer.status_code not in (200, 204):
        raise jobs.Failed(f"back-channel logout to {client.client_id}: answered {answer.status_code}")
    return None


def _sessions_ended(app, ended) -> None:
    tell(ended)


def _services_left(app, user_id: str, client_ids: list[str]) -> None:
    tell_account(user_id, client_ids)


def init_app(app: Flask) -> None:
    timeout = app.config["IDP"]["oauth"]["backchannel_logout_timeout_seconds"]
    jobs.register(app, jobs.retried_by_the_queue(app, KIND, deliver, timeout_seconds=timeout * 2))
    # the session door tells what ended (idp/sessions): the services learn it from here
    ENDED.connect(_sessions_ended)
    LEFT.connect(_services_left)
