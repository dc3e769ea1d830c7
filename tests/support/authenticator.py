"""A software WebAuthn authenticator for the tests: it answers navigator.credentials.create()
and .get() as a platform authenticator would (P-256 key, "none" attestation, user verified
unless told otherwise, a discoverable credential that answers with its user handle), so the
server's passkey checks run against real signatures. The browser tests use
Chromium's own virtual authenticator instead."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import struct

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec

USER_PRESENT, USER_VERIFIED, BACKUP_ELIGIBLE, BACKED_UP, ATTESTED = 0x01, 0x04, 0x08, 0x10, 0x40


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


class SoftAuthenticator:
    def __init__(self, origin: str, synced: bool = False, verifies: bool = True):
        self.origin = origin
        # the account's handle the credential was made for (options.user.id), as a passkey keeps it
        self.user_handle: str | None = None
        self.rp_id = origin.split("://", 1)[1].split(":")[0]
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.credential_id = os.urandom(32)
        self.sign_count = 0
        self.flags = USER_PRESENT | (USER_VERIFIED if verifies else 0) | (BACKUP_ELIGIBLE | BACKED_UP if synced else 0)

    def _client_data(self, kind: str, challenge: str, origin: str | None) -> bytes:
        return json.dumps(
            {"type": kind, "challenge": challenge, "origin": origin or self.origin, "crossOrigin": False}
        ).encode()

    def _authenticator_data(self, extra_flags: int = 0, attested: bytes = b"", flags: int | None = None) -> bytes:
        rp_id_hash = hashlib.sha256(self.rp_id.encode()).digest()
        return (
            rp_id_hash
            + bytes([(self.flags if flags is None else flags) | extra_flags])
            + struct.pack(">I", self.sign_count)
            + attested
        )

    def create(self, options: dict, origin: str | None = None) -> dict:
        """The answer of navigator.credentials.create({publicKey: options})."""
        self.user_handle = options["user"]["id"]
        numbers = self.key.public_key().public_numbers()
        cose_key = cbor2.dumps(
            {1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")}
        )
        attested = bytes(16) + struct.pack(">H", len(self.credential_id)) + self.credential_id + cose_key
        attestation = cbor2.dumps(
            {"fmt": "none", "attStmt": {}, "authData": self._authenticator_data(ATTESTED, attested)}
        )
        return {
            "id": b64url(self.credential_id),
            "rawId": b64url(self.credential_id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64url(self._client_data("webauthn.create", options["challenge"], origin)),
                "attestationObject": b64url(attestation),
                "transports": ["internal"],
            },
            "clientExtensionResults": {},
        }

    def get(self, options: dict, origin: str | None = None, verified: bool | None = None) -> dict:
        """The answer of navigator.credentials.get({publicKey: options}); verified: whether
        the person was verified this time (a PIN, a fingerprint), else as the authenticator does."""
        self.sign_count += 1
        client_data = self._client_data("webauthn.get", options["challenge"], origin)
        flags = self.flags if verified is None else (self.flags & ~USER_VERIFIED) | (USER_VERIFIED if verified else 0)
        authenticator_data = self._authenticator_data(flags=flags)
        signature = self.key.sign(authenticator_data + hashlib.sha256(client_data).digest(), ec.ECDSA(hashes.SHA256()))
        return {
            "id": b64url(self.credential_id),
            "rawId": b64url(self.credential_id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64url(client_data),
                "authenticatorData": b64url(authenticator_data),
                "signature": b64url(signature),
                **({"userHandle": self.user_handle} if self.user_handle else {}),
            },
            "clientExtensionResults": {},
        }
