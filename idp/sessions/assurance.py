"""How strongly a person proved it is them (OpenID Connect acr), and what a relying service
may ask of it (acr_values).

Two levels: a second factor (ACR_MFA), and one that a phishing site cannot replay, a passkey
bound to this site's origin (ACR_PHISHING_RESISTANT), which meets every request. A service
that asks only the second (GOV.UK and login.gov call it phishing-resistant AAL2) gets a code
only once the session has it: at sign-in the person is offered their passkeys alone, and a
person without one adds one (which proves it, after re-authentication) before going on.
Values this provider does not know ask nothing.
"""

from __future__ import annotations

from idp import sessions
from idp.sessions import cookie
from idp.sessions.interaction import pending_for

ACR_MFA = "urn:signin:acr:mfa"
ACR_PHISHING_RESISTANT = "urn:signin:acr:phishing-resistant"
KNOWN = (ACR_MFA, ACR_PHISHING_RESISTANT)


def satisfies(acr: str | None, asked: str | None) -> bool:
    """Does a session proved at `acr` meet a request's acr_values?"""
    known = [value for value in (asked or "").split() if value in KNOWN]
    return not known or acr == ACR_PHISHING_RESISTANT or acr in known


def passkey_required(asked: str | None) -> bool:
    """Does the request ask more than a second factor gives?"""
    return not satisfies(ACR_MFA, asked)


def asked_by_waiting_service() -> str | None:
    """The acr_values of the authorization request this browser's sign-in is for, if any."""
    waiting = pending_for(sessions.current(), cookie.browser_key())
    return waiting.params.get("acr_values") if waiting else None
