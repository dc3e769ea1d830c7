"""The specification's section 5, enforced by the server with the same catalogue codes."""

from __future__ import annotations

import pytest

from tests.support.journeys import EMAIL


@pytest.mark.parametrize(
    "email, code",
    [
        ("jeanne@example.ca", None),
        ("j.e_a%n+n-e@sub.example.gc.ca", None),
        ("", "2"),
        ("jeanne", "2"),
        ("jeanne@example", "2"),
        ("jeanne@example.c", "2"),
        ("jeanne@example.c4", "2"),
        ("jean ne@example.ca", "2"),
        ("jeanne!@example.ca", "2"),
        ("a" * 250 + "@example.ca", "2"),
    ],
)
def test_email_pattern(signup, email, code):
    response = signup.send_email(email=email)
    assert response.json["message"] == (code or "")
    assert response.status_code == (400 if code else 200)


@pytest.mark.parametrize("otp", ["12345", "1234567", "abcdef", "12 456", "", "١٢٣٤٥٦"])
def test_a_code_must_have_the_configured_number_of_digits(signup, otp):
    signup.send_email()
    response = (
        signup.verify_email(code=otp)
        if otp
        else signup.post("/otp/transient_otp/verify", userName=EMAIL, otpType="email", otp="", trxnId=signup.email_trxn)
    )
    assert (response.status_code, response.json["message"]) == (400, "3")


@pytest.mark.parametrize(
    "password, code, reason",
    [
        ("Short-1a", "5", None),
        ("x" * 66, "5", None),
        ("password1234", "21", "breached"),
        ("aaaaaaaaaaaaaaaa", "21", "repeat"),
        ("abcdefghijklmnop", "21", "sequence"),
        ("jeanne.tremblay1", "21", "personal"),
    ],
)
def test_password_policy(signup, password, code, reason):
    signup.through("verify_email")
    response = signup.create(password=password)
    assert (response.status_code, response.json["message"]) == (400, code)
    if code == "5":
        assert response.json["data"] == {"pwdMinLength": 12, "pwdMaxLength": 65}
    else:
        assert response.json["data"]["reason"] == reason


def test_a_long_strong_password_of_the_maximum_length_is_accepted(signup):
    signup.through("verify_email")
    assert signup.create(password="Tr0ubad0r-Horse-Staple-" + "q7Zp" * 10 + "xy").status_code == 200


@pytest.mark.parametrize(
    "phone, code, data",
    [
        ("", "10", {}),
        ("+1613234567", "8", {"digits": 10}),
        ("+161323456789", "8", {"digits": 10}),
        ("+3361234567", "8", {"digits": 9}),
        ("+16131234567", "22", {}),
        ("+999123456", "22", {}),
        ("6132345678", "22", {}),
        ("+1613234567x8", "22", {}),
        ("+1234567890123456", "8", {"digits": 10}),
    ],
)
def test_phone_number(signup, phone, code, data):
    signup.through("create")
    response = signup.send_phone(phone=phone)
    assert (response.status_code, response.json["message"], response.json["data"]) == (400, code, data)


@pytest.mark.parametrize("phone", ["+16132345678", "+33612345678", "+61412345678"])
def test_valid_phone_numbers_of_several_countries_are_accepted(app, signup, phone, monkeypatch):
    # a service that texts every country ([phone]: tests/api/test_phone_numbers.py)
    monkeypatch.setitem(app.config["IDP"]["phone"], "sms_countries", "*")
    signup.through("create")
    assert signup.send_phone(phone=phone).status_code == 200


@pytest.mark.parametrize(
    "first, last, code, field",
    [
        ("Jeanne", "", "11", "lastName"),
        ("Jeanne", "T", "11", "lastName"),
        ("J", "Tremblay", "11", "firstName"),
        ("Jeanne", "Tremblay3", "11", "lastName"),
        ("Jeanne", "<script>", "11", "lastName"),
        ("Jeanne", "x" * 101, "28", "lastName"),
        ("x" * 101, "Tremblay", "28", "firstName"),
    ],
)
def test_invalid_names(signup, first, last, code, field):
    signup.through("verify_phone")
    response = signup.profile(first_name=first, last_name=last)
    assert (response.status_code, response.json["message"], response.json["data"]["field"]) == (400, code, field)


@pytest.mark.parametrize(
    "first, last",
    [("Éloïse", "Côté-Lefèbvre"), ("Jean Marc", "O'Neil"), ("Zoë", "D’Amours"), ("Ana_Maria", "Ng"), ("", "x" * 100)],
)
def test_valid_names(signup, first, last):
    signup.through("verify_phone")
    assert signup.profile(first_name=first, last_name=last).status_code == 200


@pytest.mark.parametrize("language", ["english", "EN", "de", ""])
def test_the_language_must_be_english_or_french(signup, language):
    signup.through("verify_phone")
    response = signup.profile(language=language)
    assert (response.status_code, response.json["message"]) == (400, "27")


@pytest.mark.parametrize("otp_type", ["fax", "EMAIL", ""])
def test_the_channel_must_be_email_sms_or_voice(signup, otp_type):
    response = signup.post("/otp/transient_otp/send", userName=EMAIL, otpType=otp_type)
    assert (response.status_code, response.json["message"]) == (400, "26")
