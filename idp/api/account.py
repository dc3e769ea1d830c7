"""Account pages' views under /v1/account: the person comes from the server session only."""

from __future__ import annotations

from flask import request

from idp import sessions
from idp.account import activity, deletion, information
from idp.account import services as connected
from idp.account import sessions as signed_in
from idp.api.blueprint import bp
from idp.api.envelope import ok
from idp.api.guard import text
from idp.api.services import request_language


@bp.get("/account/sessions")
def account_sessions():
    return ok(signed_in.listed(sessions.current(), request.args.get("after"), request_language()))


@bp.post("/account/sessions/end")
def account_session_end():
    return ok({"ended": signed_in.end_one(sessions.current(), text("session"))})


@bp.post("/account/sessions/end-others")
def account_sessions_end_others():
    return ok({"ended": signed_in.end_others(sessions.current())})


@bp.get("/account/services")
def account_services():
    return ok(connected.listed(sessions.current(), request_language()))


@bp.post("/account/services/disconnect")
def account_service_disconnect():
    return ok({"revoked": connected.disconnect(sessions.current(), text("service"))})


@bp.get("/account/activity")
def account_activity():
    return ok(activity.listed(sessions.current(), request.args.get("after"), request_language()))


@bp.post("/account/activity/not-me")
def account_activity_not_me():
    return ok({"ended": activity.not_me(sessions.current(), text("event"))})


@bp.post("/account/delete")
def account_delete():
    return ok(deletion.delete_account(sessions.current()))


@bp.post("/account/information")
def account_information():
    return ok(information.download(sessions.current(), request_language()))
