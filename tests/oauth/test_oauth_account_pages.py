"""What a person does on their account pages reaches the relying service's tokens at once: a
service disconnected, or an account deleted, finds its refresh token refused and its access
token useless — through the real token and userinfo endpoints."""

from __future__ import annotations

import requests

from idp.clock import now
from idp.extensions import db
from idp.models import BrowserSession, Journey
from tests.oauth.test_oauth_code_flow import refresher


def signed_in_offline(signed_in_code, rp) -> tuple:
    client, location = signed_in_code(rp(scope="openid profile offline_access"))
    return client, client.fetch_token(location)


def userinfo_status(client, tokens) -> int:
    headers = {"Authorization": f"Bearer {tokens['access_token']}"}
    return requests.get(client.metadata["userinfo_endpoint"], headers=headers, timeout=5).status_code


def test_a_disconnected_service_finds_its_refresh_token_refused(signed_in_code, rp, browser):
    client, tokens = signed_in_offline(signed_in_code, rp)

    assert browser.post("/v1/account/services/disconnect", json={"service": "rp-a"}).status_code == 200

    assert refresher(client)(tokens["refresh_token"]).json()["error"] == "invalid_grant"
    assert userinfo_status(client, tokens) == 401


def test_a_deleted_accounts_services_find_their_tokens_refused(signed_in_code, rp, browser, app):
    client, tokens = signed_in_offline(signed_in_code, rp)
    # where the password and a code leave the deletion's journey (tests/api/test_account_deletion.py walks them)
    with app.app_context():
        session = db.session.scalar(db.select(BrowserSession))
        db.session.add(
            Journey(
                browser_session_id=session.id,
                user_id=session.user_id,
                flow="account_deletion",
                state="REAUTHENTICATED",
                reauthenticated_at=now(),
            )
        )
        db.session.commit()

    assert browser.post("/v1/account/delete", json={}).status_code == 200

    assert refresher(client)(tokens["refresh_token"]).json()["error"] == "invalid_grant"
    assert userinfo_status(client, tokens) == 401
