"""What a relying service may do with a token it holds besides using it: revoke it (RFC 7009)
and ask whether it is still good (RFC 7662). Both authenticate the client by its own method
(clients.py) and answer only about the caller's own tokens.

- Revoking an access token revokes its row (the refresh token issued with it goes too, as
  RFC 7009 section 2.1 allows); revoking a refresh token ends the grant: every token the
  service holds for the account, and the service is disconnected until the person signs in
  to it again. An unknown, expired or already revoked token is answered 200 all the same.
- Introspection is for confidential clients (a public client has no way to prove it asks
  for itself); another client's token, or one that is not active, is {"active": false}.
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass

from authlib.oauth2.rfc7009 import RevocationEndpoint
from authlib.oauth2.rfc7662 import IntrospectionEndpoint
from flask import current_app
from sqlalchemy import or_

from idp.clients import PUBLIC, TOKEN_ENDPOINT_AUTH_METHODS, query_client
from idp.clock import now
from idp.extensions import db
from idp.models import Token
from idp.oauth.claims import subject
from idp.store import grants
from idp.store.grants import digest

ACCESS, REFRESH = "access_token", "refresh_token"


@dataclass(frozen=True)
class Presented:
    """A token as the client presented it: its row, and which of the row's two it is."""

    row: Token
    kind: str

    def check_client(self, client) -> bool:
        return self.row.client_id == client.client_id

    @property
    def expires_at(self):
        return self.row.access_token_expires_at if self.kind == ACCESS else self.row.refresh_token_expires_at

    def is_expired(self) -> bool:
        return self.expires_at is None or self.expires_at <= now()

    def is_revoked(self) -> bool:
        return self.row.revoked_at is not None


def _find(token_string: str) -> Presented | None:
    """The row holding this token, as an access or a refresh token: one look at both columns,
    so the hint (RFC 7009 section 2.1: "MAY") is not needed."""
    token_hash = digest(token_string)
    row = db.session.scalar(
        db.select(Token).where(or_(Token.access_token_hash == token_hash, Token.refresh_token_hash == token_hash))
    )
    if row is None:
        return None
    return Presented(row, ACCESS if row.access_token_hash == token_hash else REFRESH)


class Revocation(RevocationEndpoint):
    CLIENT_AUTH_METHODS = list(TOKEN_ENDPOINT_AUTH_METHODS)

    def query_token(self, token_string, token_type_hint):
        return _find(token_string)

    def authenticate_token(self, request, client):
        # Another client's token is left alone and answered like an unknown one: the caller
        # learns nothing of tokens that are not its own.
        self.check_params(request, client)
        presented = _find(request.form["token"])
        return presented if presented is not None and presented.check_client(client) else None

    def revoke_token(self, token: Presented, request) -> None:
        if token.kind == REFRESH:
            grants.revoke(grants.Reason.CLIENT_REVOKED, grant_id=token.row.grant_id)
        else:
            grants.revoke(grants.Reason.CLIENT_REVOKED, token_id=token.row.id)


class Introspection(IntrospectionEndpoint):
    CLIENT_AUTH_METHODS = [method for method in TOKEN_ENDPOINT_AUTH_METHODS if method != PUBLIC]

    def query_token(self, token_string, token_type_hint):
        return _find(token_string)

    def check_permission(self, token: Presented, client, request) -> bool:
        return token.check_client(client)

    def introspect_token(self, token: Presented) -> dict:
        row = token.row
        client = query_client(row.client_id)
        answer = {
            "active": True,
            "scope": row.scope,
            "client_id": row.client_id,
            "token_type": "Bearer" if token.kind == ACCESS else REFRESH,
            "exp": calendar.timegm(token.expires_at.timetuple()),
            "iat": calendar.timegm(row.issued_at.timetuple()),
            "iss": current_app.config["IDP"]["server"]["issuer"],
            "aud": row.client_id,
            # the subject as this client knows it (pairwise for a pairwise client)
            "sub": subject(row.user_id, client) if client else None,
            "sid": row.sid,
        }
        return {name: value for name, value in answer.items() if value is not None}
