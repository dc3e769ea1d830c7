"""The login UI's files: content-hashed names cached for a year as immutable, and the gzip
and brotli copies made at build time, served to browsers that accept them (WhiteNoise). The
shell names the entry and its language's messages; later chunks load from the same prefix."""

from __future__ import annotations

import gzip
import json
import re

import pytest

from idp import create_app
from idp.shell import UI_DIST
from tests.support.production import set_production


def _scripts(page: str) -> list[str]:
    return re.findall(r'<script defer src="([^"]+)"></script>', page)


@pytest.fixture
def script_url(client) -> str:
    return next(url for url in _scripts(client.get("/en/").text) if "/app." in url)


def _file(url: str):
    return UI_DIST / url.rsplit("/", 1)[1]


def test_the_shell_names_the_hashed_files_of_the_current_build(client, script_url):
    stylesheet = re.search(r'<link rel="stylesheet" href="([^"]+)">', client.get("/en/").text).group(1)
    for url in (script_url, stylesheet):
        assert re.fullmatch(r"/static/ui/app\.[0-9a-f]{16}\.(js|css)", url)
        assert _file(url).is_file()


@pytest.mark.parametrize("language,other", [("en", "fr"), ("fr", "en")])
def test_the_shell_names_the_messages_of_its_language_only_and_no_later_chunk(client, language, other):
    scripts = _scripts(client.get(f"/{language}/").text)
    assert [url.rsplit("/", 1)[1].split(".")[0] for url in scripts] == [f"messages-{language}", "app"]
    assert all(_file(url).is_file() for url in scripts)


def test_a_later_chunk_is_served_from_the_same_prefix_hashed_and_compressed(client):
    files = json.loads((UI_DIST / "manifest.json").read_text(encoding="utf-8"))["files"]
    url = "/static/ui/" + files["profile.js"]
    response = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert gzip.decompress(response.data) == _file(url).read_bytes()


def test_hashed_files_are_cached_for_a_year_as_immutable(client, script_url):
    response = client.get(script_url)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert response.mimetype == "text/javascript"


def test_a_browser_that_accepts_brotli_gets_the_brotli_copy_made_at_build_time(client, script_url):
    response = client.get(script_url, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert response.headers["Content-Encoding"] == "br"
    assert "Accept-Encoding" in response.headers["Vary"]
    assert response.data == _file(script_url).with_name(_file(script_url).name + ".br").read_bytes()
    assert len(response.data) < _file(script_url).stat().st_size / 3


def test_a_browser_that_accepts_gzip_only_gets_the_gzip_copy(client, script_url):
    response = client.get(script_url, headers={"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response.headers["Vary"]
    assert gzip.decompress(response.data) == _file(script_url).read_bytes()


def test_a_browser_that_accepts_no_compression_gets_the_file_itself(client, script_url):
    response = client.get(script_url, headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in response.headers
    assert response.data == _file(script_url).read_bytes()


def test_an_unknown_ui_file_is_not_found(client):
    assert client.get("/static/ui/app.0000000000000000.js").status_code == 404


def test_the_ui_files_carry_the_security_headers_of_every_page(client, script_url):
    response = client.get(script_url)
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Content-Security-Policy"].startswith("default-src 'self'")
    assert response.headers["Referrer-Policy"] == "no-referrer"


def test_in_production_the_ui_files_carry_hsts(monkeypatch, tmp_path):
    set_production(monkeypatch, tmp_path)
    production = create_app({"TESTING": True}).test_client()
    page = production.get("/en/", base_url="https://signin.example.ca").text
    script = next(url for url in _scripts(page) if "/app." in url)
    assert production.get(script).headers["Strict-Transport-Security"] == "max-age=63072000; includeSubDomains"
