"""Profile views under /v1/profile: the signed-in person comes from the server session only."""

from __future__ import annotations

from flask import request

from idp import sessions
from idp.api.blueprint import bp
from idp.api.envelope import ok
from idp.api.guard import answer, text
from idp.api.services import request_language
from idp.flows import (
    accounts,
    email_change,
    methods_change,
    password_change,
    phone_change,
    profile,
    reauthentication,
    resets,
)


@bp.get("/profile")
def profile_read():
    return ok(profile.read(sessions.current(), request_language()))


@bp.post("/profile/reset/cancel")
def profile_reset_cancel():
    browser_session = sessions.current()
    return ok(resets.cancel_signed_in(accounts.signed_in_user(browser_session), browser_session.id))


@bp.post("/profile/name")
def profile_name():
    profile.change_name(sessions.current(), text("firstName", required=False), text("lastName", required=False))
    return ok({})


@bp.post("/profile/language")
def profile_language():
    profile.change_language(sessions.current(), text("language"))
    return ok({})


@bp.post("/profile/<any(email,phone,password,methods,delete,download):change>/password")
def profile_reauthenticate_password(change: str):
    return ok(reauthentication.verify_password(sessions.current(), reauthentication.CHANGES[change], text("password")))


@bp.post("/profile/<any(email,phone,password,methods,delete,download):change>/code/send")
def profile_reauthenticate_code_send(change: str):
    return ok(reauthentication.send_code(sessions.current(), reauthentication.CHANGES[change], text("otpType")))


@bp.post("/profile/<any(email,phone,password,methods,delete,download):change>/code/verify")
def profile_reauthenticate_code_verify(change: str):
    return ok(reauthentication.verify_code(sessions.current(), reauthentication.CHANGES[change], answer()))


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


@bp.post("/profile/password/new")
def profile_password_new():
    return ok(password_change.set_password(sessions.current(), text("password")))


@bp.get("/profile/methods")
def profile_methods():
    return ok(methods_change.summary(sessions.current(), request_language()))


@bp.post("/profile/methods/app")
def profile_methods_app():
    return ok(methods_change.start_app(sessions.current()))


@bp.post("/profile/methods/app/confirm")
def profile_methods_app_confirm():
    return ok(methods_change.confirm_app(sessions.current(), text("otp")))


@bp.post("/profile/methods/backup-codes")
def profile_methods_backup_codes():
    return ok(methods_change.create_backup_codes(sessions.current()))


@bp.post("/profile/methods/passkey")
def profile_methods_passkey():
    return ok(methods_change.start_passkey(sessions.current()))


@bp.post("/profile/methods/passkey/register")
def profile_methods_passkey_register():
    return ok(methods_change.register_passkey(sessions.current(), answer(), text("name")))


@bp.post("/profile/methods/remove")
def profile_methods_remove():
    passkey_id = request.get_json().get("id")
    return ok(
        methods_change.remove(sessions.current(), text("method"), passkey_id if isinstance(passkey_id, int) else None)
    )
