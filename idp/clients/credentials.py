"""How a client of the clients file proves it is itself at /token: the secret it shares with the
provider (client_secret_basic, client_secret_post), or the public keys of its private_key_jwt
assertions, inline (jwks) or at an address (jwks_uri). file.py reads the rest of the client."""

from __future__ import annotations

from joserfc.errors import JoseError
from joserfc.jwk import KeySet

from idp.clients import values

MIN_SECRET_LENGTH = 32


def secret(table: dict, where: str, environment: str, environ: dict[str, str]) -> str:
    """A confidential client's secret, from the variable its client_secret_env names (or its
    dev_client_secret in development), at least MIN_SECRET_LENGTH characters."""
    variable = values.text(table, "client_secret_env", where)
    secret = environ.get(variable, "")
    if not secret:
        if environment != "development":
            raise values.fail(
                f"{where}.client_secret_env", f"names {variable}, which is unset (required outside development)"
            )
        secret = values.text(table, "dev_client_secret", where, required=False)
        if not secret:
            raise values.fail(
                f"{where}.client_secret_env", f"names {variable}, which is unset, and no dev_client_secret is given"
            )
    if len(secret) < MIN_SECRET_LENGTH:
        raise values.fail(f"{where}.client_secret_env", f"secret must be at least {MIN_SECRET_LENGTH} characters")
    return secret


def public_keys(table: dict, where: str, environment: str) -> tuple[dict | None, str | None]:
    """A private_key_jwt client's keys: exactly one of jwks (inline) and jwks_uri."""
    jwks, jwks_uri = table.get("jwks"), table.get("jwks_uri")
    if (jwks is None) == (jwks_uri is None):
        raise values.fail(f"{where}.jwks", "or jwks_uri (one of them) is required by private_key_jwt")
    if jwks_uri is not None:
        return None, values.redirect_uri(jwks_uri, f"{where}.jwks_uri", environment, native=False)
    try:
        key_set = KeySet.import_key_set(jwks)
    except (JoseError, TypeError, ValueError, KeyError, AttributeError):
        raise values.fail(f"{where}.jwks", "must be a JWK set ({keys = [...]}) of public keys") from None
    if not key_set.keys or any(key.is_private for key in key_set.keys):
        raise values.fail(f"{where}.jwks", "must hold public keys only, at least one")
    return jwks, None
