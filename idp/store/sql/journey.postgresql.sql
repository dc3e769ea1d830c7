-- The SQL every call of a whole journey sends to postgresql, in the order each statement is
-- first sent: sign-up for a waiting service, tokens, userinfo, refresh, logout, sign-in with a
-- wrong password and a wrong code first, then the tokens again (tests/support/full_journey.py).
-- Written by `make store-sql`; tests/foundation/test_store_sql.py fails when the code sends
-- other SQL. Values are bound parameters (%(name)s on PostgreSQL, ? on SQLite).

-- GET /authorize
SELECT authorization_codes.id
FROM authorization_codes
WHERE authorization_codes.client_id = %(client_id)s::VARCHAR
  AND authorization_codes.nonce = %(nonce)s::VARCHAR
LIMIT %(param_1)s::INTEGER;


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
WHERE browser_sessions.token_hash = %(token_hash)s::VARCHAR;


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
WHERE browser_sessions.token_hash = %(token_hash)s::VARCHAR;

INSERT INTO browser_sessions (token_hash, sid, created_at, last_seen_at, expires_at, user_agent, user_id, auth_time, acr)
VALUES (%(token_hash)s::VARCHAR, %(sid)s::VARCHAR, %(created_at)s::TIMESTAMP WITHOUT TIME ZONE, %(last_seen_at)s::TIMESTAMP WITHOUT TIME ZONE, %(expires_at)s::TIMESTAMP WITHOUT TIME ZONE, %(user_agent)s::VARCHAR, %(user_id)s::VARCHAR, %(auth_time)s::TIMESTAMP WITHOUT TIME ZONE, %(acr)s::VARCHAR)
RETURNING browser_sessions.id;

WITH w0 AS (INSERT INTO interactions (uid, browser_session_id, browser_key, client_id, params, created_at, expires_at)
    VALUES (%(w0_uid)s::VARCHAR, %(w0_browser_session_id)s::INTEGER, %(w0_browser_key)s::VARCHAR, %(w0_client_id)s::VARCHAR, %(w0_params)s::JSON, %(w0_created_at)s::TIMESTAMP WITHOUT TIME ZONE, %(w0_expires_at)s::TIMESTAMP WITHOUT TIME ZONE)),
w1 AS (INSERT INTO journeys (browser_session_id, flow, state, proof, created_at, updated_at)
    VALUES (%(w1_browser_session_id)s::INTEGER, %(w1_flow)s::VARCHAR, %(w1_state)s::VARCHAR, %(w1_proof)s::JSON, %(w1_created_at)s::TIMESTAMP WITHOUT TIME ZONE, %(w1_updated_at)s::TIMESTAMP WITHOUT TIME ZONE)
    RETURNING journeys.id)
SELECT (SELECT w1.id
    FROM w1) AS anon_1;


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
WHERE browser_sessions.token_hash = %(token_hash)s::VARCHAR;

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
WHERE journeys.browser_session_id = %(browser_session_id)s::INTEGER
  AND journeys.flow = %(flow)s::VARCHAR;

SELECT users.id
FROM users
WHERE users.email = %(email_1)s::VARCHAR;

SELECT limit_counters.key,
       limit_counters.count,
       limit_counters.blocked_until,
       limit_counters.window_started_at
FROM limit_counters
WHERE limit_counters.key IN (%(keys_1)s::VARCHAR, %(keys_2)s::VARCHAR, %(keys_3)s::VARCHAR, %(keys_4)s::VARCHAR, %(keys_5)s::VARCHAR, %(keys_6)s::VARCHAR, %(keys_7)s::VARCHAR, %(keys_8)s::VARCHAR);

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
WHERE otp_transactions.journey_id = %(journey_id)s::INTEGER
ORDER BY otp_transactions.created_at DESC, otp_transactions.sends DESC FOR UPDATE;

INSERT INTO limit_counters (key, count, window_started_at)
SELECT %(counter_key_0)s::VARCHAR AS anon_1,
       %(param_1)s::INTEGER AS anon_2,
       %(moment)s::TIMESTAMP WITHOUT TIME ZONE AS anon_3
ON CONFLICT (key) DO UPDATE
SET count = CASE WHEN (limit_counters.window_started_at <= %(window_ended)s::TIMESTAMP WITHOUT TIME ZONE) THEN %(param_2)s::INTEGER ELSE limit_counters.count + %(count_1)s::INTEGER END, window_started_at = CASE WHEN (limit_counters.window_started_at <= %(window_ended)s::TIMESTAMP WITHOUT TIME ZONE) THEN %(moment)s::TIMESTAMP WITHOUT TIME ZONE ELSE limit_counters.window_started_at END
RETURNING limit_counters.key,
          limit_counters.count;

WITH g0 AS (INSERT INTO limit_counters (key, count, window_started_at)
    SELECT %(g0_counter_key_0)s::VARCHAR AS anon_1,
           %(param_1)s::INTEGER AS anon_2,
           %(g0_moment)s::TIMESTAMP WITHOUT TIME ZONE AS anon_3
    ON CONFLICT (key) DO UPDATE
    SET count = CASE WHEN (limit_counters.window_started_at <= %(g0_window_ended)s::TIMESTAMP WITHOUT TIME ZONE) THEN %(param_2)s::INTEGER ELSE limit_counters.count + %(count_1)s::INTEGER END, window_started_at = CASE WHEN (limit_counters.window_started_at <= %(g0_window_ended)s::TIMESTAMP WITHOUT TIME ZONE) THEN %(g0_moment)s::TIMESTAMP WITHOUT TIME ZONE ELSE limit_counters.window_started_at END
    RETURNING limit_counters.key,
              limit_counters.count),
