"""OpenID Provider metadata (OpenID Connect Discovery 1.0, RFC 8414, RFC 9207) and the public JWKS."""

from __future__ import annotations

from flask import Blueprint, jsonify

from idp import keys
from idp.clients import SUPPORTED_SCOPES, TOKEN_ENDPOINT_AUTH_METHODS
from idp.oauth.revocation import Introspection, Revocation
from idp.oauth.server import issuer
from idp.sessions.assurance import ACR_MFA, ACR_PHISHING_RESISTANT

bp = Blueprint("discovery", __name__)

CLAIMS_SUPPORTED = [
    "sub",
    "iss",
    "aud",
    "exp",
    "iat",
    "auth_time",
    "nonce",
    "acr",
    "amr",
    "at_hash",
    "sid",
    "name",
    "given_name",
    "family_name",
    "locale",
    "email",
    "email_verified",
    "phone_number",
    "phone_number_verified",
]


def metadata() -> dict:
    base = issuer()
    return {
        "issuer": base,
        "authorization_endpoint": f"{base}/authorize",
        "token_endpoint": f"{base}/token",
        "userinfo_endpoint": f"{base}/userinfo",
        "jwks_uri": f"{base}/jwks",
        "end_session_endpoint": f"{base}/logout",
        "scopes_supported": list(SUPPORTED_SCOPES),
        "response_types_supported": ["code"],
        "response_modes_supported": ["query"],
        "grant_types_supported": ["authorization_code", "refresh_token"],
        "subject_types_supported": ["public", "pairwise"],
        "id_token_signing_alg_values_supported": keys.algorithms(),
        "token_endpoint_auth_methods_supported": list(TOKEN_ENDPOINT_AUTH_METHODS),
        "token_endpoint_auth_signing_alg_values_supported": keys.CLIENT_SIGNING_ALGORITHMS,
        "pushed_authorization_request_endpoint": f"{base}/par",
        "require_pushed_authorization_requests": False,
        "revocation_endpoint": f"{base}/revoke",
        "revocation_endpoint_auth_methods_supported": Revocation.CLIENT_AUTH_METHODS,
        "revocation_endpoint_auth_signing_alg_values_supported": keys.CLIENT_SIGNING_ALGORITHMS,
        "introspection_endpoint": f"{base}/introspect",
        "introspection_endpoint_auth_methods_supported": Introspection.CLIENT_AUTH_METHODS,
        "introspection_endpoint_auth_signing_alg_values_supported": keys.CLIENT_SIGNING_ALGORITHMS,
        "userinfo_signing_alg_values_supported": keys.algorithms(),
        "code_challenge_methods_supported": ["S256"],
        "claims_supported": CLAIMS_SUPPORTED,
        "prompt_values_supported": ["none", "login", "create"],
        "ui_locales_supported": ["en", "fr"],
        "acr_values_supported": [ACR_MFA, ACR_PHISHING_RESISTANT],
        # Not in Discovery 1.0, but what relying services ask: the amr values (RFC 8176) we send.
        "amr_values_supported": ["pwd", "otp", "sms", "tel", "hwk", "swk", "user", "mfa"],
        "claims_parameter_supported": False,
        # from clients that registered keys (request_objects.py); others get request_not_supported
        "request_parameter_supported": True,
        "request_object_signing_alg_values_supported": keys.CLIENT_SIGNING_ALGORITHMS,
        "request_uri_parameter_supported": False,
        "authorization_response_iss_parameter_supported": True,
        # Back-channel logout 1.0: logout tokens carry sid (and sub)
        "backchannel_logout_supported": True,
        "backchannel_logout_session_supported": True,
    }


def _public(payload: dict):
    response = jsonify(payload)
    response.headers["Cache-Control"] = "public, max-age=300"
    response.headers["Access-Control-Allow-Origin"] = "*"
    return response


@bp.get("/.well-known/openid-configuration")
def openid_configuration():
    return _public(metadata())


@bp.get("/jwks")
def jwks():
    return _public(keys.public_jwks())
