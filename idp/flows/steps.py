"""The names of the journeys: each flow, the states it passes through and the events that move
it (journey.py holds which event may happen from which state, and what it leads to)."""

from __future__ import annotations

from enum import StrEnum


class Flow(StrEnum):
    SIGNUP = "signup"
    SIGNIN = "signin"
    RECOVERY = "recovery"
    EMAIL_CHANGE = "email_change"
    PHONE_CHANGE = "phone_change"
    PASSWORD_CHANGE = "password_change"
    METHODS = "methods"
    # The account pages' steps that need proof that it is you (idp/account/).
    ACCOUNT_DELETION = "account_deletion"
    INFORMATION = "information"
    # A sign-in from the first screen with a passkey that finds the account (passkey_signin.py).
    PASSKEY = "passkey"


class State(StrEnum):
    # No row yet, or a row wiped by an event that starts the journey again.
    START = "START"
    PRIVACY_ACCEPTED = "PRIVACY_ACCEPTED"
    PASSWORD_VERIFIED = "PASSWORD_VERIFIED"
    EMAIL_CODE_SENT = "EMAIL_CODE_SENT"
    EMAIL_VERIFIED = "EMAIL_VERIFIED"
    ACCOUNT_CREATED = "ACCOUNT_CREATED"
    PHONE_CODE_SENT = "PHONE_CODE_SENT"
    PHONE_VERIFIED = "PHONE_VERIFIED"
    # The second factor asked: a code sent (by text, call or e-mail), or a method the
    # person holds chosen (an app, a backup code, a passkey).
    CODE_SENT = "CODE_SENT"
    METHOD_CHOSEN = "METHOD_CHOSEN"
    SECOND_FACTOR_VERIFIED = "SECOND_FACTOR_VERIFIED"
    # "I no longer have this phone": a code to the address, then the phone's removal asked
    # (idp/flows/lost_phone.py).
    LOST_PHONE_CODE_SENT = "LOST_PHONE_CODE_SENT"
    PHONE_RESET_REQUESTED = "PHONE_RESET_REQUESTED"
    # Recovery of an account that never had a second factor: its address is all there is.
    NO_SECOND_FACTOR = "NO_SECOND_FACTOR"
    # Recovery of a complete account whose lost phone was removed: its address proved, and no
    # other way in left to prove, so the password is not its to set; it may ask the deletion.
    ADDRESS_ONLY = "ADDRESS_ONLY"
    # The account's deletion asked by whoever can prove nothing but the address (resets.py);
    # once due, a new address code leads to it, and it is done.
    ACCOUNT_RESET_REQUESTED = "ACCOUNT_RESET_REQUESTED"
    ACCOUNT_RESET_DUE = "ACCOUNT_RESET_DUE"
    ACCOUNT_DELETED = "ACCOUNT_DELETED"
    # The password and a code to a current factor, just now: a factor may change.
    REAUTHENTICATED = "REAUTHENTICATED"
    NEW_EMAIL_CODE_SENT = "NEW_EMAIL_CODE_SENT"
    NEW_EMAIL_VERIFIED = "NEW_EMAIL_VERIFIED"
    APP_PENDING = "APP_PENDING"
    PASSKEY_PENDING = "PASSKEY_PENDING"
    COMPLETED = "COMPLETED"


class Event(StrEnum):
    ACCEPT_PRIVACY = "accept_privacy"
    SEND_EMAIL_CODE = "send_email_code"
    VERIFY_EMAIL_CODE = "verify_email_code"
    CREATE_ACCOUNT = "create_account"
    SEND_PHONE_CODE = "send_phone_code"
    VERIFY_PHONE_CODE = "verify_phone_code"
    COMPLETE_PROFILE = "complete_profile"
    RESUME_AT_PHONE = "resume_at_phone"
    RESUME_AT_NAME = "resume_at_name"
    VERIFY_PASSWORD = "verify_password"
    SEND_CODE = "send_code"
    CHOOSE_METHOD = "choose_method"
    VERIFY_CODE = "verify_code"
    VERIFY_METHOD = "verify_method"
    VERIFY_EMAIL_CODE_NO_FACTOR = "verify_email_code_no_factor"
    VERIFY_EMAIL_CODE_ADDRESS_ONLY = "verify_email_code_address_only"
    VERIFY_EMAIL_CODE_RESET_DUE = "verify_email_code_reset_due"
    REQUEST_ACCOUNT_RESET = "request_account_reset"
    SEND_LOST_PHONE_CODE = "send_lost_phone_code"
    VERIFY_LOST_PHONE_CODE = "verify_lost_phone_code"
    SEND_NEW_EMAIL_CODE = "send_new_email_code"
    VERIFY_NEW_EMAIL_CODE = "verify_new_email_code"
    CONFIRM_EMAIL = "confirm_email"
    SET_PASSWORD = "set_password"
    SIGNED_UP = "signed_up"
    SIGNED_IN_FOR_A_PASSKEY = "signed_in_for_a_passkey"
    START_APP = "start_app"
    CONFIRM_APP = "confirm_app"
    START_PASSKEY = "start_passkey"
    REGISTER_PASSKEY = "register_passkey"
    CREATE_BACKUP_CODES = "create_backup_codes"
    REMOVE_METHOD = "remove_method"
    DELETE_ACCOUNT = "delete_account"
    DOWNLOAD_INFORMATION = "download_information"
    ASK_PASSKEY = "ask_passkey"
    # A passkey that verified its user signs in alone; one that did not holds the second factor
    # until the password (VERIFY_PASSWORD) of its account.
    SIGN_IN_WITH_PASSKEY = "sign_in_with_passkey"
    HOLD_PASSKEY = "hold_passkey"
