from sqlalchemy.orm import Mapped, mapped_column

from idp.extensions import db
from idp.models.types import now


class AppCredential(db.Model):
    """An authenticator app (TOTP, RFC 6238). The secret is kept encrypted; it counts once the
    person has confirmed it with a first code (confirmed_at)."""

    __tablename__ = "app_credentials"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[str] = mapped_column(db.ForeignKey("users.id", ondelete="CASCADE"), unique=True)
    secret_encrypted: Mapped[str] = mapped_column(db.Text)
    confirmed_at: Mapped[object | None] = mapped_column(db.DateTime)
    # The time step of the last code accepted: a code is never accepted twice.
    last_step: Mapped[int | None] = mapped_column(db.BigInteger)
    created_at: Mapped[object] = mapped_column(db.DateTime, default=now)
    last_used_at: Mapped[object | None] = mapped_column(db.DateTime)


class BackupCode(db.Model):
    """One single-use backup code, kept only as an HMAC."""

    __tablename__ = "backup_codes"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[str] = mapped_column(db.ForeignKey("users.id", ondelete="CASCADE"), index=True)
    code_hash: Mapped[str] = mapped_column(db.String(64), unique=True)
    used_at: Mapped[object | None] = mapped_column(db.DateTime)
    created_at: Mapped[object] = mapped_column(db.DateTime, default=now)


class PasskeyCredential(db.Model):
    """A passkey (WebAuthn public-key credential) the person registered and named."""

    __tablename__ = "passkey_credentials"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[str] = mapped_column(db.ForeignKey("users.id", ondelete="CASCADE"), index=True)
    # base64url of the authenticator's credential id.
    credential_id: Mapped[str] = mapped_column(db.String(1400), unique=True)
    public_key: Mapped[bytes] = mapped_column(db.LargeBinary)
    sign_count: Mapped[int] = mapped_column(db.BigInteger, default=0)
    transports: Mapped[list | None] = mapped_column(db.JSON)
    # Synced (backed up) passkeys are software-held keys; the others hardware-bound.
    backed_up: Mapped[bool] = mapped_column(default=False)
    # Discoverable and verifying its user (a PIN, a fingerprint) when made, or since proved so by
    # a sign-in from the first screen: it signs the person in alone (idp/flows/passkey_signin.py).
    signs_in_alone: Mapped[bool] = mapped_column(default=False, server_default=db.false())
    name: Mapped[str] = mapped_column(db.String(100))
    created_at: Mapped[object] = mapped_column(db.DateTime, default=now)
    last_used_at: Mapped[object | None] = mapped_column(db.DateTime)
