"""The project's own modules as syntax trees, for the tests that read the code (one door per
rule, the import floors, outbound calls)."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path


@cache
def tree(module: Path) -> ast.Module:
    source = module.read_text(encoding="utf-8")
    try:
        return ast.parse(source)
    except SystemError:
        # CPython 3.11 (gh-106905): a compile() in another thread of this process, a test server's
        # template, can upset the parser's shared depth count ("AST constructor recursion depth
        # mismatch", once in a run); the source itself parses
        return ast.parse(source)
