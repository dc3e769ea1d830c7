"""PostgreSQL unreachable during traffic (a proxy between the server and PostgreSQL is cut):
/v1 answers 503 with the envelope and code 35, pages a person sees answer the bilingual
error page, /readyz 503; once PostgreSQL is reachable again the same processes serve
again, without a restart. And a statement of the web server that runs too long is cancelled by
PostgreSQL (database.statement_timeout_seconds): the web server has no time limit per request."""

from __future__ import annotations

import pytest
import requests
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError

from idp import create_app
from idp.extensions import db
from tests.support.proxy import Proxy
from tests.support.servers import Pkce, Server, authorize_params, environment, migrate, token_request

pytestmark = pytest.mark.postgres


@pytest.fixture
def database_behind_a_proxy(scratch_postgres_url):
    url = make_url(scratch_postgres_url)
    proxy = Proxy(url.host or "127.0.0.1", url.port or 5432).start()
    yield proxy, url.set(host="127.0.0.1", port=proxy.port).render_as_string(hide_password=False)
    proxy.stop()


@pytest.fixture
def server(tmp_path, database_behind_a_proxy):
    proxy, url = database_behind_a_proxy
    env = environment(tmp_path, url, IDP_DATABASE_CONNECT_TIMEOUT_SECONDS="2")
    migrate(env)
    running = Server(tmp_path, env, production=True).start()
    yield running, proxy
    running.stop()


def _privacy(session: requests.Session, url: str) -> requests.Response:
    return session.post(f"{url}/v1/signup/privacy", json={}, headers={"Origin": url}, timeout=30)


def test_an_unreachable_database_gets_clear_answers_and_the_same_processes_recover(server):
    running, proxy = server
    pid = running.process.pid
    browser = requests.Session()
    assert _privacy(browser, running.url).status_code == 200

    proxy.cut()
    refused = _privacy(browser, running.url)
    assert refused.status_code == 503
    assert refused.json() == {"success": False, "message": "35", "data": {"retryAfter": 5}}
    assert refused.headers["Retry-After"]
    english = requests.get(
        f"{running.url}/authorize", params=authorize_params(Pkce()), timeout=30, headers={"Accept-Language": "en-CA"}
    )
    french = requests.get(f"{running.url}/authorize", params=authorize_params(Pkce(), ui_locales="fr"), timeout=30)
    assert (english.status_code, french.status_code) == (503, 503)
    assert "The sign-in service is unavailable for a moment" in english.text and '<html lang="en">' in english.text
    assert (
        "Le service de connexion est indisponible pour un moment" in french.text and '<html lang="fr">' in french.text
    )
    assert requests.get(f"{running.url}/readyz", timeout=30).status_code == 503
    token = token_request(
        running.url, grant_type="authorization_code", code="x", redirect_uri="https://rp.example/callback"
    )
    assert (token.status_code, token.json()) == (503, {"error": "temporarily_unavailable"})

    proxy.restore()
    assert requests.get(f"{running.url}/readyz", timeout=30).status_code == 200
    assert [_privacy(requests.Session(), running.url).status_code for _ in range(6)] == [200] * 6
    assert _privacy(browser, running.url).status_code == 200
    assert running.process.pid == pid and running.process.poll() is None


def test_a_statement_of_the_web_server_past_the_statement_timeout_is_cancelled(
    scratch_postgres_url, monkeypatch, tmp_path
):
    for name, value in environment(tmp_path, scratch_postgres_url, IDP_DATABASE_STATEMENT_TIMEOUT_SECONDS="1").items():
        monkeypatch.setenv(name, value)
    web, command = create_app(migrations=False), create_app()
    with web.app_context(), pytest.raises(OperationalError, match="statement timeout"):
        db.session.execute(text("SELECT pg_sleep(3)"))
    with command.app_context():  # a command (a migration, a purge) is not bounded
        assert db.session.execute(text("SHOW statement_timeout")).scalar() == "0"
