-- rotate_refresh_token: the statement idp/store/driver.py sends as it reads here, on PostgreSQL, in
-- autocommit. Written by `make store-sql` from the Core of idp/store/tokens.py (ONE_STATEMENT);
-- tests/foundation/test_store_sql.py fails when the two differ. Values are bound parameters;
-- a doubled percent sign is one, to psycopg.

WITH spent AS (UPDATE tokens
    SET revoked_at=%(moment)s::TIMESTAMP WITHOUT TIME ZONE
    WHERE tokens.refresh_token_hash = %(presented_refresh_token_hash)s::VARCHAR
      AND tokens.client_id = %(caller)s::VARCHAR
      AND tokens.refresh_token_expires_at > %(moment)s::TIMESTAMP WITHOUT TIME ZONE
      AND tokens.revoked_at IS NULL
    RETURNING tokens.authorization_code_id AS chain,
              tokens.user_id,
              tokens.grant_id,
              tokens.sid,
              tokens.scope AS granted_scope), issued AS (INSERT INTO tokens (client_id, user_id, grant_id, sid, authorization_code_id, access_token_hash, refresh_token_hash, scope, issued_at, access_token_expires_at, refresh_token_expires_at)
    SELECT %(caller)s::VARCHAR AS client_id,
           spent.user_id AS user_id,
           spent.grant_id AS grant_id,
           spent.sid AS sid,
           spent.chain AS authorization_code_id,
           %(new_access_token_hash)s::VARCHAR AS access_token_hash,
           CASE WHEN ((' ' || CASE WHEN (%(asked_scope)s::VARCHAR IS NULL) THEN spent.granted_scope ELSE %(asked_scope)s END || ' ') LIKE '%% offline_access %%') THEN %(new_refresh_token_hash)s::VARCHAR END AS refresh_token_hash,
           CASE WHEN (%(asked_scope)s::VARCHAR IS NULL) THEN spent.granted_scope ELSE %(asked_scope)s END AS scope,
           %(moment)s::TIMESTAMP WITHOUT TIME ZONE AS issued_at,
           %(new_access_token_expires_at)s::TIMESTAMP WITHOUT TIME ZONE AS access_token_expires_at,
           CASE WHEN ((' ' || CASE WHEN (%(asked_scope)s::VARCHAR IS NULL) THEN spent.granted_scope ELSE %(asked_scope)s END || ' ') LIKE '%% offline_access %%') THEN %(new_refresh_token_expires_at)s::TIMESTAMP WITHOUT TIME ZONE END AS refresh_token_expires_at
    FROM spent
    RETURNING tokens.user_id,
              tokens.scope,
              tokens.refresh_token_hash IS NOT NULL AS refreshable)
SELECT spent.chain,
       spent.user_id,
       spent.grant_id,
       spent.sid,
       spent.granted_scope,
       issued.refreshable,
       issued.scope AS token_scope,
       users.email,
       users.email_verified,
       users.first_name,
       users.last_name,
       users.language,
       phone_credentials.e164 AS phone_e164,
       phone_credentials.verified_at AS phone_verified_at
FROM spent
JOIN issued ON issued.user_id = spent.user_id
JOIN users ON users.id = spent.user_id
LEFT OUTER JOIN phone_credentials ON phone_credentials.user_id = users.id
