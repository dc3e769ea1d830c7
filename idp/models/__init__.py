"""SQLAlchemy models. Importing this package registers every table on db.metadata."""
from idp.models.audit import AuditEvent
from idp.models.oauth import AuthorizationCode, Interaction, SigningKey, Token
from idp.models.otp import Journey, OtpTransaction
from idp.models.session import BrowserSession
from idp.models.user import PhoneCredential, User

__all__ = [
    "AuditEvent",
    "AuthorizationCode",
    "BrowserSession",
    "Interaction",
    "Journey",
    "OtpTransaction",
    "PhoneCredential",
    "SigningKey",
    "Token",
    "User",
]
