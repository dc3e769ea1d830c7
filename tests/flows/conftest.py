from __future__ import annotations

import pytest

from idp.clock import now
from idp.extensions import db
from idp.models import BrowserSession


@pytest.fixture
def ctx(app):
    """An application and request context, as a view would have."""
    with app.test_request_context():
        yield
        db.session.rollback()


@pytest.fixture
def browser_session(ctx):
    browser_session = BrowserSession(token_hash="x" * 64, expires_at=now())
    db.session.add(browser_session)
    db.session.commit()
    return browser_session