g1 AS (INSERT INTO limit_counters (key, count, window_started_at)
    SELECT %(g1_counter_key_0)s::VARCHAR AS anon_4,
           %(param_3)s::INTEGER AS anon_5,
           %(g1_moment)s::TIMESTAMP WITHOUT TIME ZONE AS anon_6 UNION ALL
    SELECT %(g1_counter_key_1)s::VARCHAR AS anon_7,
           %(param_4)s::INTEGER AS anon_8,
           %(g1_moment)s::TIMESTAMP WITHOUT TIME ZONE AS anon_6
    ON CONFLICT (key) DO UPDATE
    SET count = CASE WHEN (limit_counters.window_started_at <= %(g1_window_ended)s::TIMESTAMP WITHOUT TIME ZONE) THEN %(param_5)s::INTEGER ELSE limit_counters.count + %(count_2)s::INTEGER END, window_started_at = CASE WHEN (limit_counters.window_started_at <= %(g1_window_ended)s::TIMESTAMP WITHOUT TIME ZONE) THEN %(g1_moment)s::TIMESTAMP WITHOUT TIME ZONE ELSE limit_counters.window_started_at END
    RETURNING limit_counters.key,
              limit_counters.count),
g2 AS (INSERT INTO limit_counters (key, count, window_started_at)
    SELECT %(g2_counter_key_0)s::VARCHAR AS anon_1,
           %(param_6)s::INTEGER AS anon_2,
           %(g2_moment)s::TIMESTAMP WITHOUT TIME ZONE AS anon_3
    ON CONFLICT (key) DO UPDATE
    SET count = CASE WHEN (limit_counters.window_started_at <= %(g2_window_ended)s::TIMESTAMP WITHOUT TIME ZONE) THEN %(param_7)s::INTEGER ELSE limit_counters.count + %(count_3)s::INTEGER END, window_started_at = CASE WHEN (limit_counters.window_started_at <= %(g2_window_ended)s::TIMESTAMP WITHOUT TIME ZONE) THEN %(g2_moment)s::TIMESTAMP WITHOUT TIME ZONE ELSE limit_counters.window_started_at END
    RETURNING limit_counters.key,
              limit_counters.count)
SELECT g0.key,
       g0.count
FROM g0 UNION ALL
SELECT g1.key,
       g1.count
FROM g1 UNION ALL
SELECT g2.key,
       g2.count
FROM g2;

WITH w0 AS (INSERT INTO otp_transactions (id, correlation_id, browser_session_id, journey_id, channel, destination, own_factor, code_hash, state, attempts, sends, resend_at, created_at, updated_at, expires_at)
    VALUES (%(w0_id)s::VARCHAR, %(w0_correlation_id)s::VARCHAR, %(w0_browser_session_id)s::INTEGER, %(w0_journey_id)s::INTEGER, %(w0_channel)s::VARCHAR, %(w0_destination)s::VARCHAR, %(w0_own_factor)s, %(w0_code_hash)s::VARCHAR, %(w0_state)s::VARCHAR, %(w0_attempts)s::INTEGER, %(w0_sends)s::INTEGER, %(w0_resend_at)s::TIMESTAMP WITHOUT TIME ZONE, %(w0_created_at)s::TIMESTAMP WITHOUT TIME ZONE, %(w0_updated_at)s::TIMESTAMP WITHOUT TIME ZONE, %(w0_expires_at)s::TIMESTAMP WITHOUT TIME ZONE)),
w1 AS (INSERT INTO outbox_messages (channel, "to", language, subject, body, code, created)
    VALUES (%(w1_channel)s::VARCHAR, %(w1_to)s::VARCHAR, %(w1_language)s::VARCHAR, %(w1_subject)s::VARCHAR, %(w1_body)s::VARCHAR, %(w1_code)s::VARCHAR, %(w1_created)s::TIMESTAMP WITHOUT TIME ZONE)
    RETURNING outbox_messages.id),
w2 AS (UPDATE journeys
    SET state=%(w2_state)s::VARCHAR, email=%(w2_email)s::VARCHAR, language=%(w2_language)s::VARCHAR, channel=%(w2_channel)s::VARCHAR, code_id=%(w2_code_id)s::VARCHAR, updated_at=%(w2_updated_at)s::TIMESTAMP WITHOUT TIME ZONE
    WHERE journeys.id = %(w2__pk0)s::INTEGER
    RETURNING 1)
SELECT (SELECT w1.id
    FROM w1) AS anon_1, (SELECT count(*) AS count_1
    FROM w2) AS anon_2;

SELECT limit_counters.key,
       limit_counters.count,
       limit_counters.blocked_until,
       limit_counters.window_started_at
FROM limit_counters
WHERE limit_counters.key IN (%(keys_1)s::VARCHAR, %(keys_2)s::VARCHAR, %(keys_3)s::VARCHAR, %(keys_4)s::VARCHAR, %(keys_5)s::VARCHAR, %(keys_6)s::VARCHAR, %(keys_7)s::VARCHAR, %(keys_8)s::VARCHAR, %(keys_9)s::VARCHAR, %(keys_10)s::VARCHAR, %(keys_11)s::VARCHAR);

WITH g0 AS (INSERT INTO limit_counters (key, count, window_started_at)
    SELECT %(g0_counter_key_0)s::VARCHAR AS anon_1,
           %(param_1)s::INTEGER AS anon_2,
           %(g0_moment)s::TIMESTAMP WITHOUT TIME ZONE AS anon_3
    ON CONFLICT (key) DO UPDATE
    SET count = CASE WHEN (limit_counters.window_started_at <= %(g0_window_ended)s::TIMESTAMP WITHOUT TIME ZONE) THEN %(param_2)s::INTEGER ELSE limit_counters.count + %(count_1)s::INTEGER END, window_started_at = CASE WHEN (limit_counters.window_started_at <= %(g0_window_ended)s::TIMESTAMP WITHOUT TIME ZONE) THEN %(g0_moment)s::TIMESTAMP WITHOUT TIME ZONE ELSE limit_counters.window_started_at END
    RETURNING limit_counters.key,
              limit_counters.count),
