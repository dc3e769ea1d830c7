"""Trusted devices (OWASP's device cookies), the one door to them: a browser that completed a
sign-in with the password and a second factor becomes a device of the account, a row that
its cookie names (`<device id>.<secret>`; only the secret's HMAC is kept). Wrong passwords
from a trusted device run their own count, so a guesser elsewhere cannot lock the owner out,
and it is spared the throttle of its network's address. The person can list their devices
and forget one; a forgotten device is a stranger again.

Cookies of the earlier, stateless kind (`<account>.<nonce>.<mac>`) are still honoured once:
the API swaps them for a row and a new cookie (upgrade_legacy).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import timedelta

from flask import current_app
from sqlalchemy import delete, or_, update

from idp.clock import now
from idp.extensions import db, hold
from idp.models import Device
from idp.models.session import USER_AGENT_LENGTH
from idp.models.types import new_uuid
from idp.sessions import requester

# last_seen_at is written at most this often: it is for the person's list, not a log.
SEEN_EVERY = timedelta(days=1)


def _mac(*parts: str) -> str:
    secret = current_app.config["SECRET_KEY"].encode()
    return hmac.new(secret, "\x00".join(("device", *parts)).encode(), hashlib.sha256).hexdigest()


def _new(user_id: str, user_agent: str | None) -> str:
    """A new device row of the account; answers its cookie value. The caller commits: the row
    is written with the step's other changes (its id is made here, not by the database)."""
    secret = secrets.token_urlsafe(32)
    device = Device(
        id=new_uuid(),
        user_id=user_id,
        secret_hash=_mac(secret),
        user_agent=(user_agent or "")[:USER_AGENT_LENGTH] or None,
    )
    db.session.add(device)
    return f"{device.id}.{secret}"


def _parts(token: str | None) -> tuple[str, str] | None:
    """A cookie's device id and secret, or None when it is not of that form."""
    if not token or token.count(".") != 1:
        return None
    device_id, secret = token.split(".")
    return device_id, secret


def named_id(token: str | None) -> str | None:
    """The id of the device row a cookie names (its secret unchecked), or None."""
    parts = _parts(token)
    return parts[0] if parts else None


def _named(token: str | None) -> Device | None:
    """The live device row the cookie names, if its secret matches."""
    parts = _parts(token)
    if parts is None:
        return None
    device_id, secret = parts
    # Read with the browser session (sessions.py) where the request loads one, and held for
    # the request: one sign-in asks about the device three times.
    device = hold(db.session.get(Device, device_id))
    if device is None or device.forgotten_at is not None or not hmac.compare_digest(device.secret_hash, _mac(secret)):
        return None
    return device


def trusted_device(user_id: str | None) -> str | None:
    """The requester's device id when it is a trusted device of this account, else None."""
    device = _named(requester.current().device_token)
    if device is None or user_id is None or device.user_id != user_id:
        return None
    moment = now()
    if moment - device.last_seen_at >= SEEN_EVERY:
        db.session.execute(
            update(Device)
            .where(Device.id == device.id)
            .values(last_seen_at=moment)
            .execution_options(synchronize_session=False)
        )
        device.last_seen_at = moment
    return device.id


@dataclass(frozen=True)
class Remembered:
    """The device a completed sign-in left: its cookie (None when the browser's own still
    serves) and whether the account had never used this browser before."""

    cookie: str | None
    new: bool


def remember(user_id: str, user_agent: str | None) -> Remembered:
    """After a completed sign-in: the browser is (or becomes) a trusted device of the account."""
    if trusted_device(user_id) is not None:
        return Remembered(cookie=None, new=False)
    return Remembered(cookie=_new(user_id, user_agent), new=True)


def upgrade_legacy(token: str | None, user_agent: str | None) -> str | None:
    """A valid cookie of the stateless kind becomes a row: answers the new cookie value
    (None when the token is not one). The caller commits."""
    if not token or token.count(".") != 2:
        return None
    owner, nonce, mac = token.split(".")
    if not hmac.compare_digest(mac, _mac(owner, nonce)):
        return None
    return _new(owner, user_agent)


def listed(user_id: str) -> list[Device]:
    """The account's trusted devices, the most recently seen first."""
    return db.session.scalars(
        db.select(Device).filter_by(user_id=user_id, forgotten_at=None).order_by(Device.last_seen_at.desc(), Device.id)
    ).all()


def forget(user_id: str, device_id: str) -> bool:
    """The device is no longer trusted; False when the account has no such device. The caller commits."""
    return (
        db.session.execute(
            update(Device)
            .where(Device.id == device_id, Device.user_id == user_id, Device.forgotten_at.is_(None))
            .values(forgotten_at=now())
            .execution_options(synchronize_session=False)
        ).rowcount
        == 1
    )


def purge(before) -> int:
    """Forget for good the devices forgotten, or not seen for the cookie's lifetime, before
    the moment (housekeeping). The caller commits."""
    lifetime = timedelta(seconds=current_app.config["IDP"]["session"]["device_lifetime_seconds"])
    return db.session.execute(
        delete(Device)
        .where(or_(Device.forgotten_at < before, Device.last_seen_at < before - lifetime))
        .execution_options(synchronize_session=False)
    ).rowcount
