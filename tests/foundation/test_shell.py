"""Every UI route answers the HTML shell: right language, bundle, strict CSP."""

import json
import re

import pytest

UI_ROUTES = ["/en/", "/fr/", "/en", "/fr", "/en/signUp/privacy", "/fr/signIn/password", "/fr/profilehome"]


@pytest.mark.parametrize("path", UI_ROUTES)
def test_ui_route_answers_the_shell(client, path):
    response = client.get(path)
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    assert '<div id="root">' in response.text
    assert re.search(r'<script defer src="/static/ui/app\.[0-9a-f]{16}\.js"></script>', response.text)


@pytest.mark.parametrize(
    ("path", "title", "label"),
    [
        ("/en/", "Sign in - Sign-in for federal services", "E-mail address"),
        ("/fr", "Se connecter - Connexion aux services fédéraux", "Adresse courriel"),
        ("/en/signIn", "Sign in with your e-mail address - Sign-in for federal services", "E-mail address"),
        ("/fr/signUp/privacy", "Avis de confidentialité - Connexion aux services fédéraux", None),
    ],
)
def test_a_journeys_first_screen_arrives_rendered_with_its_title(client, path, title, label):
    html = client.get(path).text
    assert f"<title>{title}</title>" in html
    root = re.search(r'<div id="root">(.*?)</div>\s*<script id="idp-config"', html, flags=re.S).group(1)
    assert root.startswith("<!--$--><header") and "<h1" in root
    if label:
        assert re.search(rf'<label class="label" for="email">{label}</label>', root)


@pytest.mark.parametrize("path", ["/en/signUp", "/fr/signIn/password", "/en/profilehome", "/en/signin"])
def test_other_screens_arrive_empty_for_the_ui_to_render(client, path):
    html = client.get(path).text
    assert '<div id="root"></div>' in html
    assert (
        "<title>"
        + ("Connexion aux services fédéraux" if "/fr/" in path else "Sign-in for federal services")
        + "</title>"
        in html
    )


@pytest.mark.parametrize(("path", "language"), [("/en/signUp", "en"), ("/fr/signUp", "fr")])
def test_shell_lang_attribute_follows_the_route(client, path, language):
    assert f'<html lang="{language}">' in client.get(path).text


def test_root_takes_the_language_from_the_browser(client):
    response = client.get("/", headers={"Accept-Language": "fr-CA,fr;q=0.9,en;q=0.5"})
    assert '<html lang="fr">' in response.text


def test_root_falls_back_to_english(client):
    response = client.get("/", headers={"Accept-Language": "de-DE,es;q=0.8"})
    assert '<html lang="en">' in response.text


def test_french_shell_has_a_french_title(client):
    assert "<title>Connexion aux services fédéraux</title>" in client.get("/fr/profilehome").text


def test_shell_has_a_strict_content_security_policy(client):
    policy = client.get("/en/").headers["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy


def test_shell_has_no_inline_executable_script(client):
    html = client.get("/en/").text
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", html, flags=re.S)
    for attributes, body in scripts:
        assert 'src="' in attributes or 'type="application/json"' in attributes
        if body.strip():
            assert 'type="application/json"' in attributes


def test_shell_hands_the_ui_its_configuration(client):
    html = client.get("/en/").text
    block = re.search(r'<script id="idp-config" type="application/json">(.*?)</script>', html, flags=re.S)
    assert json.loads(block.group(1)) == {
        "environment": "development",
        "apiBase": "/v1",
        "policy": {
            "codeLength": 6,
            "codeExpiryMinutes": 10,
            "resendWaitSeconds": 10,
            "pwdMinLength": 12,
            "pwdMaxLength": 65,
            "nameMaxLength": 100,
            "phoneMaxDigits": 15,
            "phoneLongNumbers": False,
            "backupCodeLength": 10,
            "phoneChannels": ["sms", "voice"],
            "phoneCountries": {"sms": ["CA", "US"], "voice": ["CA", "US"]},
        },
    }


def test_the_policy_the_ui_receives_follows_the_settings(app, monkeypatch):
    monkeypatch.setitem(app.config["IDP"]["otp"], "length", 8)
    monkeypatch.setitem(app.config["IDP"]["otp"], "expiry_seconds", 300)
    html = app.test_client().get("/fr/").text
    block = re.search(r'<script id="idp-config" type="application/json">(.*?)</script>', html, flags=re.S)
    policy = json.loads(block.group(1))["policy"]
    assert (policy["codeLength"], policy["codeExpiryMinutes"]) == (8, 5)


def test_the_ui_learns_the_long_numbers_option_from_the_settings(app, monkeypatch):
    monkeypatch.setitem(app.config["IDP"]["phone"], "long_numbers", True)
    html = app.test_client().get("/en/").text
    block = re.search(r'<script id="idp-config" type="application/json">(.*?)</script>', html, flags=re.S)
    assert json.loads(block.group(1))["policy"]["phoneLongNumbers"] is True


@pytest.mark.parametrize("path", ["/signup", "/signup/verification/email", "/password", "/signin/selectverification"])
def test_older_unprefixed_paths_answer_the_shell(client, path):
    assert client.get(path).status_code == 200


def test_unknown_page_goes_home(client):
    response = client.get("/no/such/page")
    assert response.status_code == 302
    assert response.headers["Location"] == "/"


def test_unknown_api_path_answers_the_envelope(client):
    response = client.get("/v1/no-such-call")
    assert response.status_code == 404
    assert response.json == {"success": False, "message": "30", "data": {}}


def test_shell_is_not_cached(client):
    assert client.get("/en/").headers["Cache-Control"] == "no-store"


def test_the_later_screens_styles_are_prefetched_never_waited_for(client):
    html = client.get("/en/").get_data(as_text=True)
    stylesheets = re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)
    later = re.search(r'<link rel="prefetch" as="style" id="later-styles" href="([^"]+)"', html)
    assert later and later.group(1).startswith("/static/ui/later-styles.")
    assert later.group(1) not in stylesheets
    assert client.get(later.group(1)).status_code == 200
