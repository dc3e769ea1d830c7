"""What an OAuth error tells the service's developers: every error_description the provider
sends says what to change, in English like the RFCs. The provider's own refusals are worded
where they are raised; Authlib's, which mostly name a parameter and stop there, are reworded
here, as the server answers them (server.Server.handle_error_response).
"""

from __future__ import annotations

import re

from authlib.oauth2 import OAuth2Error
from authlib.oauth2.rfc6749.errors import UnsupportedGrantTypeError, UnsupportedResponseTypeError

from idp.clients import SUPPORTED_SCOPES

UNKNOWN_CLIENT = (
    "No client is registered under this client_id: send the client_id the provider registered for the service."
)
INSECURE = (
    "OAuth requests are taken over HTTPS only (RFC 6749 section 3.1): send this one to the https:// address "
    "of the endpoint, as the provider's metadata names it."
)
ANOTHER_CLIENT = "'client_id' is not the client that authenticated: send that client's id, or leave client_id out."
# How Authlib words a parameter given twice at /authorize: "Multiple 'state' in request."
MULTIPLE = ("Multiple '", "' in request.")
VERIFIER_GRAMMAR = "43 to 128 characters among A-Z, a-z, 0-9, hyphen, period, underscore and tilde"

# Authlib's words (authlib.oauth2.rfc6749, rfc6750, rfc7636, rfc7523 and authlib.oidc.core) -> ours.
REWORDED = {
    "Missing 'client_id' parameter.": (
        "Missing 'client_id': send the client_id the provider registered for the service."
    ),
    "The client does not exist on this server.": UNKNOWN_CLIENT,
    "Replay attack": (
        "This nonce was used already by this client: send a new, unpredictable nonce with each authorization request."
    ),
    "Invalid 'prompt' parameter.": (
        "The prompt value none may not be combined with another: send none alone, or leave it out."
    ),
    "Invalid 'code_challenge'": (
        f"The 'code_challenge' must be {VERIFIER_GRAMMAR}: send BASE64URL(SHA256(code_verifier))."
    ),
    "Missing 'code_verifier'": (
        "Missing 'code_verifier': send the code_verifier whose S256 challenge the authorization request carried."
    ),
    "Invalid 'code_verifier'": f"The 'code_verifier' must be {VERIFIER_GRAMMAR} (RFC 7636 section 4.1).",
    "The authorization request had no 'code_challenge', but a 'code_verifier' was provided.": (
        "The authorization request had no 'code_challenge', but a 'code_verifier' was provided: "
        "leave code_verifier out."
    ),
    "Code challenge failed.": (
        "The 'code_verifier' does not match the authorization request's code_challenge: "
        "send the verifier that challenge was made from."
    ),
    "Missing claim: 'sub'": "The client assertion's sub must be the client's client_id.",
    "Invalid claim: 'sub'": "The client assertion's sub must be the client's client_id, a string.",
    "Invalid JWT assertion.": (
        "The client_assertion is not a JWT: send a signed JWT (header.payload.signature, base64url)."
    ),
    "Invalid JWT payload.": (
        "The client_assertion's payload is not a JSON object of claims: send iss, sub, aud, exp and jti."
    ),
    "The access token provided is expired, revoked, malformed, or invalid for other reasons.": (
        "The access token is unknown, expired or revoked: refresh it, or sign the person in again, "
        "and send the new one."
    ),
    "The request requires higher privileges than provided by the access token.": (
        "The access token was not granted the openid scope: sign the person in with scope openid."
    ),
    "Missing 'Authorization' in headers.": (
        "Missing 'Authorization': send the access token as Authorization: Bearer and the token."
    ),
    "The requested scope is invalid, unknown, or malformed.": (
        "The scope holds a value this client may not ask for: "
        f"ask only among the scopes it registered ({', '.join(SUPPORTED_SCOPES)} at most)."
    ),
}


def several_methods(methods: list[str]) -> str:
    """A request that authenticates its client by several methods at once (RFC 6749 section 2.3)."""
    named = ", ".join(methods[:-1]) + " and " + methods[-1]
    return (
        f"The request carries the client's credentials by more than one method ({named}): "
        "send them by one method only, the one the client registered (RFC 6749 section 2.3)."
    )


def plain(name: str) -> bool:
    """Whether a parameter's name may be quoted in a description: a plain word (a description
    may hold no quote or backslash, RFC 6749 section 5.2)."""
    return re.fullmatch(r"[A-Za-z0-9_.-]{1,64}", name) is not None


def repeated(name: str) -> str:
    """A parameter given more than once (RFC 6749 section 3.2), named when its name is plain."""
    if not plain(name):
        return "A parameter is given more than once: send each parameter once."
    return f"Multiple '{name}' in request: send each parameter once."


def reworded(error: OAuth2Error) -> OAuth2Error:
    """The error with a description that says what to change."""
    # these two carry no description at all (Authlib words them in a method its answers never call)
    if isinstance(error, UnsupportedGrantTypeError):
        error.description = "This grant_type is not supported: send authorization_code, or refresh_token."
    elif isinstance(error, UnsupportedResponseTypeError):
        error.description = "This response_type is not supported: send response_type=code."
    elif error.description in REWORDED:
        error.description = REWORDED[error.description]
    elif error.description.startswith(MULTIPLE[0]) and error.description.endswith(MULTIPLE[1]):
        error.description = repeated(error.description[len(MULTIPLE[0]) : -len(MULTIPLE[1])])
    return error