g1 AS (INSERT INTO limit_counters (key, count, window_started_at)
    SELECT %(g1_counter_key_0)s::VARCHAR AS anon_4,
           %(param_3)s::INTEGER AS anon_5,
           %(g1_moment)s::TIMESTAMP WITHOUT TIME ZONE AS anon_6 UNION ALL
    SELECT %(g1_counter_key_1)s::VARCHAR AS anon_7,
           %(param_4)s::INTEGER AS anon_8,
           %(g1_moment)s::TIMESTAMP WITHOUT TIME ZONE AS anon_6
    ON CONFLICT (key) DO UPDATE
    SET count = CASE WHEN (limit_counters.window_started_at <= %(g1_window_ended)s::TIMESTAMP WITHOUT TIME ZONE) THEN %(param_5)s::INTEGER ELSE limit_counters.count + %(count_2)s::INTEGER END, window_started_at = CASE WHEN (limit_counters.window_started_at <= %(g1_window_ended)s::TIMESTAMP WITHOUT TIME ZONE) THEN %(g1_moment)s::TIMESTAMP WITHOUT TIME ZONE ELSE limit_counters.window_started_at END
    RETURNING limit_counters.key,
              limit_counters.count),
g2 AS (INSERT INTO limit_counters (key, count, window_started_at)
    SELECT %(g2_counter_key_0)s::VARCHAR AS anon_1,
           %(param_6)s::INTEGER AS anon_2,
           %(g2_moment)s::TIMESTAMP WITHOUT TIME ZONE AS anon_3
    ON CONFLICT (key) DO UPDATE
    SET count = CASE WHEN (limit_counters.window_started_at <= %(g2_window_ended)s::TIMESTAMP WITHOUT TIME ZONE) THEN %(param_7)s::INTEGER ELSE limit_counters.count + %(count_3)s::INTEGER END, window_started_at = CASE WHEN (limit_counters.window_started_at <= %(g2_window_ended)s::TIMESTAMP WITHOUT TIME ZONE) THEN %(g2_moment)s::TIMESTAMP WITHOUT TIME ZONE ELSE limit_counters.window_started_at END
    RETURNING limit_counters.key,
              limit_counters.count),
g3 AS (INSERT INTO limit_counters (key, count, window_started_at)
    SELECT %(g3_counter_key_0)s::VARCHAR AS anon_9,
           %(param_8)s::INTEGER AS anon_10,
           %(g3_moment)s::TIMESTAMP WITHOUT TIME ZONE AS anon_11 UNION ALL
    SELECT %(g3_counter_key_1)s::VARCHAR AS anon_12,
           %(param_9)s::INTEGER AS anon_13,
           %(g3_moment)s::TIMESTAMP WITHOUT TIME ZONE AS anon_11 UNION ALL
    SELECT %(g3_counter_key_2)s::VARCHAR AS anon_14,
           %(param_10)s::INTEGER AS anon_15,
           %(g3_moment)s::TIMESTAMP WITHOUT TIME ZONE AS anon_11
    ON CONFLICT (key) DO UPDATE
    SET count = CASE WHEN (limit_counters.window_started_at <= %(g3_window_ended)s::TIMESTAMP WITHOUT TIME ZONE) THEN %(param_11)s::INTEGER ELSE limit_counters.count + %(count_4)s::INTEGER END, window_started_at = CASE WHEN (limit_counters.window_started_at <= %(g3_window_ended)s::TIMESTAMP WITHOUT TIME ZONE) THEN %(g3_moment)s::TIMESTAMP WITHOUT TIME ZONE ELSE limit_counters.window_started_at END
    RETURNING limit_counters.key,
              limit_counters.count)
SELECT g0.key,
       g0.count
FROM g0 UNION ALL
SELECT g1.key,
       g1.count
FROM g1 UNION ALL
SELECT g2.key,
       g2.count
FROM g2 UNION ALL
SELECT g3.key,
       g3.count
FROM g3;

WITH w0 AS (INSERT INTO otp_transactions (id, correlation_id, browser_session_id, journey_id, user_id, channel, destination, own_factor, code_hash, state, attempts, sends, resend_at, created_at, updated_at, expires_at)
    VALUES (%(w0_id)s::VARCHAR, %(w0_correlation_id)s::VARCHAR, %(w0_browser_session_id)s::INTEGER, %(w0_journey_id)s::INTEGER, %(w0_user_id)s::VARCHAR, %(w0_channel)s::VARCHAR, %(w0_destination)s::VARCHAR, %(w0_own_factor)s, %(w0_code_hash)s::VARCHAR, %(w0_state)s::VARCHAR, %(w0_attempts)s::INTEGER, %(w0_sends)s::INTEGER, %(w0_resend_at)s::TIMESTAMP WITHOUT TIME ZONE, %(w0_created_at)s::TIMESTAMP WITHOUT TIME ZONE, %(w0_updated_at)s::TIMESTAMP WITHOUT TIME ZONE, %(w0_expires_at)s::TIMESTAMP WITHOUT TIME ZONE)),
w1 AS (INSERT INTO outbox_messages (channel, "to", language, subject, body, code, created)
    VALUES (%(w1_channel)s::VARCHAR, %(w1_to)s::VARCHAR, %(w1_language)s::VARCHAR, %(w1_subject)s::VARCHAR, %(w1_body)s::VARCHAR, %(w1_code)s::VARCHAR, %(w1_created)s::TIMESTAMP WITHOUT TIME ZONE)
    RETURNING outbox_messages.id),
w2 AS (UPDATE journeys
    SET state=%(w2_state)s::VARCHAR, phone_e164=%(w2_phone_e164)s::VARCHAR, channel=%(w2_channel)s::VARCHAR, code_id=%(w2_code_id)s::VARCHAR, updated_at=%(w2_updated_at)s::TIMESTAMP WITHOUT TIME ZONE
    WHERE journeys.id = %(w2__pk0)s::INTEGER
    RETURNING 1)
