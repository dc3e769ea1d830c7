"""GET /v1/session (who is signed in, which service waits, where each journey stands) and POST /v1/logout."""

from idp import sessions
from idp.api.blueprint import bp
from idp.api.envelope import ok
from idp.api.services import request_language
from idp.clients import query_client
from idp.extensions import db
from idp.flows import screens
from idp.insight import collector
from idp.oauth.authorize import answered_at_once
from idp.sessions import assurance, cookie
from idp.sessions.interaction import pending_for


@bp.get("/session")
def session_info():
    browser_session = sessions.current()
    waiting = pending_for(browser_session, cookie.browser_key())
    client = query_client(waiting.client_id) if waiting else None
    user_id = browser_session.user_id if browser_session else None
    absent = sessions.why_absent()
    return ok(
        {
            "authenticated": user_id is not None,
            "service": client.service.in_language(request_language()) if client else None,
            "loginHint": waiting.params.get("login_hint") if waiting else None,
            # the waiting service asks a passkey (assurance.py), and where a signed-in person
            # goes on to it once they have one
            "passkeyRequired": bool(waiting) and assurance.passkey_required(waiting.params.get("acr_values")),
            "continueTo": f"/authorize/resume/{waiting.uid}" if waiting and user_id is not None else None,
            # the same, when it answers the service with no step: a tab left on a sign-in screen
            # goes on to its service once another tab has signed the browser in
            "followTo": f"/authorize/resume/{waiting.uid}"
            if waiting and answered_at_once(browser_session, waiting)
            else None,
            "journeys": screens.views(browser_session.id if browser_session else None, user_id),
            # why a page of a journey finds none: its session expired, or the browser lost it
            "noSession": {"message": absent[0].code, "data": absent[1]} if absent else None,
            # a fresh id for the analytics of the UI's next journey: its events carry one the
            # provider made, never one the browser chose (docs/insight.md)
            "insightJourney": collector.new_journey(),
        }
    )


@bp.post("/logout")
def logout():
    # idp.api.guard has already refused cross-site and non-JSON posts.
    sessions.end(sessions.current())
    db.session.commit()
    return ok({})
