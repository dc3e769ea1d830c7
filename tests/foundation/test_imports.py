"""The modules of idp import each other in one direction: no cycle, so each can be read and
tested from the bottom up; and so do its packages, floor by floor (LAYERS): a package imports
only packages of the floors below its own, so a knot between two packages (each importing
the other, through modules that form no cycle) fails here as a cycle of modules does. And no
module grows past MODULE_LINES."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.support.source import tree

IDP = Path(__file__).resolve().parents[2] / "idp"


def _module_name(path: Path) -> str:
    parts = path.relative_to(IDP.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _graph() -> dict[str, set[str]]:
    modules = {_module_name(path): path for path in IDP.rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        # A function's own imports count too: deferring an import hides a cycle, it does not end it.
        for node in ast.walk(tree(path)):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("idp"):
                targets = [f"{node.module}.{alias.name}" for alias in node.names]
                graph[name] |= {target if target in modules else node.module for target in targets} & set(modules)
            elif isinstance(node, ast.Import):
                graph[name] |= {alias.name for alias in node.names if alias.name in modules}
        graph[name].discard(name)
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    done, path = set(), []

    def visit(node: str) -> list[str] | None:
        if node in path:
            return path[path.index(node) :] + [node]
        if node in done:
            return None
        path.append(node)
        for target in sorted(graph[node]):
            found = visit(target)
            if found:
                return found
        path.pop()
        done.add(node)
        return None

    for node in sorted(graph):
        found = visit(node)
        if found:
            return found
    return None


def test_no_module_of_idp_imports_itself_back():
    assert _cycle(_graph()) is None, " -> ".join(_cycle(_graph()))


# The floors of idp, from the top: a package may import the packages of the floors below.
LAYERS = [
    {"idp.wsgi"},
    {"idp"},  # the application factory
    {"idp.management"},  # the management port, which answers the probes below about the whole machine
    {"idp.request_input", "idp.shell", "idp.health", "idp.housekeeping", "idp.forwarded"},
    {"idp.api", "idp.console"},
    {"idp.account", "idp.insight"},
    {"idp.oauth"},
    {"idp.flows"},
    {"idp.notify"},
    {"idp.sessions"},
    {"idp.store", "idp.jobs", "idp.outbound"},
    {"idp.clients", "idp.database"},
    {"idp.keys", "idp.observability"},
    {"idp.metrics"},
    {
        "idp.models",
        "idp.cookies",
        "idp.security_headers",
        "idp.i18n",
        "idp.catalogue",
        "idp.errors",
        "idp.sealed",
        "idp.moments",
        "idp.processes",
        "idp.metric_files",
        "idp.ui_files",
    },
    {"idp.config", "idp.clock", "idp.extensions", "idp.reserved_files"},
]
FLOOR = {package: floor for floor, packages in enumerate(LAYERS) for package in packages}


def _package(module: str) -> str:
    """idp.flows.otp -> idp.flows; idp.clock -> idp.clock; idp -> idp."""
    return ".".join(module.split(".")[:2])


def test_every_package_of_idp_has_its_floor():
    assert {_package(module) for module in _graph()} == set(FLOOR)


def test_packages_import_only_the_floors_below_their_own():
    upward = sorted(
        f"{module} -> {target}"
        for module, targets in _graph().items()
        for target in targets
        if _package(module) != _package(target) and FLOOR[_package(target)] <= FLOOR[_package(module)]
    )
    assert upward == []


def test_the_models_know_nothing_of_oauth_or_the_flows():
    for name, targets in _graph().items():
        if name.startswith("idp.models"):
            assert not {t for t in targets if t.startswith(("idp.oauth", "idp.flows", "idp.api"))}, name


# A module a person reads in one sitting: past this, it has grown a second job to split off.
MODULE_LINES = 250


def test_no_module_of_idp_exceeds_its_length():
    long = sorted(
        f"{path.relative_to(IDP.parent)}: {lines} lines"
        for path in IDP.rglob("*.py")
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MODULE_LINES
    )
    assert long == []
