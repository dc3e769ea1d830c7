-- redeem_code: the statement idp/store/driver.py sends as it reads here, on PostgreSQL, in
-- autocommit. Written by `make store-sql` from the Core of idp/store/tokens.py (ONE_STATEMENT);
-- tests/foundation/test_store_sql.py fails when the two differ. Values are bound parameters;
-- a doubled percent sign is one, to psycopg.

WITH spent AS (UPDATE authorization_codes
    SET redeemed_at=%(moment)s::TIMESTAMP WITHOUT TIME ZONE
    WHERE authorization_codes.code_hash = %(presented_code_hash)s::VARCHAR
      AND authorization_codes.client_id = %(caller)s::VARCHAR
      AND authorization_codes.redeemed_at IS NULL
      AND authorization_codes.expires_at > %(moment)s::TIMESTAMP WITHOUT TIME ZONE
      AND authorization_codes.redirect_uri = %(asked_redirect_uri)s::VARCHAR
      AND authorization_codes.code_challenge IS NOT DISTINCT FROM %(verifier_challenge)s::VARCHAR
      AND authorization_codes.code_challenge_method IS NOT DISTINCT FROM %(verifier_method)s::VARCHAR
    RETURNING authorization_codes.id AS chain,
              authorization_codes.user_id,
              authorization_codes.grant_id,
              authorization_codes.sid,
              authorization_codes.scope,
              authorization_codes.nonce,
              authorization_codes.auth_time,
              authorization_codes.amr,
              authorization_codes.acr), issued AS (INSERT INTO tokens (client_id, user_id, grant_id, sid, authorization_code_id, access_token_hash, refresh_token_hash, scope, issued_at, access_token_expires_at, refresh_token_expires_at)
    SELECT %(caller)s::VARCHAR AS client_id,
           spent.user_id AS user_id,
           spent.grant_id AS grant_id,
           spent.sid AS sid,
           spent.chain AS authorization_code_id,
           %(new_access_token_hash)s::VARCHAR AS access_token_hash,
           CASE WHEN ((' ' || spent.scope || ' ') LIKE '%% offline_access %%') THEN %(new_refresh_token_hash)s::VARCHAR END AS refresh_token_hash,
           spent.scope AS scope,
           %(moment)s::TIMESTAMP WITHOUT TIME ZONE AS issued_at,
           %(new_access_token_expires_at)s::TIMESTAMP WITHOUT TIME ZONE AS access_token_expires_at,
           CASE WHEN ((' ' || spent.scope || ' ') LIKE '%% offline_access %%') THEN %(new_refresh_token_expires_at)s::TIMESTAMP WITHOUT TIME ZONE END AS refresh_token_expires_at
    FROM spent
    RETURNING tokens.user_id,
              tokens.scope,
              tokens.refresh_token_hash IS NOT NULL AS refreshable)
SELECT spent.chain,
       spent.user_id,
       spent.grant_id,
       spent.sid,
       spent.scope,
       spent.nonce,
       spent.auth_time,
       spent.amr,
       spent.acr,
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
