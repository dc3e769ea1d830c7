"""Sign-in views: /v1/otp/users/login, /v1/otp/otp/send, /v1/otp/otp/verify; with a passkey from the
first screen (/v1/signin/passkey/*); "I no longer have this phone" (/v1/otp/lostphone/*) and the
cancel link of the notices of a reset (/v1/resets/cancel)."""

from __future__ import annotations

from flask import request

from idp import sessions
from idp.api.blueprint import bp
from idp.api.browser import finish, session_id
from idp.api.envelope import ok
from idp.api.guard import answer, text
from idp.errors import Errors, FlowError
from idp.flows import passkey_signin, resets, signin
from idp.flows.accounts import Completed


def _finished_or(answer):
    return finish(answer) if isinstance(answer, Completed) else answer


@bp.post("/otp/users/login")
def users_login():
    browser_session = sessions.current(create=True)
    after_passkey = request.get_json().get("afterPasskey") is True
    return ok(
        _finished_or(
            signin.login(
                browser_session.id,
                text("userName"),
                text("password"),
                text("next", required=False) or None,
                after_passkey,
            )
        )
    )


@bp.post("/signin/passkey/options")
def passkey_options():
    return ok(passkey_signin.options(sessions.current(create=True).id))


@bp.post("/signin/passkey/verify")
def passkey_verify():
    credential = answer()
    if not isinstance(credential, dict):
        raise FlowError(Errors.BAD_REQUEST, data={"field": "credential"})
    return ok(_finished_or(passkey_signin.verify(session_id(), credential, text("next", required=False) or None)))


@bp.post("/otp/otp/send")
def otp_send():
    # The browser's "phone" is only what it shows; the code goes to the phone on the account.
    text("phone", required=False)
    return ok(signin.send_code(session_id(), text("userName"), text("otpType")))


@bp.post("/otp/otp/verify")
def otp_verify():
    completed = signin.verify_code(
        session_id(), text("userName"), text("otpType"), answer(), text("trxnId", required=False) or None
    )
    return ok(finish(completed))


@bp.post("/otp/lostphone/send")
def lost_phone_send():
    return ok(signin.send_lost_phone_code(session_id(), text("userName")))


@bp.post("/otp/lostphone/verify")
def lost_phone_verify():
    return ok(
        signin.verify_lost_phone_code(
            session_id(), text("userName"), text("otp"), text("trxnId", required=False) or None
        )
    )


@bp.post("/resets/cancel")
def reset_cancel():
    # the token of the notices' link: the page carries it in its fragment, never in an address
    return ok(resets.cancel_by_link(session_id(), text("token")))
