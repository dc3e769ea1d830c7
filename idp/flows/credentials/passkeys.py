"""Passkeys (WebAuthn) with py_webauthn: registering one from the profile, using one as the
second factor after the password, and signing in with one alone from the first screen.

New passkeys are asked to be discoverable (a resident key: the device offers it by itself,
its user handle names the account) and to verify their user; one that is both when made
signs_in_alone. The library checks the signature, the origin, the challenge, the user
verification asked and the sign counter (a counter that goes back is a cloned key: refused).

The relying party is this service: its id is the issuer's host and the only origin the
issuer. A challenge is made for each ceremony and kept in the journey until the browser
answers (journey.pending); user verification follows methods.passkey_user_verification.

py_webauthn is imported by the ceremonies only: few requests hold one, and it would add
5 MiB to every worker that never does (bench/concurrency.py prints the workers' memory).
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

from flask import current_app

from idp.clock import now
from idp.extensions import db
from idp.models import Journey, PasskeyCredential, User

RP_NAME = "Sign-in for federal services"


def _settings() -> dict:
    return current_app.config["IDP"]["methods"]


def _origin() -> str:
    return current_app.config["IDP"]["server"]["issuer"]


def _rp_id() -> str:
    return urlsplit(_origin()).hostname


def _user_verification():
    from webauthn.helpers.structs import UserVerificationRequirement

    return UserVerificationRequirement(_settings()["passkey_user_verification"])


def of(user: User) -> list[PasskeyCredential]:
    return list(user.passkeys)


def _descriptors(user: User) -> list:
    from webauthn.helpers import base64url_to_bytes
    from webauthn.helpers.structs import AuthenticatorTransport, PublicKeyCredentialDescriptor

    known = {transport.value: transport for transport in AuthenticatorTransport}
    return [
        PublicKeyCredentialDescriptor(
            id=base64url_to_bytes(passkey.credential_id),
            transports=[known[name] for name in passkey.transports or [] if name in known] or None,
        )
        for passkey in of(user)
    ]


def registration_options(current: Journey, user: User) -> dict:
    """What navigator.credentials.create() needs; the journey keeps the challenge."""
    from webauthn import generate_registration_options, options_to_json
    from webauthn.helpers import bytes_to_base64url
    from webauthn.helpers.structs import AuthenticatorSelectionCriteria, ResidentKeyRequirement

    options = generate_registration_options(
        rp_id=_rp_id(),
        rp_name=RP_NAME,
        user_id=user.id.encode(),
        user_name=user.email,
        user_display_name=" ".join(part for part in (user.first_name, user.last_name) if part) or user.email,
        timeout=_settings()["passkey_timeout_seconds"] * 1000,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED, user_verification=_user_verification()
        ),
        exclude_credentials=_descriptors(user),
    )
    current.pending = bytes_to_base64url(options.challenge)
    # credProps: the browser says whether the device kept a discoverable credential (rk)
    return json.loads(options_to_json(options)) | {"extensions": {"credProps": True}}


def _discoverable(credential: dict) -> bool:
    """Asked to be, unless the browser says it is not (credProps.rk false)."""
    extensions = credential.get("clientExtensionResults")
    properties = extensions.get("credProps") if isinstance(extensions, dict) else None
    return not (isinstance(properties, dict) and properties.get("rk") is False)


def register(current: Journey, user: User, credential: dict, name: str) -> tuple[PasskeyCredential, bool] | None:
    """The new passkey, and whether the device verified the person (PIN, biometrics), when the
    browser's answer signs the journey's challenge; else None."""
    from webauthn import verify_registration_response
    from webauthn.helpers import base64url_to_bytes, bytes_to_base64url
    from webauthn.helpers.exceptions import InvalidRegistrationResponse

    try:
        verified = verify_registration_response(
            credential=credential,
            expected_challenge=base64url_to_bytes(current.pending or ""),
            expected_rp_id=_rp_id(),
            expected_origin=_origin(),
            require_user_verification=_settings()["passkey_user_verification"] == "required",
        )
    except (InvalidRegistrationResponse, ValueError, KeyError, TypeError):
        return None
    current.pending = None
    passkey = PasskeyCredential(
        user_id=user.id,
        credential_id=bytes_to_base64url(verified.credential_id),
        public_key=verified.credential_public_key,
        sign_count=verified.sign_count,
        transports=(credential.get("response") or {}).get("transports") if isinstance(credential, dict) else None,
        backed_up=verified.credential_backed_up,
        signs_in_alone=verified.user_verified and _discoverable(credential),
        name=name,
        created_at=now(),
    )
    db.session.add(passkey)
    return passkey, verified.user_verified


def authentication_options(current: Journey, user: User) -> dict:
    """What navigator.credentials.get() needs to use one of the person's passkeys."""
    from webauthn import generate_authentication_options, options_to_json
    from webauthn.helpers import bytes_to_base64url

    options = generate_authentication_options(
        rp_id=_rp_id(),
        timeout=_settings()["passkey_timeout_seconds"] * 1000,
        allow_credentials=_descriptors(user),
        user_verification=_user_verification(),
    )
    current.pending = bytes_to_base64url(options.challenge)
    return json.loads(options_to_json(options))


