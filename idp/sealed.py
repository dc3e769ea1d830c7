"""Keys derived from server.secret_key, one per purpose (HKDF with the purpose as its info),
and the Fernet boxes built on them for what travels or waits outside the database and must
show nothing: queued jobs, the authorization request a browser without a session keeps in a
cookie."""

from __future__ import annotations

import base64

from cryptography.fernet import Fernet
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF


def derive(secret: str, purpose: str) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=purpose.encode()).derive(secret.encode())


def box(secret: str, purpose: str) -> Fernet:
    return Fernet(base64.urlsafe_b64encode(derive(secret, purpose)))
