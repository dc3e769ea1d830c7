"""Profile views under /v1/profile: the signed-in person comes from the server session only."""
from __future__ import annotations

from idp import sessions
from idp.api.blueprint import bp
from idp.api.envelope import ok
from idp.api.guard import text
from idp.api.services import request_language
from idp.flows import email_change, phone_change, profile


@bp.get("/profile")
def profile_read():
    return ok(profile.read(sessions.current(), request_language()))


@bp.post("/profile/name")
def profile_name():
    profile.change_name(sessions.current(), text("firstName", required=False), text("lastName", required=False))
    return ok({})


@bp.post("/profile/language")
def profile_language():
    profile.change_language(sessions.current(), text("language"))
    return ok({})


@bp.post("/profile/email/password")
def profile_email_password():
    return ok(email_change.verify_password(sessions.current(), text("password")))


@bp.post("/profile/email/code/send")
def profile_email_code_send():
    return ok(email_change.send_code(sessions.current(), text("otpType")))


@bp.post("/profile/email/code/verify")
def profile_email_code_verify():
    return ok(email_change.verify_code(sessions.current(), text("otp")))


@bp.post("/profile/email/new")
def profile_email_new():
    return ok(email_change.send_new_email_code(sessions.current(), text("email")))


@bp.post("/profile/email/new/verify")
def profile_email_new_verify():
    return ok(email_change.verify_new_email_code(sessions.current(), text("otp")))


@bp.post("/profile/email/confirm")
def profile_email_confirm():
    return ok(email_change.confirm(sessions.current()))


@bp.post("/profile/phone")
def profile_phone():
    return ok(phone_change.send_code(sessions.current(), text("phoneNumber", required=False), text("otpType")))


@bp.post("/profile/phone/verify")
def profile_phone_verify():
    return ok(phone_change.verify_code(sessions.current(), text("otp")))
