"""Domain errors carry a stable catalogue code; the UI owns the words in each language.

Codes 1-13 are the specification's; 14 and up were added for situations it does not
name. The list below is the contract between idp/flows, idp/api and login-ui.
"""
from __future__ import annotations

CATALOGUE: dict[str, str] = {
    "1": "Error summary heading: there was a problem",
    "2": "Invalid e-mail address",
    "3": "A code must be six digits",
    "5": "Password length wrong (with data.pwdMinLength and data.pwdMaxLength)",
    "7": "Server error, try again later",
    "8": "Phone number has the wrong number of digits (with data.digits)",
    "10": "Phone number required",
    "11": "Invalid name / last name required",
    "14": "Code does not match",
    "15": "Code expired: request a new one",
    "16": "Too many wrong codes for this code: request a new one",
    "17": "Too many codes sent or tried: wait (data.retryAfter seconds) and try again",
    "18": "Too many wrong passwords: password sign-in locked for a while (data.retryAfter)",
    "19": "E-mail address or password incorrect",
    "20": "This step is not available now: start again",
    "21": "Password too easy to guess (data.reason: common | sequence | repeat | personal | weak)",
    "22": "Phone number not valid for the chosen country",
    "23": "The request could not be understood (not JSON, missing or malformed field)",
    "24": "Request refused: it did not come from this site",
    "25": "We could not send the message: try again",
    "26": "Choose a verification method: sms, voice or email",
    "27": "Choose a language: English or French",
    "28": "Name too long (data.maxLength)",
    "29": "You need to be signed in",
    "30": "Nothing found at this address",
    "31": "An account already exists for this e-mail address: sign in instead",
    "32": "The new e-mail address is the one the account already has",
    "33": "Password recovery needs the verified phone of the account: contact the help desk",
}


class FlowError(Exception):
    """A rule of a flow was not met. status is the HTTP status the API answers with."""

    def __init__(self, code: str, status: int = 400, data: dict | None = None):
        if code not in CATALOGUE:
            raise ValueError(f"unknown catalogue code {code}")
        super().__init__(f"{code}: {CATALOGUE[code]}")
        self.code = code
        self.status = status
        self.data = data or {}
