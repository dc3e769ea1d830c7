"""Password recovery views under /v1/recovery (the UI's "I forgot my password")."""

from __future__ import annotations

from idp import i18n, sessions
from idp.account import deletion
from idp.api.blueprint import bp
from idp.api.browser import finish, session_id
from idp.api.envelope import ok
from idp.api.guard import answer, text
from idp.flows import recovery, validation


@bp.post("/recovery/send")
def recovery_send():
    language = text("language", required=False)
    language = validation.language(language) if language else i18n.from_browser()
    browser_session = sessions.current(create=True)
    return ok(recovery.send_email_code(browser_session.id, text("userName"), language))


@bp.post("/recovery/verify")
def recovery_verify():
    return ok(recovery.verify_email_code(session_id(), text("otp")))


@bp.post("/recovery/code/send")
def recovery_code_send():
    return ok(recovery.send_code(session_id(), text("otpType")))


@bp.post("/recovery/code/verify")
def recovery_code_verify():
    return ok(recovery.verify_code(session_id(), answer()))


@bp.post("/recovery/password")
def recovery_password():
    return ok(finish(recovery.set_password(sessions.current(), text("password"))))


@bp.post("/recovery/accountreset")
def recovery_account_reset():
    return ok(recovery.request_account_reset(session_id()))


@bp.post("/recovery/accountreset/delete")
def recovery_account_reset_delete():
    return ok(deletion.delete_after_reset(sessions.current()))
