-- The SQL every call of a whole journey sends to sqlite, in the order each statement is
-- first sent: sign-up for a waiting service, tokens, userinfo, refresh, logout, sign-in with a
-- wrong password and a wrong code first, then the tokens again (tests/support/full_journey.py).
-- Written by `make store-sql`; tests/foundation/test_store_sql.py fails when the code sends
-- other SQL. Values are bound parameters (%(name)s on PostgreSQL, ? on SQLite).

-- GET /authorize
SELECT authorization_codes.id
FROM authorization_codes
WHERE authorization_codes.client_id = ?
  AND authorization_codes.nonce = ?
LIMIT ? OFFSET ?;


-- GET /v1/session
SELECT browser_sessions.id,
       browser_sessions.token_hash,
       browser_sessions.sid,
       browser_sessions.created_at,
       browser_sessions.last_seen_at,
       browser_sessions.expires_at,
       browser_sessions.user_agent,
       browser_sessions.user_id,
       browser_sessions.auth_time,
       browser_sessions.amr,
       browser_sessions.acr,
       browser_sessions.clients
FROM browser_sessions
WHERE browser_sessions.token_hash = ?;


-- POST /v1/signup/privacy
SELECT browser_sessions.id,
       browser_sessions.token_hash,
       browser_sessions.sid,
       browser_sessions.created_at,
       browser_sessions.last_seen_at,
       browser_sessions.expires_at,
       browser_sessions.user_agent,
       browser_sessions.user_id,
       browser_sessions.auth_time,
       browser_sessions.amr,
       browser_sessions.acr,
       browser_sessions.clients
FROM browser_sessions
WHERE browser_sessions.token_hash = ?;

INSERT INTO browser_sessions (token_hash, sid, created_at, last_seen_at, expires_at, user_agent, user_id, auth_time, acr)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?);

INSERT INTO journeys (browser_session_id, flow, state, email, language, user_id, phone_e164, channel, code_id, pending, proof, reauthenticated_at, created_at, updated_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);

INSERT INTO interactions (uid, browser_session_id, browser_key, client_id, params, login_completed_at, created_at, expires_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?);


-- POST /v1/otp/transient_otp/send
SELECT browser_sessions.id,
       browser_sessions.token_hash,
       browser_sessions.sid,
       browser_sessions.created_at,
       browser_sessions.last_seen_at,
       browser_sessions.expires_at,
       browser_sessions.user_agent,
       browser_sessions.user_id,
       browser_sessions.auth_time,
       browser_sessions.amr,
       browser_sessions.acr,
       browser_sessions.clients
FROM browser_sessions
WHERE browser_sessions.token_hash = ?;

SELECT journeys.id,
       journeys.browser_session_id,
       journeys.flow,
       journeys.state,
       journeys.email,
       journeys.language,
       journeys.user_id,
       journeys.phone_e164,
       journeys.channel,
       journeys.code_id,
       journeys.pending,
       journeys.proof,
       journeys.reauthenticated_at,
       journeys.created_at,
       journeys.updated_at,
       otp_transactions.id AS id_1,
       otp_transactions.correlation_id,
       otp_transactions.browser_session_id AS browser_session_id_1,
       otp_transactions.journey_id,
       otp_transactions.user_id AS user_id_1,
       otp_transactions.channel AS channel_1,
       otp_transactions.destination,
       otp_transactions.own_factor,
       otp_transactions.code_hash,
       otp_transactions.state AS state_1,
       otp_transactions.attempts,
       otp_transactions.sends,
       otp_transactions.resend_at,
       otp_transactions.created_at AS created_at_1,
       otp_transactions.updated_at AS updated_at_1,
       otp_transactions.expires_at,
       otp_transactions.delivery_failed_at
FROM journeys
LEFT OUTER JOIN otp_transactions ON otp_transactions.id = journeys.code_id
WHERE journeys.browser_session_id = ?
  AND journeys.flow = ?;

SELECT users.id
FROM users
WHERE users.email = ?;

SELECT limit_counters."key",
       limit_counters.count,
       limit_counters.blocked_until,
       limit_counters.window_started_at
FROM limit_counters
WHERE limit_counters."key" IN (?, ?, ?, ?, ?, ?, ?, ?);

SELECT otp_transactions.id,
       otp_transactions.correlation_id,
       otp_transactions.browser_session_id,
       otp_transactions.journey_id,
       otp_transactions.user_id,
       otp_transactions.channel,
       otp_transactions.destination,
       otp_transactions.own_factor,
       otp_transactions.code_hash,
       otp_transactions.state,
       otp_transactions.attempts,
       otp_transactions.sends,
       otp_transactions.resend_at,
       otp_transactions.created_at,
       otp_transactions.updated_at,
       otp_transactions.expires_at,
       otp_transactions.delivery_failed_at
FROM otp_transactions
WHERE otp_transactions.journey_id = ?
ORDER BY otp_transactions.created_at DESC, otp_transactions.sends DESC;

INSERT INTO limit_counters ("key", count, window_started_at)
SELECT ? AS anon_1,
       ? AS anon_2,
       ? AS anon_3
ON CONFLICT ("key") DO UPDATE
SET count = CASE WHEN (limit_counters.window_started_at <= ?) THEN ? ELSE limit_counters.count + ? END, window_started_at = CASE WHEN (limit_counters.window_started_at <= ?) THEN ? ELSE limit_counters.window_started_at END
RETURNING "key",
          count;

INSERT INTO limit_counters ("key", count, window_started_at)
SELECT ? AS anon_1,
       ? AS anon_2,
       ? AS anon_3 UNION ALL
