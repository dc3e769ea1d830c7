"""Sign-up views: /v1/signup/privacy, /v1/otp/transient_otp/*, /v1/users/create, /v1/users/createcoreprofile."""

from __future__ import annotations

from idp import i18n, sessions
from idp.api.blueprint import bp
from idp.api.browser import finish, session_id
from idp.api.envelope import ok
from idp.api.guard import text
from idp.flows import signup, validation
from idp.flows.accounts import Completed


@bp.post("/signup/privacy")
def signup_privacy():
    return ok(signup.accept_privacy(sessions.current(create=True).id))


@bp.post("/otp/transient_otp/send")
def transient_otp_send():
    channel = validation.channel(text("otpType"))
    if channel == "email":
        language = text("language", required=False)
        language = validation.language(language) if language else i18n.from_browser()
        return ok(signup.send_email_code(session_id(), text("userName"), language))
    return ok(signup.send_phone_code(session_id(), text("userName"), channel, text("phoneNumber", required=False)))


@bp.post("/otp/transient_otp/verify")
def transient_otp_verify():
    channel = validation.channel(text("otpType"))
    if channel == "email":
        return ok(signup.verify_email_code(session_id(), text("userName"), text("otp"), text("trxnId")))
    verified = signup.verify_phone_code(session_id(), text("userName"), channel, text("otp"), text("trxnId"))
    return ok(finish(verified) if isinstance(verified, Completed) else verified)


@bp.post("/users/create")
def users_create():
    return ok(signup.create_account(session_id(), text("userName"), text("password"), text("trxnId")))


@bp.post("/users/createcoreprofile")
def users_create_core_profile():
    completed = signup.complete_profile(
        session_id(),
        text("userName"),
        text("id"),
        text("firstName", required=False),
        text("lastName", required=False),
        text("language"),
    )
    return ok(finish(completed))
