"""The token endpoint's grants as Authlib runs them, on the framework's path (idp/oauth/token.py
reads the steps in order): Authlib parses the request, authenticates the client and answers the
errors; these classes call token.redeem and token.rotate, and answer a request they spent
nothing for with the error of the step it failed — a code or refresh token that was spent
before is a replay, and its whole chain is revoked (grants.revoke). The lean path in front of
Flask (exchange.py) hands every such request here.
"""

from __future__ import annotations

from authlib.oauth2.rfc6749 import grants as authlib_grants
from authlib.oauth2.rfc6749.errors import (
    InvalidGrantError,
    InvalidRequestError,
    UnauthorizedClientError,
)

from idp import observability
from idp.clients import TOKEN_ENDPOINT_AUTH_METHODS
from idp.clock import now
from idp.extensions import db
from idp.models import Token
from idp.oauth.authorization_request import PKCE, AuthorizationRequest
from idp.oauth.token import redeem, rotate
from idp.store import grants, tokens
from idp.store.grants import digest

REFRESH_REFUSED = (
    "The refresh token is not one this client may use now (unknown, expired, revoked or used already): "
    "sign the person in again for a new one."
)


def _replayed(what: str, chain: int | None, user_id: str, client_id: str) -> None:
    """A spent code or refresh token came back: someone holds a copy. Its chain ends."""
    observability.security_event(f"{what}_replayed", user_id, client_id=client_id)
    if chain is not None:
        grants.revoke(grants.Reason.REPLAYED, chain=chain)
    db.session.commit()


class AuthorizationCodeGrant(AuthorizationRequest, authlib_grants.AuthorizationCodeGrant):
    """The authorization request's side (the code made at /authorize) is AuthorizationRequest's."""

    TOKEN_ENDPOINT_AUTH_METHODS = list(TOKEN_ENDPOINT_AUTH_METHODS)

    # The token request, in order.

    def validate_token_request(self) -> None:
        client = self.authenticate_token_endpoint_client()  # 1
        if not client.check_grant_type(self.GRANT_TYPE):
            raise UnauthorizedClientError(
                f"The client is not authorized to use 'grant_type={self.GRANT_TYPE}': "
                "send grant_type=authorization_code."
            )
        if self.request.form.get("code") is None:
            raise InvalidRequestError("Missing 'code': send the code the authorization response carried.")
        self.request.client = client

    def create_token_response(self):
        form = self.request.form
        token, redeeming = redeem(
            self.request.client, form["code"], self.request.payload.redirect_uri, form.get("code_verifier")
        )
        if token is None:
            self.refusal(redeeming)
            raise InvalidGrantError(
                "The code is not one this client may redeem now (unknown, expired or used "
                "already): start a new authorization request and redeem its code at once, once."
            )
        return 200, token, self.TOKEN_RESPONSE_HEADER

    def refusal(self, redeeming: dict) -> None:
        """Why the code was not redeemed (tokens.refused_code, beside the statement's rule), as
        steps 2-4 word it; a spent code is a replay."""
        refused, found = tokens.refused_code(redeeming)
        if refused is tokens.Refused.SPENT:
            _replayed("authorization_code", found.id, found.user_id, found.client_id)
        elif refused is tokens.Refused.REDIRECT_URI:
            raise InvalidGrantError(
                "The 'redirect_uri' is not the one of the authorization request that gave this code: send that one."
            )
        elif refused is tokens.Refused.VERIFIER:
            self.request.authorization_code = found
            PKCE.validate_code_verifier(self, None)

    # Authlib's own token-side hooks are replaced by the steps above.
    def query_authorization_code(self, code, client):
        raise NotImplementedError

    def authenticate_user(self, authorization_code):
        raise NotImplementedError

    def delete_authorization_code(self, authorization_code) -> None:
        """Redeemed codes are kept (step 5) so that a replay can be recognised."""


class RefreshTokenGrant(authlib_grants.RefreshTokenGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = list(TOKEN_ENDPOINT_AUTH_METHODS)
    INCLUDE_NEW_REFRESH_TOKEN = True

    def validate_token_request(self) -> None:
        client = self.authenticate_token_endpoint_client()
        if not client.check_grant_type(self.GRANT_TYPE):
            raise UnauthorizedClientError(
                f"The client is not authorized to use 'grant_type={self.GRANT_TYPE}': "
                "register the offline_access scope for it, and ask for it."
            )
        refresh_token = self.request.form.get("refresh_token")
        if refresh_token is None:
            raise InvalidRequestError("Missing 'refresh_token': send the refresh token of the last token response.")
        self.request.client = client
        # A narrower scope is checked against the grant's before the token is spent.
        if self.request.payload.scope:
            self._validate_token_scope(self.usable(refresh_token, client))

    def create_token_response(self):
        client, presented = self.request.client, self.request.form["refresh_token"]
        token = rotate(client, presented, self.request.payload.scope or None)
        if token is None:
            self.usable(presented, client)
            raise InvalidGrantError(REFRESH_REFUSED)
        return 200, token, self.TOKEN_RESPONSE_HEADER

    def usable(self, refresh_token: str, client) -> Token:
        """The presented refresh token, when it is this client's, unspent and unexpired
        (tokens.refused_refresh_token, beside the statement's rule); otherwise invalid_grant,
        and a spent one is a replay that ends its chain."""
        refused, found = tokens.refused_refresh_token(digest(refresh_token), client.client_id, now())
        if refused is tokens.Refused.SPENT:
            _replayed("refresh_token", found.authorization_code_id, found.user_id, found.client_id)
        if refused is not None:
            raise InvalidGrantError(REFRESH_REFUSED)
        return found

    def authenticate_refresh_token(self, refresh_token):
        raise NotImplementedError

    def authenticate_user(self, refresh_token):
        raise NotImplementedError

    def revoke_old_credential(self, refresh_token) -> None:
        """Revoked already, when it was redeemed."""