SELECT ? AS anon_4,
       ? AS anon_5,
       ? AS anon_3
ON CONFLICT ("key") DO UPDATE
SET count = CASE WHEN (limit_counters.window_started_at <= ?) THEN ? ELSE limit_counters.count + ? END, window_started_at = CASE WHEN (limit_counters.window_started_at <= ?) THEN ? ELSE limit_counters.window_started_at END
RETURNING "key",
          count;

UPDATE journeys
SET state=?, email=?, language=?, channel=?, code_id=?, updated_at=?
WHERE journeys.id = ?;

INSERT INTO otp_transactions (id, correlation_id, browser_session_id, journey_id, user_id, channel, destination, own_factor, code_hash, state, attempts, sends, resend_at, created_at, updated_at, expires_at, delivery_failed_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);

INSERT INTO outbox_messages (channel, "to", language, subject, body, code, created)
VALUES (?, ?, ?, ?, ?, ?, ?);

SELECT limit_counters."key",
       limit_counters.count,
       limit_counters.blocked_until,
       limit_counters.window_started_at
FROM limit_counters
WHERE limit_counters."key" IN (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);

INSERT INTO limit_counters ("key", count, window_started_at)
SELECT ? AS anon_1,
       ? AS anon_2,
       ? AS anon_3 UNION ALL
SELECT ? AS anon_4,
       ? AS anon_5,
       ? AS anon_3 UNION ALL
SELECT ? AS anon_6,
       ? AS anon_7,
       ? AS anon_3
ON CONFLICT ("key") DO UPDATE
SET count = CASE WHEN (limit_counters.window_started_at <= ?) THEN ? ELSE limit_counters.count + ? END, window_started_at = CASE WHEN (limit_counters.window_started_at <= ?) THEN ? ELSE limit_counters.window_started_at END
RETURNING "key",
          count;

UPDATE journeys
SET state=?, phone_e164=?, channel=?, code_id=?, updated_at=?
WHERE journeys.id = ?;


-- POST /v1/otp/transient_otp/verify
SELECT browser_sessions.id,
       browser_sessions.token_hash,
       browser_sessions.sid,
       browser_sessions.created_at,
       browser_sessions.last_seen_at,
       browser_sessions.expires_at,
       browser_sessions.user_agent,
       browser_sessions.user_id,
       browser_sessions.auth_time,
       browser_sessions.amr,
       browser_sessions.acr,
       browser_sessions.clients
FROM browser_sessions
WHERE browser_sessions.token_hash = ?;

SELECT journeys.id,
       journeys.browser_session_id,
       journeys.flow,
       journeys.state,
       journeys.email,
       journeys.language,
       journeys.user_id,
       journeys.phone_e164,
       journeys.channel,
       journeys.code_id,
       journeys.pending,
       journeys.proof,
       journeys.reauthenticated_at,
       journeys.created_at,
       journeys.updated_at,
       otp_transactions.id AS id_1,
       otp_transactions.correlation_id,
       otp_transactions.browser_session_id AS browser_session_id_1,
       otp_transactions.journey_id,
       otp_transactions.user_id AS user_id_1,
       otp_transactions.channel AS channel_1,
       otp_transactions.destination,
       otp_transactions.own_factor,
       otp_transactions.code_hash,
       otp_transactions.state AS state_1,
       otp_transactions.attempts,
       otp_transactions.sends,
       otp_transactions.resend_at,
       otp_transactions.created_at AS created_at_1,
       otp_transactions.updated_at AS updated_at_1,
       otp_transactions.expires_at,
       otp_transactions.delivery_failed_at
FROM journeys
LEFT OUTER JOIN otp_transactions ON otp_transactions.id = journeys.code_id
WHERE journeys.browser_session_id = ?
  AND journeys.flow = ?;

SELECT limit_counters."key",
       limit_counters.count,
       limit_counters.blocked_until,
       limit_counters.window_started_at
FROM limit_counters
WHERE limit_counters."key" IN (?, ?);

UPDATE otp_transactions
SET state=?, updated_at=?
WHERE otp_transactions.id = ?
  AND otp_transactions.state = ?
  AND otp_transactions.attempts < ?
RETURNING id;

UPDATE journeys
SET state=?, updated_at=?
WHERE journeys.id = ?;

SELECT users.id,
       users.email,
       users.email_verified,
       users.password_hash,
       users.first_name,
       users.last_name,
       users.language,
       users.profile_completed_at,
       users.preferred_method,
       users.new_password_required,
       users.created_at,
       users.updated_at
FROM users
WHERE users.id = ?;

SELECT phone_credentials.id,
       phone_credentials.user_id,
       phone_credentials.e164,
       phone_credentials.channel,
       phone_credentials.verified_at,
       phone_credentials.created_at
FROM phone_credentials
WHERE phone_credentials.user_id = ?;

INSERT INTO phone_credentials (user_id, e164, channel, verified_at, created_at)
VALUES (?, ?, ?, ?, ?);


-- POST /v1/users/create
SELECT browser_sessions.id,
       browser_sessions.token_hash,
       browser_sessions.sid,
       browser_sessions.created_at,
       browser_sessions.last_seen_at,
       browser_sessions.expires_at,
       browser_sessions.user_agent,
       browser_sessions.user_id,
       browser_sessions.auth_time,
       browser_sessions.amr,
       browser_sessions.acr,
       browser_sessions.clients
FROM browser_sessions
WHERE browser_sessions.token_hash = ?;

