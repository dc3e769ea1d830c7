"""Who the tokens speak about: the subject identifier and the claims each scope releases."""
from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

from authlib.oidc.core import UserInfo
from flask import current_app

from idp.models import User
from idp.oauth.clients import Client


@dataclass(frozen=True)
class EndUser:
    """A user as seen by one client: the subject differs per client when it is pairwise."""

    user: User
    client: Client

    @property
    def sub(self) -> str:
        if self.client.subject_type == "public":
            return self.user.id
        key = current_app.config["SECRET_KEY"].encode()
        message = f"{self.client.sector_identifier}\x00{self.user.id}".encode()
        return hmac.new(key, message, hashlib.sha256).hexdigest()


def user_info(end_user: EndUser, scope: str) -> UserInfo:
    user = end_user.user
    # The phone is read only when its scope is asked: ID tokens never need it.
    phone = user.phone if "phone" in scope.split() else None
    names = [part for part in (user.first_name, user.last_name) if part]
    claims = UserInfo(
        sub=end_user.sub,
        name=" ".join(names) or None,
        given_name=user.first_name,
        family_name=user.last_name,
        locale=user.language,
        email=user.email,
        email_verified=bool(user.email_verified),
        phone_number=phone.e164 if phone else None,
        phone_number_verified=phone.verified_at is not None if phone else None,
    ).filter(scope)
    return UserInfo({name: value for name, value in claims.items() if value is not None})
