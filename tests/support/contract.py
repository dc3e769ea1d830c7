"""Every /v1 answer a test receives is checked against idp/api/openapi.yaml."""

from __future__ import annotations

import re

import jsonschema
from flask.testing import FlaskClient

from idp.api.openapi import spec

ISSUER = "http://localhost:5000"


def _path_item(document: dict, path: str) -> dict:
    """The contract's entry for a request path; {name} in the contract stands for one segment."""
    if path in document["paths"]:
        return document["paths"][path]
    for template, item in document["paths"].items():
        if re.fullmatch(re.sub(r"\\{[^/]+?\\}", "[^/]+", re.escape(template)), path):
            return item
    return {}


def _response_schema(path: str, method: str, status: int) -> dict:
    document = spec()
    operation = _path_item(document, path).get(method.lower())
    if operation is None:
        # Paths the contract does not have still answer the failure envelope.
        return document["components"]["schemas"]["Failure"]
    responses = operation["responses"]
    found = responses.get(str(status)) or responses.get(f"{str(status)[0]}XX") or responses.get("default")
    assert found is not None, f"{method} {path} answered {status}, which openapi.yaml does not list"
    if "$ref" in found:
        found = document["components"]["responses"][found["$ref"].rsplit("/", 1)[1]]
    return found["content"]["application/json"]["schema"]


def check_against_contract(path: str, method: str, status: int, body) -> None:
    schema = _resolve(_response_schema(path, method, status), spec())
    jsonschema.Draft202012Validator(schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER).validate(
        body
    )


def _resolve(node, document):
    """Inline the document's local $refs (the schemas are small and not recursive)."""
    if isinstance(node, dict):
        if "$ref" in node and node["$ref"].startswith("#/"):
            target = document
            for part in node["$ref"][2:].split("/"):
                target = target[part]
            return _resolve(target, document)
        return {key: _resolve(value, document) for key, value in node.items()}
    if isinstance(node, list):
        return [_resolve(value, document) for value in node]
    return node


class ContractClient(FlaskClient):
    """A test client that sends the issuer as Origin (like the browser does) and checks each /v1 answer."""

    def open(self, *args, **kwargs):
        headers = kwargs.setdefault("headers", {})
        if isinstance(headers, dict):
            # A browser's POST carries Origin; a test that passes Origin=None sends none.
            headers.setdefault("Origin", ISSUER)
            kwargs["headers"] = {name: value for name, value in headers.items() if value is not None}
        response = super().open(*args, **kwargs)
        request = response.request
        path = re.sub(r"\?.*$", "", request.path)
        if path.startswith("/v1/") and path != "/v1/openapi.json" and response.is_json:
            check_against_contract(path, request.method, response.status_code, response.get_json())
        return response
