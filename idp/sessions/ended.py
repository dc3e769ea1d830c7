"""What the one door (idp/sessions/__init__.py) says of the sessions it ends: why each ended
(Reason), what ended (Ended), and the signals that tell the packages above."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from blinker import Namespace

# Who is told when the door ends sessions, or an account leaves a relying service: the packages
# above connect at start-up (oauth's back-channel logout, idp/oauth/backchannel.py), so that the
# door never calls up into them. Sent with the sessions that ended (ended=[Ended]), or the
# account and the services it left (user_id=, client_ids=: sent while its sessions still list
# them, relying.leave); the caller commits.
_signals = Namespace()
ENDED = _signals.signal("sessions-ended")
LEFT = _signals.signal("services-left")


class Reason(StrEnum):
    """Why a session ended (the audit trail, the security event and the metric say it)."""

    SIGNED_OUT = "signed_out"
    # A sign-in factor changed: whoever else held a session of the account loses it.
    FACTOR_CHANGED = "factor_changed"
    # The idle or the absolute timeout passed.
    EXPIRED = "expired"
    # The person ended it from their list of sessions (idp/account/sessions.py).
    ENDED_BY_OWNER = "ended_by_owner"
    # The person did not recognise an event of their activity (idp/account/activity.py).
    REPORTED_NOT_ME = "reported_not_me"
    # The person deleted their account (idp/account/deletion.py).
    ACCOUNT_DELETED = "account_deleted"
    # The help desk ended them, at the person's request (idp/console/support.py).
    ENDED_BY_SUPPORT = "ended_by_support"


@dataclass(frozen=True)
class Ended:
    """A session that ended: what later steps (revocation, telling relying services) need."""

    id: int
    sid: str
    user_id: str | None
    # the relying services signed in through it
    clients: list[str] | None
