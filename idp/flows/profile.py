"""The profile of a signed-in person: read it, change the name and the language.

The person is always the one of the server-side browser session (never an id the
browser sends). Changes of a factor (e-mail, phone, password) are journeys of their own
that start by proving it is you (reauthentication.py). Each change is written as an audit event and, for
the name, announced by e-mail in the person's language.
"""

from __future__ import annotations

from idp.clients import query_client
from idp.extensions import db
from idp.flows import accounts, methods, screens, validation
from idp.models import BrowserSession, User
from idp.store import audit, grants


def connected_services(user: User, language: str) -> list[dict]:
    """The relying services this person has signed in to and not disconnected (their grants)."""
    client_ids = [grant.client_id for grant in grants.connected(user.id)]
    services = [client.service for client in map(query_client, client_ids) if client is not None]
    return [service.in_language(language) for service in sorted(services, key=lambda service: service.id)]


def read(browser_session: BrowserSession | None, language: str) -> dict:
    user = accounts.signed_in_user(browser_session)
    phone = methods.verified_phone(user)
    return {
        "firstName": user.first_name or "",
        "lastName": user.last_name or "",
        "email": user.email,
        "emailVerified": bool(user.email_verified),
        "phone": validation.mask_phone(phone.e164) if phone else "",
        "phoneChannel": phone.channel if phone else None,
        "language": user.language,
        # Every change is announced by e-mail; there is no setting to turn that off.
        "notifications": "email",
        "services": connected_services(user, language),
        # the removal of a lost phone or the deletion of the account that waits (resets.py):
        # the owner may still cancel it here
        "reset": screens.waiting_reset(user),
    }


def change_name(browser_session: BrowserSession | None, first_name: str, last_name: str) -> None:
    user = accounts.signed_in_user(browser_session)
    first = validation.name(first_name, "firstName", required=False)
    last = validation.name(last_name, "lastName", required=True)
    user.first_name, user.last_name = first, last
    audit.record(user.id, browser_session.id, "name_changed")
    accounts.notify_change(user, "name")
    db.session.commit()


def change_language(browser_session: BrowserSession | None, language: str) -> None:
    user = accounts.signed_in_user(browser_session)
    user.language = validation.language(language)
    audit.record(user.id, browser_session.id, "language_changed", language=user.language)
    db.session.commit()