SELECT (SELECT w1.id
    FROM w1) AS anon_1, (SELECT count(*) AS count_1
    FROM w2) AS anon_2;


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
WHERE browser_sessions.token_hash = %(token_hash)s::VARCHAR;

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
WHERE journeys.browser_session_id = %(browser_session_id)s::INTEGER
  AND journeys.flow = %(flow)s::VARCHAR;

SELECT limit_counters.key,
       limit_counters.count,
       limit_counters.blocked_until,
       limit_counters.window_started_at
FROM limit_counters
WHERE limit_counters.key IN (%(keys_1)s::VARCHAR, %(keys_2)s::VARCHAR);

UPDATE otp_transactions
SET state=%(state)s::VARCHAR, updated_at=%(moment)s::TIMESTAMP WITHOUT TIME ZONE
WHERE otp_transactions.id = %(code_id)s::VARCHAR
  AND otp_transactions.state = %(state_1)s::VARCHAR
  AND otp_transactions.attempts < %(max_attempts)s::INTEGER
RETURNING otp_transactions.id;

UPDATE journeys
SET state=%(state)s::VARCHAR, updated_at=%(updated_at)s::TIMESTAMP WITHOUT TIME ZONE
WHERE journeys.id = %(journeys_id)s::INTEGER;

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
WHERE users.id = %(pk_1)s::VARCHAR;

SELECT phone_credentials.id,
       phone_credentials.user_id,
       phone_credentials.e164,
       phone_credentials.channel,
       phone_credentials.verified_at,
       phone_credentials.created_at
FROM phone_credentials
WHERE phone_credentials.user_id = %(user_id_1)s::VARCHAR;

WITH w0 AS (INSERT INTO phone_credentials (user_id, e164, channel, verified_at, created_at)
    VALUES (%(w0_user_id)s::VARCHAR, %(w0_e164)s::VARCHAR, %(w0_channel)s::VARCHAR, %(w0_verified_at)s::TIMESTAMP WITHOUT TIME ZONE, %(w0_created_at)s::TIMESTAMP WITHOUT TIME ZONE)
    RETURNING phone_credentials.id),
w1 AS (UPDATE journeys
    SET state=%(w1_state)s::VARCHAR, updated_at=%(w1_updated_at)s::TIMESTAMP WITHOUT TIME ZONE
    WHERE journeys.id = %(w1__pk0)s::INTEGER
    RETURNING 1)
SELECT (SELECT w0.id
    FROM w0) AS anon_1, (SELECT count(*) AS count_1
    FROM w1) AS anon_2;


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
WHERE browser_sessions.token_hash = %(token_hash)s::VARCHAR;

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
WHERE journeys.browser_session_id = %(browser_session_id)s::INTEGER
  AND journeys.flow = %(flow)s::VARCHAR;

INSERT INTO users (id, email, email_verified, password_hash, first_name, last_name, language, profile_completed_at, preferred_method, new_password_required, created_at, updated_at)
VALUES (%(id)s::VARCHAR, %(email)s::VARCHAR, %(email_verified)s, %(password_hash)s::VARCHAR, %(first_name)s::VARCHAR, %(last_name)s::VARCHAR, %(language)s::VARCHAR, %(profile_completed_at)s::TIMESTAMP WITHOUT TIME ZONE, %(preferred_method)s::VARCHAR, %(new_password_required)s, %(created_at)s::TIMESTAMP WITHOUT TIME ZONE, %(updated_at)s::TIMESTAMP WITHOUT TIME ZONE);

UPDATE journeys
SET state=%(state)s::VARCHAR, user_id=%(user_id)s::VARCHAR, updated_at=%(updated_at)s::TIMESTAMP WITHOUT TIME ZONE
WHERE journeys.id = %(journeys_id)s::INTEGER;


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
WHERE browser_sessions.token_hash = %(token_hash)s::VARCHAR;

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
WHERE journeys.browser_session_id = %(browser_session_id)s::INTEGER
  AND journeys.flow = %(flow)s::VARCHAR;

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
WHERE users.id = %(pk_1)s::VARCHAR;

WITH q0 AS (DELETE
    FROM limit_counters
    WHERE limit_counters.key IN (%(q0_cleared_keys_1)s::VARCHAR)),
q1 AS (UPDATE interactions
    SET login_completed_at=%(q1_moment)s::TIMESTAMP WITHOUT TIME ZONE
    WHERE interactions.uid = (SELECT interactions.uid
        FROM interactions
        WHERE interactions.browser_session_id = %(q1_waiting_session_id)s::INTEGER
          AND interactions.expires_at > %(q1_moment)s::TIMESTAMP WITHOUT TIME ZONE
        ORDER BY interactions.created_at DESC
        LIMIT %(param_1)s::INTEGER)
    RETURNING interactions.uid),
w0 AS (INSERT INTO journeys (browser_session_id, flow, state, user_id, proof, reauthenticated_at, created_at, updated_at)
    VALUES (%(w0_browser_session_id)s::INTEGER, %(w0_flow)s::VARCHAR, %(w0_state)s::VARCHAR, %(w0_user_id)s::VARCHAR, %(w0_proof)s::JSON, %(w0_reauthenticated_at)s::TIMESTAMP WITHOUT TIME ZONE, %(w0_created_at)s::TIMESTAMP WITHOUT TIME ZONE, %(w0_updated_at)s::TIMESTAMP WITHOUT TIME ZONE)
    RETURNING journeys.id),
w1 AS (INSERT INTO devices (id, user_id, secret_hash, user_agent, first_seen_at, last_seen_at)
    VALUES (%(w1_id)s::VARCHAR, %(w1_user_id)s::VARCHAR, %(w1_secret_hash)s::VARCHAR, %(w1_user_agent)s::VARCHAR, %(w1_first_seen_at)s::TIMESTAMP WITHOUT TIME ZONE, %(w1_last_seen_at)s::TIMESTAMP WITHOUT TIME ZONE)),
