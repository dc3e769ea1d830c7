"""The console's sign-in: operators sign in with this very provider, as a relying service does
(an authorization code with PKCE, asking acr urn:signin:acr:phishing-resistant), so that the
provider's own rules are the console's too: a passkey, a weaker session stepped up, throttles.

The console is a public client of its own provider, "console", made from the issuer (its only
redirect_uri is {issuer}/console/callback) and never listed to the public. It redeems its code
through the provider's very /token endpoint, called in-process (the WSGI app without a network
hop: no hairpin through a load balancer, no client secret to deploy), then checks the ID token
as any relying party must: the provider's published keys, iss, aud, exp, nonce, and acr.

The operator's console session is a sealed cookie: their sub, the provider session (sid) it
stands on, when it ends (console.session_minutes) and a token its forms carry. Every request
checks again that the provider session is live and the account's, and that the operators file
still gives them a role (views.py).
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from urllib.parse import urlencode

from authlib.oauth2.rfc7636 import create_s256_code_challenge
from cryptography.fernet import InvalidToken
from flask import Response, current_app, request
from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import KeySet
from sqlalchemy import select
from werkzeug.test import Client as WsgiClient

from idp import cookies, keys, sealed
from idp.clients import PUBLIC, Client, Service
from idp.clock import now, timestamp
from idp.extensions import db
from idp.keys import SIGNING_ALGORITHMS
from idp.models import BrowserSession, User
from idp.sessions.assurance import ACR_PHISHING_RESISTANT

CLIENT_ID = "console"
SESSION_COOKIE = "console"
LOGIN_COOKIE = "console_login"
# An operator has this long to finish signing in after leaving for the provider's sign-in.
LOGIN_SECONDS = 900


def client(issuer: str) -> Client:
    return Client(
        client_id=CLIENT_ID,
        client_secret="",
        redirect_uris=(f"{issuer}/console/callback",),
        post_logout_redirect_uris=(f"{issuer}/console",),
        scopes=("openid", "email"),
        subject_type="public",
        sector_identifier=CLIENT_ID,
        require_pkce=True,
        service=Service(
            id=0,
            url=f"{issuer}/console",
            title={"en": "Operators' console", "fr": "Console des opérateurs"},
            description={
                "en": "The help desk and the service's figures.",
                "fr": "Le service d'assistance et les chiffres du service.",
            },
        ),
        token_endpoint_auth_methods=(PUBLIC,),
    )


def _box():
    return sealed.box(current_app.config["SECRET_KEY"], "idp console session")


def _seal(value: dict) -> str:
    return _box().encrypt(json.dumps(value).encode()).decode()


def _unseal(name: str, max_age: int) -> dict | None:
    value = request.cookies.get(cookies.host_cookie(name))
    if not value:
        return None
    try:
        return json.loads(_box().decrypt(value.encode(), ttl=max_age))
    except (InvalidToken, ValueError):
        return None


def _issuer() -> str:
    return current_app.config["IDP"]["server"]["issuer"]


def start(language: str, response_for) -> Response:
    """Send the operator to the provider's sign-in, asking a phishing-resistant method; what
    the callback checks (state, nonce, the PKCE verifier) waits in a sealed cookie."""
    login = {
        "state": secrets.token_urlsafe(24),
        "nonce": secrets.token_urlsafe(24),
        "verifier": secrets.token_urlsafe(48),
        "language": language,
    }
    query = urlencode(
        {
            "response_type": "code",
            "client_id": CLIENT_ID,
            "redirect_uri": f"{_issuer()}/console/callback",
            "scope": "openid email",
            "state": login["state"],
            "nonce": login["nonce"],
            "code_challenge": create_s256_code_challenge(login["verifier"]),
            "code_challenge_method": "S256",
            "acr_values": ACR_PHISHING_RESISTANT,
            "ui_locales": language,
        }
    )
    response = response_for(f"/authorize?{query}")
    cookies.write_cookie(response, LOGIN_COOKIE, _seal(login), LOGIN_SECONDS)
    return response


class SignInFailed(Exception):
    """The callback could not sign the operator in; reason is a key of console/message.html,
    language the one the operator chose when they set out (None: not known)."""

    def __init__(self, reason: str, language: str | None = None):
        super().__init__(reason)
        self.reason, self.language = reason, language


def _redeem(code: str, verifier: str) -> dict:
    """The provider's /token answer for the code, called in-process in an application context
    of its own (its own database session and g, as any request has)."""
    app = current_app._get_current_object()
    with app.app_context():
        answer = WsgiClient(app).post(
            "/token",
            base_url=_issuer(),
            data={
                "grant_type": "authorization_code",
                "code": code,
                "redirect_uri": f"{_issuer()}/console/callback",
                "client_id": CLIENT_ID,
                "code_verifier": verifier,
            },
            environ_base={"REMOTE_ADDR": request.remote_addr or "127.0.0.1"},
        )
    if answer.status_code != 200:
        raise SignInFailed("refused")
    return json.loads(answer.get_data())


def _id_token_claims(id_token: str, nonce: str) -> dict:
    try:
        token = jwt.decode(id_token, KeySet.import_key_set(keys.public_jwks()), algorithms=list(SIGNING_ALGORITHMS))
        jwt.JWTClaimsRegistry(
            iss={"essential": True, "value": _issuer()},
            aud={"essential": True, "value": CLIENT_ID},
            exp={"essential": True},
            sub={"essential": True},
            sid={"essential": True},
            nonce={"essential": True, "value": nonce},
        ).validate(token.claims)
    except (JoseError, ValueError):
        raise SignInFailed("refused") from None
    return token.claims


def finish(response_for) -> Response:
    """The provider's answer: the code redeemed, the ID token checked (a passkey, acr
    phishing-resistant), the console session set. SignInFailed says why not."""
    login = _unseal(LOGIN_COOKIE, LOGIN_SECONDS)
    if login is None or not secrets.compare_digest(request.args.get("state", ""), login["state"]):
        raise SignInFailed("expired")
    language = login["language"]
    if request.args.get("error"):
        raise SignInFailed("refused", language)
    try:
        claims = _id_token_claims(
            _redeem(request.args.get("code", ""), login["verifier"]).get("id_token", ""), login["nonce"]
        )
    except SignInFailed as failed:
        raise SignInFailed(failed.reason, language) from None
    if claims.get("acr") != ACR_PHISHING_RESISTANT:
        raise SignInFailed("passkey", language)
    kept = {
        "sub": claims["sub"],
        "sid": claims["sid"],
        "ends": timestamp() + _minutes() * 60,
        "token": secrets.token_urlsafe(24),
    }
    response = response_for(f"/console?lang={language}")
    cookies.write_cookie(response, SESSION_COOKIE, _seal(kept), _minutes() * 60)
    cookies.write_cookie(response, LOGIN_COOKIE, "", 0)
    return response


def _minutes() -> int:
    return current_app.config["IDP"]["console"]["session_minutes"]


@dataclass(frozen=True)
class Signed:
    """An operator signed in to the console: their account and the token of their forms."""

    user: User
    sid: str
    token: str


def current() -> Signed | None:
    """The operator of this request, while their console session lasts and the provider session
    it stands on is live, theirs and phishing-resistant; None otherwise."""
    kept = _unseal(SESSION_COOKIE, _minutes() * 60)
    if kept is None or kept["ends"] <= timestamp():
        return None
    user = db.session.scalar(
        select(User)
        .join(BrowserSession, BrowserSession.user_id == User.id)
        .where(
            BrowserSession.sid == kept["sid"],
            User.id == kept["sub"],
            BrowserSession.expires_at > now(),
            BrowserSession.acr == ACR_PHISHING_RESISTANT,
        )
    )
    return Signed(user, kept["sid"], kept["token"]) if user is not None else None


def sign_out(response: Response) -> Response:
    cookies.write_cookie(response, SESSION_COOKIE, "", 0)
    return response
