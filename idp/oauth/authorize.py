"""The authorization endpoint's steps, shared by /authorize and /authorize/resume/<uid>.

1. Authlib validates the request (client, exact redirect_uri, response_type, scope, PKCE,
   nonce, prompt). An error whose redirect_uri was not validated gets the error page.
2. If the browser session satisfies the request (signed in, recent enough for max_age,
   no prompt=login or create, or a login completed for this very interaction), a code is issued.
3. Otherwise the request is kept as an Interaction and the browser goes to the login UI, in
   the language of ui_locales (else the browser's), at sign-up for prompt=create.
"""

from __future__ import annotations

from datetime import timedelta

from authlib.common.urls import add_params_to_uri
from authlib.oauth2 import OAuth2Error
from authlib.oauth2.rfc6749.errors import InvalidRequestError
from flask import redirect
from flask import request as flask_request

from idp import i18n, sessions
from idp.clients import query_client
from idp.clock import now
from idp.extensions import db
from idp.flows import methods_change
from idp.flows.credentials import passkeys
from idp.models import BrowserSession, Interaction, User
from idp.oauth import par, parameters, request_objects
from idp.oauth.claims import Account, EndUser
from idp.oauth.pages import error_page
from idp.oauth.server import StoredAuthorizationRequest, issuer, server
from idp.sessions import assurance, cookie, interaction
from idp.sessions.interaction import KEPT_PARAMETERS

# Kept with an interaction whose request the client pushed (par.py).
PUSHED = "pushed"
# The login UI's first screen of sign-up (its privacy notice), for prompt=create.
SIGN_UP_SCREEN = "signUp/privacy"
# Where a signed-in person whom a service asks a passkey adds one (assurance.py).
ADD_PASSKEY_SCREEN = "signinmethods"
# Longer than any session lives: a larger max_age asks nothing more of it.
MAX_AGE_CAP = 10**9


def _max_age(params) -> int | None:
    value = params.get("max_age")
    return min(int(value), MAX_AGE_CAP) if value and value.isascii() and value.isdigit() else None


def _signed_in(browser_session: BrowserSession | None) -> Account | None:
    # Not a row read per request: a person signed in to one service reaches the next with no
    # statement for their account (the code names it; /token and /userinfo read its row).
    if browser_session is None or browser_session.user_id is None:
        return None
    return Account(browser_session.user_id)


def _prompts(params) -> list[str]:
    return (params.get("prompt") or "").split()


def _satisfied(browser_session: BrowserSession | None, params, login_completed: bool) -> bool:
    # acr_values first: a sign-in completed for this very request may still fall short of it
    if not assurance.satisfies(browser_session.acr, params.get("acr_values")):
        return False
    if login_completed:
        return True
    # prompt=create (OpenID Connect Prompt Create 1.0): the service asks for a new account
    if {"login", "create"} & set(_prompts(params)):
        return False
    max_age = _max_age(params)
    return max_age is None or now() - browser_session.auth_time <= timedelta(seconds=max_age)


def answered_at_once(browser_session: BrowserSession | None, waiting: Interaction) -> bool:
    """Whether resuming the waiting request would answer the service now, with no step of the
    person: signed in, and the sign-in as it stands is enough for it (a tab whose service's
    sign-in another tab has just done follows it: session_info's followTo)."""
    return _signed_in(browser_session) is not None and _satisfied(
        browser_session, waiting.params, waiting.login_completed_at is not None
    )


def ui_language(params) -> str:
    for tag in (params.get("ui_locales") or "").split():
        language = tag.split("-")[0].lower()
        if language in i18n.LANGUAGES:
            return language
    return i18n.from_browser()


def _see_other(response):
    """Authorization responses are 303 so a POSTed request is never replayed to the client."""
    response.status_code = 303
    return response


def _error_response(oauth_request, error: OAuth2Error):
    if not error.redirect_uri:
        params = oauth_request.payload.data
        client = query_client(params.get("client_id"))
        if client is None:
            return error_page("unknown_client")
        if not client.check_redirect_uri(params.get("redirect_uri") or ""):
            return error_page("redirect_uri")
        return error_page("bad_request")
    response = server().handle_error_response(oauth_request, error)
    response.location = add_params_to_uri(response.location, {"iss": issuer()})
    return _see_other(response)