SELECT journeys.id,
       journeys.browser_session_id,
       journeys.flow,
       journeys.state,
       journeys.email,
       journeys.language,
       journeys.user_id,
       journeys.phone_e164,
       journeys.channel,
       journeys.code_id,
       journeys.pending,
       journeys.proof,
       journeys.reauthenticated_at,
       journeys.created_at,
       journeys.updated_at,
       otp_transactions.id AS id_1,
       otp_transactions.correlation_id,
       otp_transactions.browser_session_id AS browser_session_id_1,
       otp_transactions.journey_id,
       otp_transactions.user_id AS user_id_1,
       otp_transactions.channel AS channel_1,
       otp_transactions.destination,
       otp_transactions.own_factor,
       otp_transactions.code_hash,
       otp_transactions.state AS state_1,
       otp_transactions.attempts,
       otp_transactions.sends,
       otp_transactions.resend_at,
       otp_transactions.created_at AS created_at_1,
       otp_transactions.updated_at AS updated_at_1,
       otp_transactions.expires_at,
       otp_transactions.delivery_failed_at
FROM journeys
LEFT OUTER JOIN otp_transactions ON otp_transactions.id = journeys.code_id
WHERE journeys.browser_session_id = ?
  AND journeys.flow = ?;

INSERT INTO users (id, email, email_verified, password_hash, first_name, last_name, language, profile_completed_at, preferred_method, new_password_required, created_at, updated_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);

UPDATE journeys
SET state=?, user_id=?, updated_at=?
WHERE journeys.id = ?;


-- POST /v1/users/createcoreprofile
SELECT browser_sessions.id,
       browser_sessions.token_hash,
       browser_sessions.sid,
       browser_sessions.created_at,
       browser_sessions.last_seen_at,
       browser_sessions.expires_at,
       browser_sessions.user_agent,
       browser_sessions.user_id,
       browser_sessions.auth_time,
       browser_sessions.amr,
       browser_sessions.acr,
       browser_sessions.clients
FROM browser_sessions
WHERE browser_sessions.token_hash = ?;

SELECT journeys.id,
       journeys.browser_session_id,
       journeys.flow,
       journeys.state,
       journeys.email,
       journeys.language,
       journeys.user_id,
       journeys.phone_e164,
       journeys.channel,
       journeys.code_id,
       journeys.pending,
       journeys.proof,
       journeys.reauthenticated_at,
       journeys.created_at,
       journeys.updated_at,
       otp_transactions.id AS id_1,
       otp_transactions.correlation_id,
       otp_transactions.browser_session_id AS browser_session_id_1,
       otp_transactions.journey_id,
       otp_transactions.user_id AS user_id_1,
       otp_transactions.channel AS channel_1,
       otp_transactions.destination,
       otp_transactions.own_factor,
       otp_transactions.code_hash,
       otp_transactions.state AS state_1,
       otp_transactions.attempts,
       otp_transactions.sends,
       otp_transactions.resend_at,
       otp_transactions.created_at AS created_at_1,
       otp_transactions.updated_at AS updated_at_1,
       otp_transactions.expires_at,
       otp_transactions.delivery_failed_at
FROM journeys
LEFT OUTER JOIN otp_transactions ON otp_transactions.id = journeys.code_id
WHERE journeys.browser_session_id = ?
  AND journeys.flow = ?;

SELECT users.id,
       users.email,
       users.email_verified,
       users.password_hash,
       users.first_name,
       users.last_name,
       users.language,
       users.profile_completed_at,
       users.preferred_method,
       users.new_password_required,
       users.created_at,
       users.updated_at
FROM users
WHERE users.id = ?;

DELETE
FROM limit_counters
WHERE limit_counters."key" IN (?);

UPDATE interactions
SET login_completed_at=?
WHERE interactions.uid = (SELECT interactions.uid
    FROM interactions
    WHERE interactions.browser_session_id = ?
      AND interactions.expires_at > ?
    ORDER BY interactions.created_at DESC
    LIMIT ? OFFSET ?)
RETURNING uid;

INSERT INTO audit_events (at, user_id, browser_session_id, action, details, user_agent)
VALUES (?, ?, ?, ?, ?, ?);

INSERT INTO devices (id, user_id, secret_hash, user_agent, first_seen_at, last_seen_at, forgotten_at)
VALUES (?, ?, ?, ?, ?, ?, ?);

UPDATE journeys
SET state=?, updated_at=?
WHERE journeys.id = ?;

INSERT INTO journeys (browser_session_id, flow, state, email, language, user_id, phone_e164, channel, code_id, pending, proof, reauthenticated_at, created_at, updated_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);

UPDATE browser_sessions
SET token_hash=?, last_seen_at=?, user_id=?, auth_time=?, amr=?, acr=?
WHERE browser_sessions.id = ?;

UPDATE users
SET first_name=?, last_name=?, profile_completed_at=?, updated_at=?
WHERE users.id = ?;


-- GET /authorize/resume/<uid>
SELECT browser_sessions.id,
       browser_sessions.token_hash,
       browser_sessions.sid,
       browser_sessions.created_at,
       browser_sessions.last_seen_at,
       browser_sessions.expires_at,
       browser_sessions.user_agent,
       browser_sessions.user_id,
       browser_sessions.auth_time,
       browser_sessions.amr,
       browser_sessions.acr,
       browser_sessions.clients
FROM browser_sessions
WHERE browser_sessions.token_hash = ?;

DELETE
FROM interactions
WHERE interactions.uid = ?
  AND interactions.browser_session_id = ?
  AND interactions.expires_at > ?