w2 AS (INSERT INTO audit_events (at, user_id, browser_session_id, action, details, user_agent)
    VALUES (%(w2_at)s::TIMESTAMP WITHOUT TIME ZONE, %(w2_user_id)s::VARCHAR, %(w2_browser_session_id)s::INTEGER, %(w2_action)s::VARCHAR, %(w2_details)s::JSON, %(w2_user_agent)s::VARCHAR)
    RETURNING audit_events.id),
w3 AS (UPDATE browser_sessions
    SET token_hash=%(w3_token_hash)s::VARCHAR, last_seen_at=%(w3_last_seen_at)s::TIMESTAMP WITHOUT TIME ZONE, user_id=%(w3_user_id)s::VARCHAR, auth_time=%(w3_auth_time)s::TIMESTAMP WITHOUT TIME ZONE, amr=%(w3_amr)s::JSON, acr=%(w3_acr)s::VARCHAR
    WHERE browser_sessions.id = %(w3__pk0)s::INTEGER
    RETURNING 1),
w4 AS (UPDATE journeys
    SET state=%(w4_state)s::VARCHAR, updated_at=%(w4_updated_at)s::TIMESTAMP WITHOUT TIME ZONE
    WHERE journeys.id = %(w4__pk0)s::INTEGER
    RETURNING 1),
w5 AS (UPDATE users
    SET first_name=%(w5_first_name)s::VARCHAR, last_name=%(w5_last_name)s::VARCHAR, profile_completed_at=%(w5_profile_completed_at)s::TIMESTAMP WITHOUT TIME ZONE, updated_at=%(w5_updated_at)s::TIMESTAMP WITHOUT TIME ZONE
    WHERE users.id = %(w5__pk0)s::VARCHAR
    RETURNING 1)
SELECT (SELECT q1.uid
    FROM q1
    LIMIT %(param_2)s::INTEGER) AS anon_1, (SELECT w0.id
    FROM w0) AS anon_2, (SELECT w2.id
    FROM w2) AS anon_3, (SELECT count(*) AS count_1
    FROM w3) AS anon_4, (SELECT count(*) AS count_2
    FROM w4) AS anon_5, (SELECT count(*) AS count_3
    FROM w5) AS anon_6;


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
WHERE browser_sessions.token_hash = %(token_hash)s::VARCHAR;

DELETE
FROM interactions
WHERE interactions.uid = %(uid)s::VARCHAR
  AND interactions.browser_session_id = %(browser_session_id)s::INTEGER
  AND interactions.expires_at > %(moment)s::TIMESTAMP WITHOUT TIME ZONE
RETURNING interactions.uid,
          interactions.browser_session_id,
          interactions.browser_key,
          interactions.client_id,
          interactions.params,
          interactions.login_completed_at,
          interactions.created_at,
          interactions.expires_at,
          EXISTS (SELECT *
    FROM authorization_codes
    WHERE authorization_codes.client_id = interactions.client_id
      AND authorization_codes.nonce = CAST((interactions.params ->> %(params_1)s::TEXT) AS VARCHAR)) AS anon_1;

WITH granted AS (INSERT INTO grants (user_id, client_id, scope, first_used_at, last_used_at)
    VALUES (%(q0_user_id)s::VARCHAR, %(q0_client_id)s::VARCHAR, %(q0_scope)s::VARCHAR, %(q0_moment)s::TIMESTAMP WITHOUT TIME ZONE, %(q0_moment)s::TIMESTAMP WITHOUT TIME ZONE)
    ON CONFLICT (user_id, client_id) DO UPDATE
    SET scope = excluded.scope, first_used_at = CASE WHEN (grants.revoked_at IS NOT NULL) THEN excluded.first_used_at ELSE grants.first_used_at END, last_used_at = excluded.last_used_at, revoked_at = %(param_1)s::TIMESTAMP WITHOUT TIME ZONE, revoked_reason = %(param_2)s::VARCHAR
    RETURNING grants.id),
q0 AS (INSERT INTO authorization_codes (code_hash, client_id, user_id, sid, redirect_uri, scope, nonce, code_challenge, code_challenge_method, auth_time, amr, acr, created_at, expires_at, grant_id)
    SELECT %(q0_code_hash)s::VARCHAR AS anon_1,
           %(q0_client_id)s::VARCHAR AS anon_2,
           %(q0_user_id)s::VARCHAR AS anon_3,
           %(q0_sid)s::VARCHAR AS anon_4,
           %(q0_redirect_uri)s::VARCHAR AS anon_5,
           %(q0_scope)s::VARCHAR AS anon_6,
           %(q0_nonce)s::VARCHAR AS anon_7,
           %(q0_code_challenge)s::VARCHAR AS anon_8,
           %(q0_code_challenge_method)s::VARCHAR AS anon_9,
           %(q0_auth_time)s::TIMESTAMP WITHOUT TIME ZONE AS anon_10,
           %(q0_amr)s::JSON AS anon_11,
           %(q0_acr)s::VARCHAR AS anon_12,
           %(q0_created_at)s::TIMESTAMP WITHOUT TIME ZONE AS anon_13,
           %(q0_expires_at)s::TIMESTAMP WITHOUT TIME ZONE AS anon_14,
           granted.id AS id
    FROM granted),
q1 AS (UPDATE browser_sessions
    SET clients=%(q1_signed_in_clients)s::JSON
    WHERE browser_sessions.id = %(q1_session_id)s::INTEGER)
SELECT 1;


-- POST /token
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
              authorization_codes.acr),
issued AS (INSERT INTO tokens (client_id, user_id, grant_id, sid, authorization_code_id, access_token_hash, refresh_token_hash, scope, issued_at, access_token_expires_at, refresh_token_expires_at)
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
LEFT OUTER JOIN phone_credentials ON phone_credentials.user_id = users.id;

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
              tokens.scope AS granted_scope),
