"""private_key_jwt (RFC 7523 section 2.2, OpenID Connect Core section 9): a client proves who
it is with a JWT signed by a key it registered, so that no shared secret exists.

Authlib checks the assertion (signature, iss = sub = client_id, aud, exp); this module says
that each assertion serves once, with the client's keys (client_keys.py: inline, or fetched
from its jwks_uri):
- the `jti` of an assertion is recorded in limit_counters, which every instance shares, until
  the last moment the assertion could be accepted (JTI_MEMORY_SECONDS: its exp and the leeway
  have passed): a replay is invalid_client wherever and whenever it lands;
- an assertion may not live longer than MAX_LIFETIME_SECONDS, checked before its jti is kept.

Every refusal says what the client should change. One that fits no method (RegisteredMethods)
names the method this client registered and how to send it, rather than every method the
provider knows.
"""

from __future__ import annotations

import time

from authlib.oauth2.rfc6749 import ClientAuthentication, InvalidClientError, InvalidRequestError
from authlib.oauth2.rfc6749.util import extract_basic_authorization
from authlib.oauth2.rfc7523 import JWTBearerClientAssertion
from joserfc import jwt
from joserfc.errors import JoseError

from idp import keys
from idp.clients import PRIVATE_KEY_JWT, PUBLIC, SECRET_BASIC, SECRET_POST, Client
from idp.oauth import errors
from idp.oauth.client_keys import client_keys
from idp.store import limits

# An assertion is a one-time proof: a few minutes at most between its iat (or now) and its exp.
MAX_LIFETIME_SECONDS = 300
# The clock skew allowed between a client and the provider, on each side of iat and exp.
LEEWAY_SECONDS = 30
# How long a jti is remembered after its first use: past the last moment its assertion could
# be accepted (an iat at most the leeway ahead, exp at most MAX_LIFETIME_SECONDS after it, and
# the leeway after exp). The same for every assertion: a window that shrank with the time left
# before exp, as it did, let a replay's shorter window declare the first use's over.
JTI_MEMORY_SECONDS = MAX_LIFETIME_SECONDS + 2 * LEEWAY_SECONDS + 1
ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
# How a client sends its credentials by each method (RFC 6749 section 2.3.1, RFC 7523 section 2.2).
HOW = {
    SECRET_BASIC: "its client_id and client_secret in an HTTP Basic Authorization header",
    SECRET_POST: "its client_id and client_secret as form parameters",
    PRIVATE_KEY_JWT: f"a client_assertion JWT signed with a key it registered, with "
    f"client_assertion_type={ASSERTION_TYPE}",
    PUBLIC: "its client_id alone as a form parameter, and no secret",
}


class PrivateKeyJwt(JWTBearerClientAssertion):
    CLIENT_AUTH_METHOD = PRIVATE_KEY_JWT

    def __init__(self, audiences):
        super().__init__(validate_jti=True, leeway=LEEWAY_SECONDS)
        self._audiences = audiences

    def __call__(self, query_client, request):
        try:
            return super().__call__(query_client, request)
        except InvalidClientError as refused:
            # RFC 6749 section 5.2 allows 401 for every invalid_client; a client that sent an
            # assertion tried to authenticate, as one that sent a password in the header
            refused.status_code = 401
            raise

    def get_audiences(self) -> list[str]:
        return self._audiences()

    def resolve_client_public_key(self, client: Client):
        if PRIVATE_KEY_JWT not in client.token_endpoint_auth_methods:
            raise InvalidClientError(
                description=registered_method(client, PRIVATE_KEY_JWT, list(client.token_endpoint_auth_methods))
            )
        # joserfc calls this with the assertion, whose kid picks the key (a new one: fetched)
        return lambda assertion: client_keys(client, assertion.headers().get("kid"))

    def process_assertion_claims(self, assertion, resolve_key):
        try:
            token = jwt.decode(assertion, resolve_key, algorithms=keys.CLIENT_SIGNING_ALGORITHMS)
        except (JoseError, ValueError):
            raise InvalidClientError(
                description="The client assertion is not signed by a key this client registered (jwks or jwks_uri): "
                f"sign it with one of them, with {', '.join(keys.CLIENT_SIGNING_ALGORITHMS)}, "
                "naming its kid in the header."
            ) from None
        self.verify_claims(token.claims)
        return token.claims

    def verify_claims(self, claims) -> None:
        # before Authlib's checks, which keep the jti (validate_jti); each says
        # what to change (Authlib's words would only name the claim)
        expires, issued = claims.get("exp"), claims.get("iat", time.time())
        if not all(_a_time(value) for value in (expires, issued)):
            raise InvalidClientError(
                description="The client assertion's exp and iat must be NumericDate values (seconds since 1970)."
            )
        if expires - max(issued, time.time() - self.leeway) > MAX_LIFETIME_SECONDS:
            raise InvalidClientError(
                description=f"The client assertion may live {MAX_LIFETIME_SECONDS} s at most: set exp at most that "
                "long after iat."
            )
        if expires < time.time() - self.leeway:
            raise InvalidClientError(
                description="The client assertion has expired: sign a new one for each request, with exp a minute "
                "ahead."
            )
        if claims.get("iss") != claims.get("sub"):
            raise InvalidClientError(
                description="The client assertion's iss and sub must both be the client's client_id."
            )
        audiences = claims.get("aud") if isinstance(claims.get("aud"), list) else [claims.get("aud")]
        if not any(audience in self.get_audiences() for audience in audiences):
            raise InvalidClientError(
                description="The client assertion's aud must be the token endpoint or the issuer: "
                f"{' or '.join(self.get_audiences())}."
            )
        if not isinstance(claims.get("jti"), str) or not claims["jti"]:
            raise InvalidClientError(
                description="The client assertion needs a jti: a new unique value for each assertion."
            )
        super().verify_claims(claims)

    def validate_jti(self, claims, jti) -> bool:
        if not limits.first_use(limits.key("assertion-jti", claims["iss"], jti), JTI_MEMORY_SECONDS):
            raise InvalidClientError(
                description="This client assertion was used already: sign a new one, with a new jti, for each request."
            )
        return True


