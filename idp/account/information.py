"""Download my information: everything the service holds about the person, as one JSON
file, after proof that it is you (the right of access privacy laws give; login.gov asks
for the proof too). Secrets stay out: no password hash, no app secret, no passkey's key, no
backup code, no code ever sent. The download is an event of the account's activity.
"""

from __future__ import annotations

from sqlalchemy import select

from idp.account import services
from idp.account.sessions import device_of, shown
from idp.clock import iso, now
from idp.extensions import db
from idp.flows import journey, methods, reauthentication
from idp.flows.credentials import app_codes, backup_codes, passkeys
from idp.flows.steps import Event, Flow
from idp.models import AuditEvent, BrowserSession
from idp.sessions import devices
from idp.store import audit


def _person(user) -> dict:
    phone = methods.verified_phone(user)
    app = app_codes.confirmed(user)
    return {
        "account": {
            "id": user.id,
            "email": user.email,
            "emailVerified": bool(user.email_verified),
            "firstName": user.first_name,
            "lastName": user.last_name,
            "language": user.language,
            "createdAt": iso(user.created_at),
            "profileCompletedAt": iso(user.profile_completed_at),
        },
        "methods": {
            "phone": {"number": phone.e164, "channel": phone.channel, "verifiedAt": iso(phone.verified_at)}
            if phone
            else None,
            "app": {"addedAt": iso(app.confirmed_at), "lastUsedAt": iso(app.last_used_at)} if app else None,
            "passkeys": [
                {"name": passkey.name, "addedAt": iso(passkey.created_at), "lastUsedAt": iso(passkey.last_used_at)}
                for passkey in passkeys.of(user)
            ],
            "backupCodes": backup_codes.summary(user),
            "preferred": user.preferred_method,
        },
    }


def _sessions(user_id: str, current: BrowserSession, language: str) -> list[dict]:
    rows = db.session.scalars(
        select(BrowserSession).where(BrowserSession.user_id == user_id).order_by(BrowserSession.last_seen_at.desc())
    )
    return [shown(row, current, language) for row in rows]


def _activity(user_id: str) -> list[dict]:
    rows = db.session.execute(
        select(AuditEvent.at, AuditEvent.action, AuditEvent.details, AuditEvent.user_agent)
        .where(AuditEvent.user_id == user_id)
        .order_by(AuditEvent.id.desc())
    )
    return [
        {"at": iso(at), "event": action, "details": details or {}, "userAgent": user_agent, **device_of(user_agent)}
        for at, action, details, user_agent in rows
    ]


def download(browser_session: BrowserSession | None, language: str) -> dict:
    """The person's information, while their proof lasts (it may be downloaded again then)."""
    user, current = reauthentication.step(browser_session, Flow.INFORMATION, Event.DOWNLOAD_INFORMATION)
    journey.advance(current, Event.DOWNLOAD_INFORMATION)
    information = {
        "exportedAt": iso(now()),
        **_person(user),
        "connectedServices": services.listed(browser_session, language)["services"],
        "sessions": _sessions(user.id, browser_session, language),
        "trustedDevices": [
            {
                **device_of(device.user_agent),
                "firstSeenAt": iso(device.first_seen_at),
                "lastSeenAt": iso(device.last_seen_at),
            }
            for device in devices.listed(user.id)
        ],
        "activity": _activity(user.id),
    }
    audit.record(user.id, browser_session.id, "information_downloaded")
    db.session.commit()
    return information
