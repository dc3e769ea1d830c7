"""The login UI's files: content-hashed names cached for a year as immutable, and the gzip
and brotli copies made at build time, served to browsers that accept them (WhiteNoise)."""
from __future__ import annotations

import gzip
import re

import pytest

from idp.shell import UI_DIST


@pytest.fixture
def script_url(client) -> str:
    return re.search(r'<script defer src="([^"]+)"></script>', client.get("/en/").text).group(1)


def _file(url: str):
    return UI_DIST / url.rsplit("/", 1)[1]


def test_the_shell_names_the_hashed_files_of_the_current_build(client, script_url):
    stylesheet = re.search(r'<link rel="stylesheet" href="([^"]+)">', client.get("/en/").text).group(1)
    for url in (script_url, stylesheet):
        assert re.fullmatch(r"/static/ui/app\.[0-9a-f]{16}\.(js|css)", url)
        assert _file(url).is_file()


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
