"""The production entry point (config/web.py builds it once, before granian forks its workers).

A setting that stops start-up is printed as the one line that names it, and the
process exits, instead of a traceback repeated by every worker.
"""

from __future__ import annotations

import sys

import phonenumbers
from flask import Flask

from idp import create_app, moments
from idp.clock import now
from idp.config import ConfigError
from idp.flows import validation
from idp.flows.credentials import passwords


def application() -> Flask:
    try:
        return create_app(migrations=False)
    except ConfigError as error:
        print(f"idp cannot start: {error}", file=sys.stderr)
        raise SystemExit(2) from None


# The operators' console and the development pages: 2.7 MiB more in every worker, compiled
# before the fork, for pages few workers serve.
OPERATORS_TEMPLATES = ("console/", "dev/")


def warm(app: Flask) -> None:
    """What each worker's first calls would otherwise load for itself, loaded once before the
    fork so that every worker shares it: the hasher's dummy hash (25-30 ms), both languages'
    date formats (the notices say moments in words: 20-30 ms, 5.7 MiB), the templates of a
    person's journey compiled (8-10 ms) and the phone metadata of the country the sign-up
    offers first (10 ms), which a fresh worker's first sign-up and sign-in paid for one by one.
    The statements' compiled forms are not among them: those come from running each one."""
    with app.app_context():
        passwords.warm()
        moments.said_in_each(now())
        for name in app.jinja_env.list_templates(filter_func=lambda name: not name.startswith(OPERATORS_TEMPLATES)):
            app.jinja_env.get_template(name)
        validation.phone(
            phonenumbers.format_number(phonenumbers.example_number("CA"), phonenumbers.PhoneNumberFormat.E164)
        )
