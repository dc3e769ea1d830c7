"""The funnel report of the analyst role: a flow's steps over a chosen period, beside the
period before, as a chart, a table (the chart's alternative, the same figures) and CSV
(report_shapes.py draws the chart and writes the CSV).

The figures are idp/insight/funnel.py's, as `flask --app idp insight funnel` prints them: rows
count journeys, not people, and nothing in them is personal. A step is named by the title its
screen shows and an error by the message people read, both from the login UI's catalogue in the
operator's language (idp/catalogue.py); the CSV keeps the screen's and the error's ids beside
the words, for the analyst's own tools. The chart is drawn on the server
(an SVG of plain shapes, templates/console/report.html): no script, nothing sent elsewhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from flask import current_app

from idp import catalogue
from idp.clients import registry
from idp.clock import now
from idp.console.support import Refused
from idp.flows.steps import Flow
from idp.insight import funnel, steps

LANGUAGES = ("en", "fr")
DEVICES = ("phone", "tablet", "desktop")
PERIODS = (1, 7, 28, 90)


@dataclass(frozen=True)
class Choice:
    """What the analyst asked for: a flow, a period of days ending `until`, and the journeys
    of one language, service and device class (None: all)."""

    flow: Flow
    days: int
    until: date
    language: str | None
    service: str | None
    device: str | None

    @property
    def first(self) -> date:
        return self.until - timedelta(days=self.days - 1)

    @property
    def before(self) -> tuple[date, date]:
        return self.first - timedelta(days=self.days), self.first - timedelta(days=1)

    def query(self) -> dict:
        """The choice as the page's query, for the CSV link and the language switch."""
        asked = {
            "flow": self.flow.value,
            "days": self.days,
            "until": self.until.isoformat(),
            "language": self.language,
            "service": self.service,
            "device": self.device,
        }
        return {name: value for name, value in asked.items() if value is not None}


def services(language: str = "en") -> list[tuple[str, str]]:
    """The services journeys can be for: (client id, name in the language). A development-only
    client is no service of the report's: its journeys are the developers' own."""
    return [
        (client.client_id, client.service.title[language])
        for client in registry().clients()
        if not client.development_only
    ]


def choice(args) -> Choice:
    """The analyst's choice from the page's query; Refused names what cannot be used."""
    try:
        flow = steps.flow_named(args.get("flow") or Flow.SIGNUP.value)
    except ValueError:
        raise Refused("flow") from None
    today = now().date()
    try:
        days = int(args.get("days") or 7)
        until = date.fromisoformat(args["until"]) if args.get("until") else today
    except ValueError:
        raise Refused("period") from None
    if not 1 <= days <= current_app.config["IDP"]["console"]["report_max_days"] or until > today:
        raise Refused("period")
    language, service, device = (args.get(name) or None for name in ("language", "service", "device"))
    if language not in (None, *LANGUAGES) or device not in (None, *DEVICES):
        raise Refused("filter")
    if service is not None and service not in {client_id for client_id, _ in services()}:
        raise Refused("filter")
    return Choice(flow, days, until, language, service, device)


