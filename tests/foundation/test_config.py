"""Settings: defaults from config/settings.toml, IDP_* overrides, one clear line on error."""

import stat
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from idp import create_app
from idp.config import DEFAULT_SETTINGS_FILE, ConfigError, load_settings
from idp.config.production import database_url, secret_key
from idp.config.table import SCHEMA


def test_defaults_hold_the_specification_numbers():
    settings = load_settings(environ={})
    assert settings["password"]["min_length"] == 12
    assert settings["password"]["max_length"] == 65
    assert settings["otp"]["length"] == 6
    assert settings["otp"]["expiry_seconds"] == 600
    assert settings["otp"]["max_attempts"] == 4
    assert settings["otp"]["resend_wait_seconds"] == 10


def test_environment_variable_overrides_a_default():
    settings = load_settings(environ={"IDP_OTP_EXPIRY_SECONDS": "300"})
    assert settings["otp"]["expiry_seconds"] == 300


def test_boolean_override_accepts_true_and_false_words():
    assert load_settings(environ={"IDP_NOTIFY_SMTP_STARTTLS": "yes"})["notify"]["smtp_starttls"] is True
    assert load_settings(environ={"IDP_NOTIFY_SMTP_STARTTLS": "off"})["notify"]["smtp_starttls"] is False


@pytest.mark.parametrize(
    ("environ", "named"),
    [
        ({"IDP_OTP_EXPIRY_SECONDS": "ten"}, "IDP_OTP_EXPIRY_SECONDS"),
        ({"IDP_OTP_EXPIRY_SECONDS": "-5"}, "IDP_OTP_EXPIRY_SECONDS"),
        ({"IDP_PASSWORD_MIN_LENGTH": "0"}, "IDP_PASSWORD_MIN_LENGTH"),
        ({"IDP_SERVER_ENVIRONMENT": "staging"}, "IDP_SERVER_ENVIRONMENT"),
        ({"IDP_NOTIFY_SMTP_PORT": "70000"}, "IDP_NOTIFY_SMTP_PORT"),
        ({"IDP_NOTIFY_SMTP_STARTTLS": "maybe"}, "IDP_NOTIFY_SMTP_STARTTLS"),
        ({"IDP_SERVER_ISSUER": "localhost:5000"}, "IDP_SERVER_ISSUER"),
        ({"IDP_PASSWORD_MIN_LENGTH": "70"}, "IDP_PASSWORD_MIN_LENGTH"),
        # a day of messages for every channel, none of them 0
        (
            {"IDP_LIMITS_MAX_MESSAGES_PER_DESTINATION_PER_DAY": "email:40,sms:20"},
            "IDP_LIMITS_MAX_MESSAGES_PER_DESTINATION_PER_DAY",
        ),
        (
            {"IDP_LIMITS_MAX_ANONYMOUS_MESSAGES_PER_DAY": "email:0,sms:1000,voice:500"},
            "IDP_LIMITS_MAX_ANONYMOUS_MESSAGES_PER_DAY",
        ),
        ({"IDP_LIMITS_ANONYMOUS_PHONE_COUNTRIES": "CA:200,USA:20,*:5"}, "IDP_LIMITS_ANONYMOUS_PHONE_COUNTRIES"),
        # the numbers a text or a call may go to: region codes or "*", kinds phonenumbers names
        ({"IDP_PHONE_VOICE_COUNTRIES": "Canada"}, "IDP_PHONE_VOICE_COUNTRIES"),
        ({"IDP_PHONE_SMS_COUNTRIES": ""}, "IDP_PHONE_SMS_COUNTRIES"),
        ({"IDP_PHONE_REFUSED_TYPES": "premium,satellite"}, "IDP_PHONE_REFUSED_TYPES"),
    ],
)
def test_malformed_override_is_named_in_one_line(environ, named):
    with pytest.raises(ConfigError) as raised:
        load_settings(environ=environ)
    message = str(raised.value)
    assert named in message
    assert "\n" not in message


def test_proxies_without_the_networks_they_connect_from_are_refused():
    # without them, any client could write the address the service believes (tests/ops/test_forwarded_addresses.py)
    with pytest.raises(ConfigError, match="IDP_SERVER_PROXY_NETWORKS"):
        load_settings(environ={"IDP_SERVER_PROXY_HOPS": "1"})
    assert (
        load_settings(environ={"IDP_SERVER_PROXY_HOPS": "1", "IDP_SERVER_PROXY_NETWORKS": "10.0.0.0/24"})["server"][
            "proxy_hops"
        ]
        == 1
    )


def test_missing_setting_is_named(tmp_path: Path):
    broken = tmp_path / "settings.toml"
    broken.write_text(Path("config/settings.toml").read_text().replace("max_attempts = 4\n", ""))
    with pytest.raises(ConfigError, match=r"otp\.max_attempts is missing"):
        load_settings(settings_file=broken, environ={})


