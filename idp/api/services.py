"""GET /v1/services: the relying services a person can sign in to, in the request's language."""

from flask import request

from idp import i18n
from idp.api.blueprint import bp
from idp.api.envelope import ok
from idp.clients import registry


def request_language() -> str:
    asked = request.args.get("lang")
    return asked if asked in i18n.LANGUAGES else i18n.from_browser()


@bp.get("/services")
def list_services():
    language = request_language()
    return ok([service.in_language(language) for service in registry().services()])
