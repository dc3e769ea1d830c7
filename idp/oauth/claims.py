"""What the tokens say: the subject identifier, the claims each scope releases at /userinfo,
and every claim of an ID token."""

from __future__ import annotations

import calendar
import hashlib
import hmac
from dataclasses import dataclass

from authlib.oidc.core import UserInfo
from authlib.oidc.core.grants.util import create_half_hash
from flask import current_app

from idp.clients import Client
from idp.clock import timestamp
from idp.models import User
from idp.store.people import Person


@dataclass(frozen=True)
class Account:
    """An account where only its id counts (the authorization endpoint's signed-in person)."""

    id: str


@dataclass(frozen=True)
class EndUser:
    """A user as seen by one client: the subject differs per client when it is pairwise. The
    claims read a Person (the token endpoint's and userinfo's row); elsewhere only the id counts."""

    user: Person | User | Account
    client: Client

    @property
    def sub(self) -> str:
        return subject(self.user.id, self.client)


def subject(user_id: str, client: Client) -> str:
    """The account as this client knows it: its id, or for a pairwise client an HMAC of it
    with the client's sector."""
    if client.subject_type == "public":
        return user_id
    key = current_app.config["SECRET_KEY"].encode()
    message = f"{client.sector_identifier}\x00{user_id}".encode()
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def user_info(end_user: EndUser, scope: str) -> UserInfo:
    user = end_user.user
    names = [part for part in (user.first_name, user.last_name) if part]
    claims = UserInfo(
        sub=end_user.sub,
        name=" ".join(names) or None,
        given_name=user.first_name,
        family_name=user.last_name,
        locale=user.language,
        email=user.email,
        email_verified=bool(user.email_verified),
        phone_number=user.phone_number,
        phone_number_verified=user.phone_number_verified,
    ).filter(scope)
    return UserInfo({name: value for name, value in claims.items() if value is not None})


def id_token_claims(end_user: EndUser, code, access_token: str) -> dict:
    """Every claim of an ID token, in one place (docs/integrators.md lists them for integrators).
    `code` is the redeemed authorization code's row (store.redeem_code).

    The subject and, with the profile scope, the name, so that a relying service sees a name
    change at the next sign-in; e-mail and phone claims come from /userinfo only. sid names the
    browser session the person signed in with: the same for every service signed in through it.
    """
    settings = current_app.config["IDP"]
    moment = timestamp()
    algorithm = end_user.client.id_token_signed_response_alg
    profile = " ".join(part for part in code.scope.split() if part in ("openid", "profile"))
    claims = {
        "iss": settings["server"]["issuer"],
        "sub": end_user.sub,
        # A plain string: the end-session endpoint finds the client from an id_token_hint's aud.
        "aud": end_user.client.client_id,
        "iat": moment,
        "exp": moment + settings["oauth"]["id_token_lifetime_seconds"],
        "auth_time": calendar.timegm(code.auth_time.timetuple()),
        "nonce": code.nonce,
        "acr": code.acr,
        "amr": code.amr,
        "sid": code.sid,
        "at_hash": create_half_hash(access_token, algorithm).decode(),
        **user_info(end_user, profile),
    }
    return {name: value for name, value in claims.items() if value is not None}