def test_wrongly_typed_value_in_the_file_is_named(tmp_path: Path):
    broken = tmp_path / "settings.toml"
    broken.write_text(Path("config/settings.toml").read_text().replace("\nlength = 6\n", '\nlength = "six"\n'))
    with pytest.raises(ConfigError, match=r"otp\.length in settings\.toml must be"):
        load_settings(settings_file=broken, environ={})


def test_unknown_setting_in_the_file_is_refused(tmp_path: Path):
    broken = tmp_path / "settings.toml"
    broken.write_text(Path("config/settings.toml").read_text() + "\n[otp_typo]\nlength = 6\n")
    with pytest.raises(ConfigError, match="unknown section"):
        load_settings(settings_file=broken, environ={})


def test_invalid_toml_is_reported_as_such(tmp_path: Path):
    broken = tmp_path / "settings.toml"
    broken.write_text("[otp\nlength = 6")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_settings(settings_file=broken, environ={})


def test_production_without_a_secret_key_does_not_start(monkeypatch, tmp_path):
    monkeypatch.setenv("IDP_INSTANCE_PATH", str(tmp_path))
    monkeypatch.setenv("IDP_SERVER_ENVIRONMENT", "production")
    monkeypatch.delenv("IDP_SERVER_SECRET_KEY", raising=False)
    with pytest.raises(ConfigError, match="IDP_SERVER_SECRET_KEY is required"):
        create_app()


def test_start_up_stops_on_a_bad_setting(monkeypatch, tmp_path):
    monkeypatch.setenv("IDP_INSTANCE_PATH", str(tmp_path))
    monkeypatch.setenv("IDP_OTP_LENGTH", "abc")
    with pytest.raises(ConfigError, match="IDP_OTP_LENGTH"):
        create_app()


def test_database_defaults_to_sqlite_in_the_instance_folder():
    assert database_url({}, "/srv/instance") == "sqlite:////srv/instance/idp.sqlite3"


@pytest.mark.parametrize("given", ["postgres://u@h/db", "postgresql://u@h/db"])
def test_postgres_urls_use_psycopg_3(given):
    assert database_url({"DATABASE_URL": given}, "/x") == "postgresql+psycopg://u@h/db"


def test_a_url_of_several_servers_names_each_as_libpq_takes_them():
    given = "postgresql://u:p@db1:5432,db2:5433/idp?target_session_attrs=read-write"
    assert (
        database_url({"DATABASE_URL": given}, "/x")
        == "postgresql+psycopg://u:p@/idp?host=db1%3A5432&host=db2%3A5433&target_session_attrs=read-write"
    )


def test_unsupported_database_url_is_refused():
    with pytest.raises(ConfigError, match="DATABASE_URL"):
        database_url({"DATABASE_URL": "mysql://u@h/db"}, "/x")


def _documented_keys() -> dict[str, str]:
    """Each key of settings.toml with the comment block above it, or above the run of keys
    it belongs to."""
    found, block, section, in_comment = {}, [], "", False
    for line in DEFAULT_SETTINGS_FILE.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line.startswith("["):
            section, block, in_comment = line.strip("[]"), [], False
        elif line.startswith("#"):
            block = block + [line] if in_comment else [line]
            in_comment = True
        elif "=" in line:
            found[f"{section}.{line.split('=')[0].strip()}"] = " ".join(block)
            in_comment = False
    return found


def test_every_setting_is_in_the_settings_file_with_a_comment_naming_its_default():
    documented = _documented_keys()
    for section, rules in SCHEMA.items():
        for key in rules:
            assert f"{section}.{key}" in documented, f"{section}.{key} is not in settings.toml"
            assert "Default" in documented[f"{section}.{key}"], f"{section}.{key} has no comment naming its default"


def test_the_policy_numbers_that_lived_in_code_are_settings():
    settings = load_settings(environ={})
    assert settings["names"]["max_length"] == 100
    assert settings["phone"]["max_digits"] == 15
    assert settings["profile"]["reauthentication_window_seconds"] == 600
    assert settings["password"]["max_consecutive_failures"] == 100
    assert (settings["password"]["argon2_time_cost"], settings["password"]["argon2_memory_kib"]) == (2, 19456)


def test_processes_starting_together_on_a_new_instance_keep_one_development_secret(tmp_path: Path):
    # each wrote the file in place, then made it private: one could read it empty, or half
    # written, and sign with a secret the others never knew
    settings = {"server": {"secret_key": ""}}
    start = threading.Barrier(8)

    def read(_):
        start.wait()
        return secret_key(settings, str(tmp_path))

    with ThreadPoolExecutor(8) as pool:
        secrets = set(pool.map(read, range(8)))
    assert len(secrets) == 1 and len(secrets.pop()) >= 32
    assert stat.S_IMODE((tmp_path / "secret_key").stat().st_mode) == 0o600
    assert [entry.name for entry in tmp_path.iterdir()] == ["secret_key"]