RETURNING uid,
          browser_session_id,
          browser_key,
          client_id,
          params,
          login_completed_at,
          created_at,
          expires_at,
          EXISTS (SELECT *
    FROM authorization_codes
    WHERE client_id = client_id
      AND nonce = CAST(JSON_EXTRACT(params, ?) AS VARCHAR)) AS anon_1;

INSERT INTO grants (user_id, client_id, scope, first_used_at, last_used_at)
VALUES (?, ?, ?, ?, ?)
ON CONFLICT (user_id, client_id) DO UPDATE
SET scope = excluded.scope, first_used_at = CASE WHEN (grants.revoked_at IS NOT NULL) THEN excluded.first_used_at ELSE grants.first_used_at END, last_used_at = excluded.last_used_at, revoked_at = ?, revoked_reason = ?
RETURNING id;

INSERT INTO authorization_codes (code_hash, client_id, grant_id, sid, user_id, redirect_uri, scope, nonce, code_challenge, code_challenge_method, auth_time, amr, acr, created_at, expires_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);

UPDATE browser_sessions
SET clients=?
WHERE browser_sessions.id = ?;


-- POST /token
UPDATE authorization_codes
SET redeemed_at=?
WHERE authorization_codes.code_hash = ?
  AND authorization_codes.client_id = ?
  AND authorization_codes.redeemed_at IS NULL
  AND authorization_codes.expires_at > ?
  AND authorization_codes.redirect_uri = ?
  AND authorization_codes.code_challenge IS ?
  AND authorization_codes.code_challenge_method IS ?
RETURNING id;

INSERT INTO tokens (client_id, user_id, grant_id, sid, authorization_code_id, access_token_hash, refresh_token_hash, scope, issued_at, access_token_expires_at, refresh_token_expires_at)
SELECT ? AS client_id,
       spent.user_id AS user_id,
       spent.grant_id AS grant_id,
       spent.sid AS sid,
       spent.chain AS authorization_code_id,
       ? AS access_token_hash,
       CASE WHEN ((' ' || spent.scope || ' ') LIKE '% offline_access %') THEN ? END AS refresh_token_hash,
       spent.scope AS scope,
       ? AS issued_at,
       ? AS access_token_expires_at,
       CASE WHEN ((' ' || spent.scope || ' ') LIKE '% offline_access %') THEN ? END AS refresh_token_expires_at
FROM (SELECT authorization_codes.id AS chain, authorization_codes.user_id AS user_id, authorization_codes.grant_id AS grant_id, authorization_codes.sid AS sid, authorization_codes.scope AS scope, authorization_codes.nonce AS nonce, authorization_codes.auth_time AS auth_time, authorization_codes.amr AS amr, authorization_codes.acr AS acr
    FROM authorization_codes
    WHERE authorization_codes.id = ?) AS spent
RETURNING id;

SELECT spent.chain,
       spent.user_id,
       spent.grant_id,
       spent.sid,
       spent.scope,
       spent.nonce,
       spent.auth_time,
       spent.amr,
       spent.acr,
       issued.refresh_token_hash IS NOT NULL AS refreshable,
       issued.scope AS token_scope,
       users.email,
       users.email_verified,
       users.first_name,
       users.last_name,
       users.language,
       phone_credentials.e164 AS phone_e164,
       phone_credentials.verified_at AS phone_verified_at
FROM (SELECT authorization_codes.id AS chain, authorization_codes.user_id AS user_id, authorization_codes.grant_id AS grant_id, authorization_codes.sid AS sid, authorization_codes.scope AS scope, authorization_codes.nonce AS nonce, authorization_codes.auth_time AS auth_time, authorization_codes.amr AS amr, authorization_codes.acr AS acr
    FROM authorization_codes
    WHERE authorization_codes.id = ?) AS spent
JOIN tokens AS issued ON issued.id = ?
JOIN users ON users.id = spent.user_id
LEFT OUTER JOIN phone_credentials ON phone_credentials.user_id = users.id;

UPDATE tokens
SET revoked_at=?
WHERE tokens.refresh_token_hash = ?
  AND tokens.client_id = ?
  AND tokens.refresh_token_expires_at > ?
  AND tokens.revoked_at IS NULL
RETURNING id;

INSERT INTO tokens (client_id, user_id, grant_id, sid, authorization_code_id, access_token_hash, refresh_token_hash, scope, issued_at, access_token_expires_at, refresh_token_expires_at)
SELECT ? AS client_id,
       spent.user_id AS user_id,
       spent.grant_id AS grant_id,
       spent.sid AS sid,
       spent.chain AS authorization_code_id,
       ? AS access_token_hash,
       CASE WHEN ((' ' || CASE WHEN (? IS NULL) THEN spent.granted_scope ELSE ? END || ' ') LIKE '% offline_access %') THEN ? END AS refresh_token_hash,
       CASE WHEN (? IS NULL) THEN spent.granted_scope ELSE ? END AS scope,
       ? AS issued_at,
       ? AS access_token_expires_at,
       CASE WHEN ((' ' || CASE WHEN (? IS NULL) THEN spent.granted_scope ELSE ? END || ' ') LIKE '% offline_access %') THEN ? END AS refresh_token_expires_at
FROM (SELECT tokens.authorization_code_id AS chain, tokens.user_id AS user_id, tokens.grant_id AS grant_id, tokens.sid AS sid, tokens.scope AS granted_scope
    FROM tokens
    WHERE tokens.id = ?) AS spent
RETURNING id;

SELECT spent.chain,
       spent.user_id,
       spent.grant_id,
       spent.sid,
       spent.granted_scope,
       issued.refresh_token_hash IS NOT NULL AS refreshable,
       issued.scope AS token_scope,
       users.email,
       users.email_verified,
       users.first_name,
       users.last_name,
       users.language,
       phone_credentials.e164 AS phone_e164,
       phone_credentials.verified_at AS phone_verified_at
