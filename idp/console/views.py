"""The console's pages (thin: the rules are in operators.py, signin.py, support.py, report.py).

Every page first checks the network (console.allowed_networks: elsewhere, 404 as if there were
no console), then the operator's console session, then their role in the operators file.
"""

from __future__ import annotations

import json
import secrets
from functools import wraps

from cryptography.fernet import InvalidToken
from flask import Blueprint, abort, current_app, redirect, request
from flask_babel import force_locale, get_locale

from idp import moments, sealed
from idp.console import report, report_shapes, signin, support
from idp.console.operators import Role, network_allowed, roles_of
from idp.extensions import db
from idp.models import User
from idp.oauth.pages import render_server_page

bp = Blueprint("console", __name__, url_prefix="/console", static_folder="static", static_url_path="/static")

# How long an account found by the help desk may be acted on from its page.
ACCOUNT_FORM_SECONDS = 1800


def _language() -> str:
    return str(get_locale() or "en")


def _page(template: str, status: int = 200, **values):
    response = render_server_page(f"console/{template}", status, **values)
    response.headers["X-Robots-Tag"] = "noindex"
    return response


def _see_other(location: str):
    return redirect(location, code=303)


@bp.before_request
def _only_allowed_networks():
    if not network_allowed():
        abort(404)


def operator_page(role: Role | None):
    """The view runs for a signed-in operator who has the role (any role when None); others
    are asked to sign in, or told the console is not theirs (403)."""

    def decorate(view):
        @wraps(view)
        def guarded(*args, **kwargs):
            signed = signin.current()
            if signed is None:
                return _page("signin.html")
            roles = roles_of(signed.user.id, signed.user.email)
            if not roles or (role is not None and role not in roles):
                reason = "not_operator" if not roles else "not_role"
                return _page("message.html", 403, reason=reason, signed=signed, roles=roles)
            if request.method == "POST" and not _form_token_ok(signed):
                return _page("message.html", 400, reason="form_expired", signed=signed, roles=roles)
            return view(signed, roles, *args, **kwargs)

        return guarded

    return decorate


def _form_token_ok(signed: signin.Signed) -> bool:
    return secrets.compare_digest(request.form.get("token", ""), signed.token)


@bp.get("")
@operator_page(None)
def home(signed, roles):
    return _page("home.html", signed=signed, roles=roles)


@bp.get("/signin")
def sign_in():
    return signin.start(_language(), _see_other)


@bp.get("/callback")
def callback():
    try:
        return signin.finish(_see_other)
    except signin.SignInFailed as failed:
        with force_locale(failed.language or _language()):
            return _page("message.html", 403 if failed.reason == "passkey" else 400, reason=f"signin_{failed.reason}")


@bp.post("/signout")
@operator_page(None)
def sign_out(signed, roles):
    return signin.sign_out(_see_other(f"/console?lang={_language()}"))


@bp.get("/report")
@operator_page(Role.ANALYST)
def funnel_report(signed, roles):
    choices = {
        "services": report.services(_language()),
        "flows": report.Flow,
        "periods": report.PERIODS,
        "args": request.args,
    }
    try:
        chosen = report.choice(request.args)
    except support.Refused as refused:
        return _page("report.html", 400, signed=signed, roles=roles, problem=refused.problem, chosen=None, **choices)
    table = report.rows(chosen, _language())
    return _page(
        "report.html",
        signed=signed,
        roles=roles,
        chosen=chosen,
        table=table,
        chart=report_shapes.chart(table),
        as_of=report.today_as_of(chosen),
        **choices,
    )


@bp.get("/report.csv")
@operator_page(Role.ANALYST)
def funnel_csv(signed, roles):
    try:
        chosen = report.choice(request.args)
    except support.Refused:
        abort(400)
    response = current_app.make_response(report_shapes.as_csv(chosen, report.rows(chosen, _language())))
    response.headers["Content-Type"] = "text/csv; charset=utf-8"
    name = f"funnel-{chosen.flow.value}-{chosen.first.isoformat()}-{chosen.until.isoformat()}.csv"
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    response.headers["Cache-Control"] = "no-store"
    return response


def _account_box():
    return sealed.box(current_app.config["SECRET_KEY"], "idp console account")


def _account_ref(user: User, operator: User) -> str:
    return _account_box().encrypt(json.dumps({"user": user.id, "operator": operator.id}).encode()).decode()


def _account_of(ref: str, operator: User) -> User | None:
    """The account a page of this operator showed them, while that page is fresh."""
    try:
        kept = json.loads(_account_box().decrypt(ref.encode(), ttl=ACCOUNT_FORM_SECONDS))
    except (InvalidToken, ValueError):
        return None
    return db.session.get(User, kept["user"]) if kept["operator"] == operator.id else None


def _account_page(signed, roles, user: User, status: int = 200, **shown):
    """The account's page; shown: what was done, or the problem of a refused act."""
    return _page(
        "account.html",
        status,
        signed=signed,
        roles=roles,
        state=support.state(user, _language()),
        ref=_account_ref(user, signed.user),
        acts=support.Act,
        checked_identity=support.CHECKED_IDENTITY,
        **shown,
    )


@bp.get("/support")
@operator_page(Role.SUPPORT)
def support_find(signed, roles):
    return _page("support.html", signed=signed, roles=roles, typed={})


@bp.post("/support")
@operator_page(Role.SUPPORT)
def support_look(signed, roles):
    typed = {"identifier": request.form.get("identifier", ""), "reason": request.form.get("reason", "")}
    try:
        reason = support.reason_of(typed["reason"])
        user = support.find(typed["identifier"])
    except support.Refused as refused:
        return _page("support.html", 400, signed=signed, roles=roles, typed=typed, problem=refused.problem)
    if user is None:
        return _page("support.html", 404, signed=signed, roles=roles, typed=typed, problem="not_found")
    support.looked(user, signed.user, reason)
    return _account_page(signed, roles, user)


@bp.post("/support/act")
@operator_page(Role.SUPPORT)
def support_act(signed, roles):
    user = _account_of(request.form.get("account", ""), signed.user)
    if user is None:
        return _page("message.html", 400, reason="form_expired", signed=signed, roles=roles)
    try:
        act = support.Act(request.form.get("act", ""))
    except ValueError:
        abort(400)
    try:
        reason = support.reason_of(request.form.get("reason", ""))
        support.ensure_identity_checked(act, request.form.get("identity_checked") == "yes")
    except support.Refused as refused:
        return _account_page(
            signed,
            roles,
            user,
            400,
            problem=refused.problem,
            chosen_act=act.value,
            typed_reason=request.form.get("reason", ""),
        )
    support.act(act, user, signed.user, reason)
    return _account_page(signed, roles, user, done=act.value)


@bp.context_processor
def _formatting():
    def moment(value) -> str:
        """A stored moment in the page's language, as every page and message says one."""
        return moments.said(value, _language())

    return {"moment": moment}