def discoverable_options(current: Journey) -> dict:
    """What navigator.credentials.get() needs to let the person pick any passkey of this site
    (conditional mediation in the e-mail field's autofill, or the browser's own dialog): no list
    of credentials, as the passkey names the account."""
    from webauthn import generate_authentication_options, options_to_json
    from webauthn.helpers import bytes_to_base64url

    options = generate_authentication_options(
        rp_id=_rp_id(), timeout=_settings()["passkey_timeout_seconds"] * 1000, user_verification=_user_verification()
    )
    current.pending = bytes_to_base64url(options.challenge)
    return json.loads(options_to_json(options))


def named(credential: dict) -> PasskeyCredential | None:
    """The passkey the browser's answer names, whatever the account; None when no account
    holds it (never registered here, or removed since)."""
    return (
        db.session.scalar(db.select(PasskeyCredential).filter_by(credential_id=str(credential.get("id", ""))))
        if isinstance(credential, dict)
        else None
    )


def authenticate(current: Journey, user: User, credential: dict) -> dict | None:
    """How the person proved it when one of their passkeys signed the journey's challenge
    ({"backedUp", "userVerified"}); None otherwise."""
    found = named(credential)
    if found is None or found.user_id != user.id:
        return None
    return _verify(current, found, credential, _settings()["passkey_user_verification"] == "required")


def authenticate_alone(current: Journey, found: PasskeyCredential, credential: dict) -> dict | None:
    """As authenticate, for a passkey the person picked before naming an account: its user
    handle must be that account's. When the answer says the device verified its user, the
    library requires it (require_user_verification): the flag is then part of what the
    signature proves, and such a passkey signs in alone from now on."""
    from webauthn.helpers import base64url_to_bytes, bytes_to_base64url, parse_authenticator_data
    from webauthn.helpers.exceptions import WebAuthnException

    response = credential.get("response") if isinstance(credential, dict) else None
    try:
        handle = response["userHandle"]
        verifying = parse_authenticator_data(base64url_to_bytes(response["authenticatorData"])).flags.uv
    except (WebAuthnException, KeyError, TypeError, ValueError, AttributeError):
        return None
    if handle != bytes_to_base64url(found.user_id.encode()):
        return None
    used = _verify(current, found, credential, verifying or _settings()["passkey_user_verification"] == "required")
    if used is not None and used["userVerified"]:
        found.signs_in_alone = True
    return used


def _verify(
    current: Journey, found: PasskeyCredential, credential: dict, require_user_verification: bool
) -> dict | None:
    if not current.pending:
        return None
    from webauthn import verify_authentication_response
    from webauthn.helpers import base64url_to_bytes
    from webauthn.helpers.exceptions import WebAuthnException

    try:
        verified = verify_authentication_response(
            credential=credential,
            expected_challenge=base64url_to_bytes(current.pending),
            expected_rp_id=_rp_id(),
            expected_origin=_origin(),
            credential_public_key=found.public_key,
            credential_current_sign_count=found.sign_count,
            require_user_verification=require_user_verification,
        )
    # any answer the library cannot read (a malformed field, CBOR, key) proves nothing
    except (WebAuthnException, ValueError, KeyError, TypeError, AttributeError):
        return None
    current.pending = None
    found.sign_count, found.last_used_at, found.backed_up = (
        verified.new_sign_count,
        now(),
        verified.credential_backed_up,
    )
    return {"backedUp": verified.credential_backed_up, "userVerified": verified.user_verified}


def remove(user: User, passkey_id: int) -> int:
    return db.session.execute(
        db.delete(PasskeyCredential).where(PasskeyCredential.user_id == user.id, PasskeyCredential.id == passkey_id)
    ).rowcount