FROM (SELECT tokens.authorization_code_id AS chain, tokens.user_id AS user_id, tokens.grant_id AS grant_id, tokens.sid AS sid, tokens.scope AS granted_scope
    FROM tokens
    WHERE tokens.id = ?) AS spent
JOIN tokens AS issued ON issued.id = ?
JOIN users ON users.id = spent.user_id
LEFT OUTER JOIN phone_credentials ON phone_credentials.user_id = users.id;


-- GET /userinfo
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
WHERE tokens.access_token_hash = ?;


-- GET /logout
SELECT browser_sessions.id,
       browser_sessions.token_hash,
       browser_sessions.sid,
       browser_sessions.created_at,
       browser_sessions.last_seen_at,
       browser_sessions.expires_at,
       browser_sessions.user_agent,
       browser_sessions.user_id,
       browser_sessions.auth_time,
       browser_sessions.amr,
       browser_sessions.acr,
       browser_sessions.clients
FROM browser_sessions
WHERE browser_sessions.token_hash = ?;

SELECT users.id,
       users.email,
       users.email_verified,
       users.password_hash,
       users.first_name,
       users.last_name,
       users.language,
       users.profile_completed_at,
       users.preferred_method,
       users.new_password_required,
       users.created_at,
       users.updated_at
FROM users
WHERE users.id = ?;

DELETE
FROM browser_sessions
WHERE browser_sessions.id = ?
RETURNING id,
          sid,
          user_id,
          clients;

INSERT INTO audit_events (at, user_id, browser_session_id, action, details, user_agent)
VALUES (?, ?, ?, ?, ?, ?);


-- POST /v1/otp/users/login
SELECT browser_sessions.id,
       browser_sessions.token_hash,
       browser_sessions.sid,
       browser_sessions.created_at,
       browser_sessions.last_seen_at,
       browser_sessions.expires_at,
       browser_sessions.user_agent,
       browser_sessions.user_id,
       browser_sessions.auth_time,
       browser_sessions.amr,
       browser_sessions.acr,
       browser_sessions.clients,
       devices.id AS id_1,
       devices.user_id AS user_id_1,
       devices.secret_hash,
       devices.user_agent AS user_agent_1,
       devices.first_seen_at,
       devices.last_seen_at AS last_seen_at_1,
       devices.forgotten_at
FROM (SELECT ? AS one) AS anon_1
LEFT OUTER JOIN browser_sessions ON browser_sessions.token_hash = ?
LEFT OUTER JOIN devices ON devices.id = ?;

INSERT INTO browser_sessions (token_hash, sid, created_at, last_seen_at, expires_at, user_agent, user_id, auth_time, acr)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?);

SELECT users.id,
       users.email,
       users.email_verified,
       users.password_hash,
       users.first_name,
       users.last_name,
       users.language,
       users.profile_completed_at,
       users.preferred_method,
       users.new_password_required,
       users.created_at,
       users.updated_at,
       phone_credentials_1.id AS id_1,
       phone_credentials_1.user_id,
       phone_credentials_1.e164,
       phone_credentials_1.channel,
       phone_credentials_1.verified_at,
       phone_credentials_1.created_at AS created_at_1,
       app_credentials_1.id AS id_2,
       app_credentials_1.user_id AS user_id_1,
       app_credentials_1.secret_encrypted,
       app_credentials_1.confirmed_at,
       app_credentials_1.last_step,
       app_credentials_1.created_at AS created_at_2,
       app_credentials_1.last_used_at,
       passkey_credentials_1.id AS id_3,
       passkey_credentials_1.user_id AS user_id_2,
       passkey_credentials_1.credential_id,
       passkey_credentials_1.public_key,
       passkey_credentials_1.sign_count,
       passkey_credentials_1.transports,
       passkey_credentials_1.backed_up,
       passkey_credentials_1.signs_in_alone,
       passkey_credentials_1.name,
       passkey_credentials_1.created_at AS created_at_3,
       passkey_credentials_1.last_used_at AS last_used_at_1,
       backup_codes_1.id AS id_4,
       backup_codes_1.user_id AS user_id_3,
       backup_codes_1.code_hash,
       backup_codes_1.used_at,
       backup_codes_1.created_at AS created_at_4,
       resets_1.id AS id_5,
       resets_1.user_id AS user_id_4,
       resets_1.kind,
       resets_1.requested_at,
       resets_1.effective_at,
       resets_1.cancelled_at,
       resets_1.completed_at,
       resets_1.cancel_token_hash,
       resets_1.requested_by,
       resets_1.operator_id,
       resets_1.reason
FROM users
LEFT OUTER JOIN phone_credentials AS phone_credentials_1 ON users.id = phone_credentials_1.user_id
LEFT OUTER JOIN app_credentials AS app_credentials_1 ON users.id = app_credentials_1.user_id
LEFT OUTER JOIN passkey_credentials AS passkey_credentials_1 ON users.id = passkey_credentials_1.user_id
LEFT OUTER JOIN backup_codes AS backup_codes_1 ON users.id = backup_codes_1.user_id
LEFT OUTER JOIN resets AS resets_1 ON resets_1.user_id = users.id
  AND resets_1.cancelled_at IS NULL
  AND resets_1.completed_at IS NULL
WHERE users.email = ?
ORDER BY passkey_credentials_1.id;

