"""The Authlib authorization server of one app: grants, token generator and the userinfo endpoint."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any
from urllib.parse import urlencode

from authlib.consts import default_json_headers
from authlib.integrations.flask_oauth2 import AuthorizationServer, ResourceProtector
from authlib.integrations.flask_oauth2.requests import FlaskOAuth2Payload, FlaskOAuth2Request
from authlib.oauth2.rfc6749 import OAuth2Request
from authlib.oauth2.rfc6749.requests import BasicOAuth2Payload
from authlib.oauth2.rfc6750 import BearerTokenValidator
from authlib.oauth2.rfc9207 import IssuerParameter
from authlib.oidc.core import UserInfoEndpoint
from flask import Flask, current_app
from flask import request as flask_request

from idp import clients, keys
from idp.clock import now
from idp.oauth import errors, token_grants
from idp.oauth.authorization_request import PKCE, OpenIDConnect
from idp.oauth.claims import EndUser, user_info
from idp.oauth.client_auth import PrivateKeyJwt, RegisteredMethods
from idp.oauth.revocation import Introspection, Revocation
from idp.store import people
from idp.store.grants import digest

EXTENSION = "idp.oauth_server"
SCOPES_SUPPORTED = list(clients.SUPPORTED_SCOPES)


def issuer() -> str:
    return current_app.config["IDP"]["server"]["issuer"]


class StoredAuthorizationRequest(OAuth2Request):
    """An authorization request rebuilt from kept parameters (an Interaction's, a pushed
    request's), and whether its nonce was used by a code since when that is known already
    (read as the Interaction was taken, interaction.take), else None: the grant reads it."""

    def __init__(self, params: dict[str, str], nonce_seen: bool | None = None):
        super().__init__("GET", f"{issuer()}/authorize?{urlencode(params)}", headers={})
        self.payload = BasicOAuth2Payload(params)
        self.nonce_seen = nonce_seen

    @property
    def args(self):
        return self.payload.data

    @property
    def form(self):
        return {}


class NormalisedPayload(FlaskOAuth2Payload):
    """The live request's parameters, with prompt's white space normalised: "none " is "none"
    (Authlib compares the whole value)."""

    @cached_property
    def data(self):
        values = self._request.values.copy()
        if "prompt" in values:
            values["prompt"] = " ".join(values["prompt"].split())
        return values


class Server(AuthorizationServer):
    def handle_error_response(self, request, error):
        return super().handle_error_response(request, errors.reworded(error))

    def create_oauth2_request(self, request):
        # Authlib's Flask server always wraps the live request; resume hands in a stored one.
        if isinstance(request, OAuth2Request):
            return request
        live = FlaskOAuth2Request(flask_request)
        live.payload = NormalisedPayload(flask_request)
        return live


class Issuer(IssuerParameter):
    def get_issuer(self) -> str:
        return issuer()


@dataclass(frozen=True)
class BearerToken:
    """An access token as the protected endpoints see it: its row, its client and whom it speaks of."""

    row: Any
    person: people.Person
    client: clients.Client

    @property
    def scope(self) -> str:
        return self.row.scope

    def get_scope(self) -> str:
        return self.row.scope

    def is_expired(self) -> bool:
        return self.row.access_token_expires_at <= now()

    def is_revoked(self) -> bool:
        return self.row.revoked_at is not None

    def get_client(self) -> clients.Client:
        return self.client

    def get_user(self) -> EndUser:
        return EndUser(self.person, self.client)


class AccessTokenValidator(BearerTokenValidator):
    def authenticate_token(self, token_string: str) -> BearerToken | None:
        found = people.bearer(digest(token_string))
        if found is None:
            return None
        row, person = found
        client = clients.query_client(row.client_id)
        return BearerToken(row, person, client) if client else None


class BearerProtector(ResourceProtector):
    def parse_request_authorization(self, request):
        # RFC 6750 section 2.2: a POST may carry the token as a form field (pyoidc does so).
        if "Authorization" not in request.headers and flask_request.method == "POST":
            token_string = flask_request.form.get("access_token")
            if token_string:
                return self.get_token_validator("bearer"), token_string
        return super().parse_request_authorization(request)


def userinfo_answer(token: BearerToken) -> tuple[int, dict | str, list[tuple[str, str]]]:
    """What /userinfo answers for a valid token: the claims its scope releases, signed when
    the client registered an algorithm for them (OpenID Connect Core section 5.3.2: then it
    names its issuer and audience)."""
    client = token.get_client()
    claims = dict(user_info(token.get_user(), token.scope))
    algorithm = client.userinfo_signed_response_alg
    if algorithm is None:
        return 200, claims, default_json_headers
    signed = keys.sign({**claims, "iss": issuer(), "aud": client.client_id}, algorithm)
    return 200, signed, [("Content-Type", "application/jwt")]


class UserInfo(UserInfoEndpoint):
    def __call__(self, request):
        return userinfo_answer(self.resource_protector.acquire_token("openid"))


def build_server(app: Flask) -> Server:
    # The grants write their tokens themselves, in order (idp/oauth/token.py, token_grants.py).
    server = Server(app, query_client=clients.query_client)
    # in place of the one Authlib would make on first use: its refusals name the client's method
    server._client_auth = RegisteredMethods(clients.query_client)
    server.scopes_supported = SCOPES_SUPPORTED
    server.register_grant(token_grants.AuthorizationCodeGrant, [PKCE, OpenIDConnect()])
    server.register_grant(token_grants.RefreshTokenGrant)
    server.register_extension(Issuer())
    # RFC 7523: the assertion is addressed to the token endpoint or to the issuer
    server.register_client_auth_method(clients.PRIVATE_KEY_JWT, PrivateKeyJwt(lambda: [f"{issuer()}/token", issuer()]))
    server.register_endpoint(Revocation)
    server.register_endpoint(Introspection)
    protector = BearerProtector()
    protector.register_token_validator(AccessTokenValidator())
    server.register_endpoint(UserInfo(resource_protector=protector))
    return server


def server() -> Server:
    return current_app.extensions[EXTENSION]


def init_app(app: Flask) -> None:
    app.extensions[EXTENSION] = build_server(app)
