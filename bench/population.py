"""Accounts bulk-loaded with one INSERT ... SELECT per table, all sharing one argon2id hash
made by the server's own hashing function (so its parameters are the server's).

Person i has the address person<i>@example.ca and the verified phone +1 613 2xx xxxx.
"""

from __future__ import annotations

import harness

UTC_NOW = "(now() AT TIME ZONE 'utc')"


def email(i: int) -> str:
    return f"person{i}@example.ca"


def password_hash(env: dict[str, str]) -> str:
    with harness.provider_app(env):
        from idp.flows.credentials import passwords

        return passwords.hash_password(harness.PASSWORD)


def load_accounts(database: str, first: int, count: int, hashed: str) -> None:
    last = first + count - 1
    harness.psql(
        f"""
        INSERT INTO users (id, email, email_verified, password_hash, first_name, last_name, language,
                           profile_completed_at, created_at, updated_at)
        SELECT md5('user' || i)::uuid::text, 'person' || i || '@example.ca', true, '{hashed}', 'Camille',
               'Tremblay', 'fr', {UTC_NOW}, {UTC_NOW}, {UTC_NOW}
        FROM generate_series({first}, {last}) AS i;
        INSERT INTO phone_credentials (user_id, e164, channel, verified_at, created_at)
        SELECT md5('user' || i)::uuid::text, '+1613' || (2000000 + i)::text, 'sms', {UTC_NOW}, {UTC_NOW}
        FROM generate_series({first}, {last}) AS i;
    """,
        database,
    )
