"""SQLAlchemy models. Importing this package registers every table on db.metadata."""

from idp.models.audit import AuditEvent
from idp.models.device import Device
from idp.models.grant import Grant
from idp.models.insight import InsightEvent, InsightRolledDay, InsightStepDay
from idp.models.journey import Journey
from idp.models.limits import LimitCounter
from idp.models.methods import AppCredential, BackupCode, PasskeyCredential
from idp.models.oauth import AuthorizationCode, Interaction, PushedRequest, Token
from idp.models.otp import OtpTransaction
from idp.models.outbox import OutboxMessage
from idp.models.reset import Reset
from idp.models.session import BrowserSession
from idp.models.user import PhoneCredential, User

__all__ = [
    "AppCredential",
    "AuditEvent",
    "BackupCode",
    "AuthorizationCode",
    "BrowserSession",
    "Device",
    "Grant",
    "InsightEvent",
    "InsightRolledDay",
    "InsightStepDay",
    "Interaction",
    "Journey",
    "LimitCounter",
    "OtpTransaction",
    "OutboxMessage",
    "PasskeyCredential",
    "PhoneCredential",
    "PushedRequest",
    "Reset",
    "Token",
    "User",
]
