"""GET /v1/openapi.json: the contract in idp/api/openapi.yaml, as JSON."""

from functools import cache
from pathlib import Path

import yaml

from idp.api.blueprint import bp

SPEC_FILE = Path(__file__).with_name("openapi.yaml")


@cache
def spec() -> dict:
    return yaml.safe_load(SPEC_FILE.read_text(encoding="utf-8"))


@bp.get("/openapi.json")
def openapi_json():
    return spec()