# The title each step's screen shows, by the UI's message key: a screen whose title follows the
# method is named for each method, as the funnel counts it; one the funnel counts once whatever
# the channel (the new phone's code) has both titles. A change's last screen words what was
# changed when it knows; a reload does not (methods.done.saved), so the report says that one.
TITLES: dict[str, str | tuple[str, ...]] = {
    "signUp/privacy": "privacy.title",
    "signUp": "email.signup.title",
    "signUp/password": "password.signup.title",
    "signUp/verificationsetup": "setup.title",
    "signUp/profile": "profile.core.title",
    "signIn": "email.signin.title",
    "signIn/password": "password.signin.title",
    "signIn/selectverification": "select.title",
    "signIn/lostphone": "lostPhone.code.title",
    "signIn/lostphone/requested": "lostPhone.requested.title",
    **{
        f"{start}/verification/{method}": f"verification.{method}.title"
        for start in ("signUp", "signIn")
        for method in steps.METHODS
    },
    "forgotpassword": "recovery.email.title",
    "forgotpassword/checkemail": "recovery.checkEmail.title",
    "forgotpassword/verification": "recovery.twoStep.title",
    "forgotpassword/newpassword": "recovery.password.title",
    "forgotpassword/accountreset": "accountReset.ask.title",
    "forgotpassword/accountreset/requested": "accountReset.requested.title",
    "forgotpassword/accountreset/delete": "accountReset.delete.title",
    "redirecttorp": "redirect.title",
    **{
        f"firstverifyitsyou{change}": "profile.verify.title"
        for change in ("", "/phone", "/password", "/methods", "/delete", "/download")
    },
    **{
        f"completetwostepverification{change}": "profile.twoStep.title"
        for change in ("", "/phone", "/password", "/methods", "/delete", "/download")
    },
    "enternewemail": "profile.newEmail.title",
    "checkyouremail": "profile.checkEmail.title",
    "areYouSureUpdateYourEmail": "profile.emailConfirm.title",
    "youMayUpdateEmailAtOtherPlaces": "profile.emailDone.title",
    "enterNewPhoneNumber": "profile.newPhone.title",
    "verifynewphone": ("verification.sms.title", "verification.voice.title"),
    "phonechanged": "profile.phoneDone.title",
    "changepassword": "profile.newPassword.title",
    "passwordchanged": "profile.passwordDone.title",
    "signinmethods": "methods.title",
    "signinmethods/change": "methods.change.title",
    "signinmethods/app": "methods.app.title",
    "signinmethods/passkey": "methods.passkey.title",
    "signinmethods/done": "methods.done.saved.title",
    "account/delete": "account.delete.title",
    "account/deleted": "account.deleted.title",
    "account/download": "account.download.title",
}
# A screen two flows share, titled for one of them: the end of a sign-up says the account is ready.
FLOW_TITLES: dict[str, str | tuple[str, ...]] = {(Flow.SIGNUP, "redirecttorp"): "redirect.ready.title"}


def title_keys(flow: Flow, screen: str) -> tuple[str, ...]:
    keys = FLOW_TITLES.get((flow, screen)) or TITLES[screen]
    return (keys,) if isinstance(keys, str) else keys


def title(flow: Flow, screen: str, language: str) -> str:
    return " / ".join(catalogue.say(language, key) for key in title_keys(flow, screen))


def error_message(code: str, language: str) -> str:
    """The catalogue's message of an error code, as the person read it (without its figures);
    a code the catalogue does not word stays a code."""
    key = f"error.{code}"
    return catalogue.say(language, key) if catalogue.has(language, key) else code


@dataclass(frozen=True)
class Row:
    step: str
    title: str
    reached: int
    finished: int
    left: int
    # (catalogue code, its message, times shown)
    errors: list[tuple[str, str, int]]
    median: int | None
    p90: int | None
    before_reached: int
    before_finished: int
    before_left: int


def today_as_of(chosen: Choice):
    """When today's figures were rolled up, if the period ends today and housekeeping rolled it
    (the page says so); None when they are read live."""
    return funnel.rolled_at(chosen.until) if chosen.until == now().date() else None


def rows(chosen: Choice, language: str) -> list[Row]:
    """The report's rows, steps and errors worded in the operator's language."""
    steps = funnel.report(chosen.flow, chosen.days, chosen.until, chosen.language, chosen.service, chosen.device)
    return [
        Row(
            step.screen,
            title(chosen.flow, step.screen, language),
            step.now.reached,
            step.now.finished,
            step.now.left,
            [(code, error_message(code, language), times) for code, times in sorted(step.now.errors.items())],
            step.now.percentile(0.5),
            step.now.percentile(0.9),
            step.before.reached,
            step.before.finished,
            step.before.left,
        )
        for step in steps
    ]
