"""Trusted devices (OWASP's device cookies): a browser that completed a sign-in with the
password and a second factor carries a signed token naming the account. Wrong passwords
from it run their own count, so a guesser elsewhere cannot lock the owner out, and it
is spared the throttle of its network's address."""
from __future__ import annotations

import hashlib
import hmac
import secrets

from flask import current_app

from idp.flows import requester


def _mac(user_id: str, nonce: str) -> str:
    secret = current_app.config["SECRET_KEY"].encode()
    return hmac.new(secret, f"device\x00{user_id}\x00{nonce}".encode(), hashlib.sha256).hexdigest()


def token_for(user_id: str) -> str:
    """The cookie value that makes this browser a trusted device of the account."""
    nonce = secrets.token_urlsafe(16)
    return f"{user_id}.{nonce}.{_mac(user_id, nonce)}"


def trusted_device(user_id: str | None) -> str | None:
    """The requester's device token when it is a trusted device of this account, else None."""
    token = requester.current().device_token
    if not token or user_id is None or token.count(".") != 2:
        return None
    owner, nonce, mac = token.split(".")
    return token if owner == user_id and hmac.compare_digest(mac, _mac(owner, nonce)) else None
