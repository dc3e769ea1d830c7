"""The production entry point (config/web.py builds it once, before granian forks its workers).

A setting that stops start-up is printed as the one line that names it, and the
process exits, instead of a traceback repeated by every worker.
"""
from __future__ import annotations

import sys

from flask import Flask

from idp import create_app
from idp.config import ConfigError


def application() -> Flask:
    try:
        return create_app(migrations=False)
    except ConfigError as error:
        print(f"idp cannot start: {error}", file=sys.stderr)
        raise SystemExit(2) from None