INSERT INTO limit_counters ("key", count, window_started_at)
VALUES (?, ?, ?)
ON CONFLICT ("key") DO UPDATE
SET count = (limit_counters.count + ?)
WHERE limit_counters.blocked_until IS NULL OR limit_counters.blocked_until <= ?
RETURNING count;

INSERT INTO audit_events (at, user_id, browser_session_id, action, details, user_agent)
VALUES (?, ?, ?, ?, ?, ?);

INSERT INTO interactions (uid, browser_session_id, browser_key, client_id, params, login_completed_at, created_at, expires_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?);

UPDATE limit_counters
SET count=(limit_counters.count - ?), blocked_until=?
WHERE limit_counters."key" = ?;

SELECT journeys.id,
       journeys.browser_session_id,
       journeys.flow,
       journeys.state,
       journeys.email,
       journeys.language,
       journeys.user_id,
       journeys.phone_e164,
       journeys.channel,
       journeys.code_id,
       journeys.pending,
       journeys.proof,
       journeys.reauthenticated_at,
       journeys.created_at,
       journeys.updated_at,
       otp_transactions.id AS id_1,
       otp_transactions.correlation_id,
       otp_transactions.browser_session_id AS browser_session_id_1,
       otp_transactions.journey_id,
       otp_transactions.user_id AS user_id_1,
       otp_transactions.channel AS channel_1,
       otp_transactions.destination,
       otp_transactions.own_factor,
       otp_transactions.code_hash,
       otp_transactions.state AS state_1,
       otp_transactions.attempts,
       otp_transactions.sends,
       otp_transactions.resend_at,
       otp_transactions.created_at AS created_at_1,
       otp_transactions.updated_at AS updated_at_1,
       otp_transactions.expires_at,
       otp_transactions.delivery_failed_at
FROM journeys
LEFT OUTER JOIN otp_transactions ON otp_transactions.id = journeys.code_id
WHERE journeys.browser_session_id = ?
  AND journeys.flow = ?;

INSERT INTO journeys (browser_session_id, flow, state, email, language, user_id, phone_e164, channel, code_id, pending, proof, reauthenticated_at, created_at, updated_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);


-- POST /v1/otp/otp/send
SELECT browser_sessions.id,
       browser_sessions.token_hash,
       browser_sessions.sid,
       browser_sessions.created_at,
       browser_sessions.last_seen_at,
       browser_sessions.expires_at,
       browser_sessions.user_agent,
       browser_sessions.user_id,
       browser_sessions.auth_time,
       browser_sessions.amr,
       browser_sessions.acr,
       browser_sessions.clients,
       devices.id AS id_1,
       devices.user_id AS user_id_1,
       devices.secret_hash,
       devices.user_agent AS user_agent_1,
       devices.first_seen_at,
       devices.last_seen_at AS last_seen_at_1,
       devices.forgotten_at
FROM (SELECT ? AS one) AS anon_1
LEFT OUTER JOIN browser_sessions ON browser_sessions.token_hash = ?
LEFT OUTER JOIN devices ON devices.id = ?;

SELECT journeys.id,
       journeys.browser_session_id,
       journeys.flow,
       journeys.state,
       journeys.email,
       journeys.language,
       journeys.user_id,
       journeys.phone_e164,
       journeys.channel,
       journeys.code_id,
       journeys.pending,
       journeys.proof,
       journeys.reauthenticated_at,
       journeys.created_at,
       journeys.updated_at,
       otp_transactions.id AS id_1,
       otp_transactions.correlation_id,
       otp_transactions.browser_session_id AS browser_session_id_1,
       otp_transactions.journey_id,
       otp_transactions.user_id AS user_id_1,
       otp_transactions.channel AS channel_1,
       otp_transactions.destination,
       otp_transactions.own_factor,
       otp_transactions.code_hash,
       otp_transactions.state AS state_1,
       otp_transactions.attempts,
       otp_transactions.sends,
       otp_transactions.resend_at,
       otp_transactions.created_at AS created_at_1,
       otp_transactions.updated_at AS updated_at_1,
       otp_transactions.expires_at,
       otp_transactions.delivery_failed_at,
       users.id AS id_2,
       users.email AS email_1,
       users.email_verified,
       users.password_hash,
       users.first_name,
       users.last_name,
       users.language AS language_1,
       users.profile_completed_at,
       users.preferred_method,
       users.new_password_required,
       users.created_at AS created_at_2,
       users.updated_at AS updated_at_2,
       phone_credentials_1.id AS id_3,
       phone_credentials_1.user_id AS user_id_2,
       phone_credentials_1.e164,
       phone_credentials_1.channel AS channel_2,
       phone_credentials_1.verified_at,
       phone_credentials_1.created_at AS created_at_3,
       app_credentials_1.id AS id_4,
       app_credentials_1.user_id AS user_id_3,
       app_credentials_1.secret_encrypted,
       app_credentials_1.confirmed_at,
       app_credentials_1.last_step,
       app_credentials_1.created_at AS created_at_4,
       app_credentials_1.last_used_at,
       passkey_credentials_1.id AS id_5,
       passkey_credentials_1.user_id AS user_id_4,
       passkey_credentials_1.credential_id,
       passkey_credentials_1.public_key,
       passkey_credentials_1.sign_count,
       passkey_credentials_1.transports,
       passkey_credentials_1.backed_up,
       passkey_credentials_1.signs_in_alone,
       passkey_credentials_1.name,
       passkey_credentials_1.created_at AS created_at_5,
       passkey_credentials_1.last_used_at AS last_used_at_1,
       backup_codes_1.id AS id_6,
       backup_codes_1.user_id AS user_id_5,
       backup_codes_1.code_hash AS code_hash_1,
       backup_codes_1.used_at,
       backup_codes_1.created_at AS created_at_6,
       resets_1.id AS id_7,
       resets_1.user_id AS user_id_6,
       resets_1.kind,
       resets_1.requested_at,
       resets_1.effective_at,
       resets_1.cancelled_at,
       resets_1.completed_at,
       resets_1.cancel_token_hash,
       resets_1.requested_by,
       resets_1.operator_id,
       resets_1.reason
