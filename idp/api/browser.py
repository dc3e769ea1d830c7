"""The browser session as the views need it: its id for the flows, and the final sign-in."""
from idp import sessions
from idp.extensions import db
from idp.flows import journey
from idp.flows.signup import Completed
from idp.oauth.interaction import complete_login


def session_id() -> int | None:
    browser_session = sessions.current()
    return browser_session.id if browser_session else None


def finish(completed: Completed) -> dict:
    """The last step of a flow: sign the browser in, hand off to a waiting relying
    service (or the profile home, in the person's language) in one commit."""
    browser_session = sessions.current()
    sessions.authenticate(browser_session, completed.user.id, amr=completed.amr)
    redirect_to = complete_login(browser_session, completed.user.language)
    db.session.commit()
    return {"redirectTo": redirect_to, "journey": journey.view(completed.journey)}
