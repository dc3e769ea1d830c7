"""The reservations service: signs people in through the identity provider (OpenID Connect, code flow + PKCE),
and keeps them signed in with refresh tokens (offline_access): the profile page asks the provider for
the person's current details, with a new access token when the last one has expired. When the person
signs out at the provider (or loses their session there), the provider's back-channel logout token
ends their session here too (POST /backchannel-logout): the sessions of one provider session (sid),
or all of an account's (sub) when the person disconnects this service or deletes their account.

Settings come from the environment:
  IDP_SERVER_ISSUER            the identity provider (default http://localhost:5000)
  RESERVATIONS_CLIENT_ID       default "reservations" (config/clients.toml)
  RESERVATIONS_CLIENT_SECRET   the client secret; in development the documented dev secret applies
  RESERVATIONS_SECRET_KEY      signs this service's session cookie; random per process when unset
  RESERVATIONS_ACR_VALUES      acr_values the service asks, e.g. urn:signin:acr:phishing-resistant
                               (a passkey); none by default
"""

from __future__ import annotations

import os
import secrets
import time
from pathlib import Path
from urllib.parse import urlencode

import requests
from authlib.integrations.base_client import OAuthError
from authlib.integrations.flask_client import OAuth
from flask import Flask, abort, jsonify, redirect, render_template, request, session, url_for
from flask_babel import Babel
from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import KeySet

from idp.i18n import preferred

HERE = Path(__file__).resolve().parent
LANGUAGES = ("en", "fr")
# The development secret registered for this client in config/clients.toml.
DEV_CLIENT_SECRET = "reservations-development-secret-not-for-production"
LOGOUT_EVENT = "http://schemas.openid.net/event/backchannel-logout"


def _language() -> str:
    asked = request.args.get("lang")
    if asked in LANGUAGES:
        session["lang"] = asked
    # The provider's rule for the browser's languages, so both pages speak the same one.
    return session.get("lang") or preferred(request.accept_languages)


