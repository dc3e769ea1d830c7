"""The browser as the views need it: the session id for the flows, who is asking, and the
end of a flow that signs the browser in."""

from flask import after_this_request, current_app, g, request

from idp import cookies, sessions
from idp.account import notices
from idp.api.blueprint import bp
from idp.extensions import db
from idp.flows import proof, screens, signin, testmode
from idp.flows.accounts import Completed
from idp.flows.steps import Flow
from idp.models import AuditEvent, BrowserSession, Device, Journey, OutboxMessage, User
from idp.sessions import devices, requester
from idp.sessions.interaction import complete_login, where_next
from idp.store import audit, writes


def session_id() -> int | None:
    browser_session = sessions.current()
    return browser_session.id if browser_session else None


def _set_device_cookie(value: str) -> None:
    settings = current_app.config["IDP"]["session"]

    @after_this_request
    def remember_device(response):
        cookies.write_cookie(response, settings["device_cookie_name"], value, settings["device_lifetime_seconds"])
        return response


@bp.before_request
def who_is_asking():
    cookie = cookies.host_cookie(current_app.config["IDP"]["session"]["device_cookie_name"])
    device_token = request.cookies.get(cookie)
    upgraded = devices.upgrade_legacy(device_token, request.user_agent.string)
    if upgraded:
        db.session.commit()
        _set_device_cookie(upgraded)
        device_token = upgraded
    g.requester = requester.use(
        requester.Requester(
            ip=request.remote_addr or "unknown",
            device_token=device_token,
            proof_of_work=request.headers.get(proof.HEADER),
        )
    )


@bp.teardown_request
def forget_who_asked(error=None):
    token = g.pop("requester", None)
    if token is not None:
        requester.reset(token)


def finish(completed: Completed) -> dict:
    """The last step of a flow: sign the browser in, hand off to a waiting relying service
    (or the profile home, in the person's language) in one commit, and make the browser a
    trusted device of the account. An account whose sign-up stopped goes on with it instead.
    The sample person of test mode also gets the design prototype's link."""
    if not completed.signs_in:
        db.session.commit()
        return {"journey": screens.view(completed.journey)}
    browser_session = sessions.current()
    sessions.authenticate(browser_session, completed.user.id, amr=completed.proof.amr, acr=completed.proof.acr)
    waiting = complete_login(browser_session)
    device = devices.remember(completed.user.id, request.user_agent.string)
    action = completed.action or f"{completed.journey.flow}_completed"
    named = {"passkey": completed.passkey} if completed.passkey else None
    audit.record(completed.user.id, browser_session.id, action, named, amr=completed.proof.amr, new_device=device.new)
    # A sign-in (not the end of a sign-up) from a browser the account had not used: say so.
    # Handed to delivery with the sign-in's commit (the development outbox is a row of it).
    if device.new and completed.journey.flow in (Flow.SIGNIN, Flow.PASSKEY):
        notices.new_device(completed.user.email, completed.user.language, request.user_agent.string, completed.passkey)
    # Read before the commit, which expires every row the answer would otherwise load again.
    journey_view = screens.view(completed.journey)
    destination = signin.destination_of(completed.journey)
    prototype = testmode.prototype_url(completed.user.email)
    writes.commit(BrowserSession, Journey, User, Device, AuditEvent, OutboxMessage)
    answer = {"redirectTo": where_next(waiting, completed.user.language, destination), "journey": journey_view}
    if device.cookie:
        _set_device_cookie(device.cookie)
    if prototype:
        answer["prototypeUrl"] = prototype
    return answer