issued AS (INSERT INTO tokens (client_id, user_id, grant_id, sid, authorization_code_id, access_token_hash, refresh_token_hash, scope, issued_at, access_token_expires_at, refresh_token_expires_at)
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
WHERE tokens.access_token_hash = %(presented_access_token_hash)s::VARCHAR;


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
WHERE browser_sessions.token_hash = %(token_hash)s::VARCHAR;

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
WHERE users.id = %(pk_1)s::VARCHAR;

DELETE
FROM browser_sessions
WHERE browser_sessions.id = %(id_1)s::INTEGER
RETURNING browser_sessions.id,
          browser_sessions.sid,
          browser_sessions.user_id,
          browser_sessions.clients;

INSERT INTO audit_events (at, user_id, browser_session_id, action, details, user_agent)
VALUES (%(at)s::TIMESTAMP WITHOUT TIME ZONE, %(user_id)s::VARCHAR, %(browser_session_id)s::INTEGER, %(action)s::VARCHAR, %(details)s::JSON, %(user_agent)s::VARCHAR)
RETURNING audit_events.id;


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
FROM (SELECT %(param_1)s::INTEGER AS one) AS anon_1
LEFT OUTER JOIN browser_sessions ON browser_sessions.token_hash = %(token_hash)s::VARCHAR
LEFT OUTER JOIN devices ON devices.id = %(device_id)s::VARCHAR;

INSERT INTO browser_sessions (token_hash, sid, created_at, last_seen_at, expires_at, user_agent, user_id, auth_time, acr)
VALUES (%(token_hash)s::VARCHAR, %(sid)s::VARCHAR, %(created_at)s::TIMESTAMP WITHOUT TIME ZONE, %(last_seen_at)s::TIMESTAMP WITHOUT TIME ZONE, %(expires_at)s::TIMESTAMP WITHOUT TIME ZONE, %(user_agent)s::VARCHAR, %(user_id)s::VARCHAR, %(auth_time)s::TIMESTAMP WITHOUT TIME ZONE, %(acr)s::VARCHAR)
RETURNING browser_sessions.id;

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
WHERE users.email = %(email)s::VARCHAR
ORDER BY passkey_credentials_1.id;

INSERT INTO limit_counters (key, count, window_started_at)
VALUES (%(counter_key)s::VARCHAR, %(count)s::INTEGER, %(moment)s::TIMESTAMP WITHOUT TIME ZONE)
ON CONFLICT (key) DO UPDATE
SET count = (limit_counters.count + %(count_1)s::INTEGER)
WHERE limit_counters.blocked_until IS NULL OR limit_counters.blocked_until <= %(moment)s::TIMESTAMP WITHOUT TIME ZONE
RETURNING limit_counters.count;

WITH w0 AS (INSERT INTO interactions (uid, browser_session_id, browser_key, client_id, params, created_at, expires_at)
    VALUES (%(w0_uid)s::VARCHAR, %(w0_browser_session_id)s::INTEGER, %(w0_browser_key)s::VARCHAR, %(w0_client_id)s::VARCHAR, %(w0_params)s::JSON, %(w0_created_at)s::TIMESTAMP WITHOUT TIME ZONE, %(w0_expires_at)s::TIMESTAMP WITHOUT TIME ZONE)),
w1 AS (INSERT INTO audit_events (at, user_id, action, details, user_agent)
    VALUES (%(w1_at)s::TIMESTAMP WITHOUT TIME ZONE, %(w1_user_id)s::VARCHAR, %(w1_action)s::VARCHAR, %(w1_details)s::JSON, %(w1_user_agent)s::VARCHAR)
    RETURNING audit_events.id)
SELECT (SELECT w1.id
    FROM w1) AS anon_1;

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
WHERE journeys.browser_session_id = %(browser_session_id)s::INTEGER
  AND journeys.flow = %(flow)s::VARCHAR;

WITH q0 AS (UPDATE limit_counters
    SET count=(limit_counters.count - %(count_1)s::INTEGER), blocked_until=%(param_1)s::TIMESTAMP WITHOUT TIME ZONE
    WHERE limit_counters.key = %(q0_refunded_key)s::VARCHAR),
w0 AS (INSERT INTO journeys (browser_session_id, flow, state, email, language, user_id, phone_e164, channel, proof, created_at, updated_at)
    VALUES (%(w0_browser_session_id)s::INTEGER, %(w0_flow)s::VARCHAR, %(w0_state)s::VARCHAR, %(w0_email)s::VARCHAR, %(w0_language)s::VARCHAR, %(w0_user_id)s::VARCHAR, %(w0_phone_e164)s::VARCHAR, %(w0_channel)s::VARCHAR, %(w0_proof)s::JSON, %(w0_created_at)s::TIMESTAMP WITHOUT TIME ZONE, %(w0_updated_at)s::TIMESTAMP WITHOUT TIME ZONE)
    RETURNING journeys.id)
SELECT (SELECT w0.id
    FROM w0) AS anon_1;


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
FROM (SELECT %(param_1)s::INTEGER AS one) AS anon_1
LEFT OUTER JOIN browser_sessions ON browser_sessions.token_hash = %(token_hash)s::VARCHAR
LEFT OUTER JOIN devices ON devices.id = %(device_id)s::VARCHAR;

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
WHERE journeys.browser_session_id = %(browser_session_id)s::INTEGER
  AND journeys.flow = %(flow)s::VARCHAR
ORDER BY passkey_credentials_1.id;

SELECT limit_counters.key,
       limit_counters.count,
       limit_counters.blocked_until,
       limit_counters.window_started_at
FROM limit_counters
WHERE limit_counters.key IN (%(keys_1)s::VARCHAR, %(keys_2)s::VARCHAR, %(keys_3)s::VARCHAR, %(keys_4)s::VARCHAR, %(keys_5)s::VARCHAR, %(keys_6)s::VARCHAR);

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
WHERE otp_transactions.journey_id = %(journey_id)s::INTEGER
ORDER BY otp_transactions.created_at DESC, otp_transactions.sends DESC FOR UPDATE;

INSERT INTO limit_counters (key, count, window_started_at)
SELECT %(counter_key_0)s::VARCHAR AS anon_1,
       %(param_1)s::INTEGER AS anon_2,
       %(moment)s::TIMESTAMP WITHOUT TIME ZONE AS anon_3
ON CONFLICT (key) DO UPDATE
SET count = CASE WHEN (limit_counters.window_started_at <= %(window_ended)s::TIMESTAMP WITHOUT TIME ZONE) THEN %(param_2)s::INTEGER ELSE limit_counters.count + %(count_1)s::INTEGER END, window_started_at = CASE WHEN (limit_counters.window_started_at <= %(window_ended)s::TIMESTAMP WITHOUT TIME ZONE) THEN %(moment)s::TIMESTAMP WITHOUT TIME ZONE ELSE limit_counters.window_started_at END
RETURNING limit_counters.key,
          limit_counters.count;

WITH g0 AS (INSERT INTO limit_counters (key, count, window_started_at)
    SELECT %(g0_counter_key_0)s::VARCHAR AS anon_1,
           %(param_1)s::INTEGER AS anon_2,
           %(g0_moment)s::TIMESTAMP WITHOUT TIME ZONE AS anon_3 UNION ALL
    SELECT %(g0_counter_key_1)s::VARCHAR AS anon_4,
           %(param_2)s::INTEGER AS anon_5,
           %(g0_moment)s::TIMESTAMP WITHOUT TIME ZONE AS anon_3
    ON CONFLICT (key) DO UPDATE
    SET count = CASE WHEN (limit_counters.window_started_at <= %(g0_window_ended)s::TIMESTAMP WITHOUT TIME ZONE) THEN %(param_3)s::INTEGER ELSE limit_counters.count + %(count_1)s::INTEGER END, window_started_at = CASE WHEN (limit_counters.window_started_at <= %(g0_window_ended)s::TIMESTAMP WITHOUT TIME ZONE) THEN %(g0_moment)s::TIMESTAMP WITHOUT TIME ZONE ELSE limit_counters.window_started_at END
    RETURNING limit_counters.key,
              limit_counters.count),
g1 AS (INSERT INTO limit_counters (key, count, window_started_at)
    SELECT %(g1_counter_key_0)s::VARCHAR AS anon_6,
           %(param_4)s::INTEGER AS anon_7,
           %(g1_moment)s::TIMESTAMP WITHOUT TIME ZONE AS anon_8
    ON CONFLICT (key) DO UPDATE
    SET count = CASE WHEN (limit_counters.window_started_at <= %(g1_window_ended)s::TIMESTAMP WITHOUT TIME ZONE) THEN %(param_5)s::INTEGER ELSE limit_counters.count + %(count_2)s::INTEGER END, window_started_at = CASE WHEN (limit_counters.window_started_at <= %(g1_window_ended)s::TIMESTAMP WITHOUT TIME ZONE) THEN %(g1_moment)s::TIMESTAMP WITHOUT TIME ZONE ELSE limit_counters.window_started_at END
    RETURNING limit_counters.key,
              limit_counters.count)
SELECT g0.key,
       g0.count
FROM g0 UNION ALL
SELECT g1.key,
       g1.count
FROM g1;

WITH w0 AS (INSERT INTO otp_transactions (id, correlation_id, browser_session_id, journey_id, user_id, channel, destination, own_factor, code_hash, state, attempts, sends, resend_at, created_at, updated_at, expires_at)
    VALUES (%(w0_id)s::VARCHAR, %(w0_correlation_id)s::VARCHAR, %(w0_browser_session_id)s::INTEGER, %(w0_journey_id)s::INTEGER, %(w0_user_id)s::VARCHAR, %(w0_channel)s::VARCHAR, %(w0_destination)s::VARCHAR, %(w0_own_factor)s, %(w0_code_hash)s::VARCHAR, %(w0_state)s::VARCHAR, %(w0_attempts)s::INTEGER, %(w0_sends)s::INTEGER, %(w0_resend_at)s::TIMESTAMP WITHOUT TIME ZONE, %(w0_created_at)s::TIMESTAMP WITHOUT TIME ZONE, %(w0_updated_at)s::TIMESTAMP WITHOUT TIME ZONE, %(w0_expires_at)s::TIMESTAMP WITHOUT TIME ZONE)),
w1 AS (INSERT INTO outbox_messages (channel, "to", language, subject, body, code, created)
    VALUES (%(w1_channel)s::VARCHAR, %(w1_to)s::VARCHAR, %(w1_language)s::VARCHAR, %(w1_subject)s::VARCHAR, %(w1_body)s::VARCHAR, %(w1_code)s::VARCHAR, %(w1_created)s::TIMESTAMP WITHOUT TIME ZONE)
    RETURNING outbox_messages.id),
w2 AS (UPDATE journeys
    SET state=%(w2_state)s::VARCHAR, code_id=%(w2_code_id)s::VARCHAR, updated_at=%(w2_updated_at)s::TIMESTAMP WITHOUT TIME ZONE
    WHERE journeys.id = %(w2__pk0)s::INTEGER
    RETURNING 1)
SELECT (SELECT w1.id
    FROM w1) AS anon_1, (SELECT count(*) AS count_1
    FROM w2) AS anon_2;


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
FROM (SELECT %(param_1)s::INTEGER AS one) AS anon_1
LEFT OUTER JOIN browser_sessions ON browser_sessions.token_hash = %(token_hash)s::VARCHAR
LEFT OUTER JOIN devices ON devices.id = %(device_id)s::VARCHAR;

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
WHERE journeys.browser_session_id = %(browser_session_id)s::INTEGER
  AND journeys.flow = %(flow)s::VARCHAR
ORDER BY passkey_credentials_1.id;

SELECT limit_counters.key,
       limit_counters.count,
       limit_counters.blocked_until,
       limit_counters.window_started_at
FROM limit_counters
WHERE limit_counters.key IN (%(keys_1)s::VARCHAR, %(keys_2)s::VARCHAR);

UPDATE otp_transactions
SET attempts=(otp_transactions.attempts + %(attempts_1)s::INTEGER), updated_at=%(moment)s::TIMESTAMP WITHOUT TIME ZONE
WHERE otp_transactions.id = %(code_id)s::VARCHAR
RETURNING otp_transactions.attempts;

INSERT INTO limit_counters (key, count, window_started_at)
SELECT %(counter_key_0)s::VARCHAR AS anon_1,
       %(param_1)s::INTEGER AS anon_2,
       %(moment)s::TIMESTAMP WITHOUT TIME ZONE AS anon_3 UNION ALL
SELECT %(counter_key_1)s::VARCHAR AS anon_4,
       %(param_2)s::INTEGER AS anon_5,
       %(moment)s::TIMESTAMP WITHOUT TIME ZONE AS anon_3
ON CONFLICT (key) DO UPDATE
SET count = CASE WHEN (limit_counters.window_started_at <= %(window_ended)s::TIMESTAMP WITHOUT TIME ZONE) THEN %(param_3)s::INTEGER ELSE limit_counters.count + %(count_1)s::INTEGER END, window_started_at = CASE WHEN (limit_counters.window_started_at <= %(window_ended)s::TIMESTAMP WITHOUT TIME ZONE) THEN %(moment)s::TIMESTAMP WITHOUT TIME ZONE ELSE limit_counters.window_started_at END
RETURNING limit_counters.key,
          limit_counters.count;

INSERT INTO limit_counters (key, count, window_started_at)
VALUES (%(counter_key)s::VARCHAR, %(count)s::INTEGER, %(moment)s::TIMESTAMP WITHOUT TIME ZONE)
ON CONFLICT (key) DO UPDATE
SET count = (limit_counters.count + %(count_1)s::INTEGER)
RETURNING limit_counters.count;

INSERT INTO audit_events (at, user_id, browser_session_id, action, details, user_agent)
VALUES (%(at)s::TIMESTAMP WITHOUT TIME ZONE, %(user_id)s::VARCHAR, %(browser_session_id)s::INTEGER, %(action)s::VARCHAR, %(details)s::JSON, %(user_agent)s::VARCHAR)
RETURNING audit_events.id;

UPDATE otp_transactions
SET state=%(state)s::VARCHAR, updated_at=%(moment)s::TIMESTAMP WITHOUT TIME ZONE
WHERE otp_transactions.id = %(code_id)s::VARCHAR
  AND otp_transactions.state = %(state_1)s::VARCHAR
  AND otp_transactions.attempts < %(max_attempts)s::INTEGER
RETURNING otp_transactions.id;

WITH q0 AS (DELETE
    FROM limit_counters
    WHERE limit_counters.key IN (%(q0_cleared_keys_1)s::VARCHAR, %(q0_cleared_keys_2)s::VARCHAR)),
q1 AS (UPDATE interactions
    SET login_completed_at=%(q1_moment)s::TIMESTAMP WITHOUT TIME ZONE
    WHERE interactions.uid = (SELECT interactions.uid
        FROM interactions
        WHERE interactions.browser_session_id = %(q1_waiting_session_id)s::INTEGER
          AND interactions.expires_at > %(q1_moment)s::TIMESTAMP WITHOUT TIME ZONE
        ORDER BY interactions.created_at DESC
        LIMIT %(param_1)s::INTEGER)
    RETURNING interactions.uid),
w0 AS (INSERT INTO audit_events (at, user_id, browser_session_id, action, details, user_agent)
    VALUES (%(w0_at)s::TIMESTAMP WITHOUT TIME ZONE, %(w0_user_id)s::VARCHAR, %(w0_browser_session_id)s::INTEGER, %(w0_action)s::VARCHAR, %(w0_details)s::JSON, %(w0_user_agent)s::VARCHAR)
    RETURNING audit_events.id),
w1 AS (UPDATE browser_sessions
    SET token_hash=%(w1_token_hash)s::VARCHAR, last_seen_at=%(w1_last_seen_at)s::TIMESTAMP WITHOUT TIME ZONE, user_id=%(w1_user_id)s::VARCHAR, auth_time=%(w1_auth_time)s::TIMESTAMP WITHOUT TIME ZONE, amr=%(w1_amr)s::JSON, acr=%(w1_acr)s::VARCHAR
    WHERE browser_sessions.id = %(w1__pk0)s::INTEGER
    RETURNING 1),
w2 AS (UPDATE journeys
    SET state=%(w2_state)s::VARCHAR, proof=%(w2_proof)s::JSON, updated_at=%(w2_updated_at)s::TIMESTAMP WITHOUT TIME ZONE
    WHERE journeys.id = %(w2__pk0)s::INTEGER
    RETURNING 1),
w3 AS (UPDATE users
    SET preferred_method=%(w3_preferred_method)s::VARCHAR, updated_at=%(w3_updated_at)s::TIMESTAMP WITHOUT TIME ZONE
    WHERE users.id = %(w3__pk0)s::VARCHAR
    RETURNING 1)
SELECT (SELECT q1.uid
    FROM q1
    LIMIT %(param_2)s::INTEGER) AS anon_1, (SELECT w0.id
    FROM w0) AS anon_2, (SELECT count(*) AS count_1
    FROM w1) AS anon_3, (SELECT count(*) AS count_2
    FROM w2) AS anon_4, (SELECT count(*) AS count_3
    FROM w3) AS anon_5;
