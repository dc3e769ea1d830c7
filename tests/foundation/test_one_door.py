"""One door each: a session is ended only by idp/sessions/__init__.py, a token or a grant revoked only by
idp/store/grants.py, a signing algorithm named only in idp/keys.py and a client
authentication method only in idp/clients/__init__.py. The scan reads every module of idp/; the
planted tests show that it catches a second caller."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from idp.clients import TOKEN_ENDPOINT_AUTH_METHODS
from idp.keys import SIGNING_ALGORITHMS
from tests.support.source import tree

PACKAGE = Path(__file__).resolve().parents[2] / "idp"


def _names(node: ast.AST) -> set[str]:
    return {part.id for part in ast.walk(node) if isinstance(part, ast.Name)} | {
        part.attr for part in ast.walk(node) if isinstance(part, ast.Attribute)
    }


def session_deletes(tree: ast.AST) -> list[int]:
    """Lines that delete browser_sessions rows: delete(BrowserSession…), or SQL that does."""
    lines = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and _called(node) == "delete"
            and any("BrowserSession" in _names(arg) for arg in node.args)
        ):
            lines.append(node.lineno)
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and "delete from browser_sessions" in node.value.lower()
        ):
            lines.append(node.lineno)
    return lines


def revocations(tree: ast.AST) -> list[int]:
    """Lines that write revoked_at: values(revoked_at=…), x.revoked_at = …, or SQL that does."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and any(keyword.arg == "revoked_at" for keyword in node.keywords):
            lines.append(node.lineno)
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Attribute) and t.attr == "revoked_at" for t in node.targets
        ):
            lines.append(node.lineno)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and "set revoked_at" in node.value.lower():
            lines.append(node.lineno)
    return lines


def literals(words) -> callable:
    def find(tree: ast.AST) -> list[int]:
        return [
            node.lineno
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in words
        ]

    return find


def _called(call: ast.Call) -> str:
    return call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")


def offenders(find, home: str, package: Path = PACKAGE) -> list[str]:
    """Every place outside the home module where find() sees what only the home may do."""
    found = []
    for module in sorted(package.rglob("*.py")):
        if module.relative_to(package).as_posix() == home:
            continue
        found += [f"{module.relative_to(package)}:{line}" for line in find(tree(module))]
    return found


DOORS = {
    "sessions are ended": (session_deletes, "sessions/__init__.py"),
    "tokens and grants are revoked": (revocations, "store/grants.py"),
    "signing algorithms are named": (literals(set(SIGNING_ALGORITHMS)), "keys.py"),
    # "none" is also a prompt value: the public clients' method is named PUBLIC
    "client authentication methods are named": (
        literals(set(TOKEN_ENDPOINT_AUTH_METHODS) - {"none"}),
        "clients/__init__.py",
    ),
}


@pytest.mark.parametrize("door", DOORS)
def test_only_its_home_module_does_it(door):
    find, home = DOORS[door]
    assert offenders(find, home) == [], f"only idp/{home}: {door}"


PLANTED = {
    "sessions are ended": (
        "from sqlalchemy import delete\ndef sweep():\n    db.session.execute(delete(BrowserSession))\n"
    ),
    "tokens and grants are revoked": "def cut(token):\n    token.revoked_at = now()\n",
    "signing algorithms are named": "ALGORITHM = 'ES256'\n",
    "client authentication methods are named": "METHOD = 'client_secret_post'\n",
}


@pytest.mark.parametrize("door", DOORS)
def test_a_second_module_that_does_it_is_caught(door, tmp_path):
    find, home = DOORS[door]
    (tmp_path / "planted.py").write_text(PLANTED[door], encoding="utf-8")
    last_line = PLANTED[door].rstrip("\n").count("\n") + 1
    assert offenders(find, home, tmp_path) == [f"planted.py:{last_line}"]
