"""Every setting of config/settings.toml, by section, with the rule its value must meet: the
one list of what may be set (a key the file holds that is not here stops start-up)."""

from __future__ import annotations

from idp.config.notify_table import NOTIFY
from idp.config.rules import (
    FLAG,
    NON_NEGATIVE_INT,
    PHONE_KINDS,
    POSITIVE_INT,
    TEXT,
    Rule,
    channel_counts_ok,
    countries_ok,
    names,
    networks_ok,
    one_of,
    phone_countries_ok,
    time_zone_ok,
)

SCHEMA: dict[str, dict[str, Rule]] = {
    "server": {
        "environment": one_of("development", "production"),
        "issuer": Rule(
            str,
            lambda v: v.startswith(("http://", "https://")) and not v.endswith("/"),
            "an http(s) URL without a trailing slash",
        ),
        "secret_key": TEXT,
        "max_request_bytes": Rule(int, lambda v: v >= 4096, "a whole number of bytes, 4096 or more"),
        "proxy_hops": NON_NEGATIVE_INT,
        "proxy_networks": Rule(str, networks_ok, "comma-separated CIDR networks, e.g. 10.0.0.0/8, ::1/128"),
        "hsts_max_age_seconds": NON_NEGATIVE_INT,
    },
    "database": {
        "connect_timeout_seconds": POSITIVE_INT,
        "sqlite_busy_timeout_seconds": POSITIVE_INT,
        "ping_connections_idle_ms": NON_NEGATIVE_INT,
        "statement_timeout_seconds": NON_NEGATIVE_INT,
        "transaction_pooling": FLAG,
    },
    "password": {
        "min_length": POSITIVE_INT,
        "max_length": POSITIVE_INT,
        "min_strength": Rule(int, lambda v: 0 <= v <= 4, "a zxcvbn score from 0 to 4"),
        "throttle_after": NON_NEGATIVE_INT,
        "throttle_base_seconds": POSITIVE_INT,
        "throttle_max_seconds": POSITIVE_INT,
        "max_failures_per_ip": POSITIVE_INT,
        "ip_window_seconds": POSITIVE_INT,
        "max_consecutive_failures": POSITIVE_INT,
        "argon2_time_cost": POSITIVE_INT,
        "argon2_memory_kib": Rule(int, lambda v: v >= 8192, "a number of KiB, 8192 or more"),
        "argon2_parallelism": POSITIVE_INT,
        "hash_niceness": Rule(int, lambda v: 0 <= v <= 19, "a niceness from 0 to 19"),
    },
    "otp": {
        "length": Rule(int, lambda v: 4 <= v <= 10, "a whole number from 4 to 10"),
        "expiry_seconds": POSITIVE_INT,
        "max_attempts": POSITIVE_INT,
        "resend_wait_seconds": NON_NEGATIVE_INT,
    },
    "limits": {
        "max_sends": POSITIVE_INT,
        "max_own_sends": POSITIVE_INT,
        "max_wrong_codes": POSITIVE_INT,
        "window_seconds": POSITIVE_INT,
        "block_seconds": POSITIVE_INT,
        "max_sends_per_ip": POSITIVE_INT,
        "proof_of_work_after_sends": NON_NEGATIVE_INT,
        "proof_of_work_max_number": Rule(
            int, lambda v: 1000 <= v <= 10_000_000, "a whole number from 1000 to 10000000"
        ),
        "proof_of_work_hard_max_number": Rule(
            int, lambda v: 1000 <= v <= 10_000_000, "a whole number from 1000 to 10000000"
        ),
        "max_phone_messages": POSITIVE_INT,
        "max_anonymous_phone_messages": POSITIVE_INT,
        "anonymous_phone_countries": Rule(
            str, phone_countries_ok, 'region:count pairs with a "*" for every other country, e.g. CA:200,US:20,*:5'
        ),
        "max_anonymous_phone_messages_per_range": POSITIVE_INT,
        "max_recovery_emails_per_day": POSITIVE_INT,
        "max_messages_per_destination_per_day": Rule(
            str, channel_counts_ok, "a count above 0 for each channel, e.g. email:40,sms:20,voice:10"
        ),
        "max_anonymous_messages_per_day": Rule(
            str, channel_counts_ok, "a count above 0 for each channel, e.g. email:5000,sms:1000,voice:500"
        ),
        "phone_messages_window_seconds": POSITIVE_INT,
    },
    "names": {
        "max_length": Rule(
            int, lambda v: 2 <= v <= 100, "a whole number from 2 to 100 (the database column holds 100)"
        ),
    },
    "phone": {
        "max_digits": Rule(int, lambda v: 8 <= v <= 20, "a whole number from 8 to 20"),
        "long_numbers": FLAG,
        "sms_countries": Rule(
            str, countries_ok, 'region codes in capitals, comma-separated (e.g. CA,US), or "*" for every country'
        ),
        "voice_countries": Rule(
            str, countries_ok, 'region codes in capitals, comma-separated (e.g. CA,US), or "*" for every country'
        ),
        "refused_types": Rule(
            str,
            lambda v: set(names(v)) <= set(PHONE_KINDS),
            "comma-separated kinds of numbers from " + ", ".join(PHONE_KINDS),
        ),
    },
    "profile": {
        "reauthentication_window_seconds": POSITIVE_INT,
        "lost_phone_wait_seconds": POSITIVE_INT,
        "account_reset_wait_seconds": POSITIVE_INT,
        "reset_after_cancel_seconds": NON_NEGATIVE_INT,
    },
    "methods": {
        "app_secret_key": TEXT,
        "app_drift_steps": Rule(int, lambda v: 0 <= v <= 2, "a whole number from 0 to 2"),
        "backup_codes": Rule(int, lambda v: 5 <= v <= 20, "a whole number from 5 to 20"),
        "backup_code_length": Rule(int, lambda v: 8 <= v <= 16, "a whole number from 8 to 16"),
        "backup_codes_low": NON_NEGATIVE_INT,
        "passkey_user_verification": one_of("required", "preferred", "discouraged"),
        "passkey_timeout_seconds": POSITIVE_INT,
    },
    "session": {
        "cookie_name": Rule(str, lambda v: v.isidentifier(), "letters, digits and underscores"),
        "idle_timeout_seconds": POSITIVE_INT,
        "absolute_timeout_seconds": POSITIVE_INT,
        "device_cookie_name": Rule(str, lambda v: v.isidentifier(), "letters, digits and underscores"),
        "device_lifetime_seconds": POSITIVE_INT,
    },
    "account": {
        "page_size": Rule(int, lambda v: 1 <= v <= 500, "a whole number from 1 to 500"),
        "time_zone": Rule(str, time_zone_ok, "an IANA time zone, e.g. America/Toronto"),
        "new_device_notice": FLAG,
        "activity_retention_days": Rule(int, lambda v: 30 <= v <= 3650, "a whole number of days from 30 to 3650"),
    },
    "oauth": {
        "authorization_code_lifetime_seconds": Rule(int, lambda v: 0 < v <= 60, "a whole number from 1 to 60"),
        "access_token_lifetime_seconds": POSITIVE_INT,
        "id_token_lifetime_seconds": POSITIVE_INT,
        "refresh_token_lifetime_seconds": POSITIVE_INT,
        "interaction_lifetime_seconds": POSITIVE_INT,
        "backchannel_logout_timeout_seconds": Rule(int, lambda v: 1 <= v <= 30, "a whole number from 1 to 30"),
    },
    "notify": NOTIFY,
    "outbound": {
        "deadline_seconds": Rule(int, lambda v: 1 <= v <= 20, "a whole number of seconds from 1 to 20"),
        "max_bytes": Rule(
            int, lambda v: 1024 <= v <= 10 * 1024 * 1024, "a whole number of bytes from 1024 to 10485760"
        ),
        "max_concurrent": POSITIVE_INT,
        "failure_memory_seconds": NON_NEGATIVE_INT,
        "allow_private_destinations": FLAG,
    },
    "queue": {
        "redis_url": Rule(
            str,
            lambda v: v == "" or v.startswith(("redis://", "rediss://", "unix://")),
            "empty or a redis://, rediss:// or unix:// URL",
        ),
        "timeout_seconds": POSITIVE_INT,
        "max_attempts": POSITIVE_INT,
        "retry_backoff_seconds": POSITIVE_INT,
        "failed_ttl_seconds": POSITIVE_INT,
        "concurrency": POSITIVE_INT,
        "heartbeat_seconds": Rule(int, lambda v: 1 <= v <= 60, "a whole number of seconds from 1 to 60"),
    },
    "metrics": {
        "allowed_networks": Rule(str, networks_ok, "comma-separated CIDR networks, e.g. 10.0.0.0/8, ::1/128"),
    },
    "housekeeping": {
        "keep_expired_seconds": POSITIVE_INT,
    },
    "console": {
        "allowed_networks": Rule(str, networks_ok, "comma-separated CIDR networks, e.g. 10.0.0.0/8, ::1/128"),
        "session_minutes": Rule(int, lambda v: 1 <= v <= 480, "a whole number of minutes from 1 to 480"),
        "report_max_days": Rule(int, lambda v: 1 <= v <= 3660, "a whole number of days from 1 to 3660"),
    },
    "insight": {
        "collect": FLAG,
        "raw_retention_days": Rule(int, lambda v: 1 <= v <= 90, "a whole number of days from 1 to 90"),
        "max_events_per_batch": Rule(int, lambda v: 1 <= v <= 500, "a whole number from 1 to 500"),
        "max_batches_per_address": POSITIVE_INT,
        "address_window_seconds": POSITIVE_INT,
        "max_batches_per_client_day": POSITIVE_INT,
    },
    "testmode": {
        "enabled": FLAG,
        "email": TEXT,
        "phone": TEXT,
        "code": Rule(str, str.isdigit, "digits only"),
        "password": TEXT,
        "first_name": TEXT,
        "last_name": TEXT,
        "prototype_url": TEXT,
    },
}
