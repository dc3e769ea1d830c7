"""Property-based run over /v1/openapi.json: no server error, every answer as the contract says.

Bounded and deterministic: a few derandomized examples per operation."""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from idp.api.openapi import spec

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
# Invalid inputs exist only where there is a body to get wrong.
CASES = [
    pytest.param(method.upper(), path, mode, id=f"{method.upper()} {path} {mode.value}")
    for path, item in spec()["paths"].items()
    for method, operation in item.items()
    for mode in (
        [GenerationMode.POSITIVE, GenerationMode.NEGATIVE] if "requestBody" in operation else [GenerationMode.POSITIVE]
    )
]


@pytest.mark.parametrize("method, path, mode", CASES)
def test_the_api_keeps_its_contract(app, method, path, mode):
    operation = schemathesis.openapi.from_wsgi("/v1/openapi.json", app)[path][method]

    @given(case=operation.as_strategy(generation_mode=mode))
    @settings(max_examples=15, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    def keeps_the_contract(case):
        case.call_and_validate(checks=CHECKS)

    keeps_the_contract()