def create_app(environ: dict[str, str] | os._Environ = os.environ) -> Flask:
    app = Flask(__name__)
    issuer = environ.get("IDP_SERVER_ISSUER", "http://localhost:5000").rstrip("/")
    app.config.update(
        SECRET_KEY=environ.get("RESERVATIONS_SECRET_KEY") or secrets.token_urlsafe(32),
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        BABEL_TRANSLATION_DIRECTORIES=str(HERE / "translations"),
        IDP_ISSUER=issuer,
    )
    Babel(app, locale_selector=_language)
    # Each browser's tokens stay in this process, never in its cookie (Flask's session is
    # signed, not encrypted): the cookie names the entry. Authlib reads them from here, renews
    # an access token about to expire with the refresh token, and writes the new ones back.
    tokens: dict[str, dict] = {}

    def fetch_token(name: str) -> dict | None:
        return tokens.get(session.get("tokens", ""))

    def update_token(name: str, token: dict, refresh_token: str | None = None, access_token: str | None = None) -> None:
        tokens[session["tokens"]] = token

    # What the provider said ended (back-channel logout), each with the moment we heard it: a
    # session of the provider's by its sid, or every session of an account by its sub (the
    # person disconnected this service, or deleted their account). A browser signed in here
    # before that moment, through that session or as that account, is signed out at its next
    # request; a later sign-in stays, though it may carry the same sid (the provider's session
    # went on) or the same sub. Process memory, like the tokens.
    ended: dict[tuple[str, str], float] = {}
    seen_logout_tokens: set[str] = set()

    oauth = OAuth(app, fetch_token=fetch_token, update_token=update_token)
    oauth.register(
        "idp",
        client_id=environ.get("RESERVATIONS_CLIENT_ID", "reservations"),
        client_secret=environ.get("RESERVATIONS_CLIENT_SECRET") or DEV_CLIENT_SECRET,
        server_metadata_url=f"{issuer}/.well-known/openid-configuration",
        client_kwargs={"scope": "openid profile email offline_access", "code_challenge_method": "S256"},
    )

    @app.after_request
    def security_headers(response):
        # The sign-in and sign-out forms answer with a redirect to the provider, and browsers
        # check form-action on every redirect of a form submission: the provider is allowed too.
        response.headers.setdefault(
            "Content-Security-Policy",
            f"default-src 'self'; frame-ancestors 'none'; form-action 'self' {issuer}",
        )
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        return response

    def forget_person() -> None:
        tokens.pop(session.get("tokens", ""), None)
        for key in ("person", "tokens", "id_token", "sid", "sub", "signed_in_at"):
            session.pop(key, None)

    @app.before_request
    def ended_at_the_provider():
        signed_in_at = session.get("signed_in_at")
        if signed_in_at is None:
            return
        if any(ended.get((name, session.get(name)), 0.0) >= signed_in_at for name in ("sid", "sub")):
            forget_person()

    def verified_logout_token(token: str) -> dict:
        """OpenID Connect Back-Channel Logout 1.0 section 2.6: signed by the provider (a key
        of its jwks_uri, fetched again once for a new kid), for us, an event and no nonce."""
        metadata = oauth.idp.load_server_metadata()
        try:
            try:
                decoded = jwt.decode(token, KeySet.import_key_set(oauth.idp.fetch_jwk_set()))
            except JoseError:
                decoded = jwt.decode(token, KeySet.import_key_set(oauth.idp.fetch_jwk_set(force=True)))
            jwt.JWTClaimsRegistry(
                iss={"essential": True, "value": metadata["issuer"]},
                aud={"essential": True, "value": oauth.idp.client_id},
                iat={"essential": True},
                jti={"essential": True},
            ).validate(decoded.claims)
        except (JoseError, ValueError):
            abort(400)
        claims = decoded.claims
        events = claims.get("events")
        # a session (sid) or an account (sub), or both: then the session only (section 2.6)
        named = [claims.get(name) for name in ("sid", "sub") if name in claims]
        if (
            not isinstance(events, dict)
            or LOGOUT_EVENT not in events
            or "nonce" in claims
            or not named
            or not all(isinstance(value, str) and value for value in named)
        ):
            abort(400)
        if claims["jti"] in seen_logout_tokens:
            abort(400)
        seen_logout_tokens.add(claims["jti"])
        return claims

    @app.post("/backchannel-logout")
    def backchannel_logout():
        claims = verified_logout_token(request.form.get("logout_token", ""))
        ended[("sid", claims["sid"]) if "sid" in claims else ("sub", claims["sub"])] = time.time()
        response = jsonify({})
        response.headers["Cache-Control"] = "no-store"
        return response

    @app.errorhandler(400)
    def bad_request(error):
        if request.path == "/backchannel-logout":
            return jsonify({"error": "invalid_request"}), 400
        return render_template("error.html"), 400

    @app.context_processor
    def page_values():
        other = "fr" if _language() == "en" else "en"
        return {
            "language": _language(),
            "other_language": other,
            "toggle_url": f"{request.path}?{urlencode({'lang': other})}",
        }

    @app.get("/")
    def home():
        return render_template("home.html", person=session.get("person"))

    # what the service asks of the sign-in (OpenID Connect acr_values), when it asks anything
    assurance = {"acr_values": environ["RESERVATIONS_ACR_VALUES"]} if environ.get("RESERVATIONS_ACR_VALUES") else {}

    @app.post("/signin")
    def sign_in():
        return oauth.idp.authorize_redirect(url_for("callback", _external=True), ui_locales=_language(), **assurance)

    @app.post("/signup")
    def sign_up():
        # OpenID Connect Prompt Create 1.0: the provider opens its sign-up directly
        return oauth.idp.authorize_redirect(
            url_for("callback", _external=True), ui_locales=_language(), prompt="create", **assurance
        )

    @app.get("/callback")
    def callback():
        # RFC 9207: the response must come from the provider we sent the person to.
        if request.args.get("iss") != oauth.idp.load_server_metadata()["issuer"]:
            abort(400)
        try:
            token = oauth.idp.authorize_access_token()
        except OAuthError:
            return render_template("error.html"), 400
        session["tokens"] = secrets.token_urlsafe(16)
        tokens[session["tokens"]] = token
        claims = token["userinfo"]
        profile = oauth.idp.userinfo()
        session["person"] = {
            "name": profile.get("name") or claims.get("name") or "",
            "email": profile.get("email") or claims.get("email") or "",
        }
        session["id_token"] = token["id_token"]
        session["sid"], session["sub"] = claims.get("sid"), claims["sub"]
        session["signed_in_at"] = time.time()
        return redirect(url_for("profile"), code=303)

    @app.get("/profile")
    def profile():
        if "person" not in session:
            return redirect(url_for("home"))
        try:
            # the person's details as they are now (changed in their account since, perhaps)
            details = oauth.idp.userinfo()
        except (OAuthError, requests.HTTPError):
            # tokens revoked (a changed password, a withdrawn access) or expired: sign in again
            forget_person()
            return redirect(url_for("home"))
        session["person"] = {"name": details.get("name", ""), "email": details.get("email", "")}
        return render_template("profile.html", person=session["person"])

    @app.post("/signout")
    def sign_out():
        id_token = session.pop("id_token", None)
        session.pop("person", None)
        tokens.pop(session.pop("tokens", ""), None)
        end_session = oauth.idp.load_server_metadata()["end_session_endpoint"]
        if id_token is None:
            return redirect(url_for("home"), code=303)
        query = {
            "id_token_hint": id_token,
            "post_logout_redirect_uri": url_for("home", _external=True),
            "ui_locales": _language(),
        }
        return redirect(f"{end_session}?{urlencode(query)}", code=303)

    return app


app = create_app()
