"""Authenticator apps (TOTP, RFC 6238) with pyotp.

The secret is made here, shown once (a QR code drawn on the server as inline SVG, and the
key in groups of four for people who cannot scan) and kept encrypted with
methods.app_secret_key. The app counts once the person has typed a first code. A code is
accepted within methods.app_drift_steps time steps of now and never twice: the step of the
last code accepted is kept, and only one request can move it forward.
"""

from __future__ import annotations

import base64
import io

import pyotp
from cryptography.fernet import Fernet
from flask import current_app
from sqlalchemy import or_, update

from idp.clock import now
from idp.extensions import db
from idp.models import AppCredential, User

ISSUER = {"en": "Sign-in for federal services", "fr": "Connexion aux services fédéraux"}


def _fernet() -> Fernet:
    return Fernet(current_app.config["APP_SECRET_KEY"])


def confirmed(user: User) -> AppCredential | None:
    credential = user.app_credential
    return credential if credential is not None and credential.confirmed_at is not None else None


def new_secret() -> tuple[str, str]:
    """A new secret and its encrypted form, which the journey keeps until the first code."""
    secret = pyotp.random_base32()
    return secret, _fernet().encrypt(secret.encode()).decode()


def setup_page(user: User, secret: str, language: str) -> dict:
    """What the setup page shows: the QR code (an SVG data: image, so the CSP stays strict),
    the key in groups of four, and the issuer and account the app will display."""
    issuer = ISSUER[language]
    # qrcode is imported by the few requests that draw one, not by every worker
    import qrcode.image.svg

    uri = pyotp.TOTP(secret).provisioning_uri(name=user.email, issuer_name=issuer)
    image = qrcode.make(uri, image_factory=qrcode.image.svg.SvgPathImage, box_size=8, border=2)
    svg = io.BytesIO()
    image.save(svg)
    return {
        "qrImage": "data:image/svg+xml;base64," + base64.b64encode(svg.getvalue()).decode(),
        "key": " ".join(secret[i : i + 4] for i in range(0, len(secret), 4)),
        "issuer": issuer,
        "account": user.email,
    }


def _step_matching(secret: str, code: str) -> int | None:
    """The time step whose code this is, within the drift allowed; None when none is."""
    totp = pyotp.TOTP(secret)
    drift = current_app.config["IDP"]["methods"]["app_drift_steps"]
    current = totp.timecode(now())
    for step in range(current - drift, current + drift + 1):
        if pyotp.utils.strings_equal(totp.generate_otp(step), code):
            return step
    return None


def confirm(user: User, encrypted: str, code: str) -> bool:
    """The first code of a new app: when it matches, the app replaces any previous one."""
    secret = _fernet().decrypt(encrypted.encode()).decode()
    step = _step_matching(secret, code)
    if step is None:
        return False
    credential = db.session.scalar(db.select(AppCredential).filter_by(user_id=user.id)) or AppCredential(
        user_id=user.id
    )
    credential.secret_encrypted, credential.confirmed_at, credential.last_step = encrypted, now(), step
    db.session.add(credential)
    return True


def verify(user: User, code: str) -> bool:
    """A code of the person's app, not used before."""
    credential = confirmed(user)
    if credential is None:
        return False
    step = _step_matching(_fernet().decrypt(credential.secret_encrypted.encode()).decode(), code)
    if step is None:
        return False
    # Only one request can move the step forward: a code, or an older one, never counts twice.
    spent = db.session.execute(
        update(AppCredential)
        .where(
            AppCredential.id == credential.id, or_(AppCredential.last_step.is_(None), AppCredential.last_step < step)
        )
        .values(last_step=step, last_used_at=now())
        .execution_options(synchronize_session=False)
    ).rowcount
    return spent == 1


def remove(user: User) -> int:
    return db.session.execute(db.delete(AppCredential).where(AppCredential.user_id == user.id)).rowcount