FROM journeys
LEFT OUTER JOIN otp_transactions ON otp_transactions.id = journeys.code_id
LEFT OUTER JOIN users ON users.id = journeys.user_id
LEFT OUTER JOIN phone_credentials AS phone_credentials_1 ON users.id = phone_credentials_1.user_id
LEFT OUTER JOIN app_credentials AS app_credentials_1 ON users.id = app_credentials_1.user_id
LEFT OUTER JOIN passkey_credentials AS passkey_credentials_1 ON users.id = passkey_credentials_1.user_id
LEFT OUTER JOIN backup_codes AS backup_codes_1 ON users.id = backup_codes_1.user_id
LEFT OUTER JOIN resets AS resets_1 ON resets_1.user_id = users.id
  AND resets_1.cancelled_at IS NULL
  AND resets_1.completed_at IS NULL
WHERE journeys.browser_session_id = ?
  AND journeys.flow = ?
ORDER BY passkey_credentials_1.id;

SELECT limit_counters."key",
       limit_counters.count,
       limit_counters.blocked_until,
       limit_counters.window_started_at
FROM limit_counters
WHERE limit_counters."key" IN (?, ?, ?, ?, ?, ?);

SELECT otp_transactions.id,
       otp_transactions.correlation_id,
       otp_transactions.browser_session_id,
       otp_transactions.journey_id,
       otp_transactions.user_id,
       otp_transactions.channel,
       otp_transactions.destination,
       otp_transactions.own_factor,
       otp_transactions.code_hash,
       otp_transactions.state,
       otp_transactions.attempts,
       otp_transactions.sends,
       otp_transactions.resend_at,
       otp_transactions.created_at,
       otp_transactions.updated_at,
       otp_transactions.expires_at,
       otp_transactions.delivery_failed_at
FROM otp_transactions
WHERE otp_transactions.journey_id = ?
ORDER BY otp_transactions.created_at DESC, otp_transactions.sends DESC;

INSERT INTO limit_counters ("key", count, window_started_at)
SELECT ? AS anon_1,
       ? AS anon_2,
       ? AS anon_3
ON CONFLICT ("key") DO UPDATE
SET count = CASE WHEN (limit_counters.window_started_at <= ?) THEN ? ELSE limit_counters.count + ? END, window_started_at = CASE WHEN (limit_counters.window_started_at <= ?) THEN ? ELSE limit_counters.window_started_at END
RETURNING "key",
          count;

INSERT INTO limit_counters ("key", count, window_started_at)
SELECT ? AS anon_1,
       ? AS anon_2,
       ? AS anon_3 UNION ALL
SELECT ? AS anon_4,
       ? AS anon_5,
       ? AS anon_3
ON CONFLICT ("key") DO UPDATE
SET count = CASE WHEN (limit_counters.window_started_at <= ?) THEN ? ELSE limit_counters.count + ? END, window_started_at = CASE WHEN (limit_counters.window_started_at <= ?) THEN ? ELSE limit_counters.window_started_at END
RETURNING "key",
          count;

UPDATE journeys
SET state=?, code_id=?, updated_at=?
WHERE journeys.id = ?;

INSERT INTO otp_transactions (id, correlation_id, browser_session_id, journey_id, user_id, channel, destination, own_factor, code_hash, state, attempts, sends, resend_at, created_at, updated_at, expires_at, delivery_failed_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);

INSERT INTO outbox_messages (channel, "to", language, subject, body, code, created)
VALUES (?, ?, ?, ?, ?, ?, ?);


-- POST /v1/otp/otp/verify
SELECT browser_sessions.id,
       browser_sessions.token_hash,
       browser_sessions.sid,
       browser_sessions.created_at,
       browser_sessions.last_seen_at,
       browser_sessions.expires_at,
       browser_sessions.user_agent,
       browser_sessions.user_id,
       browser_sessions.auth_time,
       browser_sessions.amr,
       browser_sessions.acr,
       browser_sessions.clients,
       devices.id AS id_1,
       devices.user_id AS user_id_1,
       devices.secret_hash,
       devices.user_agent AS user_agent_1,
       devices.first_seen_at,
       devices.last_seen_at AS last_seen_at_1,
       devices.forgotten_at
FROM (SELECT ? AS one) AS anon_1
LEFT OUTER JOIN browser_sessions ON browser_sessions.token_hash = ?
LEFT OUTER JOIN devices ON devices.id = ?;

