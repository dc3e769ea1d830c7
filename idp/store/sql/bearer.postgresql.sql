-- bearer: the statement idp/store/driver.py sends as it reads here, on PostgreSQL, in
-- autocommit. Written by `make store-sql` from the Core of idp/store/people.py (BEARER);
-- tests/foundation/test_store_sql.py fails when the two differ. Values are bound parameters;
-- a doubled percent sign is one, to psycopg.

SELECT tokens.user_id,
       tokens.client_id,
       tokens.scope,
       tokens.access_token_expires_at,
       tokens.revoked_at,
       users.email,
       users.email_verified,
       users.first_name,
       users.last_name,
       users.language,
       phone_credentials.e164 AS phone_e164,
       phone_credentials.verified_at AS phone_verified_at
FROM tokens
JOIN users ON users.id = tokens.user_id
LEFT OUTER JOIN phone_credentials ON phone_credentials.user_id = users.id
WHERE tokens.access_token_hash = %(presented_access_token_hash)s::VARCHAR
