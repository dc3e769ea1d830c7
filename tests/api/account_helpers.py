"""Helpers of the profile and recovery tests: a signed-in account and the calls of its flows."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy.orm import selectinload

from idp.extensions import db
from idp.models import AuditEvent, BrowserSession, User
from tests.support.journeys import EMAIL, PASSWORD, PHONE

NEW_EMAIL = "jeanne.gagnon@example.ca"
NEW_PHONE = "+15142345678"
NEW_PASSWORD = "Lighthouse-Tundra-Canoe-77"


def post(client, path: str, **body):
    return client.post(f"/v1{path}", json=body)


def user(app, email: str = EMAIL) -> User:
    with app.app_context():
        found = db.session.scalar(db.select(User).options(selectinload(User.phone)).filter_by(email=email))
        db.session.expunge_all()
        return found


def audit_actions(app) -> list[str]:
    with app.app_context():
        return [event.action for event in db.session.scalars(db.select(AuditEvent).order_by(AuditEvent.id))]


def reauthenticate(client, outbox, change: str) -> None:
    """The password, then the code sent to the phone on the account: the change may go on."""
    assert post(client, f"/profile/{change}/password", password=PASSWORD).status_code == 200
    assert post(client, f"/profile/{change}/code/verify", otp=outbox.code(PHONE)).status_code == 200


def age_sign_in(app, minutes: int) -> None:
    """Make every signed-in session's sign-in this many minutes old."""
    with app.app_context():
        for browser_session in db.session.scalars(
            db.select(BrowserSession).filter(BrowserSession.user_id.is_not(None))
        ):
            browser_session.auth_time = browser_session.auth_time - timedelta(minutes=minutes)
        db.session.commit()


def app_secret(key_shown: str) -> str:
    """The secret a person types into their app from the key the setup page shows."""
    return key_shown.replace(" ", "")


def add_app(client, outbox) -> str:
    """An authenticator app added from the profile; answers its secret."""
    import pyotp

    reauthenticate(client, outbox, "methods")
    secret = app_secret(post(client, "/profile/methods/app").json["data"]["key"])
    assert post(client, "/profile/methods/app/confirm", otp=pyotp.TOTP(secret).now()).status_code == 200
    return secret


def add_backup_codes(client, outbox) -> list[str]:
    reauthenticate(client, outbox, "methods")
    return post(client, "/profile/methods/backup-codes").json["data"]["codes"]


def add_passkey(client, outbox, authenticator, name: str = "My laptop") -> None:
    reauthenticate(client, outbox, "methods")
    options = post(client, "/profile/methods/passkey").json["data"]["publicKey"]
    response = client.post(
        "/v1/profile/methods/passkey/register", json={"credential": authenticator.create(options), "name": name}
    )
    assert response.status_code == 200, response.json