def _request_to_act_on(oauth_request):
    """The request to act on, and whether its client pushed it (RFC 9126). A live request that
    names a pushed one by request_uri is replaced by it (False when that is unknown, used or
    expired); one that carries a signed request object (RFC 9101) by the object's parameters
    (an OAuth2Error when it does not verify); a resumed one remembers whether it was pushed.
    A live request's own "pushed" parameter counts for nothing."""
    if oauth_request is not None:
        return oauth_request, oauth_request.payload.data.get(PUSHED) == "1"
    values = flask_request.values
    request_uri = values.get("request_uri", "")
    if request_uri.startswith(par.URN):
        params = par.take(values.get("client_id"), request_uri)
        return (StoredAuthorizationRequest(params), True) if params is not None else (False, False)
    client = query_client(values.get("client_id"))
    if values.get("request") and request_objects.accepted_from(client):
        params = request_objects.unpacked(client, values["request"], issuer())
        return StoredAuthorizationRequest({**params, "client_id": client.client_id}), False
    return None, False


def _object_refused(error: OAuth2Error):
    """A request object that does not verify: back to the service when the request's own
    redirect_uri is one it registered, else the error page."""
    values = flask_request.values
    client = query_client(values.get("client_id"))
    if client is not None and client.check_redirect_uri(values.get("redirect_uri") or ""):
        error.redirect_uri = values["redirect_uri"]
        error.state = values.get("state")
        return _error_response(server().create_oauth2_request(None), error)
    return error_page("bad_request")


def _refused_parameter(oauth_request, client, name: str, description: str):
    """A parameter no check may read, or longer than its column (a request object's, a pushed
    one's or the query's: the door of views.py let a browser's through): back to the service as
    invalid_request, unless it says which service asks or where it waits, or the service's
    address is not its own."""
    error = InvalidRequestError(description)
    params = oauth_request.payload.data
    if (
        name not in parameters.ADDRESSING
        and parameters.printable(name)
        and client is not None
        and parameters.unreadable({"redirect_uri": params.get("redirect_uri") or ""}) is None
        and client.check_redirect_uri(params.get("redirect_uri") or "")
    ):
        error.redirect_uri, error.state = params["redirect_uri"], params.get("state")
    return _error_response(oauth_request, error)


def authorize(oauth_request=None, login_completed: bool = False):
    try:
        oauth_request, pushed = _request_to_act_on(oauth_request)
    except OAuth2Error as error:
        return _object_refused(error)
    if oauth_request is False:
        return error_page("bad_request")
    oauth_request = server().create_oauth2_request(oauth_request)
    params = oauth_request.payload.data
    client = query_client(params.get("client_id"))
    refused = parameters.refused(params)
    if refused is not None:
        return _refused_parameter(oauth_request, client, *refused)
    if client is not None and client.require_pushed_authorization_requests and not pushed:
        redirect_uri = (
            params.get("redirect_uri") if client.check_redirect_uri(params.get("redirect_uri") or "") else None
        )
        return _error_response(
            oauth_request,
            InvalidRequestError(
                "This client must push its requests (PAR): POST them to /par, then send "
                "only client_id and the request_uri it answers.",
                redirect_uri=redirect_uri,
            ),
        )
    browser_session = sessions.current()
    user = _signed_in(browser_session)
    satisfied = user is not None and _satisfied(browser_session, params, login_completed)
    try:
        grant = server().get_consent_grant(oauth_request, end_user=user if satisfied else None)
    except OAuth2Error as error:
        return _error_response(oauth_request, error)

    if satisfied:
        end_user = EndUser(user, grant.client)
        return _see_other(server().create_authorization_response(oauth_request, grant_user=end_user, grant=grant))

    kept = {name: params[name] for name in KEPT_PARAMETERS if params.get(name)} | ({PUSHED: "1"} if pushed else {})
    screen = _first_screen(params, user)
    if screen == ADD_PASSKEY_SCREEN and login_completed:
        # this very request's sign-in has just proved the password and a second factor
        methods_change.opened_for_a_passkey(browser_session)
    interaction.start(sessions.current(), grant.client.client_id, kept, cookie.browser_key(create=True))
    return redirect(f"/{ui_language(params)}/{screen}", code=303)


def _first_screen(params, user: Account | None) -> str:
    """Where the login UI takes the request up: sign-up for prompt=create; for a signed-in
    person whom the service asks a passkey and who has none yet, their sign-in methods, to add
    one (which proves it); otherwise the sign-in start."""
    if "create" in _prompts(params):
        return SIGN_UP_SCREEN
    if (
        user is not None
        and assurance.passkey_required(params.get("acr_values"))
        and not passkeys.of(db.session.get(User, user.id))
    ):
        return ADD_PASSKEY_SCREEN
    return ""
