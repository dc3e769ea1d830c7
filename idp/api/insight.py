"""POST /v1/events: the login UI's analytics events, batched (idp/insight/collector.py)."""

from flask import request

from idp.api.blueprint import bp
from idp.api.envelope import ok
from idp.insight import collector


@bp.post("/events")
def events():
    return ok(collector.collect(request.get_json()))
