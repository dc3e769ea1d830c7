"""SQLAlchemy models. Importing this package registers every table on db.metadata."""
from idp.models.audit import AuditEvent
from idp.models.oauth import AuthorizationCode, Interaction, Token
from idp.models.limits import LimitCounter
from idp.models.journey import Journey
from idp.models.otp import OtpTransaction
from idp.models.outbox import OutboxMessage
from idp.models.session import BrowserSession
from idp.models.user import PhoneCredential, User

__all__ = [
    "AuditEvent",
    "AuthorizationCode",
    "BrowserSession",
    "Interaction",
    "Journey",
    "LimitCounter",
    "OtpTransaction",
    "OutboxMessage",
    "PhoneCredential",
    "Token",
    "User",
]
