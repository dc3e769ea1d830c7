import calendar
from typing import TYPE_CHECKING

from authlib.oauth2.rfc6749 import TokenMixin
from authlib.oidc.core import AuthorizationCodeMixin
from sqlalchemy.orm import Mapped, mapped_column, relationship

from idp.extensions import db
from idp.models.types import now

if TYPE_CHECKING:  # SQLAlchemy resolves the relationship's quoted name from its registry
    from idp.models.user import User


class Interaction(db.Model):
    """An authorization request waiting for the person to sign in: /authorize keeps it and
    /authorize/resume/<uid> takes it back, once, from the same browser (idp/sessions/interaction.py).

    A browser without a session row is known by browser_key, the HMAC of its cookie token;
    the session made later for that browser adopts the request (browser_session_id)."""

    __tablename__ = "interactions"

    uid: Mapped[str] = mapped_column(db.String(64), primary_key=True)
    browser_session_id: Mapped[int | None] = mapped_column(
        db.ForeignKey("browser_sessions.id", ondelete="CASCADE"), index=True
    )
    browser_key: Mapped[str | None] = mapped_column(db.String(64), index=True)
    client_id: Mapped[str] = mapped_column(db.String(128))
    params: Mapped[dict] = mapped_column(db.JSON)
    login_completed_at: Mapped[object | None] = mapped_column(db.DateTime)
    created_at: Mapped[object] = mapped_column(db.DateTime, default=now)
    expires_at: Mapped[object] = mapped_column(db.DateTime)


class PushedRequest(db.Model):
    """An authorization request a client pushed (RFC 9126, idp/oauth/par.py), until /authorize
    takes it by its request_uri, once: only the SHA-256 of the request_uri's random part is kept."""

    __tablename__ = "pushed_requests"

    id: Mapped[int] = mapped_column(primary_key=True)
    handle_hash: Mapped[str] = mapped_column(db.String(64), unique=True)
    client_id: Mapped[str] = mapped_column(db.String(128))
    params: Mapped[dict] = mapped_column(db.JSON)
    expires_at: Mapped[object] = mapped_column(db.DateTime, index=True)


class AuthorizationCode(db.Model, AuthorizationCodeMixin):
    """Only the SHA-256 of the code is kept. A redeemed code stays (redeemed_at set) so reuse is detected."""

    __tablename__ = "authorization_codes"
    # The nonce replay check at /authorize looks codes up by client and nonce.
    __table_args__ = (db.Index("ix_authorization_codes_client_id_nonce", "client_id", "nonce"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    code_hash: Mapped[str] = mapped_column(db.String(64), unique=True)
    client_id: Mapped[str] = mapped_column(db.String(128))
    grant_id: Mapped[int] = mapped_column(db.ForeignKey("grants.id", ondelete="CASCADE"), index=True)
    # The browser session the person signed in with: the ID token's sid.
    sid: Mapped[str | None] = mapped_column(db.String(43))
    user_id: Mapped[str] = mapped_column(db.ForeignKey("users.id", ondelete="CASCADE"))
    # Loaded with the code: the token endpoint needs the person at once.
    user: Mapped["User"] = relationship(lazy="joined", viewonly=True)
    redirect_uri: Mapped[str] = mapped_column(db.Text)
    scope: Mapped[str] = mapped_column(db.Text)
    nonce: Mapped[str | None] = mapped_column(db.String(255))
    code_challenge: Mapped[str | None] = mapped_column(db.String(128))
    code_challenge_method: Mapped[str | None] = mapped_column(db.String(8))
    auth_time: Mapped[object] = mapped_column(db.DateTime)
    amr: Mapped[list | None] = mapped_column(db.JSON)
    acr: Mapped[str | None] = mapped_column(db.String(64))
    created_at: Mapped[object] = mapped_column(db.DateTime, default=now)
    expires_at: Mapped[object] = mapped_column(db.DateTime)
    redeemed_at: Mapped[object | None] = mapped_column(db.DateTime)

    def get_redirect_uri(self) -> str:
        return self.redirect_uri

    def get_scope(self) -> str:
        return self.scope

    def get_nonce(self) -> str | None:
        return self.nonce

    def get_auth_time(self) -> int:
        return calendar.timegm(self.auth_time.timetuple())

    def get_acr(self) -> str | None:
        return self.acr

    def get_amr(self) -> list | None:
        return self.amr


class Token(db.Model, TokenMixin):
    """Access and refresh token, kept as SHA-256 digests, under the grant of its account and
    service.

    Rotation revokes the row it replaces; rows issued from the same authorization code
    form one refresh chain, revoked together when a code or a refresh token is replayed.
    """

    __tablename__ = "tokens"

    id: Mapped[int] = mapped_column(primary_key=True)
    client_id: Mapped[str] = mapped_column(db.String(128))
    user_id: Mapped[str] = mapped_column(db.ForeignKey("users.id", ondelete="CASCADE"), index=True)
    grant_id: Mapped[int] = mapped_column(db.ForeignKey("grants.id", ondelete="CASCADE"), index=True)
    # The browser session the grant's sign-in came through (indexed: ending a session
    # revokes what was issued through it).
    sid: Mapped[str | None] = mapped_column(db.String(43), index=True)
    # Indexed: a replayed code or refresh token revokes every token of its refresh chain.
    authorization_code_id: Mapped[int | None] = mapped_column(
        db.ForeignKey("authorization_codes.id", ondelete="SET NULL"), index=True
    )
    access_token_hash: Mapped[str] = mapped_column(db.String(64), unique=True)
    refresh_token_hash: Mapped[str | None] = mapped_column(db.String(64), unique=True)
    scope: Mapped[str] = mapped_column(db.Text)
    issued_at: Mapped[object] = mapped_column(db.DateTime, default=now)
    access_token_expires_at: Mapped[object] = mapped_column(db.DateTime)
    refresh_token_expires_at: Mapped[object | None] = mapped_column(db.DateTime)
    revoked_at: Mapped[object | None] = mapped_column(db.DateTime)

    def check_client(self, client) -> bool:
        return client.get_client_id() == self.client_id

    def get_scope(self) -> str:
        return self.scope

    def get_expires_in(self) -> int:
        return int((self.access_token_expires_at - self.issued_at).total_seconds())

    def is_expired(self) -> bool:
        return self.access_token_expires_at <= now()

    def is_revoked(self) -> bool:
        return self.revoked_at is not None