class RegisteredMethods(ClientAuthentication):
    """Authlib's client authentication (each registered method tried in turn), whose refusal
    says which client the request named and how that client authenticates."""

    def authenticate(self, request, methods, endpoint):
        sent = _sent(request)
        # RFC 6749 section 2.3: one method per request, refused before either is checked
        if len(sent) > 1:
            raise InvalidRequestError(errors.several_methods(sent))
        for method in methods:
            found = self._methods[method](self.query_client, request)
            if found is None or not found.check_endpoint_auth_method(method, endpoint):
                continue
            # RFC 6749 section 3.2.1: a confidential client must authenticate
            if method == PUBLIC and not found.check_endpoint_auth_method(PUBLIC, "token"):
                continue
            # a client_id (in the form, or in the query Authlib reads too) or a Basic header
            # beside the credentials that authenticated names a second client
            named = {request.payload.client_id, extract_basic_authorization(request.headers)[0]}
            if named - {None, "", found.client_id}:
                raise InvalidRequestError(errors.ANOTHER_CLIENT)
            request.auth_method = method
            return found
        # each method found the client it names, or none: an unknown one was refused already
        status = 401 if SECRET_BASIC in methods else 400
        client_id = extract_basic_authorization(request.headers)[0] or request.form.get("client_id")
        client = self.query_client(client_id) if client_id else None
        if client is None:
            raise InvalidClientError(
                status_code=status,
                description="The request names no client: send the client_id "
                "and the credentials of the method the client "
                "registered.",
            )
        raise InvalidClientError(
            status_code=status, description=registered_method(client, (sent or [PUBLIC])[0], methods)
        )


def _sent(request) -> list[str]:
    """The methods whose credentials the request carries (none: a public client's)."""
    carried = {
        SECRET_BASIC: extract_basic_authorization(request.headers)[0] is not None,
        SECRET_POST: bool(request.form.get("client_secret")),
        PRIVATE_KEY_JWT: bool(request.form.get("client_assertion") or request.form.get("client_assertion_type")),
    }
    return [method for method, present in carried.items() if present]


def registered_method(client: Client, sent: str, methods: list[str]) -> str:
    """Why this client was refused, and what to send instead: the method it registered."""
    allowed = [method for method in client.token_endpoint_auth_methods if method in methods]
    registered = " or ".join(client.token_endpoint_auth_methods)
    if not allowed:
        return (
            f"This client registered token_endpoint_auth_method {registered}, which this endpoint does not take: "
            "only a confidential client may call it."
        )
    if sent in allowed:
        return (
            f"The client_secret sent by {sent}, a method this client registered, is not this client's: "
            "send the secret the provider registered for it."
        )
    how = ", or ".join(HOW[method] for method in allowed)
    return f"This client registered token_endpoint_auth_method {registered}, and the request used {sent}: send {how}."


def _a_time(value) -> bool:
    """A NumericDate within some 30,000 years of 1970 (JSON allows 1e308, or an integer of a
    thousand digits: a date none of the arithmetic on times should meet)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) < 1e12
