"""Message texts exist in both languages and render the values they are given."""

from __future__ import annotations

from pathlib import Path

import pytest

from idp import notify

MESSAGES = Path(notify.__file__).resolve().parent.parent / "templates" / "messages"


# Notices that must never carry a code.
CODELESS = (
    "account_exists",
    "email_in_use",
    "account_changed",
    "account_locked",
    "phone_replaced",
    "new_device",
    "account_deleted",
    "phone_reset_requested",
    "phone_reset_requested_text",
    "phone_reset_requested_voice",
    "phone_reset_cancelled",
    "phone_reset_done",
    "account_reset_requested",
    "account_reset_requested_text",
    "account_reset_requested_voice",
    "account_reset_cancelled",
    "reset_yielded_text",
    "reset_yielded_voice",
)


def _templates() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in MESSAGES.glob("*.txt"):
        name, language = path.stem.rsplit(".", 1)
        found.setdefault(name, set()).add(language)
    return found


def test_there_are_message_templates():
    assert {"signup_code", "account_exists", "signin_code", "phone_code", "voice_code"} <= set(_templates())


@pytest.mark.parametrize("name", sorted(_templates()))
def test_every_message_template_exists_in_english_and_french(name):
    assert _templates()[name] == set(notify.LANGUAGES)


@pytest.mark.parametrize("name", sorted(_templates()))
@pytest.mark.parametrize("language", notify.LANGUAGES)
def test_every_template_renders_its_code_and_expiry(app, name, language):
    with app.test_request_context():
        subject, body = notify.render(name, language, code="482915", minutes=10, change="name", ending="1234")
    if name in CODELESS:
        assert "482915" not in body
    else:
        assert "482915" in body.replace(", ", "")
        assert "10" in body
    if name in ("signup_code", "account_exists", "signin_code", "recovery_code", "email_change_code", "email_in_use"):
        assert subject


def test_the_voice_message_reads_the_digits_one_by_one(app):
    with app.test_request_context():
        _, body = notify.render("voice_code", "en", code="482915", minutes=10)
    assert "4, 8, 2, 9, 1, 5" in body


@pytest.mark.parametrize(
    "change",
    [
        "name",
        "email",
        "phone",
        "password",
        "app_added",
        "app_removed",
        "passkey_added",
        "passkey_removed",
        "backup_codes_created",
        "backup_removed",
        "phone_removed",
    ],
)
@pytest.mark.parametrize("language", notify.LANGUAGES)
def test_the_change_notice_names_the_change_and_says_what_to_do_if_it_was_not_you(app, change, language):
    with app.test_request_context():
        subject, body = notify.render("account_changed", language, change=change)
    assert subject
    assert ("If this wasn't you" if language == "en" else "Si ce n'était pas vous") in body
