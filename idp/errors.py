"""Named errors: each carries a stable catalogue code and the HTTP status it answers with.

The wire format is the specification's: `message` is the numeric code as a string
("20"), and the UI owns the words in each language. Codes 1-13 are the
specification's; 14 and up were added for situations it does not name. This table is
the contract between idp/flows, idp/api and login-ui, whose
src/i18n/errorCodes.json is generated from it (`python -m idp.errors`).
"""

from __future__ import annotations

import json
from enum import Enum


class Errors(Enum):
    """What went wrong, as (catalogue code, HTTP status, meaning)."""

    INVALID_EMAIL = ("2", 400, "Invalid e-mail address (data.reason: at | characters | domain | length)")
    INVALID_CODE_FORMAT = ("3", 400, "A code must be otp.length digits")
    PASSWORD_LENGTH = ("5", 400, "Password length wrong (with data.pwdMinLength and data.pwdMaxLength)")
    SERVER_ERROR = ("7", 500, "Server error, try again later")
    PHONE_DIGITS = ("8", 400, "Phone number has the wrong number of digits (with data.digits)")
    PHONE_REQUIRED = ("10", 400, "Phone number required")
    INVALID_NAME = ("11", 400, "Invalid name (data.reason: invalid) or last name required (data.reason: required)")
    WRONG_CODE = ("14", 400, "Code does not match (data.retries left)")
    CODE_EXPIRED = ("15", 400, "Code expired: request a new one")
    CODE_USED_UP = ("16", 400, "Too many wrong codes for this code: request a new one")
    TOO_MANY_CODES = ("17", 429, "Too many codes sent or tried: wait (data.retryAfter seconds) and try again")
    TOO_MANY_PASSWORD_TRIES = (
        "18",
        429,
        "Too many wrong passwords from here: wait data.retryAfter seconds and try again",
    )
    WRONG_CREDENTIALS = ("19", 401, "E-mail address or password incorrect")
    # The browser holds its session, but its journey is at another step than this page: another
    # tab or window of the browser moved it on (or took it over by starting again).
    STEP_OUT_OF_ORDER = (
        "20",
        409,
        "This journey went on in another tab or window: continue there, or start again here",
    )
    PASSWORD_TOO_EASY = (
        "21",
        400,
        "Password too easy to guess (data.reason: common | sequence | repeat | personal | weak)",
    )
    INVALID_PHONE = ("22", 400, "Phone number not valid for the chosen country")
    BAD_REQUEST = ("23", 400, "The request could not be understood (missing or malformed field)")
    NOT_JSON = ("23", 415, "The request body is not JSON")
    TOO_LARGE = ("23", 413, "The request body is too large")
    METHOD_NOT_ALLOWED = ("23", 405, "This address does not take that method")
    CROSS_SITE = ("24", 403, "Request refused: it did not come from this site")
    DELIVERY_FAILED = ("25", 503, "We could not send the message: try again")
    CHOOSE_METHOD = ("26", 400, "Choose a verification method: sms, voice or email")
    CHOOSE_LANGUAGE = ("27", 400, "Choose a language: English or French")
    NAME_TOO_LONG = ("28", 400, "Name too long (data.maxLength)")
    SIGN_IN_REQUIRED = ("29", 401, "You need to be signed in")
    NOT_FOUND = ("30", 404, "Nothing found at this address")
    ACCOUNT_EXISTS = ("31", 409, "An account already exists for this e-mail address: sign in instead")
    SAME_EMAIL = ("32", 400, "The new e-mail address is the one the account already has")
    RESEND_TOO_SOON = ("34", 429, "A new code cannot be sent yet (data.retryAfter seconds)")
    SERVICE_UNAVAILABLE = (
        "35",
        503,
        "The service cannot reach its database: nothing was changed, try again in a moment",
    )
    REAUTHENTICATION_EXPIRED = (
        "36",
        409,
        "The password and code were given too long ago for this change: confirm it is you again",
    )
    ACCOUNT_NEEDS_RECOVERY = (
        "37",
        403,
        "Too many failed attempts on this account: it must be recovered (I forgot my password)",
    )
    PHONE_SENDING_PAUSED = ("38", 503, "Codes by text message and call are paused for a while: try again later")
    PASSKEY_FAILED = ("39", 400, "The passkey did not answer as one of this account's: try again or choose another way")
    LAST_STRONG_METHOD = ("40", 409, "This is the only way left to prove it is you: add another one first")
    PASSKEY_NAME = ("41", 400, "Give the passkey a name of at most data.maxLength characters")
    BACKUP_CODE_USED = ("42", 400, "This backup code was already used (data.remaining: unused codes left)")
    PROOF_OF_WORK_REQUIRED = ("43", 428, "Solve data.challenge (ALTCHA) and send the answer in X-Proof-Of-Work")
    NEW_PASSWORD_REQUIRED = (
        "44",
        403,
        "The password was right, but the account must set a new one first (I forgot my password)",
    )
    # Why a page's journey or a signed-in page has no session (idp/sessions: why_absent).
    PAGE_EXPIRED = ("45", 401, "The page expired: a session ends after data.minutes minutes without use; start again")
    SESSION_LOST = (
        "46",
        401,
        "The browser sent no session: its cookies were cleared or are blocked; allow them and start again",
    )
    LOST_PHONE_NOT_OFFERED = (
        "47",
        409,
        "Removing a lost phone is only for an account whose one way to prove it is them is that phone: "
        "use another of your methods",
    )
    PHONE_RESET_LINK_INVALID = (
        "48",
        404,
        "This link no longer cancels anything: it was used, the phone was already removed or the account "
        "deleted, or it is not a link we sent",
    )
    # limits.max_messages_per_destination_per_day, told where nothing it says can reveal an account
    DESTINATION_DAY_SPENT = (
        "50",
        429,
        "No more codes can go to this address or number today (data.channel): another way, "
        "or wait data.retryAfter seconds",
    )
    # limits.max_anonymous_messages_per_day's e-mails, until midnight UTC
    EMAIL_SENDING_PAUSED = (
        "51",
        503,
        "Codes by e-mail to addresses not yet proved are paused until the day ends (data.retryAfter seconds)",
    )
    # [phone]: sms_countries, voice_countries, refused_types
    PHONE_NUMBER_REFUSED = (
        "52",
        400,
        "No text or call goes to this number by data.channel: data.reason country "
        "(data.countries: those served) or its kind (premium_rate, shared_cost, satellite, uan, "
        "personal_number, pager, voip...)",
    )
    # idp/flows/resets.py: the owner cancelled a reset lately (profile.reset_after_cancel_seconds).
    RESET_NEEDS_HELP_DESK = (
        "55",
        409,
        "The owner of this account cancelled such a request lately: only the help desk can help now",
    )
    RESET_WAITING = (
        "56",
        409,
        "A removal of the phone or a deletion of this account already waits "
        "(data.kind, data.effectiveAt, data.when: en, fr)",
    )
    RESET_NO_LONGER_WAITS = (
        "57",
        409,
        "The account's deletion was cancelled by its owner since the code: nothing was deleted",
    )
    # idp/flows/passkey_signin.py: a passkey the device still offers after its removal (another tab)
    PASSKEY_UNKNOWN = (
        "58",
        400,
        "This passkey is not on any account (it may have been removed): "
        "sign in with your e-mail and password, or another passkey",
    )

    def __init__(self, code: str, status: int, meaning: str):
        self.code, self.status, self.meaning = code, status, meaning


class FlowError(Exception):
    """A rule was not met: the API answers error.status with the envelope {success: false,
    message: error.code, data}."""

    def __init__(self, error: Errors, data: dict | None = None):
        super().__init__(f"{error.name} ({error.code}): {error.meaning}")
        self.error = error
        self.code = error.code
        self.status = error.status
        self.data = data or {}


def ui_codes() -> dict[str, str]:
    """The names the UI uses, with their wire codes (login-ui/src/i18n/errorCodes.json)."""
    return {error.name: error.code for error in Errors}


if __name__ == "__main__":
    print(json.dumps(ui_codes(), indent=2))