SELECT journeys.id,
       journeys.browser_session_id,
       journeys.flow,
       journeys.state,
       journeys.email,
       journeys.language,
       journeys.user_id,
       journeys.phone_e164,
       journeys.channel,
       journeys.code_id,
       journeys.pending,
       journeys.proof,
       journeys.reauthenticated_at,
       journeys.created_at,
       journeys.updated_at,
       otp_transactions.id AS id_1,
       otp_transactions.correlation_id,
       otp_transactions.browser_session_id AS browser_session_id_1,
       otp_transactions.journey_id,
       otp_transactions.user_id AS user_id_1,
       otp_transactions.channel AS channel_1,
       otp_transactions.destination,
       otp_transactions.own_factor,
       otp_transactions.code_hash,
       otp_transactions.state AS state_1,
       otp_transactions.attempts,
       otp_transactions.sends,
       otp_transactions.resend_at,
       otp_transactions.created_at AS created_at_1,
       otp_transactions.updated_at AS updated_at_1,
       otp_transactions.expires_at,
       otp_transactions.delivery_failed_at,
       users.id AS id_2,
       users.email AS email_1,
       users.email_verified,
       users.password_hash,
       users.first_name,
       users.last_name,
       users.language AS language_1,
       users.profile_completed_at,
       users.preferred_method,
       users.new_password_required,
       users.created_at AS created_at_2,
       users.updated_at AS updated_at_2,
       phone_credentials_1.id AS id_3,
       phone_credentials_1.user_id AS user_id_2,
       phone_credentials_1.e164,
       phone_credentials_1.channel AS channel_2,
       phone_credentials_1.verified_at,
       phone_credentials_1.created_at AS created_at_3,
       app_credentials_1.id AS id_4,
       app_credentials_1.user_id AS user_id_3,
       app_credentials_1.secret_encrypted,
       app_credentials_1.confirmed_at,
       app_credentials_1.last_step,
       app_credentials_1.created_at AS created_at_4,
       app_credentials_1.last_used_at,
       passkey_credentials_1.id AS id_5,
       passkey_credentials_1.user_id AS user_id_4,
       passkey_credentials_1.credential_id,
       passkey_credentials_1.public_key,
       passkey_credentials_1.sign_count,
       passkey_credentials_1.transports,
       passkey_credentials_1.backed_up,
       passkey_credentials_1.signs_in_alone,
       passkey_credentials_1.name,
       passkey_credentials_1.created_at AS created_at_5,
       passkey_credentials_1.last_used_at AS last_used_at_1,
       backup_codes_1.id AS id_6,
       backup_codes_1.user_id AS user_id_5,
       backup_codes_1.code_hash AS code_hash_1,
       backup_codes_1.used_at,
       backup_codes_1.created_at AS created_at_6,
       resets_1.id AS id_7,
       resets_1.user_id AS user_id_6,
       resets_1.kind,
       resets_1.requested_at,
       resets_1.effective_at,
       resets_1.cancelled_at,
       resets_1.completed_at,
       resets_1.cancel_token_hash,
       resets_1.requested_by,
       resets_1.operator_id,
       resets_1.reason
FROM journeys
LEFT OUTER JOIN otp_transactions ON otp_transactions.id = journeys.code_id
LEFT OUTER JOIN users ON users.id = journeys.user_id
LEFT OUTER JOIN phone_credentials AS phone_credentials_1 ON users.id = phone_credentials_1.user_id
LEFT OUTER JOIN app_credentials AS app_credentials_1 ON users.id = app_credentials_1.user_id
LEFT OUTER JOIN passkey_credentials AS passkey_credentials_1 ON users.id = passkey_credentials_1.user_id
LEFT OUTER JOIN backup_codes AS backup_codes_1 ON users.id = backup_codes_1.user_id
LEFT OUTER JOIN resets AS resets_1 ON resets_1.user_id = users.id
  AND resets_1.cancelled_at IS NULL
  AND resets_1.completed_at IS NULL
WHERE journeys.browser_session_id = ?
  AND journeys.flow = ?
ORDER BY passkey_credentials_1.id;

SELECT limit_counters."key",
       limit_counters.count,
       limit_counters.blocked_until,
       limit_counters.window_started_at
FROM limit_counters
WHERE limit_counters."key" IN (?, ?);

UPDATE otp_transactions
SET attempts=(otp_transactions.attempts + ?), updated_at=?
WHERE otp_transactions.id = ?
RETURNING attempts;

INSERT INTO limit_counters ("key", count, window_started_at)
SELECT ? AS anon_1,
       ? AS anon_2,
       ? AS anon_3 UNION ALL
SELECT ? AS anon_4,
       ? AS anon_5,
       ? AS anon_3
ON CONFLICT ("key") DO UPDATE
SET count = CASE WHEN (limit_counters.window_started_at <= ?) THEN ? ELSE limit_counters.count + ? END, window_started_at = CASE WHEN (limit_counters.window_started_at <= ?) THEN ? ELSE limit_counters.window_started_at END
RETURNING "key",
          count;

INSERT INTO limit_counters ("key", count, window_started_at)
VALUES (?, ?, ?)
ON CONFLICT ("key") DO UPDATE
SET count = (limit_counters.count + ?)
RETURNING count;

INSERT INTO audit_events (at, user_id, browser_session_id, action, details, user_agent)
VALUES (?, ?, ?, ?, ?, ?);

UPDATE otp_transactions
SET state=?, updated_at=?
WHERE otp_transactions.id = ?
  AND otp_transactions.state = ?
  AND otp_transactions.attempts < ?
RETURNING id;

DELETE
FROM limit_counters
WHERE limit_counters."key" IN (?, ?);

UPDATE interactions
SET login_completed_at=?
WHERE interactions.uid = (SELECT interactions.uid
    FROM interactions
    WHERE interactions.browser_session_id = ?
      AND interactions.expires_at > ?
    ORDER BY interactions.created_at DESC
    LIMIT ? OFFSET ?)
RETURNING uid;

UPDATE journeys
SET state=?, proof=?, updated_at=?
WHERE journeys.id = ?;

UPDATE browser_sessions
SET token_hash=?, last_seen_at=?, user_id=?, auth_time=?, amr=?, acr=?
WHERE browser_sessions.id = ?;

UPDATE users
SET preferred_method=?, updated_at=?
WHERE users.id = ?;
